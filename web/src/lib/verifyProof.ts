// Checks, in the visitor's browser, that a work is in the public transparency log: fetches the
// inclusion proof and the log's public key, verifies both with WebCrypto (core/tlog-verify.ts),
// and checks that the logged entry names this very work and image. Only the proof page imports
// this module, so the verifier stays out of every other page's JavaScript.
import type { PublicWork } from '#core/api-types';
import type { InclusionProof } from '#core/api/tlog';
import { logEntryText } from '#core/proof-text';
import { verifyProofBundle } from '#core/tlog-verify';
import { apiGet, errorMessage } from './api';

export type LogCheck =
  | {
      state: 'verified';
      leafIndex: number;
      treeSize: number;
      /** Root hash (hex) of the signed checkpoint the proof leads to. */
      rootHash: string;
      origin: string;
      /** The signed checkpoint note, as served. */
      checkpoint: string;
    }
  /** The proof was fetched but does not check out. */
  | { state: 'failed'; reasons: string[] }
  /** The proof or key could not be fetched (network or server error). */
  | { state: 'unavailable'; message: string }
  /** The work has no log entry (yet). */
  | { state: 'not-logged' };

export const LOG_KEY_PATH = '/api/log/key';
export const LOG_CHECKPOINT_PATH = '/api/log/checkpoint';

export function inclusionProofPath(id: string): string {
  return `/api/log/proof/inclusion?id=${encodeURIComponent(id)}`;
}

/**
 * The sentence the proof page shows once the browser has checked the proof (issue 7), with the
 * entry number every page and report uses (core/proof-text.ts, decision 0052).
 */
export function inclusionVerifiedText(leafIndex: number): string {
  return `Included in the public log as ${logEntryText(leafIndex)}, verified in your browser`;
}

type WorkFacts = Pick<PublicWork, 'id' | 'registry_id' | 'image_hash' | 'log_index'>;

/**
 * Why the logged entry is not this work's registration ([] when it is). A valid proof of some
 * other leaf proves nothing about this page, so the entry's ids and image hash must match.
 */
export function leafMismatchReasons(leafJson: string | undefined, leafIndex: number, work: WorkFacts): string[] {
  if (leafJson === undefined) return ['The server did not send the log entry, so it cannot be matched to this work'];
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(leafJson);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    entry = parsed as Record<string, unknown>;
  } catch {
    return ['The log entry is not valid JSON'];
  }
  const reasons: string[] = [];
  if (entry.submission_id !== work.id) reasons.push(`The log entry names submission ${String(entry.submission_id)}, not ${work.id}`);
  if (entry.event !== 'created') reasons.push(`The log entry records a '${String(entry.event)}' event, not the registration`);
  if (work.image_hash && String(entry.image_sha256).toLowerCase() !== work.image_hash.toLowerCase()) {
    reasons.push('The image SHA-256 in the log entry differs from the one on this page');
  }
  if (work.log_index !== null && work.log_index !== leafIndex) {
    reasons.push(`The proof is for ${logEntryText(leafIndex)}, but this work is recorded as ${logEntryText(work.log_index)}`);
  }
  return reasons;
}

async function fetchText(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, { signal, headers: { Accept: 'text/plain' } });
  if (!response.ok) throw new Error(`The log key could not be loaded (HTTP ${response.status})`);
  return (await response.text()).trim();
}

/** Fetches and verifies the work's inclusion proof. Never throws except on abort. */
export async function checkWorkInLog(work: WorkFacts, signal?: AbortSignal): Promise<LogCheck> {
  if (work.log_index === null) return { state: 'not-logged' };
  // Both requests run at once; when both fail, the proof's error (the server's own message) is told.
  const [proofResult, keyResult] = await Promise.allSettled([
    apiGet<InclusionProof>(inclusionProofPath(work.id), { signal }),
    fetchText(LOG_KEY_PATH, signal),
  ]);
  if (signal?.aborted) throw signal.reason;
  const failure = [proofResult, keyResult].find((r) => r.status === 'rejected');
  if (failure || proofResult.status === 'rejected' || keyResult.status === 'rejected') {
    return { state: 'unavailable', message: errorMessage(failure?.reason, 'The log proof could not be loaded.') };
  }
  const proof = proofResult.value;
  const vkey = keyResult.value;

  const result = await verifyProofBundle(proof, vkey);
  const reasons = [...result.reasons, ...leafMismatchReasons(proof.leaf_canonical_json, proof.leaf_index, work)];
  if (!result.checkpoint) return { state: 'failed', reasons: reasons.length ? reasons : ['The checkpoint could not be read'] };
  if (reasons.length > 0) return { state: 'failed', reasons };
  return {
    state: 'verified',
    leafIndex: proof.leaf_index,
    // The size of the signed checkpoint shown with it (the verifier checked it equals the proof's).
    treeSize: result.checkpoint.treeSize,
    rootHash: result.checkpoint.rootHash,
    origin: result.checkpoint.origin,
    checkpoint: proof.checkpoint,
  };
}
