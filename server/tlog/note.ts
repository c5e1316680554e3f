// C2SP signed notes (https://c2sp.org/signed-note), Ed25519 only.
//
//   <text: one or more lines, each ending in \n>
//   \n
//   — <key name> <base64(4-byte key id || 64-byte signature)>\n     (one line per signature)
//
// The signature covers the text bytes exactly, including its final newline. Rules follow the
// reference implementation (golang.org/x/mod/sumdb/note): UTF-8 without control characters
// other than newline, the signature block after the LAST blank line, at most 100 signatures.

import { createPublicKey, sign, verify } from 'node:crypto';
import { bytesEqual, fromBase64, toBase64 } from './hex';
import { isValidKeyName, parseVerifierKey, type TlogSigner } from './keys';

export const SIGNATURE_PREFIX = '\u2014 '; // em dash, space
const MAX_SIGNATURES = 100;

export interface NoteSignature {
  name: string;
  keyId: Uint8Array;
  /** The signature bytes without the key id. */
  signature: Uint8Array;
}

export interface ParsedNote {
  /** The signed text, ending in \n. */
  text: string;
  signatures: NoteSignature[];
}

export class NoteFormatError extends Error {
  constructor(message: string) {
    super(`Malformed note: ${message}`);
    this.name = 'NoteFormatError';
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return true;
  }
  return false;
}

function checkText(text: string): void {
  if (hasControlCharacter(text)) throw new NoteFormatError('control character');
  if (/\p{Cs}/u.test(text)) throw new NoteFormatError('invalid Unicode');
}

/** Splits a note into text and signatures without checking any signature. */
export function parseNote(note: string): ParsedNote {
  checkText(note);
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new NoteFormatError('no blank line before the signatures');
  const text = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (block === '' || !block.endsWith('\n')) throw new NoteFormatError('signature block must end with a newline');

  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) throw new NoteFormatError('too many signatures');
  const signatures = lines.map((line): NoteSignature => {
    if (!line.startsWith(SIGNATURE_PREFIX)) throw new NoteFormatError('signature line must start with an em dash');
    const rest = line.slice(SIGNATURE_PREFIX.length);
    const space = rest.indexOf(' ');
    const name = space < 0 ? rest : rest.slice(0, space);
    const b64 = space < 0 ? '' : rest.slice(space + 1);
    let raw: Uint8Array;
    try {
      raw = fromBase64(b64);
    } catch {
      throw new NoteFormatError('signature is not valid base64');
    }
    if (!isValidKeyName(name) || raw.length < 5) throw new NoteFormatError('bad signature line');
    return { name, keyId: raw.slice(0, 4), signature: raw.slice(4) };
  });
  return { text, signatures };
}

/** Signs `text` (which must end in \n) and returns the note with one signature line. */
export function signNote(text: string, signer: TlogSigner): string {
  if (!text.endsWith('\n')) throw new NoteFormatError('text must end with a newline');
  if (text.includes('\n\n') || text.startsWith('\n')) throw new NoteFormatError('text must not contain blank lines');
  checkText(text);
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  const blob = new Uint8Array(4 + signature.length);
  blob.set(signer.keyId, 0);
  blob.set(signature, 4);
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${toBase64(blob)}\n`;
}

/**
 * True when `note` is well formed and carries a valid Ed25519 signature by the key `vkey`.
 * Signatures by other keys are ignored (as the spec requires, e.g. witness cosignatures);
 * a signature that claims to be by this key but does not verify makes the note invalid.
 */
export function verifyNote(note: string, vkey: string): boolean {
  let parsed: ParsedNote;
  let key: ReturnType<typeof parseVerifierKey>;
  try {
    parsed = parseNote(note);
    key = parseVerifierKey(vkey);
  } catch {
    return false;
  }
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.publicKey).toString('base64url') },
    format: 'jwk',
  });
  const mine = parsed.signatures.filter((s) => s.name === key.name && bytesEqual(s.keyId, key.keyId));
  if (mine.length === 0) return false;
  const message = Buffer.from(parsed.text, 'utf8');
  return mine.every((s) => s.signature.length === 64 && verify(null, message, publicKey, s.signature));
}
