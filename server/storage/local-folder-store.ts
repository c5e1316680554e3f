// Object store on the local disk: DATA_DIR/<bucket>/<key>. Writes go to a temp file first and
// are renamed into place, so a crash never leaves a half-written image behind a valid key.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { isValidObjectKey, type Bucket, type ObjectStore } from './object-store';

export class LocalFolderStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathFor(bucket: Bucket, key: string): string {
    if (!isValidObjectKey(key)) throw new Error(`Invalid object key: ${key}`);
    return path.join(this.root, bucket, key);
  }

  async put(bucket: Bucket, key: string, data: Buffer): Promise<void> {
    const target = this.pathFor(bucket, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomUUID()}.tmp`;
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, target);
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
    try {
      await fsp.access(this.pathFor(bucket, key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await fsp.rm(this.pathFor(bucket, key), { force: true });
  }
}
