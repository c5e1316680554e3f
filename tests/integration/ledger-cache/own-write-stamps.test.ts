// This process's own writes to the ledger (ledgerTransaction, server/works/ledger-transaction.ts):
// when one commits, the change stamps are read on the writer's connection before the writer hears
// of its commit, so the next request needs no read of its own; a rolled-back ledger transaction
// and a transaction that only reads report nothing. Runs on the embedded database and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CHANGED_CHANNEL, LedgerStampSource } from '../../../server/ledger-cache/ledger-stamps';
import { readLedgerStamps } from '../../../server/ledger-cache/stamps-repository';
import { useLedgerStampSource } from '../../../server/ledger-cache/process-stamps';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';
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
  // The source ledgerTransaction reports to, counting the reads it makes for requests itself.
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
    await ledgerTransaction(testDb.database.db, (trx) => insertWork(trx, { title: 'Registered' }));
    const after = await source.current();
    expect(Number(after.additions)).toBe(Number(before.additions) + 1);
    expect(Number(after.lastSeq)).toBe(Number(before.lastSeq) + 1);
    expect(after).toEqual(await readLedgerStamps(testDb.database.db));
    expect(readsByRequests).toBe(readsBefore);
  });

  it('knows the stamps of a work made private without a read of its own', async () => {
    const { id } = await insertWork(testDb.database.db, { title: 'To be hidden' });
    const before = await source.current();
    const readsBefore = readsByRequests;
    await ledgerTransaction(testDb.database.db, (trx) => sql`UPDATE submissions SET is_public = false WHERE id = ${id}`.execute(trx));
    const after = await source.current();
    expect(Number(after.changes)).toBeGreaterThan(Number(before.changes));
    expect(after).toEqual(await readLedgerStamps(testDb.database.db));
    expect(readsByRequests).toBe(readsBefore);
  });

  it('reports nothing for a rolled-back registration or a transaction that only reads', async () => {
    const noticesBefore = notices;
    await expect(
      ledgerTransaction(testDb.database.db, async (trx) => {
        await insertWork(trx, { title: 'Rolled back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await testDb.database.db.transaction().execute((trx) => trx.selectFrom('submissions').select('id').limit(1).execute());
    expect(notices).toBe(noticesBefore);
  });
});
