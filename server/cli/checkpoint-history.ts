// The newest checkpoint `npm run verify` has verified for a log key, kept in known-logs.json as a
// witness keeps the last one it cosigned (decision 0057). A later checkpoint must describe a tree
// that extends it (or that it extends), shown by an RFC 9162 consistency proof:
//
//   same size, other root hash   a fork: the log key signed two histories; always refused
//   other size                   checked with a consistency proof from the bundle
//                                ("consistency_proof", as GET /api/log/proof/consistency answers)
//                                or, with --site, from the site; refused when it does not verify
//                                or the site cannot give one, a warning when no proof can be had
//                                (offline, or the site unreachable)
//
// Only a checkpoint shown to extend the kept one replaces it, so a run without a proof cannot
// move the memory onto a forked history.
import { verifyConsistencyProof, type CheckpointNote } from '../../core/tlog-verify';
import { readSeenCheckpoint, rememberCheckpoint, type SeenCheckpoint } from './known-logs';

export const CONSISTENCY_PATH = '/api/log/proof/consistency';
const FETCH_TIMEOUT_MS = 15_000;

export interface ConsistencyProof {
  first: number;
  second: number;
  hashes: string[];
}

export interface Report {
  pass: (text: string) => void;
  fail: (text: string) => void;
  say: (line: string) => void;
}

export interface HistoryOptions {
  /** known-logs.json */
  file: string;
  vkey: string;
  /** --site's origin, asked for a consistency proof when the bundle has none. */
  site?: string;
  /** The bundle's own consistency_proof, if any. */
  carried?: ConsistencyProof;
}

const entries = (size: bigint) => `${size} entr${size === 1n ? 'y' : 'ies'}`;

/** Why no proof could be had; `refused` when the site answered but could not prove it. */
interface NoProof {
  why: string;
  refused: boolean;
}

async function proofFromSite(site: string, first: bigint, second: bigint): Promise<string[] | NoProof> {
  const url = `${site}${CONSISTENCY_PATH}?first=${first}&second=${second}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { why: `could not ask ${url} (${[(err as Error).message, cause].filter(Boolean).join(': ')})`, refused: false };
  }
  // A registry proves any two sizes of its own log; one that cannot (e.g. a checkpoint larger
  // than its log) is not on the history this checkpoint claims.
  const body = (await res.json().catch(() => ({}))) as { hashes?: unknown };
  if (!res.ok || !Array.isArray(body.hashes) || !body.hashes.every((h) => typeof h === 'string')) {
    return { why: `${url} answered ${res.status} with no consistency proof`, refused: true };
  }
  return body.hashes as string[];
}

/** The proof between the two sizes, from the bundle or the site. */
async function findProof(options: HistoryOptions, first: bigint, second: bigint): Promise<string[] | NoProof> {
  const { carried, site } = options;
  if (carried && BigInt(carried.first) === first && BigInt(carried.second) === second) return carried.hashes;
  if (site) return proofFromSite(site, first, second);
  return {
    why: `the bundle carries no consistency proof from ${first} to ${second} entries, and there is no --site to ask`,
    refused: false,
  };
}

/**
 * Checks `checkpoint` (already verified as signed by the trusted key) against the one kept for
 * the key. Returns what to keep once every check has passed, or undefined to keep what is kept.
 */
export async function checkHistory(
  checkpoint: CheckpointNote,
  options: HistoryOptions,
  report: Report,
): Promise<SeenCheckpoint | undefined> {
  const seen = await readSeenCheckpoint(options.file, options.vkey);
  const now: SeenCheckpoint = {
    origin: checkpoint.origin,
    tree_size: String(checkpoint.size),
    root_hash: checkpoint.rootHash,
    seen_at: new Date().toISOString(),
  };
  if (!seen) {
    report.say(`  First checkpoint of this log checked here: kept in ${options.file}; later ones must extend it.`);
    return now;
  }
  const seenSize = BigInt(seen.tree_size);
  const what = `the checkpoint of ${entries(seenSize)} verified on ${seen.seen_at}`;
  if (seenSize === checkpoint.size) {
    if (seen.root_hash === checkpoint.rootHash) {
      report.pass(`Checkpoint is ${what}`);
    } else {
      report.fail(
        `FORKED LOG: this checkpoint is for a tree of ${entries(seenSize)} with root ${checkpoint.rootHash}, but ${what} has root ${seen.root_hash}. The log key signed two different histories.`,
      );
    }
    return undefined;
  }

  const newer = checkpoint.size > seenSize;
  const [first, second] = newer ? [seenSize, checkpoint.size] : [checkpoint.size, seenSize];
  const [firstRoot, secondRoot] = newer ? [seen.root_hash, checkpoint.rootHash] : [checkpoint.rootHash, seen.root_hash];
  const proof = await findProof(options, first, second);
  if (!Array.isArray(proof)) {
    if (proof.refused) report.fail(`FORKED LOG? Nothing shows this checkpoint is on the same history as ${what}: ${proof.why}.`);
    else report.say(`! Not checked against ${what}: ${proof.why}. Check again with --site to rule out a forked log.`);
    return undefined;
  }
  if (!(await verifyConsistencyProof(first, second, proof, firstRoot, secondRoot))) {
    report.fail(
      `FORKED LOG: the consistency proof from ${entries(first)} to ${entries(second)} does not verify, so this checkpoint is not on the same history as ${what}.`,
    );
    return undefined;
  }
  report.pass(
    newer
      ? `Checkpoint extends ${what} (consistency proof verified)`
      : `Checkpoint is an earlier state of ${what} (consistency proof verified)`,
  );
  return newer ? now : undefined;
}

export function keepCheckpoint(options: HistoryOptions, seen: SeenCheckpoint): Promise<void> {
  return rememberCheckpoint(options.file, options.vkey, seen);
}
