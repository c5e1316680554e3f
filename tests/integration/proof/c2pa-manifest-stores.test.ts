// GET /api/c2pa/v1/manifests/{registry id} (migration 015): the C2PA manifest store a registered
// original carried, byte for byte, kept in the registration's transaction; none for an unsigned
// original; never for a work that is not public; gone with a purge; an upload that is never
// registered takes its store along when it expires; the seed's batches keep stores the same way.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestStoreActiveLabel } from '../../../server/image/c2pa';
import { findC2paManifestStore } from '../../../server/image/c2pa-jumbf';
import { submissionBodySchema } from '../../../core/schemas';
import { normaliseSubmissionBody } from '../../../core/submission';
import { registerSubmissionBatch, type BatchItem } from '../../../server/submissions/batch-registration';
import { createMemoryRegistryIndex } from '../../../server/submissions/registry-index';
import { deleteExpiredUploads } from '../../../server/submissions/upload-cleanup';
import { storeUpload } from '../../../server/submissions/upload-service';
import { signImage, type SignedImage } from '../../fixtures/c2pa-signing';
import { makeJpeg } from '../../fixtures/images';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { adminPost, createAdminAccount, signIn } from '../admin/admin-test-kit';
import { submissionBody } from '../submissions/helpers';
import { registerWork, upload } from './proof-kit';

let t: TestApp;
let now = new Date();
let signed: SignedImage;
let work: { id: string; registry_id: string };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { origin: 'https://elsewhere.example', ...headers } });

async function storedRows(submissionId: string) {
  const { rows } = await sql<{ sha256: string; byte_size: number }>`
    SELECT sha256, byte_size FROM c2pa_manifest_stores WHERE submission_id = ${submissionId}`.execute(t.deps.db);
  return rows;
}

async function uploadStoreSize(uploadId: string): Promise<number | null> {
  const { rows } = await sql<{ n: number | null }>`
    SELECT octet_length(c2pa_manifest_store) AS n FROM uploads WHERE id = ${uploadId}`.execute(t.deps.db);
  return rows[0]?.n ?? null;
}

async function storeCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM c2pa_manifest_stores`.execute(t.deps.db);
  return Number(rows[0].n);
}

async function signedJpeg(seed: number): Promise<SignedImage> {
  return signImage(await makeJpeg({ width: 640, height: 480, seed }), 'image/jpeg', `Signed ${seed}`);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  signed = await signedJpeg(7101);
  ({ created: work } = await registerWork(t.app, { title: 'Signed Original', artist_name: 'Signer' }, signed.asset));
});
afterAll(async () => {
  await t.close();
});

describe('C2PA manifest stores of registered works', () => {
  it('serves the store the signed original carried, byte for byte, as application/c2pa from any origin', async () => {
    const extracted = findC2paManifestStore(signed.asset, 'image/jpeg')!;
    expect(sha256(extracted)).toBe(sha256(signed.store));

    const res = await get(`/api/c2pa/v1/manifests/${work.registry_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/c2pa');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.etag).toBe(`"${sha256(extracted)}"`);
    expect(sha256(res.rawPayload)).toBe(sha256(extracted));
    // c2pa-rs reads the served bytes back with the same active manifest as the file itself.
    const label = await manifestStoreActiveLabel(signed.store);
    expect(label).toMatch(/^urn:c2pa:/);
    expect(await manifestStoreActiveLabel(res.rawPayload)).toBe(label);
  });

  it('answers 304 to a client that holds the current bytes', async () => {
    const res = await get(`/api/c2pa/v1/manifests/${work.registry_id.toLowerCase()}`, {
      'if-none-match': `"${sha256(signed.store)}"`,
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('moves the store from the upload to the work at registration, so it is kept once', async () => {
    expect(await storedRows(work.id)).toEqual([{ sha256: sha256(signed.store), byte_size: signed.store.length }]);
    const { rows } = await sql<{ id: string }>`SELECT id FROM uploads WHERE derivative_key = (
      SELECT image_key FROM submissions WHERE id = ${work.id})`.execute(t.deps.db);
    expect(rows).toHaveLength(1);
    expect(await uploadStoreSize(rows[0].id)).toBeNull();
  });

  it('answers 404 with a clear message for a public work whose original carried no store', async () => {
    const { created } = await registerWork(
      t.app,
      { title: 'Unsigned Original' },
      await makeJpeg({ width: 640, height: 480, seed: 7102 }),
    );
    const res = await get(`/api/c2pa/v1/manifests/${created.registry_id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json().error.message).toBe(
      `No C2PA manifest store for ${created.registry_id}: its original carried no C2PA manifest store.`,
    );
    expect(await storedRows(created.id)).toEqual([]);
  });

  it('answers the generic 404 for unknown and private works, even with a store kept', async () => {
    const hidden = await insertWork(t.deps.db, { is_public: false });
    await sql`INSERT INTO c2pa_manifest_stores (submission_id, bytes, sha256, byte_size)
      VALUES (${hidden.id}, ${signed.store}, ${sha256(signed.store)}, ${signed.store.length})`.execute(t.deps.db);
    for (const id of [hidden.registry_id, hidden.id, 'VW-2020-999999']) {
      const res = await get(`/api/c2pa/v1/manifests/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No public work has this manifest id.');
    }
  });

  it('hides the store of a removed work, and purging the work deletes it', async () => {
    const other = await signedJpeg(7103);
    const { created } = await registerWork(t.app, { title: 'To Be Purged' }, other.asset);
    expect((await get(`/api/c2pa/v1/manifests/${created.registry_id}`)).statusCode).toBe(200);

    await createAdminAccount(t).catch(() => undefined);
    const cookie = await signIn(t);
    const remove = await adminPost(t, `/api/admin/submissions/${created.id}/remove`, { reason: 'GDPR erasure' }, cookie);
    expect(remove.statusCode).toBe(200);
    const removed = await get(`/api/c2pa/v1/manifests/${created.registry_id}`);
    expect(removed.statusCode).toBe(404);
    expect(removed.json().error.message).toBe('No public work has this manifest id.');
    expect(await storedRows(created.id)).toHaveLength(1); // a removal can be undone

    const purge = await adminPost(
      t,
      `/api/admin/submissions/${created.id}/purge`,
      { reason: 'GDPR erasure', confirm: created.registry_id },
      cookie,
    );
    expect(purge.statusCode).toBe(200);
    expect(await storedRows(created.id)).toEqual([]);
  });

  it('keeps the store of an upload never registered only until the upload expires', async () => {
    const other = await signedJpeg(7104);
    const abandoned = await upload(t.app, other.asset);
    expect(abandoned.metadata_found).toContain('C2PA manifest');
    expect(await uploadStoreSize(abandoned.upload_id)).toBe(other.store.length);
    const before = await storeCount();

    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect(await deleteExpiredUploads(t.deps)).toBe(1);
    const { rows: left } = await sql`SELECT id FROM uploads WHERE id = ${abandoned.upload_id}`.execute(t.deps.db);
    expect(left).toEqual([]);
    expect(await storeCount()).toBe(before);
  });

  it("keeps the stores of the seed's batch registrations too, and none of a batch that fails", async () => {
    const batchItem = async (image: Buffer): Promise<BatchItem> => {
      const stored = await storeUpload(t.deps, image, now);
      const body = normaliseSubmissionBody(submissionBodySchema.parse(submissionBody(stored.values.id)));
      return { body, upload: stored, createdAt: now };
    };
    const one = await signedJpeg(7105);
    const [registered] = await registerSubmissionBatch(t.deps, [await batchItem(one.asset)], createMemoryRegistryIndex());
    expect(await storedRows(registered.id)).toEqual([{ sha256: sha256(one.store), byte_size: one.store.length }]);

    const before = await storeCount();
    const items = [await batchItem((await signedJpeg(7106)).asset), await batchItem((await signedJpeg(7107)).asset)];
    // The second item claims the first one's upload: the batch fails inside its transaction.
    items[1].upload.values.id = items[0].upload.values.id;
    items[1].body = { ...items[1].body, upload_id: items[0].upload.values.id };
    await expect(registerSubmissionBatch(t.deps, items, createMemoryRegistryIndex())).rejects.toThrow();
    expect(await storeCount()).toBe(before);
  });
});
