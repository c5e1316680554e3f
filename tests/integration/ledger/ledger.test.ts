import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import type { LedgerResponse } from '../../../core/api-types';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';

const DAY = 24 * 60 * 60 * 1000;
const at = (daysAgo: number, minutes = 0) => new Date(Date.now() - daysAgo * DAY - minutes * 60_000);

let t: TestApp;
let krea: { id: string; registry_id: string };

const ledger = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ledger${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json() as LedgerResponse;
};
const titles = (body: LedgerResponse) => body.items.map((w) => w.title);
const SUNSETS_NEWEST_FIRST = Array.from({ length: 15 }, (_, i) => `Sunset study ${15 - i}`);
const FIVE_NEWEST = ['Mobile portrait', 'Made with Krea', 'snake_case art', 'Pure joy', '100% Pure'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  // 26 public works. Newest first: the five newest, 15 sunset studies, then older works; the
  // Lighthouse is the 25th, on page 3.
  for (let i = 1; i <= 15; i++) await insertWork(db, { title: `Sunset study ${i}`, created_at: at(2, 25 - i), trust_meter: 40 + i });
  await insertWork(db, { title: '100% Pure', created_at: at(2, 9) });
  await insertWork(db, { title: 'Pure joy', created_at: at(2, 8) });
  await insertWork(db, { title: 'snake_case art', created_at: at(2, 7) });
  krea = await insertWork(db, { title: 'Made with Krea', tool: 'Krea', platform: 'Discord', created_at: at(2, 6) });
  await insertWork(db, { title: 'Mobile portrait', platform: 'Mobile', tags: ['AI Art', 'portrait'], created_at: at(2, 5) });
  await insertWork(db, { title: 'Three days old', created_at: at(3) });
  await insertWork(db, { title: 'Twenty days old', created_at: at(20) });
  await insertWork(db, { title: 'Two hundred days old', created_at: at(200) });
  await insertWork(db, { title: 'Four hundred days old', created_at: at(400) });
  await insertWork(db, { title: 'The Quiet Lighthouse', created_at: at(450), tags: ['AI Art', 'landscape'], trust_meter: 85 });
  await insertWork(db, {
    title: 'Well linked',
    created_at: at(500),
    verification_resources: JSON.stringify([
      { type: 'process', url: 'https://a.example', description: 'a' },
      { type: 'process', url: 'https://b.example', description: 'b' },
    ]),
  });
  await insertWork(db, { title: 'Private sunset', is_public: false, trust_meter: 99 });
  await insertWork(db, { title: 'Deleted sunset', deleted_at: new Date(), trust_meter: 99 });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/ledger', () => {
  it('answers 12 public works per page, newest first, with the total and the verified count', async () => {
    const body = await ledger();
    expect(titles(body)).toEqual([...FIVE_NEWEST, ...SUNSETS_NEWEST_FIRST.slice(0, 7)]);
    expect(body).toMatchObject({ total: 26, page: 1, page_size: 12 });
    // Scores >= 62 among public works: the Lighthouse (85) and the ten works at the default 70.
    expect(body.total_verified).toBe(11);
    expect(body.items[1]).toEqual({
      id: krea.id,
      registry_id: krea.registry_id,
      title: 'Made with Krea',
      artist_name: 'Test Artist',
      author_full_name: 'Test Author',
      tool: 'Krea',
      platform: 'Discord',
      trust_meter: 70,
      image_url: null,
      image_width: null,
      image_height: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      tags: ['AI Art'],
      usage_type: ['Personal Project'],
      prompt_visibility: 'public',
      prompt: 'No prompt provided',
    });
  });

  it('offers the tools in the ledger plus the 42-tool list, without Other', async () => {
    const { tool_options } = await ledger();
    expect(tool_options).toHaveLength(42);
    expect(tool_options).toContain('Krea');
    expect(tool_options).toContain('Midjourney');
    expect(tool_options).not.toContain('Other');
    expect(tool_options.slice(0, 3)).toEqual(['Adobe Firefly', 'AI Painter', 'Artbreeder']);
  });

  it('pages: page 3 holds the last two works, and a page past the end is empty', async () => {
    expect(titles(await ledger('?page=3'))).toEqual(['The Quiet Lighthouse', 'Well linked']);
    const beyond = await ledger('?page=99');
    expect(beyond).toMatchObject({ items: [], total: 26, page: 99 });
  });

  it('search runs over the whole ledger: a word of a title on page 3 is found, case-insensitively', async () => {
    for (const search of ['lighthouse', 'QUIET', 'lighthouse quiet']) {
      const body = await ledger(`?search=${encodeURIComponent(search)}`);
      expect(titles(body), search).toEqual(['The Quiet Lighthouse']);
      expect(body.total, search).toBe(1);
    }
    expect(titles(await ledger(`?search=${krea.registry_id.toLowerCase()}`))).toEqual(['Made with Krea']);
  });

  it('search counts the filtered total and pages through it; private and deleted works never match', async () => {
    const first = await ledger('?search=sunset');
    expect(first.total).toBe(15);
    expect(titles(first)).toEqual(SUNSETS_NEWEST_FIRST.slice(0, 12));
    expect(titles(await ledger('?search=sunset&page=2'))).toEqual(SUNSETS_NEWEST_FIRST.slice(12));
  });

  it("treats '%' and '_' in a search as the characters themselves", async () => {
    expect(titles(await ledger('?search=%25'))).toEqual(['100% Pure']);
    expect(titles(await ledger('?search=_'))).toEqual(['snake_case art']);
    expect(titles(await ledger('?search=pure'))).toEqual(['Pure joy', '100% Pure']);
  });

  it('filters by exact tool, platform and tag', async () => {
    expect(titles(await ledger('?tool=Krea'))).toEqual(['Made with Krea']);
    expect((await ledger('?tool=krea')).total).toBe(0);
    expect(titles(await ledger('?platform=Mobile'))).toEqual(['Mobile portrait']);
    expect(titles(await ledger('?platform=Discord'))).toEqual(['Made with Krea']);
    expect(titles(await ledger('?tag=portrait'))).toEqual(['Mobile portrait']);
    expect(titles(await ledger('?tag=landscape'))).toEqual(['The Quiet Lighthouse']);
    expect((await ledger('?tag=land')).total).toBe(0);
  });

  it('filters by registration date: last 7, 30 or 365 days', async () => {
    expect((await ledger('?date=week')).total).toBe(21);
    expect((await ledger('?date=month')).total).toBe(22);
    const year = await ledger('?date=year&page=2');
    expect(year.total).toBe(23);
    expect(titles(year)).toEqual([...SUNSETS_NEWEST_FIRST.slice(7), 'Three days old', 'Twenty days old', 'Two hundred days old']);
  });

  it('combines search and filters', async () => {
    expect((await ledger('?search=sunset&date=week&tool=Midjourney')).total).toBe(15);
    expect((await ledger('?search=sunset&tool=Krea')).total).toBe(0);
  });

  it('sorts oldest first, by status (highest score first) and by most verification resources', async () => {
    expect(titles(await ledger('?sort=oldest')).slice(0, 3)).toEqual(['Well linked', 'The Quiet Lighthouse', 'Four hundred days old']);
    expect(titles(await ledger('?sort=status'))).toEqual([
      'The Quiet Lighthouse',
      ...FIVE_NEWEST,
      'Three days old',
      'Twenty days old',
      'Two hundred days old',
      'Four hundred days old',
      'Well linked',
      'Sunset study 15',
    ]);
    expect(titles(await ledger('?sort=most-linked')).slice(0, 3)).toEqual(['Well linked', 'Mobile portrait', 'Made with Krea']);
  });

  it("refuses an invalid parameter with 400 'invalid_parameter' naming it", async () => {
    const cases: [string, string][] = [
      ['sort=best', "Invalid parameter 'sort': must be one of newest, oldest, status, most-linked"],
      ['date=decade', "Invalid parameter 'date': must be one of week, month, year"],
      ['page=0', "Invalid parameter 'page': must be a whole number from 1 to 1000000"],
      ['page=two', "Invalid parameter 'page': must be a whole number from 1 to 1000000"],
      ['page=1&page=2', "Invalid parameter 'page': must be given only once"],
      [`search=${'a'.repeat(201)}`, "Invalid parameter 'search': must be text of at most 200 characters"],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ledger?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: { code: 'invalid_parameter', message } });
    }
  });

  it('treats empty parameters as no filter', async () => {
    expect((await ledger('?search=&tool=&platform=&tag=&date=&sort=&page=')).total).toBe(26);
  });

  it('keeps the header figures of the whole ledger under a search, and updates them when a work is added or removed', async () => {
    const searched = await ledger('?search=sunset&tool=Midjourney');
    expect(searched.total).toBe(15);
    expect(searched.total_verified).toBe(11);
    expect(searched.tool_options).toContain('Krea');

    const added = await insertWork(t.deps.db, {
      title: 'Sunset with Leonardo',
      tool: 'Leonardo.AI',
      trust_meter: 90,
      created_at: at(1),
    });
    const after = await ledger('?search=sunset&tool=Midjourney');
    expect(after.total).toBe(15);
    expect(after.total_verified).toBe(12);
    expect((await ledger()).total).toBe(27);
    expect((await ledger('?search=sunset')).total).toBe(16);

    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ deleted_at: new Date() }).where('id', '=', added.id).execute(),
    );
    const removed = await ledger();
    expect(removed.total).toBe(26);
    expect(removed.total_verified).toBe(11);
  });
});
