// Object store on the local disk: DATA_DIR/<bucket>/<key>. Writes go to `<key>.tmp` first and are
// renamed into place, so a crash never leaves a half-written image behind a valid key, and an
// unfinished write is still named by its key: whoever deletes the key deletes it too.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidKeyIn, type Bucket, type ObjectStore } from './object-store';
import { inFolderMadeOnDemand } from './folder-on-demand';

const BUCKETS: readonly Bucket[] = ['artworks', 'originals', 'snapshots'];
const TEMP_SUFFIX = '.tmp';

/** Names in a folder, or none when it does not exist. */
async function readdirOrEmpty(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Removes a file; one that is not there (or whose folder is not a folder) is not an error. */
async function removeFile(file: string): Promise<void> {
  try {
    await fsp.rm(file, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOTDIR') throw err;
  }
}

export class LocalFolderStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathFor(bucket: Bucket, key: string): string {
    if (!isValidKeyIn(bucket, key)) throw new Error(`Invalid object key: ${key}`);
    return path.join(this.root, bucket, key);
  }

  async put(bucket: Bucket, key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathFor(bucket, key);
    // Named by the key alone (keys are random UUIDs, so no two writers share one).
    const temp = `${target}${TEMP_SUFFIX}`;
    try {
      if (Buffer.isBuffer(data)) await inFolderMadeOnDemand(temp, () => fsp.writeFile(temp, data));
      else {
        // A stream cannot be read twice: its folder is made first.
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await pipeline(data, fs.createWriteStream(temp));
      }
      await fsp.rename(temp, target);
    } catch (err) {
      await removeFile(temp).catch(() => undefined);
      throw err;
    }
  }

  async get(bucket: Bucket, key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathFor(bucket, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(bucket: Bucket, key: string) {
    const file = this.pathFor(bucket, key);
    try {
      const stat = await fsp.stat(file);
      return { body: fs.createReadStream(file), size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const file = this.pathFor(bucket, key);
    try {
      await fsp.access(file);
      return true;
    } catch {
      return false;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    const file = this.pathFor(bucket, key);
    await Promise.all([removeFile(file), removeFile(`${file}${TEMP_SUFFIX}`)]);
  }

  async *list(bucket: Bucket): AsyncIterable<string> {
    const root = path.join(this.root, bucket);
    for (const year of await readdirOrEmpty(root)) {
      if (!year.isDirectory()) continue;
      for (const month of await readdirOrEmpty(path.join(root, year.name))) {
        if (!month.isDirectory()) continue;
        for await (const entry of await fsp.opendir(path.join(root, year.name, month.name))) {
          const key = `${year.name}/${month.name}/${entry.name}`;
          // Unfinished writes (`*.tmp`) and anything not put here are not objects.
          if (entry.isFile() && isValidKeyIn(bucket, key)) yield key;
        }
      }
    }
  }

  /** The data folder exists (or can be made) and this process may read and write it. */
  async checkReachable(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  /**
   * Every `*.tmp` file in the buckets' year/month folders last modified before `before`: both
   * `<key>.tmp` and the `<key>.<uuid>.tmp` of earlier versions, which no row could name.
   */
  async removeUnfinishedWrites(before: Date): Promise<number> {
    let removed = 0;
    for (const bucket of BUCKETS) {
      for (const year of await readdirOrEmpty(path.join(this.root, bucket))) {
        if (!year.isDirectory()) continue;
        for (const month of await readdirOrEmpty(path.join(this.root, bucket, year.name))) {
          if (!month.isDirectory()) continue;
          const folder = path.join(this.root, bucket, year.name, month.name);
          // Streamed: a month folder can hold a hundred thousand images.
          for await (const entry of await fsp.opendir(folder)) {
            if (!entry.isFile() || !entry.name.endsWith(TEMP_SUFFIX)) continue;
            const file = path.join(folder, entry.name);
            const stat = await fsp.stat(file).catch(() => null);
            if (stat && stat.mtime < before) {
              await removeFile(file);
              removed += 1;
            }
          }
        }
      }
    }
    return removed;
  }
}
