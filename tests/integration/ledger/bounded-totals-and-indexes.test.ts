// At scale a filtered total is counted exactly only up to LEDGER_EXACT_TOTAL_CAP and estimated
// above it (said by total_exact), and every public filter and sort reads an index, not every
// row. 10,050 works are inserted in one SQL statement to get past the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LedgerResponse } from '../../../core/api-types';
import { LEDGER_EXACT_TOTAL_CAP } from '../../../core/constants';
import { ledgerQuerySchema } from '../../../server/ledger/ledger-query';
import { ledgerCursorPageQuery, ledgerPageQuery } from '../../../server/ledger/ledger-repository';
import { LEDGER_SORTS } from '../../../core/tools';
import { parsePublicApiQuery, type PublicApiQuery } from '../../../server/ledger/public-api';
import { publicApiPageQuery } from '../../../server/ledger/public-api-repository';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const WORKS = LEDGER_EXACT_TOTAL_CAP + 50;
let t: TestApp;
type CursorParams = Parameters<typeof ledgerCursorPageQuery>[1];

beforeAll(async () => {
  t = await createTestApp();
  // Every 500th work is a 'Rare Tool' work on Discord; every 97th allows training; one a minute.
  await sql`
    INSERT INTO submissions (registry_seq, registry_id, title, artist_name, author_full_name, author_email,
                             tool, platform, trust_meter, allow_ai_training, created_at)
    SELECT 1000000 + i, 'VW-2026-' || (1000000 + i), 'Bulk work ' || i, 'Bulk Artist ' || (i % 300), 'Bulk Author',
           'bulk@example.com', CASE WHEN i % 500 = 0 THEN 'Rare Tool' ELSE 'Midjourney' END,
           CASE WHEN i % 500 = 0 THEN 'Discord' ELSE 'Web' END, i % 100, i % 97 = 0,
           now() - make_interval(mins => i)
    FROM generate_series(1, ${WORKS}::int) AS i`.execute(t.deps.db);
  await sql`ANALYZE submissions`.execute(t.deps.db);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ledger = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/ledger${query}` })).json<LedgerResponse>();
const api = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/ledger?limit=1&${query}` })).json();

describe('bounded totals', () => {
  it('counts exactly below the cap and from the counters at any size', async () => {
    expect(await ledger('')).toMatchObject({ total: WORKS, total_exact: true });
    expect(await ledger('?tool=Rare%20Tool')).toMatchObject({ total: 20, total_exact: true });
    expect(await ledger('?search=bulk%20artist%207')).toMatchObject({ total_exact: true });
    expect((await api('')).metadata).toMatchObject({ total_entries: WORKS, total_exact: true });
    expect((await api('tool_filter=rare%20tool')).metadata).toMatchObject({ total_entries: 20, total_exact: true });
    expect((await api('training_allowed=true')).metadata).toMatchObject({ total_entries: 103, total_exact: true });
    expect((await api('min_trust_level=99')).metadata).toMatchObject({ total_entries: 100, total_exact: true });
  });

  it('estimates a total above the cap and says it is not exact', async () => {
    const searched = await ledger('?search=bulk');
    expect(searched.total_exact).toBe(false);
    expect(searched.total).toBeGreaterThan(LEDGER_EXACT_TOTAL_CAP);
    const dated = (await api('date_from=2000-01-01')).metadata;
    expect(dated.total_exact).toBe(false);
    expect(dated.total_entries).toBeGreaterThan(LEDGER_EXACT_TOTAL_CAP);
  });
});

describe('deepest OFFSET read', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('refuses a numbered page more than 10,000 works from either readable end with 400, pointing at the cursors', async () => {
    // search=bulk matches all 10,050 works with an estimated total, so pages are read from the start.
    const deepest = await get('/api/ledger?search=bulk&page=834');
    expect(deepest.statusCode).toBe(200);
    expect(deepest.json<LedgerResponse>().items).toHaveLength(12);
    const tooDeep = await get('/api/ledger?search=bulk&page=835');
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.message).toBe(
      "Invalid parameter 'page': must lie within 10,000 works of the start or, when the total is exact, the end of the list; go further with next_cursor or prev_cursor",
    );
  });

  it('answers a page past the end of an exactly counted list with no works, without reading the list', async () => {
    const past = await get('/api/ledger?page=1000');
    expect(past.statusCode).toBe(200);
    expect(past.json<LedgerResponse>()).toMatchObject({ items: [], total: WORKS, total_exact: true, next_cursor: null });
  });

  it('refuses a public API offset above 10,000 with 400, pointing at the cursor', async () => {
    expect((await get('/api/v1/ledger?limit=1&offset=10000')).statusCode).toBe(200);
    const tooDeep = await get('/api/v1/ledger?limit=1&offset=10001');
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.message).toBe(
      "Invalid parameter 'offset': must be a whole number from 0 to 10,000; page further with cursor (next_cursor)",
    );
  });
});

describe('indexes', () => {
  const plan = async (query: { explain(format: 'text'): Promise<Record<string, unknown>[]> }) =>
    (await query.explain('text')).map((row) => Object.values(row).join(' ')).join('\n');
  const ledgerPlan = (query: Record<string, string>) => plan(ledgerPageQuery(t.deps.db, ledgerQuerySchema.parse(query), new Date()));
  const apiPlan = (query: Record<string, string>) => {
    const parsed = parsePublicApiQuery(query);
    if (!parsed.ok) throw new Error(parsed.message);
    return plan(publicApiPageQuery(t.deps.db, parsed.value as PublicApiQuery));
  };

  it.each([
    ['tool', { tool: 'Rare Tool' }],
    ['platform', { platform: 'Discord' }],
    ['date', { date: 'week' }],
    ['status order', { sort: 'status' }],
    ['oldest order', { sort: 'oldest' }],
    ['most-linked order', { sort: 'most-linked' }],
    ['registry number', { search: 'VW-2026-1000500' }],
  ])('reads an index for a ledger page by %s', async (_name, query) => {
    expect(await ledgerPlan(query)).not.toMatch(/Seq Scan/);
  });

  // A cursor from deep in the ledger: its page is one index range from the cursor's row, read
  // for 13 rows (a page and one more), with no sort of the rows and no rows skipped by OFFSET.
  it.each(LEDGER_SORTS)('reads a deep cursor page sorted by %s as one index range, without Sort or OFFSET', async (sort) => {
    const deep = await ledger(`?sort=${sort}&page=400`);
    for (const cursor of [deep.next_cursor!, deep.prev_cursor!]) {
      const query = ledgerCursorPageQuery(t.deps.db, ledgerQuerySchema.parse({ sort, cursor }) as CursorParams, new Date());
      expect(query.compile().sql).not.toMatch(/offset/i);
      const analyzed = await plan({ explain: () => query.explain('text', sql`analyze, costs off, timing off, summary off`) });
      expect(analyzed).toMatch(/Index Scan/);
      expect(analyzed).not.toMatch(/Seq Scan|Sort|Bitmap/);
      // Each row read is a row served: 13 from the index, at page 400 as on page 1.
      expect(analyzed).toMatch(/Index Scan[^\n]*\(actual rows=13(\.00)? loops=1\)/);
      expect(analyzed).toMatch(/Index Cond: \(ROW\(/);
    }
  });

  it.each([
    ['tool_filter', { tool_filter: 'rare tool' }],
    ['training_allowed', { training_allowed: 'true' }],
    ['min_trust_level', { min_trust_level: '99' }],
    ['dates', { date_from: '2000-01-01', date_to: '2000-02-01' }],
  ])('reads an index for a public API page by %s', async (_name, query) => {
    expect(await apiPlan(query)).not.toMatch(/Seq Scan/);
  });
});
