import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { insertBulkWorks } from './bulk-works';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getJson = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as {
    metadata: { total_entries: number; limit: number; next_cursor: string | null };
    data: { title: string; uuid: string }[];
  };
};
const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title).sort();

describe('public read API filters (each on its own slice of works)', () => {
  beforeAll(async () => {
    const work = (title: string, over: Parameters<typeof insertWork>[1]) =>
      insertWork(t.deps.db, { title, artist_name: 'Filters', created_at: new Date('2025-06-01T00:00:00Z'), ...over });
    await work('trust 61', { trust_meter: 61, tool: 'Filter Tool A' });
    await work('trust 62', { trust_meter: 62, tool: 'Filter Tool A' });
    await work('trust 90', { trust_meter: 90, tool: 'Filter Tool A' });
    await work('tool exact', { tool: 'Filter Tool B' });
    await work('tool longer', { tool: 'Filter Tool B v2' });
    await work('training yes', { tool: 'Filter Tool C', allow_ai_training: true });
    await work('training no', { tool: 'Filter Tool C', allow_ai_training: false });
    await work('before window', { tool: 'Filter Tool D', created_at: new Date('2025-01-09T23:59:59.999Z') });
    await work('window start', { tool: 'Filter Tool D', created_at: new Date('2025-01-10T00:00:00.000Z') });
    await work('window noon', { tool: 'Filter Tool D', created_at: new Date('2025-01-20T12:00:00.000Z') });
    await work('window end', { tool: 'Filter Tool D', created_at: new Date('2025-01-20T23:59:59.999Z') });
    await work('after window', { tool: 'Filter Tool D', created_at: new Date('2025-01-21T00:00:00.000Z') });
    await work('private training', { tool: 'Filter Tool C', allow_ai_training: true, is_public: false });
  });

  it('min_trust_level keeps scores at or above it', async () => {
    const body = await getJson('/api/v1/ledger?tool_filter=Filter%20Tool%20A&min_trust_level=62');
    expect(titles(body)).toEqual(['trust 62', 'trust 90']);
    expect(body.metadata.total_entries).toBe(2);
  });

  it('tool_filter matches the whole name, ignoring case', async () => {
    expect(titles(await getJson('/api/v1/ledger?tool_filter=filter%20tool%20b'))).toEqual(['tool exact']);
    expect(titles(await getJson('/api/v1/ledger?tool_filter=FILTER%20TOOL%20B%20V2'))).toEqual(['tool longer']);
    expect(titles(await getJson('/api/v1/ledger?tool_filter=Filter%20Tool'))).toEqual([]);
  });

  it('training_allowed=true keeps only public works whose artist allowed AI training', async () => {
    expect(titles(await getJson('/api/v1/ledger?tool_filter=Filter%20Tool%20C&training_allowed=true'))).toEqual(['training yes']);
    expect(titles(await getJson('/api/v1/ledger?tool_filter=Filter%20Tool%20C'))).toEqual(['training no', 'training yes']);
  });

  it('date_from is inclusive and date_to covers its whole day (UTC)', async () => {
    const body = await getJson('/api/v1/ledger?tool_filter=Filter%20Tool%20D&date_from=2025-01-10&date_to=2025-01-20');
    expect(titles(body)).toEqual(['window end', 'window noon', 'window start']);
  });

  it('a date-time date_to includes that instant and nothing after it', async () => {
    const body = await getJson(
      '/api/v1/ledger?tool_filter=Filter%20Tool%20D&date_from=2025-01-10T00:00:00Z&date_to=2025-01-20T12:00:00Z',
    );
    expect(titles(body)).toEqual(['window noon', 'window start']);
  });
});

describe('public read API paging', () => {
  beforeAll(async () => {
    // 1005 works in one statement, groups of 4 sharing the exact same created_at (microseconds).
    expect(await insertBulkWorks(t.deps.db, { count: 1005, sameTime: 4, tool: 'Bulk Tool' })).toBe(1005);
  });

  it('caps limit=5000 at 1000 entries and offers a cursor to the rest', async () => {
    const first = await getJson('/api/v1/ledger?tool_filter=Bulk%20Tool&limit=5000');
    expect(first.data).toHaveLength(1000);
    expect(first.metadata.limit).toBe(1000);
    expect(first.metadata.total_entries).toBe(1005);
    expect(first.metadata.next_cursor).toEqual(expect.any(String));
    const rest = await getJson(`/api/v1/ledger?tool_filter=Bulk%20Tool&limit=5000&cursor=${first.metadata.next_cursor}`);
    expect(rest.data).toHaveLength(5);
    expect(rest.metadata.next_cursor).toBeNull();
    expect(new Set([...first.data, ...rest.data].map((r) => r.uuid)).size).toBe(1005);
  });

  it('offset paging skips exactly the requested entries', async () => {
    const all = await getJson('/api/v1/ledger?tool_filter=Bulk%20Tool&limit=30');
    const page = await getJson('/api/v1/ledger?tool_filter=Bulk%20Tool&limit=10&offset=10');
    expect(page.data.map((r) => r.uuid)).toEqual(all.data.slice(10, 20).map((r) => r.uuid));
  });

  it('walking every page by cursor returns every public work exactly once, ties included', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Awaited<ReturnType<typeof getJson>> = await getJson(`/api/v1/ledger?limit=37${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.data.map((r) => r.uuid));
      cursor = body.metadata.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    const expected = await t.deps.db.selectFrom('public_submissions').select('id').execute();
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected.map((r) => r.id)));
    expect(pages).toBe(Math.ceil(expected.length / 37));
  });
});
