// C2SP tlog-checkpoint (https://c2sp.org/tlog-checkpoint): a signed note whose text is
//
//   <origin>\n<tree size, decimal, no leading zeros>\n<base64 root hash>\n[<extension line>\n...]
//
// The signing key's name should equal the origin, e.g. origin 'example.org/log'.

import { fromBase64, toBase64 } from './hex';
import type { TlogSigner } from './keys';
import { HASH_SIZE } from './merkle';
import { NoteFormatError, parseNote, signNote, verifyNote, type NoteSignature } from './note';

export interface Checkpoint {
  origin: string;
  treeSize: number;
  rootHash: Uint8Array;
  /** Optional opaque extension lines (not recommended by the spec; we never write any). */
  extensions?: string[];
}

export interface ParsedCheckpoint extends Checkpoint {
  extensions: string[];
  /** The signed note text. */
  text: string;
  signatures: NoteSignature[];
}

export function formatCheckpointText({ origin, treeSize, rootHash, extensions = [] }: Checkpoint): string {
  if (origin === '' || origin.includes('\n')) throw new TypeError('Checkpoint origin must be one non-empty line');
  if (!Number.isSafeInteger(treeSize) || treeSize < 0) throw new TypeError('Checkpoint tree size must be a non-negative integer');
  if (rootHash.length !== HASH_SIZE) throw new TypeError('Checkpoint root hash must be 32 bytes');
  if (extensions.some((l) => l === '' || l.includes('\n'))) throw new TypeError('Extension lines must be non-empty single lines');
  return [origin, String(treeSize), toBase64(rootHash), ...extensions].map((l) => `${l}\n`).join('');
}

/** Parses the text (body) of a checkpoint. */
export function parseCheckpointText(text: string): Checkpoint & { extensions: string[] } {
  if (!text.endsWith('\n')) throw new NoteFormatError('checkpoint text must end with a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3 || lines.some((l) => l === '')) {
    throw new NoteFormatError('checkpoint needs origin, size and root hash on non-empty lines');
  }
  const [origin, sizeLine, rootLine, ...extensions] = lines;
  if (!/^(?:0|[1-9]\d*)$/.test(sizeLine) || !Number.isSafeInteger(Number(sizeLine))) {
    throw new NoteFormatError(`bad tree size '${sizeLine}'`);
  }
  let rootHash: Uint8Array;
  try {
    rootHash = fromBase64(rootLine);
  } catch {
    throw new NoteFormatError('root hash is not valid base64');
  }
  if (rootHash.length !== HASH_SIZE) throw new NoteFormatError('root hash must be 32 bytes');
  return { origin, treeSize: Number(sizeLine), rootHash, extensions };
}

/** Signed checkpoint note text, ready to serve as text/plain. */
export function signCheckpoint(checkpoint: Checkpoint, signer: TlogSigner): string {
  return signNote(formatCheckpointText(checkpoint), signer);
}

/** Parses a signed checkpoint note. Does NOT check the signature: use verifyNote for that. */
export function parseCheckpoint(note: string): ParsedCheckpoint {
  const { text, signatures } = parseNote(note);
  return { ...parseCheckpointText(text), text, signatures };
}

/**
 * Parses a checkpoint and checks it is signed by `vkey` (and, when given, that it is for
 * `origin`). Throws when it is not.
 */
export function openCheckpoint(note: string, vkey: string, origin?: string): ParsedCheckpoint {
  const checkpoint = parseCheckpoint(note);
  if (origin !== undefined && checkpoint.origin !== origin) {
    throw new Error(`Checkpoint is for origin '${checkpoint.origin}', expected '${origin}'`);
  }
  if (!verifyNote(note, vkey)) throw new Error('Checkpoint is not signed by the log key');
  return checkpoint;
}
