import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { claimArtistName, insertWork } from '../../helpers/factories';
import type { ArtistResponse, FeaturedResponse } from '../../../core/api-types';

const ARTIST = 'Zoë Ada & Co';
/** The address the artist's 14 public works are registered with. */
const ZOE = 'zoe@example.com';
let t: TestApp;
const base = Date.parse('2026-05-01T12:00:00Z');
const minutes = (n: number) => new Date(base + n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const artist = async (name: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/artists/${encodeURIComponent(name)}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ArtistResponse;
};

describe('GET /api/artists/{name}', () => {
  beforeAll(async () => {
    const db = t.deps.db;
    for (let i = 1; i <= 14; i++) {
      await insertWork(db, {
        artist_name: ARTIST,
        author_email: ZOE,
        title: `Piece ${i}`,
        created_at: minutes(i),
        author_full_name: i === 14 ? 'Zoë Newest' : 'Zoë Older',
        portfolio_link: i === 14 ? 'https://zoe.example/portfolio' : 'https://old.example',
        external_link: i === 14 ? null : 'https://old.example/x',
      });
    }
    await insertWork(db, { artist_name: ARTIST, title: 'Private piece', is_public: false, created_at: minutes(20) });
    await insertWork(db, { artist_name: ARTIST, title: 'Deleted piece', deleted_at: new Date(), created_at: minutes(21) });
    await insertWork(db, { artist_name: 'Zoë Ada', title: 'Someone else', created_at: minutes(22) });
  });

  it('lists 12 of the artist’s public works per page, newest first; the name and links of the newest work only once the name is claimed', async () => {
    // Unclaimed, anyone could have typed them: no name or link is shown as the artist's (decision 0061).
    const unclaimed = await artist(ARTIST);
    expect(unclaimed).toMatchObject({
      artist_name: ARTIST,
      author_full_name: null,
      portfolio_link: null,
      external_link: null,
      total: 14,
      page: 1,
      page_size: 12,
      claimed: false,
      claimed_at: null,
      others_total: 0,
    });
    expect(unclaimed.items.map((w) => w.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Piece ${14 - i}`));

    await claimArtistName(t.deps.db, ARTIST, ZOE, new Date('2026-05-02T00:00:00Z'));
    const page1 = await artist(ARTIST);
    expect(page1).toMatchObject({
      artist_name: ARTIST,
      author_full_name: 'Zoë Newest',
      portfolio_link: 'https://zoe.example/portfolio',
      external_link: null,
      total: 14,
      page: 1,
      page_size: 12,
      claimed: true,
      claimed_at: '2026-05-02T00:00:00.000Z',
      others_total: 0,
      others: [],
    });
    expect(page1.items.map((w) => w.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Piece ${14 - i}`));
    const page2 = await artist(ARTIST, '?page=2');
    expect(page2.items.map((w) => w.title)).toEqual(['Piece 2', 'Piece 1']);
    expect(page2.author_full_name).toBe('Zoë Newest');
    expect((await artist(ARTIST, '?page=3')).items).toEqual([]);
  });

  it('answers an unknown artist with 200, total 0 and no items', async () => {
    expect(await artist('Nobody Here')).toEqual({
      artist_name: 'Nobody Here',
      author_full_name: null,
      portfolio_link: null,
      external_link: null,
      total: 0,
      verified_total: 0,
      page: 1,
      page_size: 12,
      items: [],
      claimed: false,
      claimed_at: null,
      proven_identities: [],
      others_total: 0,
      others: [],
    });
  });

  it('counts the works at or above the Verified threshold (62) apart from all registered ones', async () => {
    const name = 'Threshold Artist';
    // Older than every work of the featured test below, so none of them enters its pool.
    const created_at = minutes(-1000);
    for (const trust_meter of [34, 61, 62, 90]) await insertWork(t.deps.db, { artist_name: name, trust_meter, created_at });
    await insertWork(t.deps.db, { artist_name: name, trust_meter: 95, is_public: false, created_at });
    await insertWork(t.deps.db, { artist_name: name, trust_meter: 95, deleted_at: new Date(), created_at });
    expect(await artist(name)).toMatchObject({ total: 4, verified_total: 2 });
    // The 14 works above were inserted with the factory's score of 70.
    expect(await artist(ARTIST)).toMatchObject({ total: 14, verified_total: 14 });
  });

  it("refuses page=0 with 400 'invalid_parameter'", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/artists/x?page=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_parameter', message: "Invalid parameter 'page': must be a whole number from 1 to 1000000" },
    });
  });
});

describe('GET /api/featured', () => {
  const eligible = new Set<string>();
  const never = new Set<string>();

  beforeAll(async () => {
    const db = t.deps.db;
    // 52 eligible works: only the newest 50 form the pool, so the two oldest never appear.
    for (let i = 0; i < 52; i++) {
      const work = await insertWork(db, { artist_name: 'Featured', trust_meter: 62 + (i % 30), created_at: minutes(1000 + i) });
      (i < 2 ? never : eligible).add(work.id);
    }
    for (const over of [
      { trust_meter: 61 },
      { trust_meter: 0 },
      { trust_meter: 99, is_public: false },
      { trust_meter: 99, deleted_at: new Date() },
    ]) {
      never.add((await insertWork(db, { ...over, created_at: minutes(2000) })).id);
    }
  });

  it('returns 5 distinct works scoring 62 or more from the newest 50, never private or deleted ones', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/featured' });
      expect(res.headers['cache-control']).toBe('no-store');
      const { items } = res.json() as FeaturedResponse;
      expect(items).toHaveLength(5);
      expect(new Set(items.map((w) => w.id)).size).toBe(5);
      for (const work of items) {
        expect(work.trust_meter).toBeGreaterThanOrEqual(62);
        expect(eligible.has(work.id)).toBe(true);
        expect(never.has(work.id)).toBe(false);
        seen.add(work.id);
      }
    }
    // 150 picks from a pool of 50: a fixed selection would show only 5.
    expect(seen.size).toBeGreaterThan(5);
  });
});
