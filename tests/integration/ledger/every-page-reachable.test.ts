// Every numbered page of the whole ledger is served, with the works a full sort would put there,
// also more than 10,000 works from both ends (decision 0071): the segment counts of migration
// 034 place it. 20,500 works are inserted in one statement, then changed the ways the registry
// changes them (hidden, removed, restored, re-scored, given links, registered one by one,
// purged), and every order is compared with a direct sort of the public rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LedgerResponse } from '../../../core/api-types';
import { PAGE_SIZES } from '../../../core/constants';
import { LEDGER_SORTS, type LedgerSort } from '../../../core/tools';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { segmentStart } from '../../../server/ledger/page-segments-repository';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';

const WORKS = 20_500;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Every 7th work shares its time with the one before (the id decides); scores and link counts vary.
  await sql`
    INSERT INTO submissions (registry_seq, registry_id, title, artist_name, author_full_name, author_email,
                             tool, platform, trust_meter, verification_resources, created_at)
    SELECT 1000000 + i, 'VW-2026-' || (1000000 + i), 'Bulk work ' || i, 'Bulk Artist', 'Bulk Author',
           'bulk@example.com', 'Midjourney', 'Web', (i * 37) % 101,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('url', 'https://example.com/' || i || '/' || k)), '[]'::jsonb)
              FROM generate_series(1, i % 4) AS k),
           '2026-01-01T00:00:00Z'::timestamptz - make_interval(secs => i - (i % 7 = 0)::int)
    FROM generate_series(1, ${WORKS}::int) AS i`.execute(t.deps.db);
  const db = t.deps.db;
  await sql`UPDATE submissions SET is_public = false WHERE registry_seq % 113 = 0`.execute(db);
  await sql`UPDATE submissions SET deleted_at = now() WHERE registry_seq % 151 = 0`.execute(db);
  await sql`UPDATE submissions SET deleted_at = NULL WHERE registry_seq % 302 = 0`.execute(db);
  await sql`UPDATE submissions SET trust_meter = 100 - trust_meter WHERE registry_seq % 5 = 0`.execute(db);
  await sql`UPDATE submissions SET verification_resources = '[]'::jsonb WHERE registry_seq % 9 = 0`.execute(db);
  await sql`DELETE FROM submissions WHERE registry_seq % 211 = 0`.execute(db);
  for (let i = 0; i < 30; i++) await insertWork(db, { title: `Single ${i}`, trust_meter: (i * 13) % 101 });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const ORDER: Record<LedgerSort, string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  status: 'trust_meter DESC, created_at DESC, id DESC',
  'most-linked': `CASE WHEN jsonb_typeof(verification_resources) = 'array' THEN jsonb_array_length(verification_resources) ELSE 0 END DESC, created_at DESC, id DESC`,
};

async function expectedIds(sort: LedgerSort): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM public_submissions ORDER BY ${sql.raw(ORDER[sort])}`.execute(t.deps.db);
  return rows.map((r) => r.id);
}

const ledger = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ledger${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<LedgerResponse>();
};

describe('segment counts', () => {
  it('hold every public work once, at most 1,000 to a segment, in every order', async () => {
    const { rows } = await sql<{ kind: string; total: string; largest: number; wrong: string }>`
      WITH bounds AS (
        SELECT g.*, lead(g.value) OVER w AS uv, lead(g.created_at) OVER w AS uc, lead(g.id) OVER w AS ui
        FROM ledger_page_segments g WINDOW w AS (PARTITION BY g.kind ORDER BY g.value, g.created_at, g.id)
      )
      SELECT b.kind, sum(b.n)::text AS total, max(b.n) AS largest,
             count(*) FILTER (WHERE b.n <> (SELECT count(*) FROM ledger_segment_keys(b.kind, b.value, b.created_at, b.id, b.uv, b.uc, b.ui)))::text AS wrong
      FROM bounds b GROUP BY b.kind ORDER BY b.kind`.execute(t.deps.db);
    const publicCount = (await expectedIds('newest')).length;
    expect(rows.map((r) => ({ ...r, largest: r.largest <= 1000 }))).toEqual(
      ['links', 'status', 'time'].map((kind) => ({ kind, total: String(publicCount), largest: true, wrong: '0' })),
    );
  });
});

describe('numbered pages', () => {
  it.each(LEDGER_SORTS)(
    'serve every %s page a reader can reach, with the works a full sort puts there',
    async (sort) => {
      const ids = await expectedIds(sort);
      const last = Math.ceil(ids.length / PAGE_SIZES.ledger);
      // The first pages, the pages around 1,000 and 10,000 works from either end, the middle, the last.
      const pages = new Set<number>();
      for (const around of [1, 84, 835, Math.floor(last / 2), last - 834, last - 83, last])
        for (let p = around - 2; p <= around + 2; p++) if (p >= 1 && p <= last) pages.add(p);
      for (let p = 1; p <= last; p += 97) pages.add(p);
      for (const page of pages) {
        const answer = await ledger(`?sort=${sort}&page=${page}`);
        const start = (page - 1) * PAGE_SIZES.ledger;
        expect({ page, ids: answer.items.map((w) => w.id) }).toEqual({ page, ids: ids.slice(start, start + PAGE_SIZES.ledger) });
        expect(answer).toMatchObject({ total: ids.length, total_exact: true, page });
        expect(answer.next_cursor === null).toBe(page === last);
        expect(answer.prev_cursor === null).toBe(page === 1);
      }
    },
    120_000,
  );

  it('answers ?page=855, more than 10,000 works from both ends, where it used to answer 400', async () => {
    const ids = await expectedIds('newest');
    expect(ids.length).toBeGreaterThan(20_000 + 12 * 2);
    const answer = await ledger('?page=855');
    expect(answer.items.map((w) => w.id)).toEqual(ids.slice(854 * 12, 855 * 12));
  });

  it('places pages by the segments as they are once a work is registered or removed', async () => {
    const before = await segmentStart(t.deps.db, 'newest', 15_001);
    expect(before?.offset).toBeGreaterThan(0);
    await insertWork(t.deps.db, { title: 'Newest of all' });
    expect(await segmentStart(t.deps.db, 'newest', 15_001)).toEqual({ after: before?.after, offset: before!.offset - 1 });
    await ledgerTransaction(t.deps.db, (trx) =>
      sql`UPDATE submissions SET deleted_at = now() WHERE title = 'Newest of all'`.execute(trx),
    );
    expect(await segmentStart(t.deps.db, 'newest', 15_001)).toEqual(before);
  });
});
