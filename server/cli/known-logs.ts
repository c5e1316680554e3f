// Log keys pinned by `npm run verify -- … --site <URL>`: the first key a site served is kept in
// the user's config folder and trusted from then on, as SSH keeps known hosts.
//
//   $XDG_CONFIG_HOME/veriwork/known-logs.json   (XDG_CONFIG_HOME defaults to ~/.config)
//   { "logs": { "<site origin>": { "vkey": "<name>+<key id>+<key>", "pinned_at": "<ISO time>" } } }
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface PinnedKey {
  vkey: string;
  pinned_at: string;
}

interface KnownLogs {
  logs: Record<string, PinnedKey>;
}

export function knownLogsFile(env: NodeJS.ProcessEnv = process.env): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(configHome, 'veriwork', 'known-logs.json');
}

async function readKnownLogs(file: string): Promise<KnownLogs> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { logs: {} };
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  const logs = (parsed as { logs?: unknown } | null)?.logs;
  if (typeof logs !== 'object' || logs === null || Array.isArray(logs)) throw new Error('it has no "logs" object');
  for (const entry of Object.values(logs as Record<string, unknown>)) {
    if (typeof (entry as PinnedKey | null)?.vkey !== 'string' || typeof (entry as PinnedKey).pinned_at !== 'string') {
      throw new Error('an entry has no "vkey" and "pinned_at"');
    }
  }
  return { logs: logs as Record<string, PinnedKey> };
}

export async function readPinnedKey(file: string, origin: string): Promise<PinnedKey | undefined> {
  const { logs } = await readKnownLogs(file);
  return Object.hasOwn(logs, origin) ? logs[origin] : undefined;
}

/** Pins `vkey` for `origin`, keeping every other entry; the file is replaced whole, never half-written. */
export async function pinKey(file: string, origin: string, vkey: string, now: Date): Promise<PinnedKey> {
  const known = await readKnownLogs(file);
  const pinned = { vkey, pinned_at: now.toISOString() };
  known.logs[origin] = pinned;
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify(known, null, 2)}\n`, { mode: 0o644 });
  await rename(tmp, file);
  return pinned;
}
