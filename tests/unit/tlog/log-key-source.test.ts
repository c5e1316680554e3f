// Where the log's signing key comes from (issue 14): TLOG_SIGNING_KEY (the PEM), else
// TLOG_SIGNING_KEY_FILE, else the data folder's key file made at first start. A configured key
// that cannot be used is an error, never a silent fall-back to another key.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyPair, KEY_FILE_NAME, keyPairToPem, loadLogKey } from '../../../server/tlog/keys';

const ORIGIN = 'ledger.test/log';
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-key-source-'));
  dirs.push(dir);
  return dir;
}

describe('loadLogKey', () => {
  it('uses the key in TLOG_SIGNING_KEY_FILE and makes no key in the data folder', async () => {
    const dir = await tempDir();
    const pair = generateKeyPair();
    const file = join(dir, 'log-key.pem');
    await writeFile(file, keyPairToPem(pair));
    const signer = await loadLogKey(join(dir, 'data'), ORIGIN, { file });
    expect(Buffer.from(signer.publicKey).equals(Buffer.from(pair.publicKey))).toBe(true);
    expect(existsSync(join(dir, 'data', KEY_FILE_NAME))).toBe(false);
  });

  it('uses TLOG_SIGNING_KEY when only it is set', async () => {
    const pair = generateKeyPair();
    const signer = await loadLogKey(await tempDir(), ORIGIN, { pem: keyPairToPem(pair) });
    expect(Buffer.from(signer.publicKey).equals(Buffer.from(pair.publicKey))).toBe(true);
  });

  it('refuses both TLOG_SIGNING_KEY and TLOG_SIGNING_KEY_FILE at once', async () => {
    const dir = await tempDir();
    const file = join(dir, 'log-key.pem');
    await writeFile(file, keyPairToPem(generateKeyPair()));
    await expect(loadLogKey(dir, ORIGIN, { pem: keyPairToPem(generateKeyPair()), file })).rejects.toThrow(
      'Set TLOG_SIGNING_KEY or TLOG_SIGNING_KEY_FILE, not both',
    );
  });

  it('refuses a TLOG_SIGNING_KEY_FILE that does not exist instead of making a new key', async () => {
    const dir = await tempDir();
    const file = join(dir, 'missing.pem');
    await expect(loadLogKey(dir, ORIGIN, { file })).rejects.toThrow(
      `Cannot read the log key file TLOG_SIGNING_KEY_FILE=${file}: ENOENT`,
    );
    expect(existsSync(join(dir, KEY_FILE_NAME))).toBe(false);
  });

  it('falls back to the data folder key, made once, when neither is set', async () => {
    const dir = await tempDir();
    const first = await loadLogKey(dir, ORIGIN, {});
    const again = await loadLogKey(dir, ORIGIN, { pem: '  ' });
    expect(again.vkey).toBe(first.vkey);
    expect(existsSync(join(dir, KEY_FILE_NAME))).toBe(true);
  });
});
