// Kept list answers after a registration (cached-answers.ts): a first page shows the new work by
// the time its registration answers, a deeper page may lag by LEDGER_LIST_STALE_SECONDS and no
// more, and a work removed or made private leaves every answer at once, also those another
// server process on the same database had kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LedgerResponse } from '../../../core/api-types';
import { buildApp } from '../../../server/app';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { TestClock } from './test-clock';

const clock = new TestClock();
let t: TestApp;
let other: FastifyInstance;
const at = (minutes: number) => new Date(Date.now() - 24 * 60 * 60 * 1000 + minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  // A second server process on the same database, with caches of its own.
  other = await buildApp(t.deps, { logger: false });
  await other.ready();
  for (let i = 1; i <= 20; i++) await insertWork(t.deps.db, { title: `Kept ${i}`, created_at: at(i) });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A work registered as a registration does it: answered once this process serves it. */
const register = (title: string, minutes: number) => insertWork(t.deps.db, { title, created_at: at(minutes) });

const titlesOf = async (app: FastifyInstance, url: string) => {
  const body = (await app.inject({ method: 'GET', url })).json<LedgerResponse & { data?: { title: string }[] }>();
  return (body.data ?? body.items).map((w) => w.title);
};

describe('kept list answers', () => {
  it('shows a new work on first pages once its registration answers, and deeper pages follow within the stated bound', async () => {
    const deep = ['/api/ledger?page=2', '/api/v1/ledger?limit=12&offset=12'];
    const deepBefore = await Promise.all(deep.map((url) => titlesOf(t.app, url)));
    expect(deepBefore[0]).toEqual(['Kept 8', 'Kept 7', 'Kept 6', 'Kept 5', 'Kept 4', 'Kept 3', 'Kept 2', 'Kept 1']);
    expect(deepBefore[1]).toEqual(deepBefore[0]);
    await titlesOf(t.app, '/api/ledger?search=nothing-like-this');

    await register('Newcomer', 30);
    expect((await titlesOf(t.app, '/api/ledger'))[0]).toBe('Newcomer');
    expect((await titlesOf(t.app, '/api/v1/ledger?limit=12'))[0]).toBe('Newcomer');
    for (const [i, url] of deep.entries()) expect(await titlesOf(t.app, url), url).toEqual(deepBefore[i]);

    clock.passListStaleBound();
    for (const url of deep) expect((await titlesOf(t.app, url))[0], url).toBe('Kept 9');
  });

  it('drops a work made private or removed from every kept answer and the single-work answer, in every process', async () => {
    const victim = await register('Soon private', 2.5);
    const removed = await register('Soon removed', 1.5);
    clock.passListStaleBound();
    const urls = ['/api/ledger?page=2', '/api/v1/ledger?limit=12&offset=12', `/api/ledger?search=${victim.registry_id}`];
    for (const app of [t.app, other]) {
      expect(await titlesOf(app, urls[0])).toContain('Soon private');
      expect((await app.inject({ method: 'GET', url: `/api/submissions/${victim.id}` })).statusCode).toBe(200);
      for (const url of urls) await titlesOf(app, url);
    }

    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ is_public: false }).where('id', '=', victim.id).execute(),
    );
    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ deleted_at: new Date() }).where('id', '=', removed.id).execute(),
    );
    for (const app of [t.app, other]) {
      for (const url of urls) {
        const titles = await titlesOf(app, url);
        expect(titles, url).not.toContain('Soon private');
        expect(titles, url).not.toContain('Soon removed');
      }
      expect((await app.inject({ method: 'GET', url: `/api/submissions/${victim.id}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/submissions/${removed.id}` })).statusCode).toBe(404);
    }
  });
});
