// A separate server-like process that appends log events to a shared PostgreSQL database:
//
//   node --import tsx tests/integration/tlog/append-worker.ts <database url> <count> [barrier lock id]
//
// Runs its appends over 4 pooled connections at once, so leaf positions are contended both
// between processes and inside this one. Prints the leaf indexes it was given, as JSON.
// With a barrier lock id, it first waits for that advisory lock (held by the test until every
// worker is waiting), so all workers start appending at the same moment.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/database';
import { appendLogEvent } from '../../../server/tlog/store';

const [url, countText, barrierText] = process.argv.slice(2);
const count = Number(countText);
if (!url || !Number.isSafeInteger(count) || count < 1) {
  console.error('Usage: append-worker.ts <database url> <count>');
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
if (barrierText) {
  const lockId = Number(barrierText);
  await database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock_shared(${lockId})`.execute(conn);
    await sql`SELECT pg_advisory_unlock_shared(${lockId})`.execute(conn);
  });
}
const indexes: number[] = [];
let next = 0;

async function appendLoop(): Promise<void> {
  while (next < count) {
    next += 1;
    const leaf = await database.db.transaction().execute((trx) =>
      appendLogEvent(trx, {
        registry_id: `VW-2026-${String(crypto.randomInt(1, 1_000_000)).padStart(6, '0')}`,
        submission_id: crypto.randomUUID(),
        image_sha256: crypto.randomBytes(32).toString('hex'),
        event: 'created',
        time: new Date(),
      }),
    );
    indexes.push(leaf.leafIndex);
  }
}

try {
  await Promise.all([appendLoop(), appendLoop(), appendLoop(), appendLoop()]);
  console.log(JSON.stringify({ pid: process.pid, indexes }));
} finally {
  await database.close();
}
