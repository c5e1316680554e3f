// The transparency log over HTTP, checked by an independent reference verifier
// (reference-verifier.ts), never by the server's own proof code.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { witnessedProofBundle } from '../../../server/tlog/witnessing/proof-bundle';
import { readLeafHashes } from '../../../server/tlog/log-repository';
import { TreeHasher } from '../../../server/tlog/tree-hasher';
import { consistencyProofRanges, inclusionProofRanges } from '../../../server/tlog/merkle';
import { verifyProofBundle } from '../../../core/tlog-verify';
import { MESSAGES } from '../../../core/messages';
import { insertLoggedWork, logWorkEvent, type LoggedWork } from './log-fixtures';
import {
  refFormatVkey,
  refLeafHash,
  refParseCheckpoint,
  refRoot,
  refVerifyConsistency,
  refVerifyInclusion,
  refVerifyNote,
} from './reference-verifier';

const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
// Generous: these make hundreds of database round trips, slow on a busy machine.
const HEAVY_TIMEOUT = 180_000;
const NOT_FOUND = "This Registry ID doesn't exist or the submission is private.";

let t: TestApp;
let vkey: string;
const works: LoggedWork[] = [];
/** Root hex of the stored checkpoint at each size 0..300 (read back from the database). */
const rootsBySize = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

interface InclusionBody {
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  leaf_canonical_json: string;
  hashes: string[];
  checkpoint: string;
}

/** Every check a third party would make on an inclusion answer. */
function independentlyVerified(body: InclusionBody): boolean {
  const checkpoint = refParseCheckpoint(body.checkpoint);
  return (
    refLeafHash(body.leaf_canonical_json).toString('hex') === body.leaf_hash &&
    checkpoint.size === body.tree_size &&
    checkpoint.origin === 'ledger.test/log' &&
    refVerifyNote(body.checkpoint, vkey) &&
    refVerifyInclusion(body.leaf_hash, body.leaf_index, body.tree_size, body.hashes, checkpoint.rootHex)
  );
}

/** All leaf hashes, through the public entries endpoint, recomputed from each canonical JSON. */
async function allLeafHashesViaEntries(size: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let start = 0; start < size; start += 100) {
    const res = await get(`/api/log/entries?start=${start}&end=${Math.min(size, start + 100)}`);
    for (const e of res.json().entries as Array<{ leaf_index: number; leaf_hash: string; canonical_json: string }>) {
      expect(e.leaf_index).toBe(out.length);
      expect(refLeafHash(e.canonical_json).toString('hex')).toBe(e.leaf_hash);
      out.push(refLeafHash(e.canonical_json));
    }
  }
  return out;
}

describe('transparency log: checkpoints and key', () => {
  it('serves a signed checkpoint of the empty log: size 0, root e3b0c442…, short cache', async () => {
    const res = await get('/api/log/checkpoint');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(refParseCheckpoint(res.body)).toEqual({ origin: 'ledger.test/log', size: 0, rootHex: EMPTY_ROOT });
    expect(res.body.startsWith('ledger.test/log\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n\n\u2014 ledger.test/log ')).toBe(
      true,
    );
    expect(refVerifyNote(res.body, vkey)).toBe(true);
    rootsBySize.set(0, EMPTY_ROOT);
  });

  it('publishes the verifier key as <origin>+<8 hex key id>+<base64 of 0x01 and the Ed25519 key>, long-cached', async () => {
    const res = await get('/api/log/key');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^ledger\.test\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(Buffer.from(res.body.split('+').slice(2).join('+'), 'base64')[0]).toBe(0x01);
  });

  it(
    'signs a checkpoint whose root equals a naive reference tree at every size 1..300',
    async () => {
      const leafHashes: Buffer[] = [];
      for (let i = 0; i < 300; i++) {
        const work = await insertLoggedWork(t.deps.db);
        works.push(work);
        expect(work.leafIndex).toBe(i);
        const checkpoint = await ensureCheckpoint(t.deps);
        const entry = `{"event":"created","image_sha256":"${work.image_hash}","registry_id":"${work.registry_id}","submission_id":"${work.id}","time":"${work.created_at.toISOString()}"}`;
        leafHashes.push(refLeafHash(entry));
        expect(checkpoint.treeSize).toBe(i + 1);
        expect(refParseCheckpoint(checkpoint.note)).toEqual({
          origin: 'ledger.test/log',
          size: i + 1,
          rootHex: refRoot(leafHashes).toString('hex'),
        });
        expect(refVerifyNote(checkpoint.note, vkey)).toBe(true);
        rootsBySize.set(i + 1, checkpoint.rootHash);
      }
      const served = refParseCheckpoint((await get('/api/log/checkpoint')).body);
      expect(served.size).toBe(300);
      expect(served.rootHex).toBe(refRoot(await allLeafHashesViaEntries(300)).toString('hex'));
    },
    HEAVY_TIMEOUT,
  );

  it('does not sign again when no leaf was added (same size, same stored note)', async () => {
    const before = (await get('/api/log/checkpoint')).body;
    const again = await ensureCheckpoint(t.deps);
    expect(again.treeSize).toBe(300);
    expect(again.note).toBe(before);
    const count = await t.deps.db
      .selectFrom('tlog_checkpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(301); // sizes 0..300
  });
});

describe('transparency log: inclusion proofs', () => {
  it(
    'gives every one of 300 public works an inclusion proof an independent verifier accepts',
    async () => {
      for (const [i, work] of works.entries()) {
        // Half by UUID, half by registry id (in lower case, which is normalised).
        const id = i % 2 === 0 ? work.id : work.registry_id.toLowerCase();
        const res = await get(`/api/log/proof/inclusion?id=${encodeURIComponent(id)}`);
        expect(res.statusCode, id).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        const body = res.json() as InclusionBody;
        expect(body.leaf_index).toBe(work.leafIndex);
        expect(body.tree_size).toBe(300);
        expect(JSON.parse(body.leaf_canonical_json)).toMatchObject({
          event: 'created',
          registry_id: work.registry_id,
          image_sha256: work.image_hash,
        });
        expect(independentlyVerified(body), id).toBe(true);
      }
    },
    HEAVY_TIMEOUT,
  );

  it('proves a leaf against an older signed size, immutably cached, and verifies against that checkpoint', async () => {
    for (const [leaf, size] of [
      [0, 1],
      [5, 17],
      [63, 64],
      [64, 65],
      [200, 256],
      [255, 257],
      [299, 300],
    ]) {
      const res = await get(`/api/log/proof/inclusion?leaf_index=${leaf}&tree_size=${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = res.json() as InclusionBody;
      expect(refParseCheckpoint(body.checkpoint).rootHex).toBe(rootsBySize.get(size));
      expect(body.hashes).toHaveLength(inclusionProofRanges(leaf, size).length);
      expect(independentlyVerified(body), `${leaf} of ${size}`).toBe(true);
    }
  });

  it('rejects tampered proofs in the reference verifier', async () => {
    const body = (await get(`/api/log/proof/inclusion?id=${works[123].id}`)).json() as InclusionBody;
    expect(independentlyVerified(body)).toBe(true);
    const flipped = body.hashes[3].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const tampered: InclusionBody[] = [
      { ...body, hashes: body.hashes.map((h, i) => (i === 3 ? flipped : h)) },
      { ...body, hashes: body.hashes.slice(0, -1) },
      { ...body, hashes: [...body.hashes].reverse() },
      { ...body, leaf_index: 122 },
      {
        ...body,
        leaf_hash: refLeafHash(body.leaf_canonical_json.replace(works[123].registry_id, works[124].registry_id)).toString('hex'),
      },
      { ...body, leaf_canonical_json: body.leaf_canonical_json.replace('"created"', '"restored"') },
      // A checkpoint claiming another size is no longer signed by the key.
      { ...body, tree_size: 301, checkpoint: body.checkpoint.replace('\n300\n', '\n301\n') },
    ];
    for (const [i, proof] of tampered.entries()) expect(independentlyVerified(proof), `tampering ${i}`).toBe(false);
    // Another key under the same name does not verify the log's signature.
    const otherKey = refFormatVkey('ledger.test/log', crypto.generateKeyPairSync('ed25519').publicKey);
    expect(refVerifyNote(body.checkpoint, otherKey)).toBe(false);
  });

  it('serves by id no private work, but any leaf by index (leaves hold no personal data)', async () => {
    const privateWork = await insertLoggedWork(t.deps.db, { is_public: false });
    for (const id of [privateWork.id, privateWork.registry_id]) {
      const res = await get(`/api/log/proof/inclusion?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'not_found', title: 'Submission Not Found', message: NOT_FOUND });
    }
    expect(await witnessedProofBundle(t.deps, privateWork.id)).toBeNull();
    // A leaf newer than the newest checkpoint gets a fresh checkpoint (of the whole log) on demand.
    const byIndex = await get(`/api/log/proof/inclusion?leaf_index=${privateWork.leafIndex}`);
    expect(byIndex.statusCode).toBe(200);
    expect(byIndex.headers['cache-control']).toBe('public, max-age=60');
    expect((byIndex.json() as InclusionBody).tree_size).toBe(privateWork.leafIndex + 1);
    expect(independentlyVerified(byIndex.json())).toBe(true);
    const unknown = await get('/api/log/proof/inclusion?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(NOT_FOUND);
  });

  it('keeps the proof by id of a work later removed or purged, saying so and naming the leaf that logged the removal', async () => {
    const removedAt = new Date();
    const removed = await insertLoggedWork(t.deps.db);
    const removalLeaf = await logWorkEvent(t.deps.db, removed, 'soft_deleted', removedAt);
    await t.deps.db.updateTable('submissions').set({ deleted_at: removedAt }).where('id', '=', removed.id).execute();
    const purged = await insertLoggedWork(t.deps.db);
    await logWorkEvent(t.deps.db, purged, 'soft_deleted', removedAt);
    const purgeLeaf = await logWorkEvent(t.deps.db, purged, 'purged', new Date(removedAt.getTime() + 1000));
    await t.deps.db
      .updateTable('submissions')
      .set({ deleted_at: removedAt, purged_at: new Date(removedAt.getTime() + 1000) })
      .where('id', '=', purged.id)
      .execute();

    const cases = [
      { work: removed, status: 'removed', note: MESSAGES.proofOfRemovedWork.description, removalLeaf },
      { work: purged, status: 'purged', note: MESSAGES.proofOfPurgedWork.description, removalLeaf: purgeLeaf },
    ];
    for (const { work, status, note, removalLeaf: leaf } of cases) {
      for (const id of [work.id, work.registry_id]) {
        const res = await get(`/api/log/proof/inclusion?id=${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          leaf_index: work.leafIndex,
          work_status: status,
          work_status_note: note,
          removal_leaf_index: leaf,
        });
        expect(independentlyVerified(res.json())).toBe(true);
      }
      // The downloads (proof.json, exports) stay for public works only.
      expect(await witnessedProofBundle(t.deps, work.id)).toBeNull();
    }
    const publicAnswer = (await get(`/api/log/proof/inclusion?id=${works[5].id}`)).json();
    expect(publicAnswer.work_status).toBe('public');
    expect(publicAnswer).not.toHaveProperty('work_status_note');
    expect(publicAnswer).not.toHaveProperty('removal_leaf_index');
  });

  it("makes a just-registered work's proof available at once, and gives the proof bundle that the browser verifier accepts", async () => {
    const fresh = await insertLoggedWork(t.deps.db);
    const res = await get(`/api/log/proof/inclusion?id=${fresh.registry_id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as InclusionBody).tree_size).toBe(fresh.leafIndex + 1);

    const bundle = await witnessedProofBundle(t.deps, fresh.id);
    expect(bundle).toMatchObject({ leaf_index: fresh.leafIndex, tree_size: fresh.leafIndex + 1, vkey, log_origin: 'ledger.test/log' });
    expect(independentlyVerified(bundle!)).toBe(true);
    expect(await verifyProofBundle(bundle!, vkey)).toMatchObject({ ok: true, reasons: [] });
    expect(await witnessedProofBundle(t.deps, fresh.registry_id)).toEqual(bundle);
  });

  it('covers a work registered while a checkpoint was being made', async () => {
    const inFlight = ensureCheckpoint(t.deps);
    const work = await insertLoggedWork(t.deps.db);
    const res = await get(`/api/log/proof/inclusion?id=${work.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as InclusionBody).tree_size).toBe(work.leafIndex + 1);
    expect(independentlyVerified(res.json())).toBe(true);
    expect((await inFlight).treeSize).toBeLessThanOrEqual(work.leafIndex + 1);
  });
});

describe('transparency log: consistency', () => {
  it(
    'proves the log after 50 more works, a soft delete and a restore extends the 300-entry checkpoint',
    async () => {
      const before = await get(`/api/log/proof/inclusion?leaf_index=0&tree_size=300`);
      const oldCheckpoint = (before.json() as InclusionBody).checkpoint;
      const start = (await ensureCheckpoint(t.deps)).treeSize; // 300 + the works and events of the tests above
      for (let i = 0; i < 50; i++) await insertLoggedWork(t.deps.db);
      const when = new Date();
      await logWorkEvent(t.deps.db, works[7], 'soft_deleted', when);
      await logWorkEvent(t.deps.db, works[7], 'restored', new Date(when.getTime() + 1000));

      const newCheckpoint = (await get('/api/log/checkpoint')).body;
      const newer = refParseCheckpoint(newCheckpoint);
      // The checkpoint endpoint serves the newest stored one; the next proof request signs the rest.
      expect(newer.size).toBe(start);
      const latest = await ensureCheckpoint(t.deps);
      expect(latest.treeSize).toBe(start + 52);
      const newest = refParseCheckpoint(latest.note);
      expect(refVerifyNote(latest.note, vkey)).toBe(true);
      expect(newest.rootHex).toBe(refRoot(await allLeafHashesViaEntries(start + 52)).toString('hex'));

      const old = refParseCheckpoint(oldCheckpoint);
      expect(old.size).toBe(300);
      const res = await get(`/api/log/proof/consistency?first=300&second=${newest.size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = res.json() as { first: number; second: number; hashes: string[] };
      expect(body).toMatchObject({ first: 300, second: newest.size });
      expect(refVerifyConsistency(300, newest.size, body.hashes, old.rootHex, newest.rootHex)).toBe(true);

      // Tampered: a changed hash, a dropped hash, or the wrong old root.
      const bad = body.hashes.map((h, i) => (i === 0 ? h.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) : h));
      expect(refVerifyConsistency(300, newest.size, bad, old.rootHex, newest.rootHex)).toBe(false);
      expect(refVerifyConsistency(300, newest.size, body.hashes.slice(1), old.rootHex, newest.rootHex)).toBe(false);
      expect(refVerifyConsistency(300, newest.size, body.hashes, rootsBySize.get(299)!, newest.rootHex)).toBe(false);

      // Every signed size 0..300 is consistent with the newest tree.
      for (const [size, root] of rootsBySize) {
        const proof = (await get(`/api/log/proof/consistency?first=${size}&second=${newest.size}`)).json();
        expect(proof.hashes).toHaveLength(consistencyProofRanges(size, newest.size).length);
        expect(refVerifyConsistency(size, newest.size, proof.hashes, root, newest.rootHex), `from ${size}`).toBe(true);
      }
    },
    HEAVY_TIMEOUT,
  );

  it('lists the soft delete and restore as entries with their event types, and clamps a range past the end', async () => {
    const size = (await ensureCheckpoint(t.deps)).treeSize;
    const res = await get(`/api/log/entries?start=${size - 2}&end=${size + 10}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    const entries = res.json().entries as Array<Record<string, unknown>>;
    expect(entries.map((e) => [e.leaf_index, e.event_type])).toEqual([
      [size - 2, 'soft_deleted'],
      [size - 1, 'restored'],
    ]);
    expect(JSON.parse(entries[0].canonical_json as string)).toMatchObject({
      registry_id: works[7].registry_id,
      event: 'soft_deleted',
    });
    expect(Object.keys(entries[0]).sort()).toEqual(['canonical_json', 'created_at', 'event_type', 'leaf_hash', 'leaf_index']);

    const full = await get('/api/log/entries?start=0&end=1000');
    expect(full.headers['cache-control']).toBe('public, max-age=10');
    const inside = await get('/api/log/entries?start=10&end=20');
    expect(inside.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(inside.json().entries.map((e: { leaf_index: number }) => e.leaf_index)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect((await get(`/api/log/entries?start=${size + 5}&end=${size + 6}`)).json()).toEqual({ entries: [] });
  });
});

describe('transparency log: memoised subtree hashes', () => {
  it(
    'give the same roots and proofs as the naive tree at every size 1..300, reading each leaf of a complete subtree once',
    async () => {
      let reads = 0;
      const hasher = new TreeHasher(
        async (start, end) => {
          reads += end - start;
          return readLeafHashes(t.deps.db, start, end);
        },
        { minCachedSize: 4, readChunk: 16 },
      );
      const all = await allLeafHashesViaEntries(300);
      for (let size = 1; size <= 300; size++) {
        const leaves = all.slice(0, size);
        expect(Buffer.from(await hasher.hashRange(0, size)).toString('hex')).toBe(refRoot(leaves).toString('hex'));
        for (const index of [0, Math.floor(size / 2), size - 1]) {
          const proof = await hasher.hashRanges(inclusionProofRanges(index, size));
          const hex = proof.map((h) => Buffer.from(h).toString('hex'));
          expect(refVerifyInclusion(all[index].toString('hex'), index, size, hex, refRoot(leaves).toString('hex'))).toBe(true);
        }
      }
      // Once seen, complete 4-leaf blocks are never read again: a root of 300 = 256 + 32 + 8 + 4
      // leaves reads nothing; nor does a root of 299, whose ragged edges above its 3 loose leaves
      // were kept when the loop hashed that size (ragged-memo.ts), and 3 loose leaves alone,
      // [296, 299), are what its edge needs.
      reads = 0;
      await hasher.hashRange(0, 300);
      expect(reads).toBe(0);
      await hasher.hashRange(0, 299);
      expect(reads).toBe(0);
      expect(await hasher.hashRanges([[296, 299]])).toHaveLength(1);
      expect(reads).toBe(3);
    },
    HEAVY_TIMEOUT,
  );
});

describe('transparency log: parameter errors are 400s that name the parameter', () => {
  const cases: Array<[string, number, string]> = [
    ['/api/log/proof/inclusion', 400, "Missing parameter 'id' (or 'leaf_index')."],
    ['/api/log/proof/inclusion?id=not-an-id', 400, "Invalid parameter 'id': expected a UUID or a registry ID such as VW-2026-000001."],
    [
      '/api/log/proof/inclusion?id=VW-2026-000001&leaf_index=0',
      400,
      "Invalid parameter 'id': give either 'id' or 'leaf_index' (with an optional 'tree_size'), not both.",
    ],
    ['/api/log/proof/inclusion?leaf_index=-1', 400, "Invalid parameter 'leaf_index': expected a non-negative integer."],
    ['/api/log/proof/inclusion?leaf_index=1.5', 400, "Invalid parameter 'leaf_index': expected a non-negative integer."],
    ['/api/log/proof/inclusion?leaf_index=01', 400, "Invalid parameter 'leaf_index': expected a non-negative integer."],
    [
      '/api/log/proof/inclusion?leaf_index=99999999999999999999',
      400,
      "Invalid parameter 'leaf_index': expected a non-negative integer.",
    ],
    ['/api/log/proof/inclusion?leaf_index=1&leaf_index=2', 400, "Invalid parameter 'leaf_index': give it once."],
    ['/api/log/proof/inclusion?tree_size=5', 400, "Missing parameter 'leaf_index'."],
    ['/api/log/proof/inclusion?leaf_index=5&tree_size=5', 400, "Invalid parameter 'leaf_index': must be less than 'tree_size'."],
    ['/api/log/proof/inclusion?leaf_index=5&tree_size=abc', 400, "Invalid parameter 'tree_size': expected a non-negative integer."],
    ['/api/log/proof/inclusion?leaf_index=0&tree_size=100000', 404, 'No checkpoint for that tree size.'],
    ['/api/log/proof/inclusion?leaf_index=100000', 404, 'No leaf at that index.'],
    ['/api/log/proof/consistency?second=5', 400, "Missing parameter 'first'."],
    ['/api/log/proof/consistency?first=5', 400, "Missing parameter 'second'."],
    ['/api/log/proof/consistency?first=x&second=5', 400, "Invalid parameter 'first': expected a non-negative integer."],
    ['/api/log/proof/consistency?first=6&second=5', 400, "Invalid parameter 'first': must not be larger than 'second'."],
    // 300 works, a private one, a removed one (2 leaves), a purged one (3), 2 fresh, 50 more, a delete and a restore.
    [
      '/api/log/proof/consistency?first=1&second=100000',
      400,
      "Invalid parameter 'second': must not be larger than the log size (360).",
    ],
    ['/api/log/entries?end=5', 400, "Missing parameter 'start'."],
    ['/api/log/entries?start=5', 400, "Missing parameter 'end'."],
    ['/api/log/entries?start=5&end=5', 400, "Invalid parameter 'end': must be larger than 'start'."],
    ['/api/log/entries?start=0&end=1001', 400, "Invalid parameter 'end': at most 1000 entries per request."],
    ['/api/log/entries?start=%20&end=3', 400, "Invalid parameter 'start': expected a non-negative integer."],
  ];
  it.each(cases)('GET %s → %i %s', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    if (status === 400) {
      expect(res.json().error.code).toBe('invalid_parameter');
      expect(Object.values(res.json().error.fields)).toEqual([message]);
    }
  });

  it('accepts a consistency proof between equal sizes and from the empty tree (both empty)', async () => {
    expect((await get('/api/log/proof/consistency?first=0&second=10')).json()).toEqual({ first: 0, second: 10, hashes: [] });
    expect((await get('/api/log/proof/consistency?first=10&second=10')).json()).toEqual({ first: 10, second: 10, hashes: [] });
  });
});
