// The published dataset snapshot: the Croissant description names a file whose SHA-256 and size
// are those of the bytes its address returns, holding exactly the public records; it is rebuilt at
// most hourly (the app's clock), and only the first request of a fresh start waits for it.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { ledgerSnapshotsFor } from '../../../server/ledger/snapshot/ledger-snapshots';
import { startS3Server } from '../../helpers/s3-server';

const CANARY = 'CANARY-PRIVATE-5e1b';
const START = new Date('2026-11-22T08:30:00.000Z');
const MINUTE = 60_000;

let clock = START;
let t: TestApp;
let visibleId = '';
const hiddenIds: string[] = [];
let emails: string[] = [];

interface FileObject {
  contentUrl: string;
  sha256: string;
  contentSize: string;
  dateModified: string;
  name: string;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const pathOf = (url: string) => url.replace('http://ledger.test', '');

async function croissantFile(): Promise<FileObject> {
  const res = await get('/api/v1/croissant.json');
  expect(res.statusCode).toBe(200);
  return res.json().distribution[0] as FileObject;
}

function uuidsIn(gzipped: Buffer): string[] {
  const text = zlib.gunzipSync(gzipped).toString('utf8');
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line).uuid as string);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.deps.db;
  const visible = await insertWork(db, { title: 'Visible work', prompt: `visible ${CANARY}`, prompt_visibility: 'private' });
  visibleId = visible.id;
  for (const hidden of [
    await insertWork(db, { title: `Private ${CANARY}`, prompt: CANARY, is_public: false }),
    await insertWork(db, { title: `Deleted ${CANARY}`, prompt: CANARY, deleted_at: new Date(), deletion_reason: 'removal request' }),
  ]) {
    hiddenIds.push(hidden.id, hidden.registry_id);
  }
  const rows = await sql<{ author_email: string }>`SELECT author_email FROM submissions`.execute(db);
  emails = rows.rows.map((r) => r.author_email);
});
afterAll(async () => {
  await t.close();
});

describe('published dataset snapshot', () => {
  it('is named in Croissant with the SHA-256, size and time of the bytes its contentUrl returns', async () => {
    const file = await croissantFile();
    expect(file.contentUrl).toMatch(/^http:\/\/ledger\.test\/api\/v1\/ledger\/snapshots\/20261122T083000Z-[0-9a-f]{8}\.jsonl\.gz$/);
    expect(file.name).toBe('ai-art-ledger-20261122T083000Z.jsonl.gz');
    expect(file.dateModified).toBe('2026-11-22T08:30:00.000Z');
    const res = await get(pathOf(file.contentUrl));
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(file.sha256);
    expect(file.contentSize).toBe(`${res.rawPayload.length} B`);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers.etag).toBe(`"${file.sha256}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ai-art-ledger-20261122T083000Z.jsonl.gz"');
  });

  it('serves the same bytes at the stable address, and 304 to a client that holds them', async () => {
    const file = await croissantFile();
    const res = await get('/api/v1/ledger/snapshot.jsonl.gz');
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(file.sha256);
    expect(res.headers.etag).toBe(`"${file.sha256}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await get('/api/v1/ledger/snapshot.jsonl.gz', { 'if-none-match': `"${file.sha256}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('holds one JSON line per public work and nothing private', async () => {
    const res = await get('/api/v1/ledger/snapshot.jsonl.gz');
    expect(uuidsIn(res.rawPayload)).toEqual([visibleId]);
    const text = zlib.gunzipSync(res.rawPayload).toString('utf8');
    expect(text).not.toContain(CANARY);
    for (const id of hiddenIds) expect(text).not.toContain(id);
    for (const email of emails) expect(text).not.toContain(email);
  });

  it('keeps its bytes through a registration until the hour has passed, then includes the new work', async () => {
    const before = await croissantFile();
    const oldBytes = (await get(pathOf(before.contentUrl))).rawPayload;
    const added = await insertWork(t.deps.db, { title: 'Registered after the snapshot' });

    clock = new Date(START.getTime() + 59 * MINUTE);
    expect(await croissantFile()).toEqual(before);
    expect((await get('/api/v1/ledger/snapshot.jsonl.gz')).rawPayload.equals(oldBytes)).toBe(true);
    await ledgerSnapshotsFor(t.deps, t.app.log).settled();
    expect(await croissantFile()).toEqual(before);

    // The first request after the hour answers at once and starts the rebuild in the background.
    clock = new Date(START.getTime() + 61 * MINUTE);
    expect(await croissantFile()).toEqual(before);
    await ledgerSnapshotsFor(t.deps, t.app.log).settled();
    const after = await croissantFile();
    expect(after.sha256).not.toBe(before.sha256);
    expect(after.dateModified).toBe('2026-11-22T09:31:00.000Z');
    const newBytes = (await get(pathOf(after.contentUrl))).rawPayload;
    expect(sha256(newBytes)).toBe(after.sha256);
    expect(after.contentSize).toBe(`${newBytes.length} B`);
    expect(uuidsIn(newBytes).sort()).toEqual([visibleId, added.id].sort());
    // The address an older description named still returns its bytes.
    expect((await get(pathOf(before.contentUrl))).rawPayload.equals(oldBytes)).toBe(true);
  });

  it('is not rebuilt after the hour when the ledger did not change', async () => {
    const before = await croissantFile();
    clock = new Date(clock.getTime() + 2 * 60 * MINUTE);
    await croissantFile();
    await ledgerSnapshotsFor(t.deps, t.app.log).settled();
    expect(await croissantFile()).toEqual(before);
  });

  it('answers 404 for a snapshot it does not keep and for a malformed name', async () => {
    for (const file of ['20201122T083000Z-00000000.jsonl.gz', '..%2f..%2fetc.jsonl.gz', 'latest', '20261122T083000Z-1a2b3c4d.json']) {
      const res = await get(`/api/v1/ledger/snapshots/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().error.code, file).toBe('not_found');
    }
  });
});

describe('a fresh start', () => {
  it('builds the first snapshot once for concurrent requests, which all get it', async () => {
    const fresh = await createTestApp();
    try {
      await insertWork(fresh.deps.db, { title: 'Only work' });
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => fresh.app.inject({ method: 'GET', url: '/api/v1/croissant.json' })),
        ...Array.from({ length: 2 }, () => fresh.app.inject({ method: 'GET', url: '/api/v1/ledger/snapshot.jsonl.gz' })),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const checksums = answers.map((res, i) => (i < 4 ? res.json().distribution[0].sha256 : sha256(res.rawPayload)));
      expect(new Set(checksums).size).toBe(1);
      const keys: string[] = [];
      for await (const key of fresh.deps.store.list('snapshots')) keys.push(key);
      expect(keys.map((key) => key.replace(/^.*\./, '')).sort()).toEqual(['gz', 'json']);
    } finally {
      await fresh.close();
    }
  });
});

describe('two server processes on one database and one S3 bucket', () => {
  it('describe and serve the same snapshot: the second uses the one the first built', async () => {
    const s3 = await startS3Server();
    // Every process signs for the one log with the same key, as a deployment configures it.
    const logKey = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const env = { ...s3.env, TLOG_SIGNING_KEY: logKey };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env, sharedDatabase: a.testDb });
    try {
      await insertWork(a.deps.db, { title: 'Shared work' });
      // Both find no snapshot at the same moment: one builds it, the other waits for that file.
      const [answerA, answerB] = await Promise.all([
        a.app.inject({ method: 'GET', url: '/api/v1/croissant.json' }),
        b.app.inject({ method: 'GET', url: '/api/v1/croissant.json' }),
      ]);
      const fromA = answerA.json().distribution[0] as FileObject;
      const fromB = answerB.json().distribution[0] as FileObject;
      expect(fromB).toEqual(fromA);
      const servedByB = await b.app.inject({ method: 'GET', url: pathOf(fromA.contentUrl) });
      expect(servedByB.statusCode).toBe(200);
      expect(sha256(servedByB.rawPayload)).toBe(fromA.sha256);
      const keys: string[] = [];
      for await (const key of a.deps.store.list('snapshots')) keys.push(key);
      expect(keys).toHaveLength(2);
    } finally {
      await b.close();
      await a.close();
      await s3.close();
    }
  });
});

describe('the claim on the build', () => {
  it('makes a fresh process wait while another builds, and build itself once the claim ends', async () => {
    const fresh = await createTestApp();
    try {
      await insertWork(fresh.deps.db, { title: 'Only work' });
      // Another process (not this one) holds the claim and is building.
      await sql`INSERT INTO build_claims (name, holder, renewed_at) VALUES ('dataset-snapshot', 'other', now())`.execute(
        fresh.deps.db,
      );
      let answered = false;
      const answer = fresh.app.inject({ method: 'GET', url: '/api/v1/croissant.json' }).then((res) => ((answered = true), res));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(answered).toBe(false);
      // Its build failed: the claim ends without a file, and the waiting process builds one.
      await sql`DELETE FROM build_claims WHERE holder = 'other'`.execute(fresh.deps.db);
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json().distribution[0].contentUrl).toMatch(/\/api\/v1\/ledger\/snapshots\/\d{8}T\d{6}Z-[0-9a-f]{8}\.jsonl\.gz$/);
      const claims = await sql<{ n: number }>`SELECT count(*)::int AS n FROM build_claims`.execute(fresh.deps.db);
      expect(claims.rows[0]!.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('is taken over from a process that stopped renewing it (killed in the middle of a build)', async () => {
    const fresh = await createTestApp();
    try {
      await insertWork(fresh.deps.db, { title: 'Only work' });
      await sql`INSERT INTO build_claims (name, holder, renewed_at) VALUES ('dataset-snapshot', 'killed', now() - interval '46 seconds')`.execute(
        fresh.deps.db,
      );
      const res = await fresh.app.inject({ method: 'GET', url: '/api/v1/croissant.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().distribution[0].contentSize).toMatch(/^\d+ B$/);
    } finally {
      await fresh.close();
    }
  });
});
