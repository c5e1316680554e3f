// Remove (soft delete), restore and purge from the admin API (decision 0005): the work leaves and
// returns to every public surface, each step is audited with exact fields and logged in the
// transparency log, and a purge erases files and personal data but keeps a tombstone.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../../helpers/factories';
import { listFiles } from '../../helpers/test-app';
import { newObjectKey, publicImagePath } from '../../../server/storage/object-store';
import {
  adminGet,
  adminPost,
  ADMIN_EMAIL,
  auditRows,
  createAdminAccount,
  createAdminTestApp,
  signIn,
  SITE_ORIGIN,
  type AdminTestApp,
} from './admin-test-kit';
import { expectPublic } from './public-visibility';

let t: AdminTestApp;
let cookie: string;
let adminId: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  adminId = (await createAdminAccount(t)).id;
  cookie = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

async function leaves(submissionId: string): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('tlog_leaves')
    .select('event_type')
    .where('submission_id', '=', submissionId)
    .orderBy('leaf_index')
    .execute();
  return rows.map((r) => r.event_type);
}

/** A work with real files in both buckets and its upload record, as the upload flow leaves them. */
async function workWithFiles(overrides: Parameters<typeof insertWork>[1] = {}) {
  const imageKey = newObjectKey('jpg');
  const originalKey = newObjectKey('png');
  await t.deps.store.put('artworks', imageKey, Buffer.from('derivative bytes'));
  await t.deps.store.put('originals', originalKey, Buffer.from('original bytes'));
  const hash = crypto.randomBytes(32).toString('hex');
  await t.deps.db
    .insertInto('uploads')
    .values({
      sha256: hash,
      phash: '0123456789abcdef',
      region_hashes: '',
      mime: 'image/png',
      extension: 'png',
      width: 640,
      height: 360,
      size_bytes: 14,
      original_key: originalKey,
      derivative_key: imageKey,
      derivative_width: 640,
      derivative_height: 360,
      metadata: JSON.stringify({ found: ['Software'], software: 'Private Tool' }),
      expires_at: new Date(Date.now() + 3600_000),
      consumed_at: new Date(),
    })
    .execute();
  const work = await insertWork(t.deps.db, {
    image_key: imageKey,
    original_key: originalKey,
    image_url: publicImagePath(imageKey),
    image_hash: hash,
    ...overrides,
  });
  return { ...work, imageKey, originalKey, hash };
}

describe('remove and restore', () => {
  it("refuses a removal without a reason with 400 'Please give a reason for removing this submission.'", async () => {
    const work = await insertWork(t.deps.db);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await adminPost(t, `/api/admin/submissions/${work.id}/remove`, payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_failed',
        title: 'Error',
        message: 'Please give a reason for removing this submission.',
        fields: { reason: 'Please give a reason for removing this submission.' },
      });
    }
    const tooLong = await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'x'.repeat(2001) }, cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('The reason can be at most 2000 characters.');
  });

  it('reads a POST without a body as {}: a removal asks for its reason, a restore needs none', async () => {
    const work = await insertWork(t.deps.db, {
      deleted_at: new Date('2026-02-01T00:00:00.000Z'),
      deleted_by: 'someone@example.com',
      deletion_reason: 'Spam',
    });
    const noBody = (step: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/submissions/${work.id}/${step}`, headers: { cookie, origin: SITE_ORIGIN } });
    const remove = await noBody('remove');
    expect(remove.statusCode).toBe(400);
    expect(remove.json().error.message).toBe('Please give a reason for removing this submission.');
    const restore = await noBody('restore');
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({ id: work.id, deleted_at: null, deletion_reason: null });
    const reasonNotText = await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 42 }, cookie);
    expect(reasonNotText.statusCode).toBe(400);
    expect(reasonNotText.json().error).toEqual({
      code: 'validation_failed',
      title: 'Error',
      message: 'The reason must be text.',
      fields: { reason: 'The reason must be text.' },
    });
  });

  it("answers an unknown submission with 404 'Submission not found.'", async () => {
    for (const id of ['5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21', 'VW-2026-999999', 'not-an-id']) {
      const res = await adminPost(t, `/api/admin/submissions/${id}/remove`, { reason: 'Spam' }, cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Submission not found.' } });
    }
  });

  it('removes a work by registry id: gone from every public surface, audited and logged; restore brings it back', async () => {
    const work = await insertWork(t.deps.db, { artist_name: 'Remove Restore Artist', trust_meter: 80 });
    await expectPublic(t, { ...work, artist_name: 'Remove Restore Artist' }, true);

    const removeAt = t.clock.now().toISOString();
    const res = await adminPost(t, `/api/admin/submissions/${work.registry_id}/remove`, { reason: 'Reported as stolen' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id: work.id,
      registry_id: work.registry_id,
      deleted_at: removeAt,
      deleted_by: ADMIN_EMAIL,
      deletion_reason: 'Reported as stolen',
      purged_at: null,
    });
    expect(res.json().log_index).toEqual(expect.any(Number));
    await expectPublic(t, { ...work, artist_name: 'Remove Restore Artist' }, false);

    const [softDelete] = await auditRows(t, { record: work.id, action: 'SOFT_DELETE' });
    expect(softDelete).toMatchObject({
      table_name: 'submissions',
      admin_id: adminId,
      admin_email: ADMIN_EMAIL,
      reason: 'Reported as stolen',
      changed_fields: ['deleted_at', 'deleted_by', 'deletion_reason'],
      old_values: { deleted_at: null, deleted_by: null, deletion_reason: null },
      new_values: { deleted_at: removeAt, deleted_by: ADMIN_EMAIL, deletion_reason: 'Reported as stolen' },
      ip_address: '127.0.0.1',
      user_agent: 'admin-test-browser',
    });

    const again = await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'Twice' }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This submission has already been removed.');

    t.clock.advance(60_000);
    const restored = await adminPost(t, `/api/admin/submissions/${work.id}/restore`, { reason: 'Artist proved ownership' }, cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ deleted_at: null, deleted_by: null, deletion_reason: null });
    await expectPublic(t, { ...work, artist_name: 'Remove Restore Artist' }, true);
    const [restore] = await auditRows(t, { record: work.id, action: 'RESTORE' });
    expect(restore).toMatchObject({
      reason: 'Artist proved ownership',
      admin_email: ADMIN_EMAIL,
      changed_fields: ['deleted_at', 'deleted_by', 'deletion_reason'],
      old_values: { deleted_at: removeAt, deleted_by: ADMIN_EMAIL, deletion_reason: 'Reported as stolen' },
      new_values: { deleted_at: null, deleted_by: null, deletion_reason: null },
    });
    expect(await leaves(work.id)).toEqual(['soft_deleted', 'restored']);

    const notRemoved = await adminPost(t, `/api/admin/submissions/${work.id}/restore`, {}, cookie);
    expect(notRemoved.statusCode).toBe(409);
    expect(notRemoved.json().error.message).toBe('This submission is not removed, so there is nothing to restore.');
  });

  it('shows the full record with its audit trail, newest first', async () => {
    const work = await insertWork(t.deps.db, { prompt: 'a secret prompt', prompt_visibility: 'private' });
    await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'First' }, cookie);
    t.clock.advance(1000);
    await adminPost(t, `/api/admin/submissions/${work.id}/restore`, {}, cookie);
    const res = await adminGet(t, `/api/admin/submissions/${work.registry_id}/details`, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.submission).toMatchObject({ id: work.id, registry_id: work.registry_id, prompt: 'a secret prompt', deleted_at: null });
    expect(body.submission).not.toHaveProperty('search_text');
    expect(body.submission).not.toHaveProperty('email_verify_token_hash');
    expect(body.audit_trail.map((a: { action_type: string }) => a.action_type)).toEqual(['RESTORE', 'SOFT_DELETE']);
  });
});

describe('purge', () => {
  it('only purges a removed work, after the registry id is typed to confirm', async () => {
    const work = await workWithFiles();
    const active = await adminPost(
      t,
      `/api/admin/submissions/${work.id}/purge`,
      { reason: 'Legal request', confirm: work.registry_id },
      cookie,
    );
    expect(active.statusCode).toBe(409);
    expect(active.json().error.message).toBe('Only removed submissions can be purged. Remove it first.');
    await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'Legal request' }, cookie);
    const mistyped = await adminPost(
      t,
      `/api/admin/submissions/${work.id}/purge`,
      { reason: 'Legal request', confirm: 'VW-2026-000000' },
      cookie,
    );
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.message).toBe(`Type the registry ID ${work.registry_id} to confirm the purge.`);
    expect(listFiles(t.dataDir)).toEqual(expect.arrayContaining([`artworks/${work.imageKey}`, `originals/${work.originalKey}`]));
  });

  it('deletes both image files and every personal field, keeps the tombstone, and audits without the erased data', async () => {
    const work = await workWithFiles({
      title: 'Portrait of Jane',
      artist_name: 'Jane Painter',
      author_full_name: 'Jane Q. Doe',
      author_email: 'jane.doe@example.com',
      author_city: 'Springfield',
      portfolio_link: 'https://jane.example/portfolio',
      prompt: 'my private prompt about Jane',
      story_context: 'My story',
      co_authors: ['John Doe'],
      email_verify_token_hash: 'a'.repeat(64),
    });
    const createdAt = (
      await t.deps.db.selectFrom('submissions').select('created_at').where('id', '=', work.id).executeTakeFirstOrThrow()
    ).created_at;
    await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'GDPR erasure' }, cookie);
    const purgeAt = t.clock.now().toISOString();
    const res = await adminPost(
      t,
      `/api/admin/submissions/${work.id}/purge`,
      { reason: 'GDPR erasure request #12', confirm: work.registry_id.toLowerCase() },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: work.id, purged_at: purgeAt, deleted_by: ADMIN_EMAIL });

    const files = listFiles(t.dataDir);
    expect(files).not.toContain(`artworks/${work.imageKey}`);
    expect(files).not.toContain(`originals/${work.originalKey}`);
    expect(await t.deps.db.selectFrom('uploads').select('id').where('derivative_key', '=', work.imageKey).execute()).toEqual([]);

    const row = await t.deps.db.selectFrom('submissions').selectAll().where('id', '=', work.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      registry_id: work.registry_id,
      image_hash: work.hash,
      created_at: createdAt,
      title: '[erased]',
      artist_name: '[erased]',
      author_full_name: '[erased]',
      author_email: '',
      author_city: null,
      portfolio_link: null,
      prompt: 'No prompt provided',
      story_context: null,
      co_authors: [],
      embedded_metadata: {},
      verification_resources: [],
      email_verify_token_hash: null,
      image_url: null,
      image_key: null,
      original_key: null,
      deletion_reason: 'GDPR erasure',
    });
    expect(new Date(row.purged_at as Date).toISOString()).toBe(purgeAt);

    const [purge] = await auditRows(t, { record: work.id, action: 'PURGE' });
    expect(purge).toMatchObject({
      reason: 'GDPR erasure request #12',
      admin_email: ADMIN_EMAIL,
      old_values: { purged_at: null },
      new_values: { purged_at: purgeAt },
    });
    expect(purge.changed_fields).toEqual([
      'title',
      'artist_name',
      'author_full_name',
      'author_email',
      'author_city',
      'portfolio_link',
      'prompt',
      'story_context',
      'co_authors',
      'embedded_metadata',
      'email_verify_token_hash',
      'image_url',
      'image_key',
      'original_key',
      'image_phash',
      'purged_at',
    ]);
    const everyAuditEntry = JSON.stringify(await auditRows(t, { record: work.id }));
    for (const personal of ['Jane', 'jane.doe@example.com', 'Springfield', 'my private prompt'])
      expect(everyAuditEntry).not.toContain(personal);
    expect(await leaves(work.id)).toEqual(['soft_deleted', 'purged']);

    const restore = await adminPost(t, `/api/admin/submissions/${work.id}/restore`, {}, cookie);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error.message).toBe('This submission was purged and cannot be restored.');
    const twice = await adminPost(
      t,
      `/api/admin/submissions/${work.id}/purge`,
      { reason: 'again', confirm: work.registry_id },
      cookie,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This submission has already been purged.');
  });
});

describe('admin-only image', () => {
  it('streams the derivative of a private work to an admin while the public path refuses it', async () => {
    const work = await workWithFiles({ is_public: false });
    const publicRes = await t.app.inject({ method: 'GET', url: publicImagePath(work.imageKey) });
    expect(publicRes.statusCode).toBe(404);
    const res = await adminGet(t, `/api/admin/submissions/${work.id}/image`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('derivative bytes');
    const noImage = await insertWork(t.deps.db);
    const missing = await adminGet(t, `/api/admin/submissions/${noImage.id}/image`, cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Image not found.');
  });
});
