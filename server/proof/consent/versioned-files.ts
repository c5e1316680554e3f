// Files built from the ledger at most once per ledger version (server/ledger-cache/): a
// request reads one counter and, while nothing changed, gets the body built before with its ETag.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { readLedgerVersion } from '../../ledger-cache';
import type { DB } from '../../db/types';

export interface BuiltFile {
  body: string;
  etag: string;
}

export function builtFile(body: string): BuiltFile {
  return { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url')}"` };
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2): W/"x" matches "x"; '*' matches any. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * A keyed set of files, each rebuilt only when the ledger version moved since it was built. At
 * most `maxEntries` keys are kept (least recently used go first), so daily deltas stay bounded.
 * A file given `minAgeMs` is also kept that long after it was built even if the ledger moved:
 * for files that read the whole ledger, so a busy ledger does not rebuild them on every request.
 */
export class VersionedFiles {
  private readonly entries = new Map<string, { version: string; builtAt: number; file: Promise<BuiltFile> }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxEntries: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(key: string, build: () => Promise<string>, minAgeMs = 0): Promise<BuiltFile> {
    const version = await readLedgerVersion(this.db);
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && (hit.version === version || this.now().getTime() - hit.builtAt < minAgeMs)) {
      this.entries.set(key, hit);
      return hit.file;
    }
    const entry = { version, builtAt: this.now().getTime(), file: build().then(builtFile) };
    // A failed build is not kept: the next request builds again.
    entry.file.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry.file;
  }
}
