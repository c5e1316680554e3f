// The witness's memory: for each log origin, the latest checkpoint it cosigned (size and root).
// One small JSON file per origin in <state dir>/logs/, named by the SHA-256 of the origin so any
// origin text is a safe file name. A new state replaces the old one atomically: written to a
// temporary file, flushed to disk, renamed over the old file, and the folder flushed, so a crash
// leaves either the old or the new state, never a half-written one (a witness that forgot a size
// could be made to cosign a rollback).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface WitnessedState {
  origin: string;
  treeSize: number;
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
    const state = JSON.parse(text) as WitnessedState;
    if (state.origin !== origin || !Number.isSafeInteger(state.treeSize) || typeof state.rootHash !== 'string') {
      throw new Error(`Witness state file for '${origin}' is damaged`);
    }
    return state;
  }

  async write(state: WitnessedState): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = this.file(state.origin);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(state)}\n`);
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
