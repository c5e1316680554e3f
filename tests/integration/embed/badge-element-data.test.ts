// GET /embed/badge/{id}: what the live badge element (<veriwork-badge>) shows, readable from any
// origin without cookies; and oEmbed offering the element next to the image badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

const SITE = 'http://ledger.test';
const OTHER_SITE = 'https://artist-portfolio.example';

let t: TestApp;
let verified: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  verified = await insertWork(t.deps.db, {
    title: 'Neon Tide',
    artist_name: 'Mira Okafor',
    trust_meter: 64,
    created_at: new Date('2026-03-04T05:06:07.000Z'),
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /embed/badge/{id}', () => {
  it("answers a public work's status, score, title and proof link, with CORS for any origin and no cookie", async () => {
    const res = await get(`/embed/badge/${verified.registry_id}`, { origin: OTHER_SITE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'work',
      registry_id: verified.registry_id,
      title: 'Neon Tide',
      artist_name: 'Mira Okafor',
      trust_score: 64,
      trust_max: 100,
      status_label: 'Verified',
      status_meaning: 'Minimum threshold: image, prompt and at least 1 verification resource.',
      status_colour: '#16a34a',
      registered_at: '2026-03-04T05:06:07.000Z',
      proof_url: `${SITE}/verify/${verified.id}`,
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('finds the work by its UUID as well as by its Registry ID', async () => {
    const res = await get(`/embed/badge/${verified.id}`);
    expect(res.json()).toMatchObject({ kind: 'work', registry_id: verified.registry_id });
  });

  it('answers a browser preflight from another site', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/embed/badge/${verified.registry_id}`,
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it("shows a removed work as 'removed' with its Registry ID only, no title or artist", async () => {
    const gone = await insertWork(t.deps.db, { title: 'Withdrawn Piece', artist_name: 'Hidden Name', deleted_at: new Date() });
    const res = await get(`/embed/badge/${gone.registry_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'removed', registry_id: gone.registry_id, proof_url: `${SITE}/verify/${gone.id}` });
    expect(res.body).not.toContain('Withdrawn Piece');
    expect(res.body).not.toContain('Hidden Name');
  });

  it('answers 404 for a private work, naming nothing about it', async () => {
    const secret = await insertWork(t.deps.db, { title: 'Private Sketch', artist_name: 'Quiet Artist', is_public: false });
    const res = await get(`/embed/badge/${secret.registry_id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: "This Registry ID doesn't exist or the submission is private." },
    });
    expect(res.body).not.toContain('Private Sketch');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for an unknown Registry ID', async () => {
    expect((await get('/embed/badge/VW-2026-999999')).statusCode).toBe(404);
  });
});

describe('oEmbed offers the badge element', () => {
  it('adds badge_element_html with the script and the element for the work', async () => {
    const url = `/oembed?url=${encodeURIComponent(`${SITE}/verify/${verified.registry_id}`)}`;
    const res = await get(url);
    expect(res.json().badge_element_html).toBe(
      `<script src="${SITE}/embed/badge.js" async></script>\n<veriwork-badge work="${verified.registry_id}"></veriwork-badge>`,
    );
  });
});
