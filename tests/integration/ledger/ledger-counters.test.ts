// The ledger's figures are counter rows kept by the database in each writer's transaction
// (migration 008), never a count of every row per request. After every kind of change they must
// equal a count from scratch, and the ledger page, the public API and the admin dashboard show
// them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LedgerResponse } from '../../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../../core/constants';
import { insertWork } from '../../helpers/factories';
import { adminPost, createAdminAccount, createAdminTestApp, signIn, type AdminTestApp } from '../admin/admin-test-kit';
import { registerWork } from '../submissions/helpers';
import { dashboardCounts } from '../../../server/admin/dashboard-repository';

let t: AdminTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  await createAdminAccount(t);
  cookie = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

type Figures = Record<string, number>;

/** The counter rows that are not zero, as 'kind/value' → n. */
async function counters(): Promise<Figures> {
  const rows = await sql<{ kind: string; value: string; n: string }>`SELECT kind, value, n FROM ledger_counters WHERE n <> 0`.execute(
    t.deps.db,
  );
  return Object.fromEntries(rows.rows.map((r) => [`${r.kind}/${r.value}`, Number(r.n)]));
}

/** The same figures counted from every row, as the summary did before counters existed. */
async function countedFromScratch(): Promise<Figures> {
  const rows = await sql<{ key: string; n: string }>`
    SELECT 'public/' AS key, count(*) AS n FROM public_submissions
    UNION ALL SELECT 'public_verified/', count(*) FROM public_submissions WHERE trust_meter >= ${VERIFIED_THRESHOLD}
    UNION ALL SELECT 'training/', count(*) FROM public_submissions WHERE allow_ai_training
    UNION ALL SELECT 'active/', count(*) FROM active_submissions
    UNION ALL SELECT 'active_verified/', count(*) FROM active_submissions WHERE trust_meter >= ${VERIFIED_THRESHOLD}
    UNION ALL SELECT 'artist/' || lower(artist_name), count(*) FROM active_submissions GROUP BY lower(artist_name)
    UNION ALL SELECT 'tool/' || tool, count(*) FROM public_submissions GROUP BY tool
    UNION ALL SELECT 'platform/' || platform, count(*) FROM public_submissions GROUP BY platform
    UNION ALL SELECT 'tag/' || tag, count(*) FROM (SELECT unnest(tags) AS tag FROM public_submissions) t GROUP BY tag
    UNION ALL SELECT 'public_artist/' || artist_name, count(*) FROM public_submissions GROUP BY artist_name
    UNION ALL SELECT 'public_artist_verified/' || artist_name, count(*) FROM public_submissions
      WHERE trust_meter >= ${VERIFIED_THRESHOLD} GROUP BY artist_name`.execute(t.deps.db);
  return Object.fromEntries(rows.rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
}

const ledger = async () => (await t.app.inject({ method: 'GET', url: '/api/ledger' })).json<LedgerResponse>();

describe('ledger counters', () => {
  it('equal a count from scratch after registrations, removal, restore, making private, purge and a direct delete', async () => {
    const first = await insertWork(t.deps.db, {
      title: 'Counted A',
      tool: 'Krea',
      platform: 'Discord',
      tags: ['AI Art', 'sea'],
      trust_meter: 80,
    });
    await insertWork(t.deps.db, {
      title: 'Counted B',
      tool: 'Krea',
      tags: ['AI Art', 'sea', 'sky'],
      allow_ai_training: true,
      trust_meter: 40,
    });
    await insertWork(t.deps.db, { title: 'Counted private', tool: 'Flux', is_public: false, trust_meter: 90 });
    const registered = (await registerWork(t.app, { title: 'Counted registered', tags: ['sky'], platform: 'Mobile' })).created;
    expect(await counters()).toEqual(await countedFromScratch());
    expect(await counters()).toMatchObject({ 'public/': 3, 'active/': 4, 'tool/Krea': 2, 'tag/sea': 2, 'tag/sky': 2, 'training/': 1 });

    expect((await adminPost(t, `/api/admin/submissions/${first.id}/remove`, { reason: 'Spam' }, cookie)).statusCode).toBe(200);
    expect(await counters()).toEqual(await countedFromScratch());
    expect((await counters())['tool/Krea']).toBe(1);

    expect((await adminPost(t, `/api/admin/submissions/${first.id}/restore`, { reason: 'Proved' }, cookie)).statusCode).toBe(200);
    expect(await counters()).toEqual(await countedFromScratch());
    expect((await counters())['tool/Krea']).toBe(2);

    await t.deps.db.updateTable('submissions').set({ is_public: false }).where('id', '=', registered.id).execute();
    expect(await counters()).toEqual(await countedFromScratch());
    expect((await counters())['platform/Mobile']).toBeUndefined();

    await t.deps.db
      .updateTable('submissions')
      .set({ trust_meter: 99, tags: ['AI Art', 'storm'] })
      .where('id', '=', first.id)
      .execute();
    expect(await counters()).toEqual(await countedFromScratch());

    expect((await adminPost(t, `/api/admin/submissions/${first.id}/remove`, { reason: 'Stolen' }, cookie)).statusCode).toBe(200);
    expect(
      (await adminPost(t, `/api/admin/submissions/${first.id}/purge`, { reason: 'Erase', confirm: first.registry_id }, cookie))
        .statusCode,
    ).toBe(200);
    expect(await counters()).toEqual(await countedFromScratch());

    await t.deps.db.deleteFrom('submissions').where('id', '=', registered.id).execute();
    expect(await counters()).toEqual(await countedFromScratch());
  });

  it('shows the counted figures on the ledger page, in the public API and on the admin dashboard', async () => {
    const scratch = await countedFromScratch();
    const body = await ledger();
    expect(body.total).toBe(scratch['public/']);
    expect(body.total_exact).toBe(true);
    expect(body.total_verified).toBe(scratch['public_verified/'] ?? 0);
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=1' })).json();
    expect(api.metadata).toMatchObject({ total_entries: scratch['public/'], total_exact: true });
    const training = (await t.app.inject({ method: 'GET', url: '/api/v1/ledger?training_allowed=true' })).json();
    expect(training.metadata.total_entries).toBe(scratch['training/']);
    expect(await dashboardCounts(t.deps.db)).toEqual({
      all: scratch['active/'],
      at_least_62: scratch['active_verified/'] ?? 0,
      below_62: scratch['active/'] - (scratch['active_verified/'] ?? 0),
    });
  });
});
