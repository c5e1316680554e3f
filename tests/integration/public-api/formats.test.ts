import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import type { z } from 'zod';
import { croissantDocumentSchema, publicLedgerJsonSchema } from '../../../server/ledger/schemas';
import { publicApiRecordSchema } from '../../../server/ledger/public-api';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';

// A fixed clock: generated_at, file names and ETags are then the same in every run.
const NOW = new Date('2026-11-22T08:31:12.345Z');
const PERIOD_START = '2026-11-22T08:30:00.000Z';

const TITLES = {
  quoteComma: 'She said "hello", then left',
  newline: 'Line one\nLine two',
  markup: '<b>bold</b> & friends',
  emoji: 'Sunset 🌅 over the sea',
  formula: '=HYPERLINK("http://x.test","click")',
} as const;
const ALL_TITLES = Object.values(TITLES);
const IMAGE_KEY = '2026/01/0b7e6c1a-2f4d-4c55-9a3e-2d4b8f6f1a90.jpg';

let t: TestApp;
const ids: Record<string, { id: string; registry_id: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  let minute = 0;
  for (const [key, title] of Object.entries(TITLES)) {
    minute += 1;
    ids[key] = await insertWork(t.deps.db, {
      title,
      artist_name: 'Round Trip',
      prompt: `prompt of ${key}`,
      created_at: new Date(Date.UTC(2026, 10, 1, 12, minute)),
      image_url: key === 'emoji' ? `/artworks/${IMAGE_KEY}` : null,
      image_key: key === 'emoji' ? IMAGE_KEY : null,
    });
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public read API formats', () => {
  it('answers JSON with metadata and every title intact, newest first', async () => {
    const res = await get('/api/v1/ledger');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body.metadata).toEqual({
      total_entries: 5,
      total_exact: true,
      offset: 0,
      limit: 100,
      min_trust_level: 0,
      include_prompts: false,
      generated_at: PERIOD_START,
      api_version: '1.0',
      next_cursor: null,
      training_allowed: false,
    });
    expect(body.data.map((r: { title: string }) => r.title)).toEqual([...ALL_TITLES].reverse());
    const emoji = body.data.find((r: { uuid: string }) => r.uuid === ids.emoji.id);
    expect(emoji.image_url).toBe(`http://ledger.test/artworks/${IMAGE_KEY}`);
    expect(emoji.image_available).toBe(true);
    expect(emoji.ledger_url).toBe(`http://ledger.test/verify/${ids.emoji.registry_id}`);
    expect(emoji.prompt).toBeNull();
    expect(emoji.prompt_available).toBe(true);
  });

  it('adds public prompts only with include_prompts=true', async () => {
    const body = (await get('/api/v1/ledger?include_prompts=true')).json();
    expect(body.metadata.include_prompts).toBe(true);
    expect(body.data.map((r: { prompt: string }) => r.prompt)).toEqual([
      'prompt of formula',
      'prompt of emoji',
      'prompt of markup',
      'prompt of newline',
      'prompt of quoteComma',
    ]);
  });

  it('answers JSON Lines that parse line by line', async () => {
    const res = await get('/api/v1/ledger?format=jsonl');
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ai-art-ledger-2026-11-22.jsonl"');
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line).title)).toEqual([...ALL_TITLES].reverse());
  });

  it('answers CSV that a CSV parser reads back, with formulas neutralised', async () => {
    const res = await get('/api/v1/ledger?format=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ai-art-ledger-2026-11-22.csv"');
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.title)).toEqual([`'${TITLES.formula}`, TITLES.emoji, TITLES.markup, TITLES.newline, TITLES.quoteComma]);
    expect(rows[1].image_url).toBe(`http://ledger.test/artworks/${IMAGE_KEY}`);
    expect(rows[0].trust_meter).toBe('70');
  });

  it('answers XML that an XML parser reads back', async () => {
    const res = await get('/api/v1/ledger?format=xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ai-art-ledger-2026-11-22.xml"');
    const doc = new XMLParser({ parseTagValue: false, trimValues: false, ignoreAttributes: false }).parse(res.body);
    expect(doc.ledger.metadata.total_entries).toBe('5');
    expect(doc.ledger.entry.map((e: { title: string }) => e.title)).toEqual([...ALL_TITLES].reverse());
  });

  it('answers RSS that a feed reader reads back, linking each item to its proof page', async () => {
    const res = await get('/api/v1/ledger?format=rss');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="ai-art-ledger-2026-11-22.rss"');
    const feed = await new Parser().parseString(res.body);
    expect(feed.items.map((i) => i.title)).toEqual([...ALL_TITLES].reverse());
    expect(feed.items[0].link).toBe(`http://ledger.test/verify/${ids.formula.registry_id}`);
  });

  it('serves the same answer at the spec path /functions/v1/public-ledger-api', async () => {
    const a = await get('/api/v1/ledger?format=csv&limit=3');
    const b = await get('/functions/v1/public-ledger-api?format=csv&limit=3');
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it("refuses a bad parameter with 400 'invalid_parameter' naming it", async () => {
    const cases: [string, string][] = [
      ['limit=abc', "Invalid parameter 'limit': must be a whole number from 1 to 1000"],
      ['format=pdf', "Invalid parameter 'format': must be one of json, jsonl, csv, xml, rss"],
      ['min_trust_level=101', "Invalid parameter 'min_trust_level': must be a whole number from 0 to 100"],
      ['cursor=nope!', "Invalid parameter 'cursor': must be the next_cursor value of an earlier response"],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/v1/ledger?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_parameter', message } });
    }
  });
});

describe('caching and CORS', () => {
  it('sends Cache-Control for 5 minutes and a strong ETag, and 304 with no body for a matching If-None-Match', async () => {
    const first = await get('/api/v1/ledger?format=csv');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await get('/api/v1/ledger?format=csv', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get('/api/v1/ledger?format=csv', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('changes the ETag when the data changes', async () => {
    const before = await get('/api/v1/ledger?format=json&min_trust_level=95');
    const added = await insertWork(t.deps.db, { title: 'High score', trust_meter: 94, created_at: new Date('2026-10-01T00:00:00Z') });
    // A change to a public work (here its score) shows in the very next answer.
    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ trust_meter: 96 }).where('id', '=', added.id).execute(),
    );
    const after = await get('/api/v1/ledger?format=json&min_trust_level=95', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((r: { title: string }) => r.title)).toEqual(['High score']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('lets any origin read the public API and answers its preflight', async () => {
    for (const url of [
      '/api/v1/ledger',
      '/functions/v1/public-ledger-api',
      '/api/v1/ledger/dump.jsonl.gz',
      '/api/v1/croissant.json',
    ]) {
      const res = await get(url, { origin: 'https://notebook.example' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/ledger?format=csv',
      headers: {
        origin: 'https://notebook.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });

  it("does not open the app's own API to other origins", async () => {
    const res = await get('/api/ledger', { origin: 'https://notebook.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('bulk dump, Croissant and OpenAPI', () => {
  it('streams every public work as gzipped JSON Lines with public prompts', async () => {
    const res = await get('/api/v1/ledger/dump.jsonl.gz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ai-art-ledger-2026-11-22.jsonl.gz"');
    const lines = zlib
      .gunzipSync(res.rawPayload)
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const total = (await get('/api/v1/ledger')).json().metadata.total_entries;
    expect(lines).toHaveLength(total);
    expect(lines.find((r) => r.uuid === ids.newline.id)).toMatchObject({ title: TITLES.newline, prompt: 'prompt of newline' });
  });

  it('describes the dataset in Croissant JSON-LD', async () => {
    const res = await get('/api/v1/croissant.json');
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const doc = res.json();
    expect(doc['@type']).toBe('sc:Dataset');
    expect(doc.conformsTo).toBe('http://mlcommons.org/croissant/1.0');
    expect(doc.distribution[0].contentUrl).toMatch(
      /^http:\/\/ledger\.test\/api\/v1\/ledger\/snapshots\/\d{8}T\d{6}Z-[0-9a-f]{8}\.jsonl\.gz$/,
    );
  });

  it('sends JSON bodies (built as text, past the response serializer) exactly as their published schemas describe', async () => {
    // parse() strips keys a schema does not name, so equality also catches an undocumented field.
    const matches = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);
    for (const query of ['', '?include_prompts=true', '?limit=2&tool_filter=Midjourney']) {
      matches(publicLedgerJsonSchema, (await get(`/api/v1/ledger${query}`)).json());
    }
    matches(croissantDocumentSchema, (await get('/api/v1/croissant.json')).json());
    const dump = zlib
      .gunzipSync((await get('/api/v1/ledger/dump.jsonl.gz')).rawPayload)
      .toString('utf8')
      .trimEnd()
      .split('\n');
    for (const line of dump) matches(publicApiRecordSchema, JSON.parse(line));
  });

  it('publishes an OpenAPI 3.1 document generated from the request schemas', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(names('/api/v1/ledger')).toEqual([
      'format',
      'limit',
      'offset',
      'min_trust_level',
      'tool_filter',
      'date_from',
      'date_to',
      'include_prompts',
      'training_allowed',
      'cursor',
    ]);
    expect(names('/functions/v1/public-ledger-api')).toEqual(names('/api/v1/ledger'));
    expect(names('/api/ledger')).toEqual(['search', 'tool', 'platform', 'tag', 'date', 'sort', 'page', 'cursor']);
    const sort = doc.paths['/api/ledger'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(['newest', 'oldest', 'status', 'most-linked']);
    const submission = doc.paths['/api/submissions'].post.requestBody.content['application/json'].schema;
    expect(submission.required).toEqual(expect.arrayContaining(['upload_id', 'title', 'tool', 'author_email']));
    expect(submission.properties.title.maxLength).toBe(200);
    const removal = doc.paths['/api/removal-requests'].post.requestBody.content['application/json'].schema;
    expect(removal.required).toEqual(['submission_url', 'requestor_name', 'requestor_email', 'reason']);
    expect(Object.keys(doc.paths['/api/uploads'].post.requestBody.content)).toEqual(['multipart/form-data']);
    for (const path of [
      '/api/submissions/{id}',
      '/api/log/checkpoint',
      '/api/log/key',
      '/api/log/proof/inclusion',
      '/api/log/proof/consistency',
      '/api/log/entries',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
