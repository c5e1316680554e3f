// The witness's memory: for each log origin, the latest checkpoint it cosigned (size and root).
// One small JSON file per origin in <state dir>/logs/, named by the SHA-256 of the origin so any
// origin text is a safe file name. A new state replaces the old one atomically: written to a
// temporary file, flushed to disk, renamed over the old file, and the folder flushed, so a crash
// leaves either the old or the new state, never a half-written one (a witness that forgot a size
// could be made to cosign a rollback).
//
// The folder holds the witness's private key and its memory, so only its owner may read or
// change it: folders 0700, files 0600. The size is written as a decimal string, since a log may
// hold up to 2^64 - 1 entries (C2SP), past what a JSON number holds exactly; files written as a
// number by earlier versions are still read.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_TREE_SIZE } from '../../core/tlog-verify';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Creates the state folder owner-only, and narrows it if it already exists (an operator's
 * `mkdir` leaves it 0755): its key and memory are the witness's alone.
 */
export async function prepareStateDir(stateDir: string): Promise<void> {
  for (const dir of [stateDir, join(stateDir, 'logs')]) {
    await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
    await chmod(dir, FOLDER_MODE);
  }
}

function parseSize(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value !== 'string' || !/^(?:0|[1-9]\d{0,19})$/.test(value)) return undefined;
  const size = BigInt(value);
  return size <= MAX_TREE_SIZE ? size : undefined;
}

export interface WitnessedState {
  origin: string;
  treeSize: bigint;
  /** The cosigned root hash, base64 as in the checkpoint. */
  rootHash: string;
}

export class StateFolder {
  private readonly dir: string;
  /** One queue per origin: the size check and the write happen as one step (spec's race). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(stateDir: string) {
    this.dir = join(stateDir, 'logs');
  }

  private file(origin: string): string {
    return join(this.dir, `${createHash('sha256').update(origin).digest('hex')}.json`);
  }

  async read(origin: string): Promise<WitnessedState | undefined> {
    let text: string;
    try {
      text = await readFile(this.file(origin), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const stored = JSON.parse(text) as { origin?: unknown; treeSize?: unknown; rootHash?: unknown };
    const treeSize = parseSize(stored.treeSize);
    if (stored.origin !== origin || treeSize === undefined || typeof stored.rootHash !== 'string') {
      throw new Error(`Witness state file for '${origin}' is damaged`);
    }
    return { origin, treeSize, rootHash: stored.rootHash };
  }

  async write(state: WitnessedState): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: FOLDER_MODE });
    const file = this.file(state.origin);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(tmp, 'wx', FILE_MODE);
    try {
      await handle.writeFile(`${JSON.stringify({ ...state, treeSize: String(state.treeSize) })}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    const folder = await open(this.dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  /** Runs `task` alone for `origin`: reads of the state and its update never interleave. */
  exclusive<T>(origin: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(origin) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.queues.set(origin, settled);
    void settled.then(() => {
      if (this.queues.get(origin) === settled) this.queues.delete(origin);
    });
    return run;
  }
}
