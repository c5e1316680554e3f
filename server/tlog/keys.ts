// The log's Ed25519 signing key and its C2SP signed-note identity.
//
// Key id   = first 4 bytes of SHA-256(key name || 0x0A || 0x01 || 32-byte public key)
// vkey     = <name>+<8 lowercase hex key id>+<base64(0x01 || public key)>
//
// The private key is PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----" …, as `openssl genpkey -algorithm
// ed25519` writes it), either given by configuration — TLOG_SIGNING_KEY (the PEM itself) or
// TLOG_SIGNING_KEY_FILE (a file holding it), needed when several server processes on separate
// data folders sign for one log — or kept in <data dir>/tlog-key.pem, created at first start.

import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromBase64, toBase64, toHex } from './hex';
import { sha256 } from './merkle';

export const KEY_FILE_NAME = 'tlog-key.pem';

/** Signature algorithm byte of Ed25519 in signed notes. */
export const ALG_ED25519 = 0x01;

export interface TlogKeyPair {
  privateKey: KeyObject;
  /** Raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

export interface TlogSigner extends TlogKeyPair {
  /** Key name; for a checkpoint signer it should equal the log origin (C2SP tlog-checkpoint). */
  name: string;
  /** 4-byte key id. */
  keyId: Uint8Array;
  /** Verifier key string to publish (GET /api/log/key). */
  vkey: string;
}

export interface VerifierKey {
  name: string;
  keyId: Uint8Array;
  publicKey: Uint8Array;
}

/** Signed-note key names: non-empty, no Unicode white space, no '+'. */
export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !/[\s\u0085+]/u.test(name) && !/\p{Cs}/u.test(name);
}

function checkName(name: string): void {
  if (!isValidKeyName(name)) throw new TypeError(`Invalid key name '${name}': must be non-empty, without spaces or '+'`);
}

export function keyId(name: string, publicKey: Uint8Array): Uint8Array {
  checkName(name);
  return sha256(new TextEncoder().encode(name), Uint8Array.of(0x0a, ALG_ED25519), publicKey).subarray(0, 4);
}

export function formatVerifierKey(name: string, publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new TypeError('Ed25519 public key must be 32 bytes');
  const encoded = new Uint8Array(33);
  encoded[0] = ALG_ED25519;
  encoded.set(publicKey, 1);
  return `${name}+${toHex(keyId(name, publicKey))}+${toBase64(encoded)}`;
}

/** Parses and checks a vkey string (name, id that matches the key, Ed25519 algorithm). */
export function parseVerifierKey(vkey: string): VerifierKey {
  // Split at the first two '+' only: the base64 key itself may contain '+'.
  const match = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(vkey);
  if (!match) throw new TypeError('Verifier key must be <name>+<key id>+<key>');
  const [, name, idHex, keyB64] = match;
  if (!isValidKeyName(name)) throw new TypeError('Verifier key has an invalid name');
  if (!/^[0-9a-f]{8}$/.test(idHex)) throw new TypeError('Verifier key id must be 8 lowercase hex digits');
  let encoded: Uint8Array;
  try {
    encoded = fromBase64(keyB64);
  } catch {
    throw new TypeError('Verifier key is not valid base64');
  }
  if (encoded.length !== 33 || encoded[0] !== ALG_ED25519) throw new TypeError('Verifier key is not an Ed25519 key');
  const publicKey = encoded.slice(1);
  if (toHex(keyId(name, publicKey)) !== idHex) throw new TypeError('Verifier key id does not match the key');
  return { name, keyId: keyId(name, publicKey), publicKey };
}

function rawPublicKey(key: KeyObject): Uint8Array {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return new Uint8Array(Buffer.from(jwk.x as string, 'base64url'));
}

export function keyPairFromPrivateKey(privateKey: KeyObject): TlogKeyPair {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new TypeError('The transparency-log key must be an Ed25519 private key');
  }
  return { privateKey, publicKey: rawPublicKey(privateKey) };
}

export function generateKeyPair(): TlogKeyPair {
  return keyPairFromPrivateKey(generateKeyPairSync('ed25519').privateKey);
}

/**
 * Reads a PKCS#8 PEM private key. Accepts "\n" written as two characters, as happens when a
 * PEM is put on one line in an environment file.
 */
export function keyPairFromPem(pem: string): TlogKeyPair {
  const text = pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
  return keyPairFromPrivateKey(createPrivateKey({ key: text.trim() + '\n', format: 'pem' }));
}

export function keyPairToPem(pair: TlogKeyPair): string {
  return pair.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
}

export function createSigner(name: string, pair: TlogKeyPair): TlogSigner {
  return { ...pair, name, keyId: keyId(name, pair.publicKey), vkey: formatVerifierKey(name, pair.publicKey) };
}

export interface KeySource {
  /** The PEM itself (TLOG_SIGNING_KEY). */
  pem?: string;
  /** A file holding the PEM (TLOG_SIGNING_KEY_FILE). */
  file?: string;
}

/**
 * The log's signer from configuration: the PEM, else the file, else the data folder's key file
 * (created at first start, see loadOrCreateKey). Giving both a PEM and a file is an error, as is
 * a key file that cannot be read: neither may silently fall back to another key.
 */
export async function loadLogKey(dir: string, name: string, source: KeySource): Promise<TlogSigner> {
  const pem = source.pem?.trim() ? source.pem : undefined;
  if (pem && source.file) throw new TypeError('Set TLOG_SIGNING_KEY or TLOG_SIGNING_KEY_FILE, not both');
  if (!source.file) return loadOrCreateKey(dir, name, pem);
  checkName(name);
  let text: string;
  try {
    text = await readFile(source.file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read the log key file TLOG_SIGNING_KEY_FILE=${source.file}: ${(err as Error).message}`, { cause: err });
  }
  return createSigner(name, keyPairFromPem(text));
}

/**
 * The log's signer: from `configuredPem` when given (e.g. process.env.TLOG_SIGNING_KEY),
 * else from <dir>/tlog-key.pem, creating that file (mode 0600) on first start.
 *
 * Creation is safe when several processes start at once on one data directory: the key is
 * written to a private temporary file and hard-linked into place, which fails if another
 * process got there first; the loser then reads the winner's complete file.
 */
export async function loadOrCreateKey(dir: string, name: string, configuredPem?: string): Promise<TlogSigner> {
  checkName(name);
  if (configuredPem && configuredPem.trim() !== '') return createSigner(name, keyPairFromPem(configuredPem));

  const file = join(dir, KEY_FILE_NAME);
  try {
    return createSigner(name, keyPairFromPem(await readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }

  await mkdir(dir, { recursive: true });
  const pair = generateKeyPair();
  const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  await writeFile(tmp, keyPairToPem(pair), { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, file);
    return createSigner(name, pair);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return createSigner(name, keyPairFromPem(await readFile(file, 'utf8')));
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
