// Inclusion proofs over the stored log. A public work's proof bundle, which adds the witnesses'
// cosignatures, is witnessing/proof-bundle.ts; consistency proofs are consistency-proof.ts.
import type { ProofBundle as VerifiableBundle } from '../../core/tlog-verify';
import { normaliseSubmissionRef } from '../../core/ids';
import type { AppDeps } from '../deps';
import { ensureCheckpoint, recentCheckpoint } from './checkpoints';
import { toHex } from './hex';
import { inclusionProofRanges } from './merkle';
import { MESSAGES } from '../../core/messages';
import {
  publicWorkLeafIndex,
  readEntryWithLeafHashes,
  registeredWorkLogState,
  type StoredCheckpoint,
  type WorkLogStatus,
} from './log-repository';
import { logTree } from './log-tree';

/** GET /api/log/proof/inclusion: the leaf, its entry, the audit path and the signed checkpoint. */
export interface InclusionProof {
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  leaf_canonical_json: string;
  /** Lowercase hex, nearest the leaf first (RFC 9162 §2.1.3). */
  hashes: string[];
  /** The signed checkpoint note whose size is tree_size. */
  checkpoint: string;
}

/** Everything needed to check a work's registration offline; core/tlog-verify.ts verifies it. */
export interface ProofBundle extends InclusionProof, VerifiableBundle {
  leaf_canonical_json: string;
  /** The log's verifier key (as GET /api/log/key); pin it from a trusted source when you can. */
  vkey: string;
  log_origin: string;
}

/**
 * The newest checkpoint that includes `leafIndex` (see recentCheckpoint), signing a new one when
 * the leaf is newer than the newest checkpoint. Undefined when the log has no such leaf.
 */
export async function checkpointCovering(deps: AppDeps, leafIndex: number): Promise<StoredCheckpoint | undefined> {
  let checkpoint = await recentCheckpoint(deps);
  if (!checkpoint || leafIndex >= checkpoint.treeSize) checkpoint = await ensureCheckpoint(deps);
  return leafIndex < checkpoint.treeSize ? checkpoint : undefined;
}

/** Proof that leaf `leafIndex` is in the tree of `checkpoint` (leafIndex < its size). */
export async function inclusionProofAt(deps: AppDeps, leafIndex: number, checkpoint: StoredCheckpoint): Promise<InclusionProof> {
  const ranges = inclusionProofRanges(leafIndex, checkpoint.treeSize);
  const tree = logTree(deps.db);
  // The entry comes with the leaves the proof reads in any case: with the subtree hashes in
  // memory (keepSubtreesInMemory), the whole proof is this one query.
  const { entry, hashes: leaves } = await readEntryWithLeafHashes(deps.db, leafIndex, tree.leavesAlwaysRead(ranges));
  if (!entry) throw new Error(`Transparency log has no leaf ${leafIndex}`);
  const hashes = await tree.hashRanges(ranges, leaves);
  return {
    leaf_index: leafIndex,
    tree_size: checkpoint.treeSize,
    leaf_hash: entry.leaf_hash,
    leaf_canonical_json: entry.canonical_json,
    hashes: hashes.map(toHex),
    checkpoint: checkpoint.note,
  };
}

/**
 * Inclusion proof of a PUBLIC work's 'created' leaf (by UUID or registry id) against the
 * newest checkpoint; undefined for a missing, private, deleted or unlogged work.
 */
export async function workInclusionProof(deps: AppDeps, submissionRef: string): Promise<InclusionProof | undefined> {
  const ref = normaliseSubmissionRef(submissionRef);
  if (!ref) return undefined;
  const leafIndex = await publicWorkLeafIndex(deps.db, ref);
  if (leafIndex === undefined) return undefined;
  const checkpoint = await checkpointCovering(deps, leafIndex);
  return checkpoint && inclusionProofAt(deps, leafIndex, checkpoint);
}

/** GET /api/log/proof/inclusion?id=…: the proof, and whether the work is still public. */
export interface WorkInclusionProof extends InclusionProof {
  /** 'removed' or 'purged' when the work was taken off the registry after it was registered. */
  work_status: WorkLogStatus;
  /** For a removed or purged work: what that means for this proof, in words. */
  work_status_note?: string;
  /** For a removed or purged work: the leaf that logged its removal (or purge), when logged. */
  removal_leaf_index?: number;
}

const STATUS_NOTES: Record<Exclude<WorkLogStatus, 'public'>, string> = {
  removed: MESSAGES.proofOfRemovedWork.description,
  purged: MESSAGES.proofOfPurgedWork.description,
};

/**
 * Inclusion proof of the 'created' leaf of a work that is or was public (by UUID or registry
 * id), against the newest checkpoint. A removed or purged work keeps its proof: the registration
 * happened, and the answer says the work was later removed. Undefined for a private, unknown or
 * unlogged work.
 */
export async function registeredWorkInclusionProof(deps: AppDeps, submissionRef: string): Promise<WorkInclusionProof | undefined> {
  const ref = normaliseSubmissionRef(submissionRef);
  if (!ref) return undefined;
  const state = await registeredWorkLogState(deps.db, ref);
  if (!state) return undefined;
  const checkpoint = await checkpointCovering(deps, state.leafIndex);
  if (!checkpoint) return undefined;
  const proof = await inclusionProofAt(deps, state.leafIndex, checkpoint);
  if (state.status === 'public') return { ...proof, work_status: 'public' };
  return {
    ...proof,
    work_status: state.status,
    work_status_note: STATUS_NOTES[state.status],
    ...(state.removalLeafIndex !== undefined ? { removal_leaf_index: state.removalLeafIndex } : {}),
  };
}
