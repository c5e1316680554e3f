import { createPrivateKey } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSigner,
  formatVerifierKey,
  fromHex,
  generateKeyPair,
  keyPairFromPrivateKey,
  keyPairToPem,
  loadOrCreateKey,
  openCheckpoint,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  signCheckpoint,
  signNote,
  toHex,
  verifyNote,
} from '../../../server/tlog';
import { parseCheckpointNote, verifyCheckpointSignature } from '../../../core/tlog-verify';

// ---------------------------------------------------------------------------------------------
// Reference vector from the Go implementation's tests (golang.org/x/mod/sumdb/note, note_test.go):
// Ed25519 signing is deterministic, so our signer must reproduce this note byte for byte.
// ---------------------------------------------------------------------------------------------
const GO_SKEY_B64 = 'AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz'; // from PRIVATE+KEY+PeterNeumann+c74f20a3+…
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE =
  GO_TEXT + '\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';

/** The Go key's seed (0x01 || seed) wrapped as PKCS#8 DER. */
function goKeyPair() {
  const seed = Buffer.from(GO_SKEY_B64, 'base64').subarray(1);
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return keyPairFromPrivateKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
}

// A checkpoint signed with the same key under the name 'example.org/log', made with OpenSSL:
//   { printf '302e020100300506032b657004220420' | xxd -r -p; echo AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz | base64 -d | tail -c 32; } > key.der
//   openssl pkey -inform DER -in key.der -out key.pem
//   ROOT=$(echo 5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328 | xxd -r -p | base64)
//   printf 'example.org/log\n8\n%s\n' "$ROOT" > body
//   { printf 'example.org/log\n\x01'; echo ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW | base64 -d | tail -c 32; } | openssl dgst -sha256 -binary | head -c 4 > id
//   xxd -p id                                                    # → 9ed2b7c0 (the key id)
//   { cat body; printf '\n\xe2\x80\x94 example.org/log %s\n' "$(cat id <(openssl pkeyutl -sign -rawin -inkey key.pem -in body) | base64 -w0)"; }
const ORIGIN = 'example.org/log';
const CT8_ROOT = '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328';
const OPENSSL_CHECKPOINT =
  'example.org/log\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n\n' +
  '\u2014 example.org/log ntK3wJRzX475H/ZW/dxpoQAzFwu6PeuDQEi6TwuYYD2FsASDKtGNUq9/U5wzmaNEo82yvIMtAbeKKbbWQc2l9q9rRQE=\n';
const OPENSSL_VKEY = 'example.org/log+9ed2b7c0+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';

async function bothVerify(note: string, vkey: string): Promise<boolean> {
  const server = verifyNote(note, vkey);
  expect(await verifyCheckpointSignature(note, vkey), 'browser and server disagree').toBe(server);
  return server;
}

describe('signed notes: interoperability with the reference implementation', () => {
  it('derives the Go vkey PeterNeumann+c74f20a3+ARpc… from the Go private key', () => {
    expect(createSigner('PeterNeumann', goKeyPair()).vkey).toBe(GO_VKEY);
  });

  it('signs the Go example text to exactly the published note', () => {
    expect(signNote(GO_TEXT, createSigner('PeterNeumann', goKeyPair()))).toBe(GO_NOTE);
  });

  it('verifies the published Go note (server verifyNote; the browser verifier only reads checkpoints)', () => {
    expect(verifyNote(GO_NOTE, GO_VKEY)).toBe(true);
    expect(verifyNote(GO_NOTE.replace('cryptography', 'cryptographY'), GO_VKEY)).toBe(false);
  });

  it('produces the same checkpoint as OpenSSL, and both verifiers accept it', async () => {
    const signer = createSigner(ORIGIN, goKeyPair());
    expect(signer.vkey).toBe(OPENSSL_VKEY);
    expect(signCheckpoint({ origin: ORIGIN, treeSize: 8, rootHash: fromHex(CT8_ROOT) }, signer)).toBe(OPENSSL_CHECKPOINT);
    expect(await bothVerify(OPENSSL_CHECKPOINT, OPENSSL_VKEY)).toBe(true);
  });
});

describe('signed checkpoints', () => {
  // The key id must hold a letter for the 'upper-case key id' case to change anything: a random
  // id is all digits about 2 % of the time.
  const signer = (() => {
    for (;;) {
      const candidate = createSigner(ORIGIN, generateKeyPair());
      if (/[a-f]/.test(candidate.vkey.split('+')[1])) return candidate;
    }
  })();
  const other = createSigner(ORIGIN, generateKeyPair());
  const note = signCheckpoint({ origin: ORIGIN, treeSize: 8, rootHash: fromHex(CT8_ROOT) }, signer);

  it('round-trips: the body is origin, size and base64 root, then a blank line and one em-dash signature line', () => {
    const [body, sigs] = note.split('\n\n');
    expect(body).toBe('example.org/log\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=');
    expect(sigs).toMatch(/^\u2014 example\.org\/log [A-Za-z0-9+/]{91}=\n$/);
    const parsed = parseCheckpoint(note);
    expect({ origin: parsed.origin, treeSize: parsed.treeSize, root: toHex(parsed.rootHash) }).toEqual({
      origin: ORIGIN,
      treeSize: 8,
      root: CT8_ROOT,
    });
    expect(toHex(parsed.signatures[0].keyId)).toBe(signer.vkey.split('+')[1]);
    expect(openCheckpoint(note, signer.vkey, ORIGIN).treeSize).toBe(8);
  });

  it('parses the same fields in the browser verifier', () => {
    const parsed = parseCheckpointNote(note);
    expect(parsed).toMatchObject({ origin: ORIGIN, treeSize: 8, rootHash: CT8_ROOT, extensions: [] });
    expect(parsed.signatures.map((s) => `${s.name}+${s.keyId}`)).toEqual([signer.vkey.split('+').slice(0, 2).join('+')]);
  });

  it('signs the empty tree as size 0 with the SHA-256 of nothing', async () => {
    const empty = signCheckpoint(
      { origin: ORIGIN, treeSize: 0, rootHash: fromHex('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855') },
      signer,
    );
    expect(empty.startsWith('example.org/log\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n\n')).toBe(true);
    expect(await bothVerify(empty, signer.vkey)).toBe(true);
  });

  it('formats the vkey as <name>+<8 hex id>+<base64(0x01 || 32-byte key)>', () => {
    // 33 bytes → 44 base64 characters; a leading 0x01 encodes as 'A' then one of Q..Z, a..f.
    expect(signer.vkey).toMatch(/^example\.org\/log\+[0-9a-f]{8}\+A[Q-Za-f][A-Za-z0-9+/]{42}$/);
    expect(parseVerifierKey(signer.vkey).publicKey).toEqual(signer.publicKey);
    expect(formatVerifierKey(ORIGIN, signer.publicKey)).toBe(signer.vkey);
  });

  it("verifies notes by 40 fresh keys, including vkeys whose base64 contains '+'", async () => {
    let withPlus = 0;
    for (let i = 0; i < 40; i++) {
      const s = createSigner(ORIGIN, generateKeyPair());
      if (s.vkey.split('+').length > 3) withPlus++;
      const n = signCheckpoint({ origin: ORIGIN, treeSize: i, rootHash: fromHex(CT8_ROOT) }, s);
      expect(await bothVerify(n, s.vkey), s.vkey).toBe(true);
    }
    expect(withPlus).toBeGreaterThan(0);
  });

  it.each([
    ['a changed key id', (v: string) => v.replace(/\+[0-9a-f]{8}\+/, '+00000000+')],
    ['a renamed key', (v: string) => v.replace('example.org/log', 'example.org/other')],
    ['an upper-case key id', (v: string) => v.replace(/\+([0-9a-f]{8})\+/, (_m, id: string) => `+${id.toUpperCase()}+`)],
    ['a name with a space', (v: string) => v.replace('example.org/log', 'example log')],
    ['a truncated key', (v: string) => v.slice(0, -4)],
  ])('rejects a vkey with %s', async (_label, mangle) => {
    const bad = mangle(signer.vkey);
    expect(() => parseVerifierKey(bad)).toThrow();
    expect(await bothVerify(note, bad)).toBe(false);
  });

  it('accepts its own note and rejects it under a different key of the same name', async () => {
    expect(await bothVerify(note, signer.vkey)).toBe(true);
    expect(await bothVerify(note, other.vkey)).toBe(false);
    expect(() => openCheckpoint(note, other.vkey)).toThrow('Checkpoint is not signed by the log key');
  });

  it('rejects a modified body: another size, another root, an added extension line', async () => {
    const tampered = [note.replace('\n8\n', '\n9\n'), note.replace('XcnaeacG', 'XcnaeacH'), note.replace('=\n\n', '=\nextra\n\n')];
    for (const t of tampered) expect(await bothVerify(t, signer.vkey)).toBe(false);
  });

  it('rejects a modified signature and a signature line without the em dash', async () => {
    const sigStart = note.indexOf('\u2014') + ORIGIN.length + 3;
    const flipped = note.slice(0, sigStart + 20) + (note[sigStart + 20] === 'A' ? 'B' : 'A') + note.slice(sigStart + 21);
    expect(await bothVerify(flipped, signer.vkey)).toBe(false);
    expect(await bothVerify(note.replace('\u2014', '-'), signer.vkey)).toBe(false);
  });

  it('ignores signatures by other keys (e.g. witnesses) but fails a bad signature by the log key', async () => {
    const witness = createSigner('witness.example', generateKeyPair());
    const witnessLine = signNote(parseNote(note).text, witness).split('\n\n')[1];
    const cosigned = note + witnessLine;
    expect(await bothVerify(cosigned, signer.vkey)).toBe(true);
    expect(await bothVerify(cosigned, witness.vkey)).toBe(true);
    // Another key's signature relabelled with the log's name and key id, next to the log's
    // genuine signature: a failing signature by the log key must fail the note, not be skipped.
    const otherLine = signNote(parseNote(note).text, other).split('\n\n')[1];
    const blob = Buffer.from(otherLine.trim().split(' ')[2], 'base64');
    blob.set(signer.keyId, 0);
    const forgedNote = `${parseNote(note).text}\n\u2014 ${ORIGIN} ${blob.toString('base64')}\n${note.split('\n\n')[1]}`;
    expect(await bothVerify(forgedNote, signer.vkey)).toBe(false);
  });

  it.each([
    ['no blank line', 'example.org/log\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n'],
    ['a size with a leading zero', note.replace('\n8\n', '\n08\n')],
    ['a 31-byte root', note.replace('XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=', 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQw==')],
    ['a missing root line', note.replace('XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n', '')],
    ['a control character', note.replace('example.org/log\n8', 'example.org/log\t\n8')],
  ])('refuses a checkpoint with %s in both parsers', (_label, text) => {
    expect(() => parseCheckpoint(text)).toThrow('Malformed note');
    expect(() => parseCheckpointNote(text)).toThrow();
  });
});

describe('the log key file', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const d = await mkdtemp(join(tmpdir(), 'tlog-key-'));
    dirs.push(d);
    return d;
  };

  it('creates tlog-key.pem (PKCS#8, owner-only) at first start and loads the same key afterwards', async () => {
    const dir = await tempDir();
    const first = await loadOrCreateKey(join(dir, 'data'), ORIGIN);
    const file = join(dir, 'data', 'tlog-key.pem');
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateKey(join(dir, 'data'), ORIGIN);
    expect(second.vkey).toBe(first.vkey);
  });

  it('gives every process the same key when several start at once', async () => {
    const dir = await tempDir();
    const signers = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKey(dir, ORIGIN)));
    expect(new Set(signers.map((s) => s.vkey)).size).toBe(1);
    expect((await readFile(join(dir, 'tlog-key.pem'), 'utf8')).length).toBeGreaterThan(100);
  });

  it('uses a configured PEM (TLOG_SIGNING_KEY) instead of the file, also with \\n written literally', async () => {
    const dir = await tempDir();
    const pair = generateKeyPair();
    const pem = keyPairToPem(pair);
    const fromEnv = await loadOrCreateKey(dir, ORIGIN, pem);
    const oneLine = await loadOrCreateKey(dir, ORIGIN, pem.replace(/\n/g, '\\n'));
    expect(fromEnv.vkey).toBe(createSigner(ORIGIN, pair).vkey);
    expect(oneLine.vkey).toBe(fromEnv.vkey);
    await expect(stat(join(dir, 'tlog-key.pem'))).rejects.toThrow('ENOENT');
  });

  it('refuses a configured key that is not Ed25519', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    await expect(loadOrCreateKey(await tempDir(), ORIGIN, ec)).rejects.toThrow('must be an Ed25519 private key');
  });
});
