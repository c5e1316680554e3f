// The proof bundle of a public work (proof.json): the inclusion proof against the newest
// checkpoint that a quorum of witnesses cosigned (the newest checkpoint when none has a quorum
// yet, e.g. right after registering), that checkpoint with its cosignatures, the log's policy,
// and the same proof in the standard C2SP tlog-proof text format.
import { normaliseSubmissionRef } from '../../../core/ids';
import { formatTlogProof } from '../../../core/tlog-proof';
import type { AppDeps } from '../../deps';
import { checkpointAt, publicWorkLeafIndex } from '../log-repository';
import { checkpointCovering, inclusionProofAt, type ProofBundle } from '../proofs';
import { getLogSigner } from '../signer';
import { newestQuorumSize } from './cosignature-repository';
import { cosignedNote, publishedPolicy } from './cosigned';

export interface WitnessedProofBundle extends ProofBundle {
  /** The log's C2SP tlog-policy (log key, witnesses, quorum). */
  policy: string;
  /** The same proof as a C2SP tlog-proof; its extra data is the logged entry. */
  tlog_proof: string;
}

async function witnessedCheckpoint(deps: AppDeps, leafIndex: number) {
  const { witnesses, quorum } = deps.config.tlogWitnessing;
  if (quorum > 0) {
    const vkeys = witnesses.map((w) => w.vkey);
    const size = await newestQuorumSize(deps.db, leafIndex, vkeys, quorum);
    const checkpoint = size === undefined ? undefined : await checkpointAt(deps.db, size);
    if (checkpoint) return checkpoint;
  }
  return checkpointCovering(deps, leafIndex);
}

export async function witnessedProofBundle(deps: AppDeps, submissionId: string): Promise<WitnessedProofBundle | null> {
  const ref = normaliseSubmissionRef(submissionId);
  const leafIndex = ref ? await publicWorkLeafIndex(deps.db, ref) : undefined;
  if (leafIndex === undefined) return null;
  const checkpoint = await witnessedCheckpoint(deps, leafIndex);
  if (!checkpoint) return null;
  const [proof, note, signer, policy] = await Promise.all([
    inclusionProofAt(deps, leafIndex, checkpoint),
    cosignedNote(deps, checkpoint),
    getLogSigner(deps),
    publishedPolicy(deps),
  ]);
  const tlogProof = formatTlogProof({
    extra: new TextEncoder().encode(proof.leaf_canonical_json),
    index: leafIndex,
    hashes: proof.hashes,
    checkpoint: note,
  });
  return { ...proof, checkpoint: note, vkey: signer.vkey, log_origin: deps.config.tlogOrigin, policy, tlog_proof: tlogProof };
}
