// POST <submission prefix>/add-checkpoint of C2SP tlog-witness (https://c2sp.org/tlog-witness):
//
//   old <size>\n  <base64 consistency proof hash>\n ...  \n  <checkpoint note>
//
// The witness checks the log's signature (404 unknown origin, 403 no valid signature), that the
// old size is the size it last cosigned (409 with that size, as text/x.tlog.size, otherwise),
// that the new tree extends the old one (422 when the consistency proof fails; 409 for another
// root at the same size: a fork), stores the new size and root, and answers with its
// timestamped cosignature line (C2SP tlog-cosignature). Sizes are bigint: C2SP lets a log grow to
// 2^64 - 1 entries, and a witness that refused sizes past 2^53 would stop witnessing such a log.
import { sign } from 'node:crypto';
import {
  WITNESS_ERRORS,
  witnessCheckpointMalformedText,
  witnessProofFailsText,
  witnessTooManyProofLinesText,
  witnessUnknownLogText,
} from '../../core/api-error-texts';
import { cosignedMessage, formatCosignatureLine } from '../../core/tlog-cosignature';
import { bytesToHex, MAX_TREE_SIZE, parseCheckpointNote, verifyConsistencyProof, type CheckpointNote } from '../../core/tlog-verify';
import { fromBase64, toBase64 } from '../tlog/hex';
import { emptyRoot } from '../tlog/merkle';
import { verifyNote } from '../tlog/note';
import type { WitnessSigner } from './key';
import type { StateFolder } from './state';

/** A request body is a size line, at most 63 hashes and a checkpoint with at most 100 signatures. */
export const MAX_BODY_BYTES = 64 * 1024;
const MAX_PROOF_LINES = 63;
export const SIZE_CONTENT_TYPE = 'text/x.tlog.size';

export interface WitnessReply {
  status: number;
  contentType: string;
  body: string;
}

export interface WitnessContext {
  signer: WitnessSigner;
  state: StateFolder;
  /** Origin → the log's verifier key. */
  logs: Map<string, string>;
  now: () => Date;
}

const text = (status: number, body: string): WitnessReply => ({ status, contentType: 'text/plain; charset=utf-8', body: `${body}\n` });

interface Request {
  oldSize: bigint;
  proof: Uint8Array[];
  note: string;
  checkpoint: CheckpointNote;
}

function parseRequest(body: string): Request | WitnessReply {
  const split = body.indexOf('\n\n');
  if (split < 0) return text(400, WITNESS_ERRORS.bodyShape);
  const [sizeLine, ...proofLines] = body.slice(0, split).split('\n');
  const size = /^old (0|[1-9]\d{0,19})$/.exec(sizeLine);
  if (!size || BigInt(size[1]) > MAX_TREE_SIZE) return text(400, WITNESS_ERRORS.oldSizeLine);
  if (proofLines.length > MAX_PROOF_LINES) return text(400, witnessTooManyProofLinesText(MAX_PROOF_LINES));
  const proof: Uint8Array[] = [];
  for (const line of proofLines) {
    let hash: Uint8Array;
    try {
      hash = fromBase64(line);
    } catch {
      return text(400, WITNESS_ERRORS.proofLineNotHash);
    }
    if (hash.length !== 32) return text(400, WITNESS_ERRORS.proofLineNotHash);
    proof.push(hash);
  }
  const note = body.slice(split + 2);
  let checkpoint: CheckpointNote;
  try {
    checkpoint = parseCheckpointNote(note);
  } catch (err) {
    return text(400, witnessCheckpointMalformedText((err as Error).message));
  }
  return { oldSize: BigInt(size[1]), proof, note, checkpoint };
}

function cosign(ctx: WitnessContext, checkpoint: CheckpointNote): string {
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const signature = sign(null, cosignedMessage(checkpoint.body, timestamp), ctx.signer.privateKey);
  return formatCosignatureLine(ctx.signer.key, timestamp, signature);
}

export async function addCheckpoint(ctx: WitnessContext, body: string): Promise<WitnessReply> {
  const request = parseRequest(body);
  if ('status' in request) return request;
  const { oldSize, proof, note, checkpoint } = request;

  const logKey = ctx.logs.get(checkpoint.origin);
  if (!logKey) return text(404, witnessUnknownLogText(checkpoint.origin));
  if (!verifyNote(note, logKey)) return text(403, WITNESS_ERRORS.signatureInvalid);
  if (oldSize > checkpoint.size) return text(400, WITNESS_ERRORS.oldSizeTooLarge);
  if (oldSize === 0n && proof.length > 0) return text(400, WITNESS_ERRORS.proofNotEmpty);

  return ctx.state.exclusive(checkpoint.origin, async () => {
    const held = await ctx.state.read(checkpoint.origin);
    const heldSize = held?.treeSize ?? 0n;
    if (oldSize !== heldSize) return { status: 409, contentType: SIZE_CONTENT_TYPE, body: `${heldSize}\n` };

    const newRoot = toBase64(Buffer.from(checkpoint.rootHash, 'hex'));
    const oldRoot = held ? fromBase64(held.rootHash) : emptyRoot();
    if (oldSize === checkpoint.size) {
      // Same size: the same tree or a fork. With no state yet, size 0 must be the empty tree.
      if (toBase64(oldRoot) !== newRoot || proof.length > 0) {
        return { status: 409, contentType: SIZE_CONTENT_TYPE, body: `${heldSize}\n` };
      }
    } else if (
      oldSize > 0n &&
      !(await verifyConsistencyProof(oldSize, checkpoint.size, proof.map(bytesToHex), bytesToHex(oldRoot), checkpoint.rootHash))
    ) {
      return text(422, witnessProofFailsText(oldSize, checkpoint.size));
    }

    await ctx.state.write({ origin: checkpoint.origin, treeSize: checkpoint.size, rootHash: newRoot });
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: cosign(ctx, checkpoint) };
  });
}
