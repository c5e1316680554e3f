// The promise of server/ledger-cache/README.md, seen from outside: a change written through the
// works layer (a registration over HTTP, a withdrawal by the lifecycle in a ledgerTransaction)
// in one server process shows at once in that process's kept ledger page, and in the kept page of
// a second process on the same database within LEDGER_NOTICE_BOUND_SECONDS however its notice
// fares. On PostgreSQL the second process has a pool and a LISTEN connection of its own, as
// another server has; the embedded database serves one process only (its folder is locked to
// it), so there the second app shares the first's database handle.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LedgerResponse } from '../../../core/api-types';
import { LEDGER_NOTICE_BOUND_SECONDS } from '../../../core/constants';
import { openDatabase, type Database } from '../../../server/db/database';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';
import { softDeleteSubmission } from '../../../server/works/lifecycle';
import { findWork } from '../../../server/works/works-repository';
import { NO_WORK_EVENTS } from '../../../server/works/work-events';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { registerWork } from '../submissions/helpers';

const BOUND_MS = LEDGER_NOTICE_BOUND_SECONDS * 1000;

let a: TestApp;
let b: TestApp;
/** The second process's own database handle (PostgreSQL only). */
let second: Database | undefined;

beforeAll(async () => {
  // Every process signs for the one log with the same key, as a deployment configures it.
  const logKey = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const env = { TLOG_SIGNING_KEY: logKey };
  a = await createTestApp({ env });
  const url = a.testDb.url;
  if (url) second = await openDatabase({ databaseUrl: url, poolSize: 2, onIdleConnectionError: () => undefined });
  b = await createTestApp({ env, sharedDatabase: second ? { database: second, url, drop: async () => undefined } : a.testDb });
  await insertWork(a.deps.db, { title: 'Older work' });
});
afterAll(async () => {
  await b?.close();
  await second?.close();
  await a?.close();
});

const ledgerIds = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/ledger' })).json<LedgerResponse>().items.map((w) => w.registry_id);

/** Asks `app` for its first ledger page until `shows` holds; resolves with the milliseconds it took. */
async function msUntil(app: FastifyInstance, shows: (ids: string[]) => boolean, since: number): Promise<number> {
  const deadline = since + BOUND_MS * 3;
  while (!shows(await ledgerIds(app))) {
    if (performance.now() > deadline) throw new Error(`not shown after ${BOUND_MS * 3} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - since;
}

describe('a write through the works layer, seen by a second server process', () => {
  it(`shows a registration in both processes' kept first pages, the other's within ${LEDGER_NOTICE_BOUND_SECONDS} s`, async () => {
    // Both processes keep their first page now.
    const before = await ledgerIds(a.app);
    expect(before).toHaveLength(1);
    expect(await ledgerIds(b.app)).toEqual(before);

    const { created } = await registerWork(a.app, { title: 'Registered in the first process' });
    const registeredAt = performance.now();
    // The writer's own process: at once, in the first answer after the 201.
    expect(await ledgerIds(a.app)).toEqual([created.registry_id, ...before]);
    const ms = await msUntil(b.app, (ids) => ids[0] === created.registry_id, registeredAt);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await ledgerIds(b.app)).toEqual([created.registry_id, ...before]);
  });

  it(`drops a work withdrawn through the lifecycle from the other's kept page within ${LEDGER_NOTICE_BOUND_SECONDS} s`, async () => {
    const shown = await ledgerIds(b.app);
    const [newest, ...rest] = shown;
    expect(rest).toHaveLength(1);
    await ledgerTransaction(a.deps.db, async (trx) => {
      const row = await findWork(trx, newest!, true);
      await softDeleteSubmission(trx, row!, 'Withdrawn for the test', {
        admin: { id: null, email: 'test@localhost' },
        now: new Date(),
        meta: { ip: null, user_agent: null },
        events: NO_WORK_EVENTS,
      });
    });
    const withdrawnAt = performance.now();
    expect(await ledgerIds(a.app)).toEqual(rest);
    const ms = await msUntil(b.app, (ids) => !ids.includes(newest!), withdrawnAt);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await ledgerIds(b.app)).toEqual(rest);
  });
});
