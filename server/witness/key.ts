// The witness's own Ed25519 key: given as a PKCS#8 PEM file, or created on first run in the
// state folder (mode 0600) and reused from then on. Its public half is published as a vkey of
// signature type 0x04 (timestamped Ed25519 cosignatures, C2SP tlog-cosignature).
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { formatWitnessKey, parseWitnessKey, type WitnessKey } from '../../core/tlog-cosignature';
import { generateKeyPair, keyPairFromPem, keyPairToPem, type TlogKeyPair } from '../tlog/keys';

export const WITNESS_KEY_FILE = 'witness-key.pem';

export interface WitnessSigner extends TlogKeyPair {
  key: WitnessKey;
}

async function readOrCreate(stateDir: string): Promise<TlogKeyPair> {
  const file = join(stateDir, WITNESS_KEY_FILE);
  try {
    return keyPairFromPem(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const pair = generateKeyPair();
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, keyPairToPem(pair), { mode: 0o600, flag: 'wx' });
  try {
    // link fails if another start got there first; then its key is the one.
    await link(tmp, file);
    return pair;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return keyPairFromPem(await readFile(file, 'utf8'));
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

export async function loadWitnessSigner(name: string, stateDir: string, keyFile?: string): Promise<WitnessSigner> {
  const pair = keyFile ? keyPairFromPem(await readFile(keyFile, 'utf8')) : await readOrCreate(stateDir);
  return { ...pair, key: await parseWitnessKey(await formatWitnessKey(name, pair.publicKey)) };
}
