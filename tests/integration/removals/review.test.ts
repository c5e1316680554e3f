// Admin review of removal requests (docs/product.md §4): the list with counts and search, notes required,
// only pending requests change, approve soft-deletes the linked work (gone from every public
// surface), restore brings it back, and each step leaves exact audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../../helpers/factories';
import {
  adminGet,
  adminPost,
  ADMIN_EMAIL,
  auditRows,
  createAdminAccount,
  createAdminTestApp,
  signIn,
  type AdminTestApp,
} from '../admin/admin-test-kit';
import { expectPublic } from '../admin/public-visibility';

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

async function fileRequest(submissionUrl: string, reason: string, name = 'Rita Rights') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/removal-requests',
    payload: { submission_url: submissionUrl, requestor_name: name, requestor_email: 'rita@example.com', reason },
  });
  expect(res.statusCode).toBe(201);
  t.clock.advance(1000);
  return res.json() as { id: string; submission_id: string | null };
}

const decide = (id: string, payload: unknown) => adminPost(t, `/api/admin/removal-requests/${id}/decision`, payload, cookie);

describe('removal request decisions', () => {
  it("requires admin notes: 400 'Error' / 'Please provide admin notes for this action.'", async () => {
    const work = await insertWork(t.deps.db);
    const request = await fileRequest(`https://ledger.test/verify/${work.id}`, 'Mine');
    for (const payload of [{ decision: 'approved' }, { decision: 'denied', admin_notes: '   ' }]) {
      const res = await decide(request.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ title: 'Error', message: 'Please provide admin notes for this action.' });
    }
    const badDecision = await decide(request.id, { decision: 'maybe', admin_notes: 'Hmm' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().error.message).toBe("The decision must be 'approved' or 'denied'.");
    const unknown = await decide('5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21', { decision: 'denied', admin_notes: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Removal request not found.');
    const row = await t.deps.db.selectFrom('removal_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('approving removes the work from every public surface, audits both changes, and restore brings it back', async () => {
    const work = {
      ...(await insertWork(t.deps.db, { artist_name: 'Approve Artist', trust_meter: 85 })),
      artist_name: 'Approve Artist',
    };
    const request = await fileRequest(`https://ledger.test/verify/${work.registry_id}`, 'This is my artwork');
    await expectPublic(t, work, true);

    const decidedAt = t.clock.now().toISOString();
    const res = await decide(request.id, { decision: 'approved', admin_notes: 'Ownership confirmed by e-mail' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.request).toMatchObject({
      id: request.id,
      status: 'approved',
      admin_notes: 'Ownership confirmed by e-mail',
      processed_by: ADMIN_EMAIL,
      processed_at: decidedAt,
      submission_id: work.id,
      submission_deleted: true,
    });
    expect(body.submission).toMatchObject({
      id: work.id,
      deleted_at: decidedAt,
      deleted_by: ADMIN_EMAIL,
      deletion_reason: 'This is my artwork',
    });
    await expectPublic(t, work, false);

    const [update] = await auditRows(t, { table: 'removal_requests', record: request.id });
    expect(update).toMatchObject({
      action_type: 'UPDATE',
      admin_id: adminId,
      admin_email: ADMIN_EMAIL,
      reason: 'Ownership confirmed by e-mail',
      changed_fields: ['status', 'admin_notes', 'processed_by', 'processed_at'],
      old_values: { status: 'pending', admin_notes: null, processed_by: null, processed_at: null },
      new_values: {
        status: 'approved',
        admin_notes: 'Ownership confirmed by e-mail',
        processed_by: ADMIN_EMAIL,
        processed_at: decidedAt,
      },
    });
    const [softDelete] = await auditRows(t, { table: 'submissions', record: work.id });
    expect(softDelete).toMatchObject({
      action_type: 'SOFT_DELETE',
      admin_email: ADMIN_EMAIL,
      reason: 'This is my artwork',
      changed_fields: ['deleted_at', 'deleted_by', 'deletion_reason'],
      old_values: { deleted_at: null, deleted_by: null, deletion_reason: null },
      new_values: { deleted_at: decidedAt, deleted_by: ADMIN_EMAIL, deletion_reason: 'This is my artwork' },
    });
    const leaves = await t.deps.db.selectFrom('tlog_leaves').select('event_type').where('submission_id', '=', work.id).execute();
    expect(leaves.map((l) => l.event_type)).toEqual(['soft_deleted']);

    for (const decision of ['approved', 'denied']) {
      const again = await decide(request.id, { decision, admin_notes: 'Second look' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This request has already been processed.');
    }

    const restored = await adminPost(t, `/api/admin/submissions/${work.id}/restore`, { reason: 'Request withdrawn' }, cookie);
    expect(restored.statusCode).toBe(200);
    await expectPublic(t, work, true);
    const trail = await auditRows(t, { table: 'submissions', record: work.id });
    expect(trail.map((a) => a.action_type)).toEqual(['SOFT_DELETE', 'RESTORE']);
    expect(trail[1]).toMatchObject({
      changed_fields: ['deleted_at', 'deleted_by', 'deletion_reason'],
      new_values: { deleted_at: null, deleted_by: null, deletion_reason: null },
    });
  });

  it('denying keeps the work public and records the decision', async () => {
    const work = { ...(await insertWork(t.deps.db, { artist_name: 'Deny Artist', trust_meter: 85 })), artist_name: 'Deny Artist' };
    const request = await fileRequest(work.id, 'I just dislike it');
    const res = await decide(request.id, { decision: 'denied', admin_notes: 'No rights shown' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ request: { status: 'denied', admin_notes: 'No rights shown' }, submission: null });
    await expectPublic(t, work, true);
    expect(await auditRows(t, { table: 'submissions', record: work.id })).toEqual([]);
    const [update] = await auditRows(t, { table: 'removal_requests', record: request.id });
    expect(update.new_values).toMatchObject({ status: 'denied' });
  });

  it('approves a request that names no existing work without touching any work', async () => {
    const request = await fileRequest('a cat picture somewhere', 'Please remove');
    const res = await decide(request.id, { decision: 'approved', admin_notes: 'Nothing to remove' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      request: { status: 'approved', submission_id: null, submission_title: null },
      submission: null,
    });
  });
});

describe('removal request list', () => {
  it('lists newest first with the linked title, the address, counts per status, a status filter and search', async () => {
    const res = await adminGet(t, '/api/admin/removal-requests', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ all: 4, pending: 1, processing: 0, approved: 2, denied: 1 });
    expect(body).toMatchObject({ total: 4, page: 1, page_size: 25 });
    expect(body.items.map((i: { reason: string }) => i.reason)).toEqual([
      'Please remove',
      'I just dislike it',
      'This is my artwork',
      'Mine',
    ]);
    expect(body.items[2]).toMatchObject({
      submission_title: expect.stringMatching(/^Test work/),
      request_ip: '127.0.0.1',
      submission_deleted: false,
    });

    const pending = (await adminGet(t, '/api/admin/removal-requests?status=pending', cookie)).json();
    expect(pending.items.map((i: { reason: string }) => i.reason)).toEqual(['Mine']);
    expect(pending.total).toBe(1);
    const search = (await adminGet(t, '/api/admin/removal-requests?search=DISLIKE', cookie)).json();
    expect(search.items.map((i: { reason: string }) => i.reason)).toEqual(['I just dislike it']);
    const bad = await adminGet(t, '/api/admin/removal-requests?status=done', cookie);
    expect(bad.statusCode).toBe(400);
  });
});
