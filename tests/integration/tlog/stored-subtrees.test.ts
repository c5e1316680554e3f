// Proofs and roots from stored subtree hashes (tlog_subtrees, migration 009): a process that just
// started answers with a handful of stored hashes and the leaves at the log's edge, never a
// pass over the whole log, and every root and proof is identical to one recomputed from all
// leaves.
import crypto from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from '../../../server/db/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLeafHashes, readLeafHashSpans } from '../../../server/tlog/log-repository';
import { databaseSubtreeStore, keepSubtreesInMemory, logTree } from '../../../server/tlog/log-tree';
import { consistencyProof, consistencyProofRanges, inclusionProof, inclusionProofRanges } from '../../../server/tlog/merkle';
import { appendLogEvents } from '../../../server/tlog/store';
import { TreeHasher, type SubtreeStore } from '../../../server/tlog/tree-hasher';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { refRoot, refVerifyInclusion } from './reference-verifier';

const LEAVES = 3000;
let t: TestDatabase;
let all: Buffer[] = [];

/** A hasher as a freshly started process has it: nothing in memory, the database's stored hashes. */
function freshProcess(options: { spans?: boolean } = {}) {
  const counts = { leavesRead: 0, storeReads: 0, spanReads: 0 };
  const store = databaseSubtreeStore(t.database.db);
  const counted: SubtreeStore = {
    read: (nodes) => {
      counts.storeReads += 1;
      return store.read(nodes);
    },
    write: (nodes) => store.write(nodes),
  };
  const hasher = new TreeHasher(
    async (start, end) => {
      counts.leavesRead += end - start;
      return readLeafHashes(t.database.db, start, end);
    },
    {
      store: counted,
      readSpans: options.spans
        ? (ranges) => {
            counts.spanReads += 1;
            return readLeafHashSpans(t.database.db, ranges);
          }
        : undefined,
    },
  );
  return { hasher, counts };
}

const hex = (hashes: Uint8Array[]) => hashes.map((h) => Buffer.from(h).toString('hex'));

beforeAll(async () => {
  t = await createTestDatabase();
  const time = new Date('2026-03-01T12:00:00Z');
  for (let first = 0; first < LEAVES; first += 500) {
    const events = Array.from({ length: 500 }, (_, i) => ({
      registry_id: `VW-2026-${String(first + i + 1).padStart(6, '0')}`,
      submission_id: crypto.randomUUID(),
      image_sha256: crypto
        .createHash('sha256')
        .update(`image ${first + i}`)
        .digest('hex'),
      event: 'created' as const,
      time,
    }));
    await t.database.db.transaction().execute((trx) => appendLogEvents(trx, events));
  }
  all = (await readLeafHashes(t.database.db, 0, LEAVES)).map((h) => Buffer.from(h));
}, 60_000);
afterAll(async () => {
  await t.drop();
});

describe('transparency log: stored subtree hashes', () => {
  it('are written by the first computation: one per complete block of 16, 32, … 2048 leaves', async () => {
    const first = freshProcess();
    expect(Buffer.from(await first.hasher.hashRange(0, LEAVES)).toString('hex')).toBe(refRoot(all).toString('hex'));
    expect(first.counts.leavesRead).toBe(LEAVES);
    const stored = await sql<{ level: number; n: string }>`
      SELECT level, count(*) AS n FROM tlog_subtrees GROUP BY level ORDER BY level`.execute(t.database.db);
    expect(stored.rows.map((r) => [r.level, Number(r.n)])).toEqual([
      [4, 187],
      [5, 93],
      [6, 46],
      [7, 23],
      [8, 11],
      [9, 5],
      [10, 2],
      [11, 1],
    ]);
  });

  it('let a restarted process compute the root of 3,000 leaves from 6 stored hashes and the 8 edge leaves, in one store query', async () => {
    const { hasher, counts } = freshProcess();
    // 3000 = 2048 + 512 + 256 + 128 + 32 + 16 + 8: six stored subtrees, and the edge read as leaves.
    expect(Buffer.from(await hasher.hashRange(0, LEAVES)).toString('hex')).toBe(refRoot(all).toString('hex'));
    expect(counts.leavesRead).toBe(8);
    expect(counts.storeReads).toBe(1);
  });

  it('give inclusion proofs identical to ones recomputed from every leaf, reading at most two blocks of 16 leaves each', async () => {
    for (const size of [LEAVES, 2999, 2048, 1025, 257]) {
      const leaves = all.slice(0, size);
      const root = refRoot(leaves).toString('hex');
      for (const index of [0, 1, 255, 256, 1000, size - 1].filter((i) => i < size)) {
        const { hasher, counts } = freshProcess();
        const proof = hex(await hasher.hashRanges(inclusionProofRanges(index, size)));
        expect(proof).toEqual(hex(inclusionProof(index, leaves)));
        expect(refVerifyInclusion(all[index].toString('hex'), index, size, proof, root)).toBe(true);
        expect(counts.leavesRead).toBeLessThanOrEqual(32);
      }
    }
  });

  it("read an inclusion proof's leaves (its own block and the log's edge) in one query, beside the one store query", async () => {
    const size = 2999;
    const leaves = all.slice(0, size);
    for (const index of [0, 17, 1000, 2990]) {
      const { hasher, counts } = freshProcess({ spans: true });
      const proof = hex(await hasher.hashRanges(inclusionProofRanges(index, size)));
      expect(proof).toEqual(hex(inclusionProof(index, leaves)));
      expect(counts).toEqual({ leavesRead: 0, storeReads: 1, spanReads: 1 });
    }
  });

  it("keep the hash of the log's ragged edge: the next proof against the same size reads only its own block", async () => {
    // 2999 = 2048 + 951: a leaf below 2048 has MTH(D[2048:2999]) in its path, which ends in 7 loose leaves.
    const size = 2999;
    const leaves = all.slice(0, size);
    const spans: number[] = [];
    const hasher = new TreeHasher((start, end) => readLeafHashes(t.database.db, start, end), {
      store: databaseSubtreeStore(t.database.db),
      readSpans: (ranges) => {
        spans.push(ranges.reduce((n, [start, end]) => n + end - start, 0));
        return readLeafHashSpans(t.database.db, ranges);
      },
    });
    for (const index of [0, 100, 2000, 17]) {
      const proof = hex(await hasher.hashRanges(inclusionProofRanges(index, size)));
      expect(proof).toEqual(hex(inclusionProof(index, leaves)));
      expect(refVerifyInclusion(all[index].toString('hex'), index, size, proof, refRoot(leaves).toString('hex'))).toBe(true);
    }
    // The first proof read the 15 other leaves of its block and the edge's 7; then the edge was
    // kept, and each proof after it read its own block's 15 alone.
    expect(spans).toEqual([22, 15, 15, 15]);
    // A proof against another size has another edge: read once, as before.
    const proof = hex(await hasher.hashRanges(inclusionProofRanges(5, 2990)));
    expect(proof).toEqual(hex(inclusionProof(5, all.slice(0, 2990))));
    expect(spans.slice(4)).toEqual([15 + 14]);
  });

  it('are read into memory once the server listens, after which a proof is a single query for its own leaves', async () => {
    // A process of its own: a second Kysely over the same pool gets a hasher of its own.
    const statements: string[] = [];
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: t.database.pool }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    expect(await keepSubtreesInMemory(db)).toBe(187 + 93 + 46 + 23 + 11 + 5 + 2 + 1);
    expect(logTree(db).memoised).toBe(368);
    const size = 2999;
    const leaves = all.slice(0, size);
    for (const index of [0, 17, 1000, 2990]) {
      statements.length = 0;
      const proof = hex(await logTree(db).hashRanges(inclusionProofRanges(index, size)));
      expect(proof).toEqual(hex(inclusionProof(index, leaves)));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/from "tlog_leaves"/);
    }
  });

  it('give consistency proofs identical to ones recomputed from every leaf', async () => {
    for (const [m, n] of [
      [1, LEAVES],
      [256, LEAVES],
      [1000, 2999],
      [2048, LEAVES],
      [2999, LEAVES],
      [300, 301],
    ]) {
      const { hasher, counts } = freshProcess();
      const proof = hex(await hasher.hashRanges(consistencyProofRanges(m, n)));
      expect(proof).toEqual(hex(consistencyProof(m, all.slice(0, n))));
      expect(counts.leavesRead).toBeLessThanOrEqual(32);
    }
  });
  it('hash a long range piece by piece: no read holds more leaves than a piece, each leaf read once', async () => {
    // As the first root over a log grown in bulk (no stored subtree): with pieces of 256 leaves,
    // 3,000 leaves are read 256 at a time (11 pieces, then the 184 at the edge), not all at once.
    const reads: number[] = [];
    const hasher = new TreeHasher(
      async (start, end) => {
        reads.push(end - start);
        return readLeafHashes(t.database.db, start, end);
      },
      { pieceLeaves: 256 },
    );
    expect(Buffer.from(await hasher.hashRange(0, LEAVES)).toString('hex')).toBe(refRoot(all).toString('hex'));
    expect(Math.max(...reads)).toBe(256);
    expect(reads.reduce((sum, n) => sum + n, 0)).toBe(LEAVES);
    expect(reads.filter((n) => n === 256)).toHaveLength(11);
    expect(() => new TreeHasher(async () => [], { pieceLeaves: 100 })).toThrow(RangeError);
  });
});
