// The artist's AI-training choice in the vocabularies crawlers read (core/training-consent.ts):
// TDMRep headers, meta tags and /.well-known/tdmrep.json, Content-Usage, X-Robots-Tag, IPTC
// plus:DataMining in JSON-LD and the CAWG assertion in the JSON export; and the keyless opt-out set.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { freshPng, jsonLdBlocks, metaContent, registerWork, softDelete } from '../proof/proof-kit';

const SITE = 'http://ledger.test';
const POLICY = `${SITE}/tdm-policy.json`;
const ALLOWED_PERMISSIONS = {
  allow_ai_training: true,
  restrict_usage: false,
  remix_allowed: false,
  no_commercial: false,
  sensitive_content: false,
  must_give_credit: true,
};

interface Registered {
  image: Buffer;
  id: string;
  registry_id: string;
  hash: string;
  imagePath: string;
}

let t: TestApp;
let reserved: Registered;
let allowed: Registered;
let deletedReserved: Registered;
let privateHash = '';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function register(overrides: Record<string, unknown>): Promise<Registered> {
  const image = await freshPng();
  const { created, upload } = await registerWork(t.app, overrides, image);
  const record = (await get(`/api/submissions/${created.id}`)).json<{ image_url: string }>();
  return {
    image,
    id: created.id,
    registry_id: created.registry_id,
    hash: upload.image_hash,
    imagePath: new URL(record.image_url, SITE).pathname,
  };
}

// The server's clock: the whole-ledger files are rebuilt at most hourly, so a test moves it on.
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
  reserved = await register({ title: 'Kept Out', artist_name: 'Reserved Artist' });
  allowed = await register({ title: 'Open Door', artist_name: 'Open Artist', permissions: ALLOWED_PERMISSIONS });
  deletedReserved = await register({ title: 'Gone Later', artist_name: 'Reserved Artist' });
  await softDelete(t, deletedReserved.id);
  const hidden = await insertWork(t.deps.db, { title: 'Private reserved', is_public: false });
  privateHash =
    (await t.deps.db.selectFrom('submissions').select('image_hash').where('id', '=', hidden.id).executeTakeFirstOrThrow())
      .image_hash ?? '';
});
afterAll(async () => {
  await t.close();
});

function consentHeaders(res: { headers: Record<string, unknown> }) {
  const h = res.headers;
  return {
    'tdm-reservation': h['tdm-reservation'],
    'tdm-policy': h['tdm-policy'],
    'content-usage': h['content-usage'],
    'x-robots-tag': h['x-robots-tag'],
  };
}

const RESERVED_HEADERS = {
  'tdm-reservation': '1',
  'tdm-policy': POLICY,
  'content-usage': 'train-ai=n',
  'x-robots-tag': 'noai, noimageai',
};
const ALLOWED_HEADERS = { 'tdm-reservation': '0', 'tdm-policy': undefined, 'content-usage': 'train-ai=y', 'x-robots-tag': undefined };

describe('consent headers where a work is served', () => {
  it('a reserved work’s image, proof page, API record and downloads say tdm-reservation 1, train-ai=n and noai', async () => {
    for (const url of [
      reserved.imagePath,
      `/verify/${reserved.id}`,
      `/api/submissions/${reserved.registry_id}`,
      `/api/submissions/${reserved.registry_id}/proof.jsonld`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(consentHeaders(res), url).toEqual(RESERVED_HEADERS);
    }
  });

  it('an opted-in work’s image, proof page, API record and downloads say tdm-reservation 0 and train-ai=y', async () => {
    for (const url of [
      allowed.imagePath,
      `/verify/${allowed.id}`,
      `/api/submissions/${allowed.id}`,
      `/api/submissions/${allowed.registry_id}/report.txt`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(consentHeaders(res), url).toEqual(ALLOWED_HEADERS);
    }
  });

  it('pages that are not a work (the ledger, a missing work) carry no consent headers', async () => {
    for (const url of ['/ledger', '/verify/VW-2020-999999']) {
      expect(consentHeaders(await get(url)), url).toEqual({
        'tdm-reservation': undefined,
        'tdm-policy': undefined,
        'content-usage': undefined,
        'x-robots-tag': undefined,
      });
    }
  });

  it('the proof page has the TDMRep meta tags of its work', async () => {
    const reservedHtml = (await get(`/verify/${reserved.id}`)).body;
    expect(metaContent(reservedHtml, 'tdm-reservation')).toBe('1');
    expect(metaContent(reservedHtml, 'tdm-policy')).toBe(POLICY);
    expect(metaContent(reservedHtml, 'robots')).toBe('noai, noimageai');
    const allowedHtml = (await get(`/verify/${allowed.id}`)).body;
    expect(metaContent(allowedHtml, 'tdm-reservation')).toBe('0');
    expect(metaContent(allowedHtml, 'tdm-policy')).toBeNull();
    expect(metaContent(allowedHtml, 'robots')).toBeNull();
  });

  it('JSON-LD says plus:DataMining on the artwork and its image, with the IPTC PLUS prefix declared', async () => {
    const ld = (url: string) => get(url).then((r) => JSON.parse(jsonLdBlocks(r.body)[0]));
    const r = await ld(`/verify/${reserved.id}`);
    expect(r['@context']).toEqual(['https://schema.org', { plus: 'http://ns.useplus.org/ldf/xmp/1.0/' }]);
    expect(r['plus:DataMining']).toBe('http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING');
    expect(r.image['plus:DataMining']).toBe('http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING');
    expect((await ld(`/verify/${allowed.id}`))['plus:DataMining']).toBe('http://ns.useplus.org/ldf/vocab/DMI-ALLOWED');
  });

  it('the JSON export carries the CAWG training-and-data-mining assertion', async () => {
    const exported = (id: string) => get(`/api/submissions/${id}/proof.jsonld`).then((r) => JSON.parse(r.body));
    expect((await exported(reserved.id)).training_and_data_mining).toEqual({
      assertion: {
        label: 'cawg.training-mining',
        data: {
          entries: {
            'cawg.data_mining': { use: 'notAllowed' },
            'cawg.ai_generative_training': { use: 'notAllowed' },
            'cawg.ai_training': { use: 'notAllowed' },
          },
        },
      },
      tdm_reservation: 1,
      tdm_policy: POLICY,
    });
    const open = (await exported(allowed.id)).training_and_data_mining;
    expect(open.tdm_reservation).toBe(0);
    expect(open.assertion.data.entries['cawg.ai_training']).toEqual({ use: 'allowed' });
  });

  it('the public API record and the dump carry the same CAWG value as the JSON export (issue 35)', async () => {
    const records = (await get('/api/v1/ledger?limit=100')).json<{ data: { id: string; training_mining: string }[] }>().data;
    const byId = new Map(records.map((r) => [r.id, r.training_mining]));
    expect([byId.get(reserved.registry_id), byId.get(allowed.registry_id)]).toEqual(['notAllowed', 'allowed']);
    const dump = await t.app.inject({ method: 'GET', url: '/api/v1/ledger/dump.jsonl.gz' });
    const lines = zlib.gunzipSync(dump.rawPayload).toString('utf8').trim().split('\n');
    const dumped = new Map(
      lines.map((line) => JSON.parse(line) as { id: string; training_mining: string }).map((r) => [r.id, r.training_mining]),
    );
    expect([dumped.get(reserved.registry_id), dumped.get(allowed.registry_id)]).toEqual(['notAllowed', 'allowed']);
  });
});

/** The tdm-reservation a TDMRep agent derives for a path: the first rule whose location matches. */
function reservationFor(rules: { location: string; 'tdm-reservation': number }[], path: string): number | null {
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.location.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (pattern.test(path)) return rule['tdm-reservation'];
  }
  return null;
}

describe('GET /.well-known/tdmrep.json', () => {
  it('reserves exactly the works whose artist did not allow training, on their image, page and API paths', async () => {
    const res = await get('/.well-known/tdmrep.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Readable by a script on another site, like the opt-out set (issue 35).
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const rules = res.json<{ location: string; 'tdm-reservation': number; 'tdm-policy'?: string }[]>();
    for (const path of [
      reserved.imagePath,
      `/verify/${reserved.id}`,
      `/verify/${reserved.registry_id}`,
      `/api/submissions/${reserved.id}/report.pdf`,
    ]) {
      expect(reservationFor(rules, path), path).toBe(1);
    }
    for (const path of [
      allowed.imagePath,
      `/verify/${allowed.id}`,
      `/verify/${allowed.registry_id}`,
      `/api/submissions/${allowed.registry_id}/report.pdf`,
    ]) {
      expect(reservationFor(rules, path), path).toBe(0);
    }
    expect(rules.filter((r) => r['tdm-reservation'] === 1).every((r) => r['tdm-policy'] === POLICY)).toBe(true);
    expect(reservationFor(rules, '/ledger')).toBeNull();
    expect(res.body).not.toContain(reserved.id);
  });

  it('answers 304 to a current ETag, and lists a newly opted-in work within the hour (reserved until then)', async () => {
    const first = await get('/.well-known/tdmrep.json');
    expect((await get('/.well-known/tdmrep.json', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    const later = await register({ title: 'Later Open', artist_name: 'Open Artist', permissions: ALLOWED_PERMISSIONS });
    const soon = await get('/.well-known/tdmrep.json');
    expect(soon.headers.etag).toBe(first.headers.etag);
    expect(reservationFor(soon.json(), `/verify/${later.id}`)).toBe(1);
    clockOffsetMs = 61 * 60_000;
    try {
      const second = await get('/.well-known/tdmrep.json');
      expect(second.headers.etag).not.toBe(first.headers.etag);
      expect(reservationFor(second.json(), `/verify/${later.id}`)).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('serves the ODRL policy that tdm-policy points to', async () => {
    const res = await get('/tdm-policy.json');
    expect(res.statusCode).toBe(200);
    const policy = res.json();
    expect(policy['@type']).toBe('Offer');
    expect(policy.profile).toBe('http://www.w3.org/ns/tdmrep');
    expect(policy.uid).toBe(POLICY);
    expect(policy.permission).toEqual([{ action: 'tdm:mine', duty: [{ action: 'obtainConsent' }] }]);
  });
});

function csvRows(body: string): string[][] {
  return body
    .trim()
    .split('\n')
    .map((line) => line.split(','));
}

describe('the keyless opt-out set', () => {
  it('full.csv lists exactly the public reserved works (never private, deleted or opted-in ones)', async () => {
    const res = await get('/opt-out/v1/full.csv');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['registry_id', 'sha256', 'phash', 'registered_at']);
    const expected = await t.deps.db
      .selectFrom('submissions')
      .select(['registry_id', 'image_hash', 'image_phash'])
      .where('is_public', '=', true)
      .where('deleted_at', 'is', null)
      .where('allow_ai_training', '=', false)
      .orderBy('registry_seq')
      .execute();
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual(expected.map((w) => [w.registry_id, w.image_hash, w.image_phash]));
    const hashes = rows.map((r) => r[1]);
    expect(hashes).toContain(reserved.hash);
    expect(hashes).not.toContain(allowed.hash);
    expect(hashes).not.toContain(deletedReserved.hash);
    expect(hashes).not.toContain(privateHash);
    expect((await get('/opt-out/v1/full.csv', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('a daily delta lists the reserved works registered that UTC day; other days are empty', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const full = csvRows((await get('/opt-out/v1/full.csv')).body).slice(1);
    const delta = await get(`/opt-out/v1/delta/${today}.csv`);
    expect(delta.statusCode).toBe(200);
    expect(csvRows(delta.body).slice(1)).toEqual(full.filter((r) => r[3].startsWith(today)));
    expect(
      csvRows(delta.body)
        .slice(1)
        .map((r) => r[1]),
    ).toContain(reserved.hash);
    expect((await get('/opt-out/v1/delta/2001-01-01.csv')).body).toBe('registry_id,sha256,phash,registered_at\n');
  });

  it('rejects a delta name that is not a calendar day with 404 and says the form', async () => {
    for (const name of ['2024-02-30.csv', 'latest.csv', '2024-01-01.json']) {
      const res = await get(`/opt-out/v1/delta/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.message).toBe('No such delta: use /opt-out/v1/delta/YYYY-MM-DD.csv (a UTC day).');
    }
  });
});

describe('examples/opt-out-filter.mjs', () => {
  it('flags the reserved image in a folder and passes the opted-in one, exiting 1', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'opt-out-'));
    try {
      await fs.writeFile(path.join(dir, 'full.csv'), (await get('/opt-out/v1/full.csv')).body);
      await fs.mkdir(path.join(dir, 'images'));
      await fs.writeFile(path.join(dir, 'images', 'a-reserved.png'), reserved.image);
      await fs.writeFile(path.join(dir, 'images', 'b-open.png'), allowed.image);
      const run = promisify(execFile)(process.execPath, [
        'examples/opt-out-filter.mjs',
        '--set',
        path.join(dir, 'full.csv'),
        path.join(dir, 'images'),
      ]);
      const failure = await run.then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe(
        `reserved ${reserved.registry_id} ${path.join(dir, 'images', 'a-reserved.png')}\nok ${path.join(dir, 'images', 'b-open.png')}\n`,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
