// What the log publishes about its witnesses: checkpoints with the stored cosignature lines
// appended (a C2SP note with more signatures), and its C2SP tlog-policy (log key, witnesses,
// quorum) so verifiers know which cosignatures a checkpoint needs.
import { formatPolicy } from '../../../core/tlog-policy';
import type { AppDeps } from '../../deps';
import type { StoredCheckpoint } from '../log-repository';
import { getLogSigner } from '../signer';
import { cosignatureLines } from './cosignature-repository';

const witnessVkeys = (deps: AppDeps) => deps.config.tlogWitnessing.witnesses.map((w) => w.vkey);

/** The signed checkpoint note followed by the cosignatures of the configured witnesses. */
export async function cosignedNote(deps: AppDeps, checkpoint: StoredCheckpoint): Promise<string> {
  const lines = await cosignatureLines(deps.db, checkpoint.treeSize, witnessVkeys(deps));
  return checkpoint.note + lines.map((line) => `${line}\n`).join('');
}

/** The log's tlog-policy file, as served at /log/policy. */
export async function publishedPolicy(deps: AppDeps): Promise<string> {
  const { vkey } = await getLogSigner(deps);
  const { witnesses, quorum } = deps.config.tlogWitnessing;
  return formatPolicy({ vkey, url: `${deps.config.siteUrl}/log` }, witnesses, quorum);
}
