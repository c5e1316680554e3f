// Keyset (cursor) paging of GET /api/ledger: walking next_cursor from the first page, or
// prev_cursor back from the last, lists exactly the works of the numbered pages, in their
// order, for every sort (ties included); a cursor keeps its list, refuses another, and a work
// registered mid-walk neither repeats nor skips a work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '../../../core/api-types';
import { LEDGER_SORTS } from '../../../core/tools';
import { decodeLedgerCursor, encodeLedgerCursor } from '../../../server/ledger/ledger-cursor';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const WORKS = 3 * 12 + 5;
const PAGES = 4;
let t: TestApp;
const base = Date.now() - 10 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  // Ties on time (three works a minute), on score and on resource count, so the id breaks ties.
  // Every other work is a 'Flux' work; three in four have 'harbour' in the title.
  for (let i = 0; i < WORKS; i++) {
    await insertWork(t.deps.db, {
      title: i % 4 === 3 ? `Paged ${i}` : `Harbour paged ${i}`,
      tool: i % 2 === 0 ? 'Flux' : 'Midjourney',
      created_at: new Date(base + Math.floor(i / 3) * 60_000),
      trust_meter: 40 + (i % 5),
      verification_resources: JSON.stringify(
        Array.from({ length: i % 4 }, (_, k) => ({ type: 'external_link', url: `https://e.test/${k}` })),
      ),
    });
  }
});
afterAll(async () => {
  await t.close();
});

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/ledger?${query}` });
const ledger = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json<LedgerResponse>();
};
const ids = (page: LedgerResponse) => page.items.map((w) => w.registry_id);
const withCursor = (filters: string, cursor: string) => `${filters}&cursor=${encodeURIComponent(cursor)}`;

/** Every numbered page of a list, in order, until an empty one. */
async function numberedPages(filters: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = 1; ; page++) {
    const items = ids(await ledger(`${filters}&page=${page}`));
    if (items.length === 0) return pages;
    pages.push(items);
  }
}

/** The pages reached by following next_cursor from page 1, then prev_cursor back from where that ended. */
async function walk(filters: string) {
  const forward: LedgerResponse[] = [await ledger(filters)];
  while (forward[forward.length - 1].next_cursor) {
    forward.push(await ledger(withCursor(filters, forward[forward.length - 1].next_cursor!)));
  }
  const backward: LedgerResponse[] = [forward[forward.length - 1]];
  while (backward[backward.length - 1].prev_cursor) {
    backward.push(await ledger(withCursor(filters, backward[backward.length - 1].prev_cursor!)));
  }
  return { forward, backward };
}

describe('walking the ledger with cursors', () => {
  for (const sort of LEDGER_SORTS) {
    it(`sorted by ${sort}, lists the works of the numbered pages, forwards and back`, async () => {
      const filters = `sort=${sort}`;
      const numbered = await numberedPages(filters);
      expect(numbered.map((p) => p.length)).toEqual([12, 12, 12, 5]);

      const { forward, backward } = await walk(filters);
      expect(forward.map(ids)).toEqual(numbered);
      expect(forward.map((p) => p.page)).toEqual([1, 2, 3, 4]);
      expect(forward[0].prev_cursor).toBeNull();
      expect(backward.map(ids)).toEqual([...numbered].reverse());
      expect(backward.map((p) => p.page)).toEqual([4, 3, 2, 1]);
      expect(new Set(forward.flatMap(ids)).size).toBe(WORKS);
    });
  }

  it('walks back from the last numbered page (read from the end) onto the same pages', async () => {
    const numbered = await numberedPages('sort=oldest');
    const last = await ledger(`sort=oldest&page=${PAGES}`);
    expect(last.next_cursor).toBeNull();
    const before = await ledger(withCursor('sort=oldest', last.prev_cursor!));
    expect(ids(before)).toEqual(numbered[PAGES - 2]);
    expect(before.page).toBe(PAGES - 1);
  });

  it('keeps the search and filters along the walk', async () => {
    const filters = 'sort=status&tool=Flux&search=harbour';
    const numbered = await numberedPages(filters);
    // Flux works are the even ones; 'harbour' leaves out every fourth work (i % 4 === 3, all odd).
    expect(numbered.flat()).toHaveLength(21);
    const { forward, backward } = await walk(filters);
    expect(forward.map(ids)).toEqual(numbered);
    expect(backward.map(ids)).toEqual([...numbered].reverse());
    expect(forward[1].total).toBe(21);
  });
});

describe('refusing cursors', () => {
  const refusal = async (query: string) => {
    const res = await get(query);
    return { status: res.statusCode, body: res.json() };
  };
  const invalid = (parameter: string, message: string) => ({
    status: 400,
    body: { error: { code: 'invalid_parameter', message: `Invalid parameter '${parameter}': ${message}` } },
  });

  it('refuses a tampered or made-up cursor with 400', async () => {
    const cursor = (await ledger('sort=newest')).next_cursor!;
    const tampered = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
    const notMine = Buffer.from(JSON.stringify({ created_at: '2026-01-01T00:00:00Z', id: crypto.randomUUID() })).toString('base64url');
    const expected = invalid('cursor', 'must be the next_cursor or prev_cursor value of an earlier response');
    for (const value of [tampered, 'not a cursor!', notMine, 'x'.repeat(600)]) {
      expect(await refusal(`cursor=${encodeURIComponent(value)}`), value).toEqual(expected);
    }
  });

  it('refuses a cursor of another sort, search or filter, and a cursor with a page number', async () => {
    const cursor = (await ledger('sort=status&tool=Flux')).next_cursor!;
    const anotherList = invalid('cursor', 'belongs to another sort, search or filter; start again from the first page');
    expect(await refusal(withCursor('sort=newest&tool=Flux', cursor))).toEqual(anotherList);
    expect(await refusal(withCursor('sort=status', cursor))).toEqual(anotherList);
    expect(await refusal(withCursor('sort=status&tool=Flux&search=harbour', cursor))).toEqual(anotherList);
    expect(await refusal(withCursor('sort=status&tool=Flux&page=2', cursor))).toEqual(
      invalid('page', 'cannot be combined with cursor'),
    );
    // Rewriting the sort inside the cursor leaves the trust score of 'status' in a 'newest' cursor: not one the server issues.
    const resorted = encodeLedgerCursor({ ...decodeLedgerCursor(cursor)!, sort: 'newest' });
    expect(await refusal(withCursor('sort=newest&tool=Flux', resorted))).toEqual(
      invalid('cursor', 'must be the next_cursor or prev_cursor value of an earlier response'),
    );
  });
});

describe('a registration during a walk', () => {
  it('shows the new work on page 1 only, and the next cursor page neither repeats nor skips a work', async () => {
    const numbered = await numberedPages('sort=newest');
    const first = await ledger('sort=newest');
    const registered = await insertWork(t.deps.db, { title: 'Registered mid-walk', created_at: new Date() });

    const second = await ledger(withCursor('sort=newest', first.next_cursor!));
    expect(ids(second)).toEqual(numbered[1]);
    const rest = [second];
    while (rest[rest.length - 1].next_cursor) rest.push(await ledger(withCursor('sort=newest', rest[rest.length - 1].next_cursor!)));
    expect([...ids(first), ...rest.flatMap(ids)]).toEqual(numbered.flat());

    const again = await ledger('sort=newest');
    expect(ids(again)[0]).toBe(registered.registry_id);
    // Back from page 2: the works listed before, and one step more reaches the start, page 1 as it is now.
    const back = await ledger(withCursor('sort=newest', second.prev_cursor!));
    expect(ids(back)).toEqual(ids(first));
    expect(back.prev_cursor).not.toBeNull();
    const start = await ledger(withCursor('sort=newest', back.prev_cursor!));
    expect(start.page).toBe(1);
    expect(start.prev_cursor).toBeNull();
    expect(ids(start)).toEqual(ids(again));
  });
});
