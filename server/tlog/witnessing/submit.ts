// One add-checkpoint exchange with a witness (C2SP tlog-witness), from the log's side: send the
// checkpoint with a consistency proof from the size the witness last cosigned; when the witness
// answers 409 with the size it holds, start again from that size (at most MAX_ATTEMPTS times).
// A cosignature is kept only when it verifies against the witness key we configured.
import { verifyCosignature, type WitnessKey } from '../../../core/tlog-cosignature';
import type { AppDeps } from '../../deps';
import { fromHex, toBase64 } from '../hex';
import type { StoredCheckpoint } from '../log-repository';
import { consistencyProof } from '../consistency-proof';
import { insertCosignature, lastCosignedSize } from './cosignature-repository';

export const WITNESS_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 3;
const MAX_RESPONSE_BYTES = 16 * 1024;
const SIGNATURE_LINE = /^\u2014 \S+ \S+$/;

export interface ActiveWitness {
  key: WitnessKey;
  url: string;
}

export type SubmitOutcome = 'cosigned' | 'already-cosigned' | 'witness-is-ahead';

export class WitnessRefusal extends Error {}

async function readCapped(response: Response): Promise<string> {
  const text = await response.text();
  return text.length > MAX_RESPONSE_BYTES ? text.slice(0, MAX_RESPONSE_BYTES) : text;
}

async function requestBody(deps: AppDeps, oldSize: number, checkpoint: StoredCheckpoint): Promise<string> {
  const proof = oldSize === 0 || oldSize === checkpoint.treeSize ? [] : await consistencyProof(deps, oldSize, checkpoint.treeSize);
  return [`old ${oldSize}`, ...proof.map((hex) => toBase64(fromHex(hex))), '', checkpoint.note].join('\n');
}

export async function submitCheckpoint(deps: AppDeps, witness: ActiveWitness, checkpoint: StoredCheckpoint): Promise<SubmitOutcome> {
  const last = await lastCosignedSize(deps.db, witness.key.vkey);
  if (last !== undefined && last >= checkpoint.treeSize) return last === checkpoint.treeSize ? 'already-cosigned' : 'witness-is-ahead';
  let oldSize = last ?? 0;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const response = await fetch(`${witness.url}/add-checkpoint`, {
      method: 'POST',
      body: await requestBody(deps, oldSize, checkpoint),
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
    });
    const body = await readCapped(response);

    if (response.status === 409 && (response.headers.get('content-type') ?? '').startsWith('text/x.tlog.size')) {
      const held = /^(0|[1-9]\d*)\n$/.exec(body);
      if (!held) throw new WitnessRefusal(`answered 409 without a tree size: ${JSON.stringify(body.slice(0, 200))}`);
      const heldSize = Number(held[1]);
      if (heldSize > checkpoint.treeSize) return 'witness-is-ahead';
      if (heldSize === oldSize) {
        // Same size, yet refused: the witness holds another root for it, i.e. it saw a fork.
        throw new WitnessRefusal(`refused size ${checkpoint.treeSize} as a fork of the size ${heldSize} it holds`);
      }
      oldSize = heldSize;
      continue;
    }
    if (response.status !== 200) throw new WitnessRefusal(`answered ${response.status}: ${body.trim().slice(0, 200)}`);

    const lines = body.split('\n').filter((l) => l !== '');
    const mine = lines.filter((l) => SIGNATURE_LINE.test(l) && l.startsWith(`\u2014 ${witness.key.name} `));
    for (const line of mine) {
      const verified = await verifyCosignature(`${checkpoint.note}${line}\n`, witness.key);
      if (!verified) continue;
      const cosignature = { treeSize: checkpoint.treeSize, witnessVkey: witness.key.vkey, line, cosignedAt: verified.timestamp };
      await insertCosignature(deps.db, cosignature, deps.now());
      return 'cosigned';
    }
    throw new WitnessRefusal('answered 200 without a valid cosignature by its key');
  }
  throw new WitnessRefusal(`kept answering 409 after ${MAX_ATTEMPTS} attempts`);
}
