// What `npm run verify` remembers between runs, in the user's config folder, as SSH keeps known
// hosts (decision 0057):
//
//   $XDG_CONFIG_HOME/veriwork/known-logs.json   (XDG_CONFIG_HOME defaults to ~/.config)
//   { "logs": { "<site origin>": { "vkey": "<name>+<key id>+<key>", "pinned_at": "<ISO time>",
//                                  "policy": "<C2SP tlog-policy text>", "policy_pinned_at": "<ISO time>" } },
//     "checkpoints": { "<log vkey>": { "origin": "…", "tree_size": "<decimal>", "root_hash": "<hex>", "seen_at": "<ISO time>" } } }
//
// "logs" holds what --site pinned on first use: the key and the witness policy. "checkpoints"
// holds the newest checkpoint verified for each log key (in every mode), as a witness keeps the
// last one it cosigned: a later checkpoint must extend it. Tree sizes are decimal strings, since
// a log may grow to 2^64 - 1 entries, past what a JSON number holds exactly.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface PinnedKey {
  vkey: string;
  pinned_at: string;
  /** The site's witness policy, pinned with the key (or on the first run that could fetch it). */
  policy?: string;
  policy_pinned_at?: string;
}

export interface SeenCheckpoint {
  origin: string;
  /** Decimal. */
  tree_size: string;
  /** Lowercase hex. */
  root_hash: string;
  seen_at: string;
}

interface KnownLogs {
  logs: Record<string, PinnedKey>;
  checkpoints: Record<string, SeenCheckpoint>;
}

export function knownLogsFile(env: NodeJS.ProcessEnv = process.env): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(configHome, 'veriwork', 'known-logs.json');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

function checkedLogs(logs: unknown): Record<string, PinnedKey> {
  if (!isRecord(logs)) throw new Error('it has no "logs" object');
  for (const entry of Object.values(logs)) {
    if (!isRecord(entry) || typeof entry.vkey !== 'string' || typeof entry.pinned_at !== 'string') {
      throw new Error('an entry has no "vkey" and "pinned_at"');
    }
    if (!optionalString(entry.policy) || !optionalString(entry.policy_pinned_at)) throw new Error('an entry has a malformed "policy"');
  }
  return logs as unknown as Record<string, PinnedKey>;
}

function checkedCheckpoints(checkpoints: unknown): Record<string, SeenCheckpoint> {
  // Files written before checkpoints were kept have none.
  if (checkpoints === undefined) return {};
  if (!isRecord(checkpoints)) throw new Error('"checkpoints" is not an object');
  for (const seen of Object.values(checkpoints)) {
    const ok =
      isRecord(seen) &&
      typeof seen.origin === 'string' &&
      typeof seen.tree_size === 'string' &&
      /^(?:0|[1-9]\d*)$/.test(seen.tree_size) &&
      typeof seen.root_hash === 'string' &&
      /^[0-9a-f]{64}$/.test(seen.root_hash) &&
      typeof seen.seen_at === 'string';
    if (!ok) throw new Error('a checkpoint entry needs "origin", a decimal "tree_size", a hex "root_hash" and "seen_at"');
  }
  return checkpoints as unknown as Record<string, SeenCheckpoint>;
}

async function readKnownLogs(file: string): Promise<KnownLogs> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { logs: {}, checkpoints: {} };
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed)) throw new Error('it has no "logs" object');
  return { logs: checkedLogs(parsed.logs), checkpoints: checkedCheckpoints(parsed.checkpoints) };
}

/** Reads, changes and writes the file; it is replaced whole, never half-written. */
async function updateKnownLogs(file: string, change: (known: KnownLogs) => void): Promise<void> {
  const known = await readKnownLogs(file);
  change(known);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify(known, null, 2)}\n`, { mode: 0o644 });
  await rename(tmp, file);
}

export async function readPinnedKey(file: string, origin: string): Promise<PinnedKey | undefined> {
  const { logs } = await readKnownLogs(file);
  return Object.hasOwn(logs, origin) ? logs[origin] : undefined;
}

/** Pins `vkey` for `origin`, keeping every other entry. */
export async function pinKey(file: string, origin: string, vkey: string, now: Date): Promise<PinnedKey> {
  const pinned = { vkey, pinned_at: now.toISOString() };
  await updateKnownLogs(file, (known) => {
    known.logs[origin] = pinned;
  });
  return pinned;
}

/** Pins the witness policy of `origin`, whose key must already be pinned. */
export async function pinPolicy(file: string, origin: string, policy: string, now: Date): Promise<void> {
  await updateKnownLogs(file, (known) => {
    if (!Object.hasOwn(known.logs, origin)) throw new Error(`no log key is pinned for ${origin}`);
    known.logs[origin] = { ...known.logs[origin], policy, policy_pinned_at: now.toISOString() };
  });
}

export async function readSeenCheckpoint(file: string, vkey: string): Promise<SeenCheckpoint | undefined> {
  const { checkpoints } = await readKnownLogs(file);
  return Object.hasOwn(checkpoints, vkey) ? checkpoints[vkey] : undefined;
}

export async function rememberCheckpoint(file: string, vkey: string, seen: SeenCheckpoint): Promise<void> {
  await updateKnownLogs(file, (known) => {
    known.checkpoints[vkey] = seen;
  });
}
