// This process's own writes to the ledger (server/db/ledger-write-watch.ts): when a write commits,
// the change stamps are read on the writer's connection before the writer hears of its commit, so
// the next request needs no read of its own; a rolled-back write and a read-only transaction
// report nothing. Runs on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CHANGED_CHANNEL, LedgerStampSource, readLedgerStamps, useLedgerStampSource } from '../../../server/db/ledger-stamps';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { insertWork } from '../../helpers/factories';

let testDb: TestDatabase;
let source: LedgerStampSource;
let readsByRequests = 0;
let notices = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { database } = testDb;
  let listening: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (listening = resolve));
  // The source the write watch reports to, counting the reads it makes for requests itself.
  source = new LedgerStampSource(
    () => {
      readsByRequests++;
      return readLedgerStamps(database.db);
    },
    {
      subscribe: (onNotice, onListening) =>
        database.listen(LEDGER_CHANGED_CHANNEL, onNotice, (on) => {
          onListening(on);
          if (on) listening();
        }),
      isOwnNotice: () => true,
      // Every write's stamps served at once: these tests are about what is read, not when it is served.
      additionsEveryMs: 0,
    },
  );
  useLedgerStampSource(database.db, source);
  source.onNotice(() => notices++);
  await source.current();
  await connected;
});
afterAll(async () => {
  await source.close();
  await testDb.drop();
});

describe("the stamps after this process's own writes", () => {
  it('knows the stamps of a committed registration without a read of its own', async () => {
    const before = await source.current();
    const readsBefore = readsByRequests;
    await testDb.database.db.transaction().execute((trx) => insertWork(trx, { title: 'Registered' }));
    const after = await source.current();
    expect(Number(after.additions)).toBe(Number(before.additions) + 1);
    expect(Number(after.lastSeq)).toBe(Number(before.lastSeq) + 1);
    expect(after).toEqual(await readLedgerStamps(testDb.database.db));
    expect(readsByRequests).toBe(readsBefore);
  });

  it('knows the stamps of a write made outside a transaction without a read of its own', async () => {
    const before = await source.current();
    const readsBefore = readsByRequests;
    const { id } = await insertWork(testDb.database.db, { title: 'To be hidden' });
    await sql`UPDATE submissions SET is_public = false WHERE id = ${id}`.execute(testDb.database.db);
    const after = await source.current();
    expect(Number(after.changes)).toBeGreaterThan(Number(before.changes));
    expect(after).toEqual(await readLedgerStamps(testDb.database.db));
    expect(readsByRequests).toBe(readsBefore);
  });

  it('reports nothing for a rolled-back registration or a transaction that only reads', async () => {
    const noticesBefore = notices;
    await expect(
      testDb.database.db.transaction().execute(async (trx) => {
        await insertWork(trx, { title: 'Rolled back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await testDb.database.db.transaction().execute((trx) => trx.selectFrom('submissions').select('id').limit(1).execute());
    expect(notices).toBe(noticesBefore);
  });
});
