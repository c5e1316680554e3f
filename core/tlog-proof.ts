// C2SP tlog-proof (https://c2sp.org/tlog-proof): a self-contained, offline-verifiable proof that
// an entry is in a log, as text (file extension .tlog-proof):
//
//   c2sp.org/tlog-proof@v1
//   extra <base64 opaque data>          (optional; here: the logged entry, canonical JSON)
//   index <leaf index>
//   <base64 inclusion proof hash>       (zero or more, nearest the leaf first)
//
//   <checkpoint note, with the log's signature and witness cosignatures>
//
// The extra data is not authenticated by itself: it counts only because its leaf hash is what
// the inclusion proof proves.
import { decodeBase64, encodeBase64 } from './tlog-cosignature';
import { bytesToHex, hexToBytes, parseCheckpointNote } from './tlog-verify';

export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';
/** Budget before parsing: 63 hashes, a checkpoint with 100 signatures and a log entry fit easily. */
export const TLOG_PROOF_MAX_BYTES = 256 * 1024;

export interface TlogProof {
  extra?: Uint8Array;
  index: number;
  /** Lowercase hex. */
  hashes: string[];
  checkpoint: string;
}

export function formatTlogProof(proof: TlogProof): string {
  const lines = [TLOG_PROOF_HEADER];
  if (proof.extra !== undefined) lines.push(`extra ${encodeBase64(proof.extra)}`);
  lines.push(`index ${proof.index}`, ...proof.hashes.map((h) => encodeBase64(hexToBytes(h))), '');
  return `${lines.join('\n')}\n${proof.checkpoint}`;
}

/** Parses a tlog-proof; throws Error with the reason when malformed. */
export function parseTlogProof(text: string): TlogProof {
  if (text.length > TLOG_PROOF_MAX_BYTES) throw new Error(`proof is larger than ${TLOG_PROOF_MAX_BYTES} bytes`);
  const split = text.indexOf('\n\n');
  if (split < 0) throw new Error('proof has no empty line before the checkpoint');
  const lines = text.slice(0, split).split('\n');
  if (lines[0] !== TLOG_PROOF_HEADER) throw new Error(`first line must be ${TLOG_PROOF_HEADER}`);
  let at = 1;
  let extra: Uint8Array | undefined;
  if (lines[at]?.startsWith('extra ')) {
    extra = decodeBase64(lines[at].slice('extra '.length));
    at += 1;
  }
  const index = /^index (0|[1-9]\d*)$/.exec(lines[at] ?? '');
  if (!index || !Number.isSafeInteger(Number(index[1]))) throw new Error("expected the line 'index <leaf index>'");
  const hashes = lines.slice(at + 1).map((line) => {
    const hash = decodeBase64(line);
    if (hash.length !== 32) throw new Error('each inclusion proof line must be one base64 SHA-256 hash');
    return bytesToHex(hash);
  });
  if (hashes.length > 63) throw new Error('too many inclusion proof lines');
  const checkpoint = text.slice(split + 2);
  parseCheckpointNote(checkpoint);
  return { ...(extra !== undefined ? { extra } : {}), index: Number(index[1]), hashes, checkpoint };
}
