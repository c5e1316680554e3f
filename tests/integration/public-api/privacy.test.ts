import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

const CANARY = 'CANARY-PRIVATE-7f3a';
const ARTIST = 'Shared Artist';

let t: TestApp;
let visibleId = '';
let visibleRegistryId = '';
/** UUIDs and registry ids of the private and the deleted work. */
const hiddenIds: string[] = [];
let emails: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  // The same artist has a public work (whose prompt is private), a private work and a deleted work.
  const visible = await insertWork(db, {
    artist_name: ARTIST,
    title: 'Visible work',
    prompt: `visible ${CANARY}`,
    prompt_visibility: 'private',
    trust_meter: 90,
  });
  visibleId = visible.id;
  visibleRegistryId = visible.registry_id;
  const hidden = [
    await insertWork(db, { artist_name: ARTIST, title: `Private ${CANARY}`, prompt: CANARY, is_public: false, trust_meter: 95 }),
    await insertWork(db, {
      artist_name: ARTIST,
      title: `Deleted ${CANARY}`,
      prompt: CANARY,
      trust_meter: 95,
      deleted_at: new Date(),
      deletion_reason: 'removal request',
    }),
  ];
  for (const work of hidden) hiddenIds.push(work.id, work.registry_id);
  const rows = await sql<{ author_email: string }>`SELECT author_email FROM submissions`.execute(db);
  emails = rows.rows.map((r) => r.author_email);
});
afterAll(async () => {
  await t.close();
});

function expectNothingPrivate(label: string, body: string) {
  expect(body, label).not.toContain(CANARY);
  for (const id of hiddenIds) expect(body, label).not.toContain(id);
  for (const email of emails) expect(body, label).not.toContain(email);
}

describe('private data never leaves through the read endpoints (decision 0017)', () => {
  it('no API format shows private or deleted works, private prompts or e-mails, with or without include_prompts', async () => {
    for (const format of ['json', 'jsonl', 'csv', 'xml', 'rss']) {
      for (const include of ['true', 'false']) {
        for (const path of ['/api/v1/ledger', '/functions/v1/public-ledger-api']) {
          const url = `${path}?format=${format}&include_prompts=${include}`;
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).toContain(visibleRegistryId);
          expectNothingPrivate(url, res.body);
        }
      }
    }
  });

  it('the bulk dump has only the public work', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ledger/dump.jsonl.gz' });
    const text = zlib.gunzipSync(res.rawPayload).toString('utf8');
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).uuid),
    ).toEqual([visibleId]);
    expectNothingPrivate('dump', text);
  });

  it('the ledger, its search, the artist page and the featured list show only the public work', async () => {
    const ledger = await t.app.inject({ method: 'GET', url: '/api/ledger' });
    expect(ledger.json().items.map((w: { id: string }) => w.id)).toEqual([visibleId]);
    expect(ledger.json().total_verified).toBe(1);
    expectNothingPrivate('ledger', ledger.body);

    const search = await t.app.inject({ method: 'GET', url: `/api/ledger?search=${CANARY}` });
    expect(search.json()).toMatchObject({ items: [], total: 0 });

    const artist = await t.app.inject({ method: 'GET', url: `/api/artists/${encodeURIComponent(ARTIST)}` });
    expect(artist.json()).toMatchObject({ total: 1, items: [{ id: visibleId, prompt: null, prompt_visibility: 'private' }] });
    expectNothingPrivate('artist', artist.body);

    for (let i = 0; i < 5; i++) {
      const featured = await t.app.inject({ method: 'GET', url: '/api/featured' });
      expect(featured.json().items.map((w: { id: string }) => w.id)).toEqual([visibleId]);
      expectNothingPrivate('featured', featured.body);
    }
  });

  it('the Croissant description counts only public works', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/croissant.json' });
    expect(res.json().description).toContain('(1 entries on ');
  });
});
