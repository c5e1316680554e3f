// Issue 14, "runs on several machines": three server processes with separate data folders, one
// PostgreSQL, one S3-compatible store (s3rver) and one log key, behind haproxy (deploy/haproxy.cfg,
// round robin). Requests land on every process in turn, all serving one log key; every step of a
// work's life goes through the balancer and succeeds whichever process answers; a process killed
// with SIGKILL during 50 concurrent registrations loses no registration it confirmed and leaves no
// image without a row; a backup (pg_dump and a copy of the bucket, as README "Backups and restore"
// says) restores into a server whose log still verifies; and a process stopped with SIGTERM drains
// while the balancer keeps answering. One cluster serves the tests in turn.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { verifyNote } from '../../../server/tlog/note';
import { leafHashHex, verifyCheckpointSignature, verifyProofBundle, type ProofBundle } from '../../../core/tlog-verify';
import { generate } from 'otplib';
import { createAdmin } from '../../../server/admin/admin-users';
import { enrolTotpSecret } from '../../../server/admin/second-factor';
import { S3ObjectStore } from '../../../server/storage/s3-store';
import { deleteDeadUploads } from '../../../server/submissions/upload-cleanup';
import type { S3Settings } from '../../../server/storage/s3-settings';
import { makePng } from '../../fixtures/images';
import { multipart, submissionBody } from '../submissions/helpers';
import {
  missingToolsError,
  pause,
  ProcessGroup,
  ROOT,
  scaleOutUnavailable,
  SITE_URL,
  startCluster,
  startServer,
  type Cluster,
} from './cluster';
import { builtEntry } from '../../helpers/built-server';

const run = promisify(execFile);
const group = new ProcessGroup();
let cluster: Cluster;
let vkey: string;
const unavailable = scaleOutUnavailable();

// The removals family counts in the database: three per visitor and day across all processes.
const REMOVALS_PER_DAY = 3;

beforeAll(async () => {
  if (unavailable) return;
  const missing = missingToolsError();
  if (missing) throw missing;
  cluster = await startCluster(group, { RATE_LIMIT_REMOVALS_PER_DAY: String(REMOVALS_PER_DAY) });
  vkey = await (await fetch(`${cluster.balancer}/api/log/key`)).text();
}, 240_000);
afterAll(() => group.close(), 60_000);

function needsCluster(ctx: TestContext): boolean {
  if (unavailable) ctx.skip(unavailable);
  return !unavailable;
}

/**
 * Headers of one visitor's requests: haproxy appends the connecting address (127.0.0.1), which
 * TRUST_PROXY trusts, so the processes count this address (rate limits are per visitor).
 */
const visitor = (address: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...headers });

let seed = 5000;
const freshImage = () => makePng({ width: 96, height: 64, seed: (seed += 1) });

interface Registered {
  id: string;
  registry_id: string;
  image: Buffer;
  imageUrl: string;
  servedBy: { upload: string; submit: string };
}

async function register(address: string, title: string): Promise<Registered> {
  const image = await freshImage();
  const form = multipart([{ name: 'file', filename: 'artwork.png', contentType: 'image/png', data: image }]);
  const up = await cluster.request('POST', '/api/uploads', { headers: visitor(address, form.headers), body: form.payload });
  expect(up.res.status, up.body.toString()).toBe(201);
  const upload = JSON.parse(up.body.toString()) as { upload_id: string; image_url: string };
  const body = JSON.stringify(submissionBody(upload.upload_id, { title }));
  const sub = await cluster.request('POST', '/api/submissions', {
    headers: visitor(address, { 'content-type': 'application/json' }),
    body,
  });
  expect(sub.res.status, sub.body.toString()).toBe(201);
  const created = JSON.parse(sub.body.toString()) as { id: string; registry_id: string };
  return { ...created, image, imageUrl: upload.image_url, servedBy: { upload: up.servedBy, submit: sub.servedBy } };
}

/** GET /api/events through the balancer, read until `piece` arrives. */
function openEvents() {
  let text = '';
  const waiters: (() => void)[] = [];
  const req = http.get({ host: '127.0.0.1', port: Number(new URL(cluster.balancer).port), path: '/api/events', agent: false });
  const opened = new Promise<number>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('error', () => undefined); // closing the open stream from this side resets it
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      resolve(res.statusCode ?? 0);
    });
  });
  const waitFor = async (piece: string, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (!text.includes(piece)) {
      if (Date.now() > deadline) throw new Error(`no ${piece} in the event stream: ${JSON.stringify(text)}`);
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), pause(200)]);
    }
    return text;
  };
  return { opened, waitFor, close: () => req.destroy() };
}

async function verifyWithCli(bundleFile: string, imageFile: string) {
  // The cluster has no witnesses: say so, or the command fails for want of a witness policy.
  return run(process.execPath, [builtEntry('verify'), bundleFile, imageFile, '--key', vkey, '--no-witnesses'], {
    cwd: ROOT,
    env: { ...process.env, XDG_CONFIG_HOME: group.tempDir() },
  });
}

let journeyWork: Registered | undefined;

describe('round robin', () => {
  it('sends requests to every process in turn, and every process serves the one log key', { timeout: 30_000 }, async (ctx) => {
    if (!needsCluster(ctx)) return;
    // Nine requests, three per process, as haproxy's request log shows.
    const servedBy: string[] = [];
    for (let i = 0; i < 9; i++) {
      const answer = await cluster.request('GET', '/api/site');
      expect(answer.res.status).toBe(200);
      servedBy.push(answer.servedBy);
    }
    const counts = Object.fromEntries(['app1', 'app2', 'app3'].map((n) => [n, servedBy.filter((x) => x === n).length]));
    expect(counts).toEqual({ app1: 3, app2: 3, app3: 3 });

    // One log, one key: every process publishes it, and the checkpoint served through the
    // balancer verifies with it.
    const keys = await Promise.all(cluster.servers.map(async (s) => (await fetch(`${s.url}/api/log/key`)).text()));
    expect(keys).toEqual([vkey, vkey, vkey]);
    expect(verifyNote(await (await fetch(`${cluster.balancer}/api/log/checkpoint`)).text(), vkey)).toBe(true);
  });
});

describe('the whole journey through the balancer', () => {
  it(
    'registers, proves, removes, restores, streams and limits, whichever of the three processes answers',
    { timeout: 120_000 },
    async (ctx) => {
      if (!needsCluster(ctx)) return;
      const served: string[] = [];
      const alice = '203.0.113.10';

      // A live event: the stream is held by one process, the work is registered on others (round
      // robin), and PostgreSQL's LISTEN/NOTIFY carries the event across. haproxy logs a request
      // when it ends, so the open stream shows as the one connection its process keeps open while
      // the rest of the journey is logged (see the end of this test).
      const events = openEvents();
      expect(await events.opened).toBe(200);
      await events.waitFor(': connected');
      const loggedBeforeStream = cluster.logged().length;

      // Upload and submit.
      const work = await register(alice, 'Fox in Snow');
      journeyWork = work;
      served.push(work.servedBy.upload, work.servedBy.submit);
      await events.waitFor(`event: work-registered\ndata: {"id":"${work.id}",`);

      // The proof page, as HTML for people and crawlers.
      const page = await cluster.request('GET', `/verify/${work.id}`);
      expect(page.res.status).toBe(200);
      expect(page.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.body.toString()).toContain('Fox in Snow');
      expect(page.body.toString()).toContain(work.registry_id);
      served.push(page.servedBy);

      // The live badge.
      const badge = await cluster.request('GET', `/badge/${work.id}.svg`);
      expect(badge.res.status).toBe(200);
      expect(badge.res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(badge.body.toString()).toMatch(/^<svg /);
      expect(badge.body.toString()).toContain(work.registry_id);
      served.push(badge.servedBy);

      // The image, from the shared bucket.
      const image = await cluster.request('GET', work.imageUrl);
      expect(image.res.status).toBe(200);
      expect(image.res.headers.get('content-type')).toBe('image/jpeg');
      served.push(image.servedBy);

      // The log's inclusion proof, checked against the log's key.
      const inclusion = await cluster.request('GET', `/api/log/proof/inclusion?id=${work.id}`);
      expect(inclusion.res.status).toBe(200);
      const proof = JSON.parse(inclusion.body.toString()) as ProofBundle & { work_status: string };
      expect(proof.work_status).toBe('public');
      expect(await verifyProofBundle(proof, vkey)).toMatchObject({ ok: true, reasons: [] });
      served.push(inclusion.servedBy);

      // The downloaded proof bundle passes `npm run verify` with the image and the log's key.
      const bundle = await cluster.request('GET', `/api/submissions/${work.id}/proof.json`);
      expect(bundle.res.status).toBe(200);
      served.push(bundle.servedBy);
      const dir = group.tempDir();
      fs.writeFileSync(path.join(dir, 'proof.json'), bundle.body);
      fs.writeFileSync(path.join(dir, 'artwork.png'), work.image);
      const verified = await verifyWithCli(path.join(dir, 'proof.json'), path.join(dir, 'artwork.png'));
      expect(verified.stdout).not.toContain('✗');
      expect(verified.stdout).toContain('✓');

      // A removal request, then an admin approves it (a soft delete) and restores the work.
      const removal = await cluster.request('POST', '/api/removal-requests', {
        headers: visitor(alice, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          submission_url: `${SITE_URL}/verify/${work.id}`,
          requestor_name: 'Rita Rights',
          requestor_email: 'rita@example.com',
          reason: 'This is my artwork',
        }),
      });
      expect(removal.res.status, removal.body.toString()).toBe(201);
      served.push(removal.servedBy);
      const request = JSON.parse(removal.body.toString()) as { id: string; submission_id: string };
      expect(request.submission_id).toBe(work.id);

      const admin = await createAdmin(
        cluster.db.database.db,
        { email: 'moderator@example.com', password: 'correct horse battery staple' },
        { now: new Date(), via: 'test' },
      );
      // Decision 0068: the password opens a half session; an authenticator code confirms it.
      const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await enrolTotpSecret(cluster.db.database.db, admin, totpSecret, new Date());
      const adminHeaders = (cookie?: string) => ({
        origin: SITE_URL,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      });
      const login = await cluster.request('POST', '/api/admin/login', {
        headers: adminHeaders(),
        body: JSON.stringify({ email: 'moderator@example.com', password: 'correct horse battery staple' }),
      });
      expect(login.res.status, login.body.toString()).toBe(200);
      served.push(login.servedBy);
      const sessionCookie = (res: Response) =>
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .find((c) => c.startsWith('ledger_admin='));
      const halfCookie = sessionCookie(login.res);
      expect(halfCookie).toBeDefined();
      const confirmed = await cluster.request('POST', '/api/admin/second-factor/totp/verify', {
        headers: adminHeaders(halfCookie),
        body: JSON.stringify({ code: await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) }) }),
      });
      expect(confirmed.res.status, confirmed.body.toString()).toBe(200);
      served.push(confirmed.servedBy);
      const cookie = sessionCookie(confirmed.res);
      expect(cookie).toBeDefined();

      const decision = await cluster.request('POST', `/api/admin/removal-requests/${request.id}/decision`, {
        headers: adminHeaders(cookie),
        body: JSON.stringify({ decision: 'approved', admin_notes: 'Ownership confirmed by e-mail' }),
      });
      expect(decision.res.status, decision.body.toString()).toBe(200);
      expect(JSON.parse(decision.body.toString())).toMatchObject({
        request: { status: 'approved', submission_deleted: true },
        submission: { id: work.id, deleted_by: 'moderator@example.com', deletion_reason: 'This is my artwork' },
      });
      served.push(decision.servedBy);
      // Gone on every process: three reads in a row land on all three.
      for (let i = 0; i < 3; i++) {
        const gone = await cluster.request('GET', `/api/submissions/${work.id}`);
        expect(gone.res.status, `removed work on ${gone.servedBy}`).toBe(404);
        served.push(gone.servedBy);
      }

      const restore = await cluster.request('POST', `/api/admin/submissions/${work.id}/restore`, {
        headers: adminHeaders(cookie),
        body: JSON.stringify({ reason: 'Request withdrawn' }),
      });
      expect(restore.res.status, restore.body.toString()).toBe(200);
      served.push(restore.servedBy);
      for (let i = 0; i < 3; i++) {
        const back = await cluster.request('GET', `/api/submissions/${work.id}`);
        expect(back.res.status, `restored work on ${back.servedBy}`).toBe(200);
        served.push(back.servedBy);
      }
      const leaves = await cluster.db.database.db
        .selectFrom('tlog_leaves')
        .select('event_type')
        .where('submission_id', '=', work.id)
        .orderBy('leaf_index')
        .execute();
      expect(leaves.map((l) => l.event_type)).toEqual(['created', 'soft_deleted', 'restored']);

      // The removals budget is one across processes: three requests land on three processes, and
      // the fourth is refused, whichever process answers it.
      const limitedBy: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i <= REMOVALS_PER_DAY; i++) {
        const answer = await cluster.request('POST', '/api/removal-requests', {
          headers: visitor('198.51.100.7', { 'content-type': 'application/json' }),
          body: JSON.stringify({
            submission_url: 'a picture somewhere',
            requestor_name: 'Ray',
            requestor_email: 'ray@example.com',
            reason: 'Mine',
          }),
        });
        statuses.push(answer.res.status);
        limitedBy.push(answer.servedBy);
        if (answer.res.status === 429) {
          // The removals family's own words (issue 35): a daily limit says so, and when it ends.
          expect(JSON.parse(answer.body.toString()).error.message).toMatch(
            /^This address has sent as many removal requests as one address may send in a day\. You can send another in /,
          );
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(new Set(limitedBy.slice(0, REMOVALS_PER_DAY)).size).toBe(3);
      served.push(...limitedBy);

      // The process holding the stream had one connection open at every request logged since; the
      // others none (the journey's requests go one at a time).
      const openConnections = new Map<string, Set<number>>();
      for (const r of cluster.logged().slice(loggedBeforeStream)) {
        openConnections.set(r.server, (openConnections.get(r.server) ?? new Set()).add(r.serverConnections));
      }
      const streamedBy = [...openConnections].filter(([, counts]) => counts.has(1)).map(([server]) => server);
      expect(streamedBy).toHaveLength(1);
      expect(Object.fromEntries([...openConnections].map(([server, counts]) => [server, [...counts]]))).toEqual(
        Object.fromEntries(['app1', 'app2', 'app3'].map((server) => [server, [server === streamedBy[0] ? 1 : 0]])),
      );
      expect(work.servedBy.submit).not.toBe(streamedBy[0]);
      served.push(streamedBy[0]);
      events.close();

      // Every process took part in the journey.
      expect(new Set(served)).toEqual(new Set(['app1', 'app2', 'app3']));
      for (const name of ['app1', 'app2', 'app3']) expect(served.filter((s) => s === name).length).toBeGreaterThanOrEqual(5);
    },
  );
});

/** The images in the bucket (not the dataset snapshots under 'snapshots/'), by name. */
async function imageObjects(settings: S3Settings): Promise<string[]> {
  return (await bucketObjects(settings)).filter((name) => /^(originals|artworks)\//.test(name));
}

/** The objects in the bucket, by name ('originals/…', 'artworks/…', 'snapshots/…'). */
async function bucketObjects(settings: S3Settings): Promise<string[]> {
  const client = s3Client(settings);
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
    names.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.NextContinuationToken;
  } while (token);
  client.destroy();
  return names.sort();
}

function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
}

/** Every object name a row names: uploads (stored or not) and works. */
async function namedObjects(): Promise<Set<string>> {
  const db = cluster.db.database.db;
  const uploads = await db.selectFrom('uploads').select(['original_key', 'derivative_key']).execute();
  const works = await db.selectFrom('submissions').select(['original_key', 'image_key']).execute();
  return new Set([
    ...uploads.flatMap((u) => [`originals/${u.original_key}`, `artworks/${u.derivative_key}`]),
    ...works.flatMap((w) =>
      [w.original_key ? `originals/${w.original_key}` : [], w.image_key ? `artworks/${w.image_key}` : []].flat(),
    ),
  ]);
}

describe('SIGKILL of one process during 50 concurrent registrations', () => {
  it(
    'keeps every confirmed registration in the database and the log, the log contiguous, and no image without a row',
    { timeout: 120_000 },
    async (ctx) => {
      if (!needsCluster(ctx)) return;
      const victim = cluster.servers[1];
      let confirmed = 0;
      let killedAfter = -1;
      const attempt = async (i: number): Promise<{ id: string } | undefined> => {
        try {
          const work = await register(`10.14.0.${i + 1}`, `Concurrent ${i}`);
          confirmed += 1;
          // Killed while most registrations are still under way.
          if (confirmed === 5) {
            killedAfter = confirmed;
            victim.child.kill('SIGKILL');
          }
          return work;
        } catch {
          // Refused or cut off by the kill: not confirmed, so nothing is promised about it.
          return undefined;
        }
      };
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(i)));
      await victim.exited;
      expect(killedAfter).toBe(5);
      const created = results.filter((r): r is { id: string } => r !== undefined);
      expect(created.length).toBeGreaterThanOrEqual(5);

      // Every confirmed registration is a work with a 'created' leaf whose inclusion proof verifies.
      const db = cluster.db.database.db;
      const ids = created.map((w) => w.id);
      const rows = await db.selectFrom('submissions').select('id').where('id', 'in', ids).execute();
      expect(rows.length).toBe(ids.length);
      const leaves = await db
        .selectFrom('tlog_leaves')
        .select(['submission_id', 'canonical_json', 'leaf_hash'])
        .where('submission_id', 'in', ids)
        .where('event_type', '=', 'created')
        .execute();
      expect(leaves.length).toBe(ids.length);
      for (const leaf of leaves) expect(await leafHashHex(leaf.canonical_json)).toBe(leaf.leaf_hash);
      for (const id of ids) {
        const answer = await cluster.request('GET', `/api/log/proof/inclusion?id=${id}`);
        expect(answer.res.status).toBe(200);
        const proof = JSON.parse(answer.body.toString()) as ProofBundle;
        expect(await verifyProofBundle(proof, vkey), `proof of ${id}`).toMatchObject({ ok: true });
      }

      // The log has no gap: leaves 0 … n-1, and the newest checkpoint covers them all.
      const span = await db
        .selectFrom('tlog_leaves')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb.fn.min('leaf_index').as('first'),
          eb.fn.max('leaf_index').as('last'),
        ])
        .executeTakeFirstOrThrow();
      expect(Number(span.first)).toBe(0);
      expect(Number(span.last)).toBe(Number(span.count) - 1);
      const checkpoint = (await cluster.request('GET', '/api/log/checkpoint')).body.toString();
      expect(await verifyCheckpointSignature(checkpoint, vkey)).toBe(true);
      expect(checkpoint.split('\n')[1]).toBe(String(span.count));

      // Each image in the bucket is named by an upload row or a work. Uploads cut off before their
      // files were marked stored are the sweep's (upload-cleanup.ts); once it runs (no grace left:
      // nothing is under way now), no row is left unstored and still every object has its row.
      const named = await namedObjects();
      expect((await imageObjects(cluster.s3.settings)).filter((name) => !named.has(name))).toEqual([]);
      const store = new S3ObjectStore(cluster.s3.settings);
      await deleteDeadUploads({ db, store, now: () => new Date() }, 0);
      const unstored = await db.selectFrom('uploads').select('id').where('files_stored_at', 'is', null).execute();
      expect(unstored).toEqual([]);
      const namedAfter = await namedObjects();
      expect((await imageObjects(cluster.s3.settings)).filter((name) => !namedAfter.has(name))).toEqual([]);
    },
  );
});

describe('backup and restore (README "Backups and restore")', () => {
  it(
    'restores pg_dump and the bucket copy into a server whose log verifies and which serves the images',
    { timeout: 120_000 },
    async (ctx) => {
      if (!needsCluster(ctx)) return;
      const work = journeyWork;
      if (!work) throw new Error('the journey test registers the work this test restores');
      const backup = group.tempDir();
      const checkpointBefore = await (await fetch(`${cluster.balancer}/api/log/checkpoint`)).text();

      // Backup: the database first, then the images (every image a dumped row names is in the copy).
      await run('pg_dump', ['--format=custom', `--file=${path.join(backup, 'ledger.dump')}`, cluster.db.url!]);
      const client = s3Client(cluster.s3.settings);
      const names = await bucketObjects(cluster.s3.settings);
      for (const name of names) {
        const object = await client.send(new GetObjectCommand({ Bucket: cluster.s3.settings.bucket, Key: name }));
        const file = path.join(backup, 'bucket', name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, await object.Body!.transformToByteArray());
      }
      client.destroy();

      // Restore: an empty database, pg_restore, the images into a new bucket, the same key.
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `ledger_restore_${crypto.randomBytes(6).toString('hex')}`;
      await run('createdb', [`--maintenance-db=${serverUrl}`, name]);
      group.onClose(async () => {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const restoredUrl = new URL(serverUrl);
      restoredUrl.pathname = `/${name}`;
      await run('pg_restore', [`--dbname=${restoredUrl.toString()}`, path.join(backup, 'ledger.dump')]);
      const s3 = await group.startS3();
      const target = s3Client(s3.settings);
      for (const key of names) {
        const body = fs.readFileSync(path.join(backup, 'bucket', key));
        await target.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: key, Body: body }));
      }
      target.destroy();
      const server = await startServer(group, { ...cluster.env, ...s3.env, DATABASE_URL: restoredUrl.toString() });

      // The same log under the same key: the checkpoint verifies and covers the dumped tree, and
      // the work registered before the dump has an inclusion proof that verifies.
      expect(await (await fetch(`${server.url}/api/log/key`)).text()).toBe(vkey);
      const checkpoint = await (await fetch(`${server.url}/api/log/checkpoint`)).text();
      expect(await verifyCheckpointSignature(checkpoint, vkey)).toBe(true);
      expect(checkpoint.split('\n')[1]).toBe(checkpointBefore.split('\n')[1]);
      const inclusion = await fetch(`${server.url}/api/log/proof/inclusion?id=${work.id}`);
      expect(inclusion.status).toBe(200);
      expect(await verifyProofBundle((await inclusion.json()) as ProofBundle, vkey)).toMatchObject({ ok: true, reasons: [] });

      // Its image is served from the restored bucket.
      const image = await fetch(`${server.url}${work.imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    },
  );
});

describe('graceful stop behind the balancer', () => {
  it('drains a process stopped with SIGTERM, which exits 0, while every request is answered', { timeout: 60_000 }, async (ctx) => {
    if (!needsCluster(ctx)) return;
    // app2 was killed above; app1 now stops, app3 answers.
    const stopping = cluster.servers[0];
    stopping.child.kill('SIGTERM');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await fetch(`${cluster.balancer}/api/site`)).status);
    expect(await stopping.exited).toBe(0);
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${cluster.balancer}/api/site`)).status);
    expect(statuses).toEqual(Array.from({ length: 15 }, () => 200));
  });
});
