// C2SP tlog-cosignature (https://c2sp.org/tlog-cosignature), the Ed25519 type: a witness's
// signed statement that, at a given time, the checkpoint is the largest consistent tree head it
// has seen for the log. Shared by the witness, the log, `npm run verify` and the web verifier;
// uses only WebCrypto, so it runs unchanged in browsers and Node 20+.
//
//   key id  = SHA-256(<name> || "\n" || 0x04 || 32-byte public key)[:4]
//   vkey    = <name>+<8 hex key id>+<base64(0x04 || public key)>
//   line    = "— <name> " base64(key id || u64 big-endian timestamp || 64-byte Ed25519 signature)
//   signed  = "cosignature/v1\ntime <timestamp>\n" || the checkpoint's note body
import { bytesToHex, parseCheckpointNote } from './tlog-verify';

/** Signature type byte of timestamped Ed25519 witness cosignatures in vkeys and key ids. */
export const COSIGNATURE_ALG = 0x04;
export const COSIGNATURE_HEADER = 'cosignature/v1';
/** key id (4) + timestamp (8) + Ed25519 signature (64). */
const COSIGNATURE_BYTES = 76;

type Bytes = Uint8Array<ArrayBuffer>;
const encoder = new TextEncoder();

export interface WitnessKey {
  name: string;
  /** 8 lowercase hex. */
  keyId: string;
  publicKey: Bytes;
  vkey: string;
}

export interface VerifiedCosignature {
  /** POSIX seconds at which the witness cosigned. */
  timestamp: number;
}

export function decodeBase64(text: string): Bytes {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) throw new Error('invalid base64');
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  // Unused bits must be zero: two spellings of one signature would be two different notes.
  if (encodeBase64(out) !== text) throw new Error('non-canonical base64');
  return out;
}

export function encodeBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function validKeyName(name: string): boolean {
  return name.length > 0 && !/[\s\u0085+]/u.test(name);
}

async function sha256(data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(data)));
}

/** The 4-byte key id of a witness key, as 8 hex digits. */
export async function witnessKeyId(name: string, publicKey: Uint8Array): Promise<string> {
  const nameBytes = encoder.encode(name);
  const input = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  input.set(nameBytes, 0);
  input.set([0x0a, COSIGNATURE_ALG], nameBytes.length);
  input.set(publicKey, nameBytes.length + 2);
  return bytesToHex((await sha256(input)).slice(0, 4));
}

export async function formatWitnessKey(name: string, publicKey: Uint8Array): Promise<string> {
  if (!validKeyName(name)) throw new Error(`invalid witness name '${name}'`);
  if (publicKey.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return `${name}+${await witnessKeyId(name, publicKey)}+${encodeBase64(Uint8Array.of(COSIGNATURE_ALG, ...publicKey))}`;
}

/** Parses a witness vkey (signature type 0x04) and checks its key id; throws Error when malformed. */
export async function parseWitnessKey(vkey: string): Promise<WitnessKey> {
  const parts = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(vkey.trim())?.slice(1) ?? [];
  if (parts.length !== 3 || !validKeyName(parts[0]) || !/^[0-9a-f]{8}$/.test(parts[1])) {
    throw new Error('witness key must be <name>+<8 hex key id>+<base64 key>');
  }
  const encoded = decodeBase64(parts[2]);
  if (encoded.length !== 33 || encoded[0] !== COSIGNATURE_ALG) {
    throw new Error('witness key is not a timestamped Ed25519 cosignature key (type 0x04)');
  }
  const publicKey = encoded.slice(1);
  if ((await witnessKeyId(parts[0], publicKey)) !== parts[1]) throw new Error('witness key id does not match the key');
  return { name: parts[0], keyId: parts[1], publicKey, vkey: vkey.trim() };
}

/** The bytes a witness signs for a checkpoint body (the note text without signature lines). */
export function cosignedMessage(body: string, timestamp: number): Bytes {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('cosignature timestamp must be a non-negative integer');
  return encoder.encode(`${COSIGNATURE_HEADER}\ntime ${timestamp}\n${body}`);
}

/** Builds a signature line from the raw parts (the signing itself is the witness's job). */
export function formatCosignatureLine(key: Pick<WitnessKey, 'name' | 'keyId'>, timestamp: number, signature: Uint8Array): string {
  const blob = new Uint8Array(COSIGNATURE_BYTES);
  for (let i = 0; i < 4; i++) blob[i] = parseInt(key.keyId.slice(i * 2, i * 2 + 2), 16);
  new DataView(blob.buffer).setBigUint64(4, BigInt(timestamp));
  blob.set(signature, 12);
  return `\u2014 ${key.name} ${encodeBase64(blob)}\n`;
}

/**
 * Checks the cosignature of `key` on a checkpoint note (which may carry any other signatures).
 * Returns its timestamp when one line by that key verifies and none by that key fails; null when
 * the note has no valid cosignature by the key. Never throws for malformed input.
 */
export async function verifyCosignature(note: string, key: WitnessKey): Promise<VerifiedCosignature | null> {
  let parsed;
  try {
    parsed = parseCheckpointNote(note);
  } catch {
    return null;
  }
  const mine = parsed.signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
  if (mine.length === 0) return null;
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key.publicKey, { name: 'Ed25519' }, false, ['verify']);
  let timestamp = -1;
  for (const s of mine) {
    // parseCheckpointNote strips the 4-byte key id: what is left is timestamp || signature.
    if (s.signature.length !== COSIGNATURE_BYTES - 4) return null;
    const time = new DataView(s.signature.buffer, s.signature.byteOffset, 8).getBigUint64(0);
    if (time > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    const message = cosignedMessage(parsed.body, Number(time));
    const ok = await globalThis.crypto.subtle.verify({ name: 'Ed25519' }, cryptoKey, new Uint8Array(s.signature.slice(8)), message);
    if (!ok) return null;
    timestamp = Math.max(timestamp, Number(time));
  }
  return { timestamp };
}
