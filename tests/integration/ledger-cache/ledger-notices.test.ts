// Kept ledger answers follow changes made by other server processes through the database's
// notices (migration 018, server/ledger-cache/ledger-stamps.ts): a process serves its kept first page until
// a notice says the ledger changed, shows the change once the notice arrives (a new work at most
// LEDGER_ADDITIONS_SERVED_EVERY_MS later), and, should a notice be lost, within
// LEDGER_NOTICE_BOUND_SECONDS anyway. A process shows its own writes before the writer answers.
// The other process here is a second connection pool on the same PostgreSQL database; the
// embedded database has one process only, so there the test covers that process's own writes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '../../../core/api-types';
import { LEDGER_ADDITIONS_SERVED_EVERY_MS, LEDGER_NOTICE_BOUND_SECONDS } from '../../../core/constants';
import { openDatabase, type Database } from '../../../server/db/database';
import { LEDGER_CHANGED_CHANNEL } from '../../../server/ledger-cache/ledger-stamps';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

let t: TestApp;
let otherProcess: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  if (t.testDb.url)
    otherProcess = await openDatabase({ databaseUrl: t.testDb.url, poolSize: 2, onIdleConnectionError: () => undefined });
  await insertWork(t.deps.db, { title: 'First work' });
});
afterAll(async () => {
  await otherProcess?.close();
  await t.close();
});

const newestTitle = async () => (await t.app.inject({ method: 'GET', url: '/api/ledger' })).json<LedgerResponse>().items[0]?.title;

/** Resolves with the next ledger notice this test's own listener receives. */
async function nextNotice(database: Database): Promise<() => Promise<void>> {
  let heard: () => void = () => undefined;
  const notice = new Promise<void>((resolve) => (heard = resolve));
  const stop = await database.listen(LEDGER_CHANGED_CHANNEL, () => heard());
  return async () => {
    await notice;
    await stop();
  };
}

describe('kept first pages and the notices of other processes', () => {
  it("shows a work registered through this process's own connections at the very next request", async () => {
    expect(await newestTitle()).toBe('First work');
    // As a registration does, insertWork answers only once the work is served: new works are
    // served at most every LEDGER_ADDITIONS_SERVED_EVERY_MS (decision 0044), so one inserted just
    // after the last ones were served waits for its turn.
    await insertWork(t.deps.db, { title: 'Own work' });
    expect(await newestTitle()).toBe('Own work');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `shows a work registered by another process at most ${LEDGER_ADDITIONS_SERVED_EVERY_MS} ms after its notice has arrived`,
    async () => {
      const other = otherProcess!;
      expect(await newestTitle()).toBe('Own work');
      const noticed = await nextNotice(t.deps.database);
      await insertWork(other.db, { title: 'Work from elsewhere' });
      await noticed();
      // New works are served at most every LEDGER_ADDITIONS_SERVED_EVERY_MS (decision 0044); the
      // 20 ms beyond it are for the stamps' read.
      await new Promise((r) => setTimeout(r, LEDGER_ADDITIONS_SERVED_EVERY_MS + 20));
      expect(await newestTitle()).toBe('Work from elsewhere');
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps serving its first page while no notice comes, and reads the ledger again within the bound when a notice is lost',
    async () => {
      const other = otherProcess!;
      const before = await newestTitle();
      // A registration whose notice never arrives: the announcing trigger is off for its transaction only.
      await other.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE ledger_version DISABLE TRIGGER ledger_version_announce_change`.execute(trx);
        await insertWork(trx, { title: 'Unannounced work' });
        await sql`ALTER TABLE ledger_version ENABLE TRIGGER ledger_version_announce_change`.execute(trx);
      });
      expect(await newestTitle()).toBe(before);
      await new Promise((r) => setTimeout(r, LEDGER_NOTICE_BOUND_SECONDS * 1000 + 50));
      expect(await newestTitle()).toBe('Unannounced work');
    },
  );

  it('sends one notice for a registration and none for a change no public answer shows (an e-mail token)', async () => {
    const heard: string[] = [];
    let done: () => void = () => undefined;
    const registrationHeard = new Promise<void>((resolve) => (done = resolve));
    const stop = await t.deps.database.listen(LEDGER_CHANGED_CHANNEL, (payload) => {
      heard.push(payload);
      // Notices arrive in commit order: the registration's is the one after the marker.
      if (heard.indexOf('marker') !== -1 && heard.length > heard.indexOf('marker') + 1) done();
    });
    await sql`UPDATE submissions SET email_verify_token_hash = 'abc', email_verify_sent_at = now()`.execute(t.deps.db);
    await sql`SELECT pg_notify(${LEDGER_CHANGED_CHANNEL}, 'marker')`.execute(t.deps.db);
    await insertWork(t.deps.db, { title: 'Announced work' });
    await registrationHeard;
    await stop();
    // The registration's notice names the connection that wrote it (its backend process id).
    expect(heard).toEqual(['marker', expect.stringMatching(/^[1-9][0-9]*$/)]);
  });
});
