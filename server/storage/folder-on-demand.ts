// Writing a file into a folder that almost always exists already, without asking first.
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Runs `write` of `file`; when its folder does not exist yet, makes it and writes again. Files go
 * to folders that exist for all but the first write (a month's images, the mail outbox): no
 * folder check on every write.
 */
export async function inFolderMadeOnDemand(file: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await write();
  }
}
