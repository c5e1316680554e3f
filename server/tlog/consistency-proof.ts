// RFC 9162 consistency proofs over the stored log: what a witness or a verifier asks for to see
// that a newer tree extends an older one. Apart from proofs.ts, whose inclusion proofs sign
// checkpoints on demand, so that submitting to witnesses (which needs this) does not import the
// checkpoint signer that calls the witnesses.
import type { AppDeps } from '../deps';
import { toHex } from './hex';
import { consistencyProofRanges } from './merkle';
import { logTree } from './log-tree';

/** RFC 9162 §2.1.4 consistency proof between sizes first ≤ second (both within the log). */
export async function consistencyProof(deps: AppDeps, first: number, second: number): Promise<string[]> {
  const hashes = await logTree(deps.db).hashRanges(consistencyProofRanges(first, second));
  return hashes.map(toHex);
}
