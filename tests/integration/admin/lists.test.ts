// The admin lists: the dashboard (counts, search, filters, 25 per page), deleted records (three
// counters, search) and the audit log (filters, 50 per page, exact total).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../../helpers/factories';
import {
  adminGet,
  adminPost,
  ADMIN_EMAIL,
  createAdminAccount,
  createAdminTestApp,
  loginRequest,
  signIn,
  type AdminTestApp,
} from './admin-test-kit';

const DAY = 24 * 60 * 60 * 1000;
let t: AdminTestApp;
let cookie: string;
let secondCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  await createAdminAccount(t);
  await createAdminAccount(t, 'second@example.com');
  cookie = await signIn(t);
  secondCookie = await signIn(t, 'second@example.com');
  const base = new Date('2026-01-01T00:00:00.000Z').getTime();
  // 28 works: trust 40 for the first 10, 80 for the rest; every third private.
  for (let i = 0; i < 28; i++) {
    await insertWork(t.deps.db, {
      title: i === 5 ? 'Sunset over 100% Lake_Side' : `Work ${i}`,
      author_full_name: i === 7 ? 'Ada Lovelace' : 'Test Author',
      author_email: i === 9 ? 'Ada@Example.org' : `artist-${i}@example.com`,
      artist_name: i === 11 ? 'NeonFox' : 'Test Artist',
      trust_meter: i < 10 ? 40 : 80,
      is_public: i % 3 !== 0,
      prompt: `prompt ${i}`,
      prompt_visibility: i === 4 ? 'private' : 'public',
      created_at: new Date(base + i * 60_000),
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('dashboard', () => {
  it('counts all active works, below 62 and 62 or more, and pages 25 newest first', async () => {
    const res = await adminGet(t, '/api/admin/submissions', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ all: 28, below_62: 10, at_least_62: 18 });
    expect(body).toMatchObject({ total: 28, page: 1, page_size: 25 });
    expect(body.items).toHaveLength(25);
    expect(body.items[0].title).toBe('Work 27');
    const page2 = (await adminGet(t, '/api/admin/submissions?page=2', cookie)).json();
    expect(page2.items.map((i: { title: string }) => i.title)).toEqual(['Work 2', 'Work 1', 'Work 0']);
  });

  it("labels rows 'Verified' / 'Review Needed' and 'Public' / 'Private', and shows private prompts to admins", async () => {
    const items = (await adminGet(t, '/api/admin/submissions?search=Work%204', cookie)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: 'Work 4',
      trust_meter: 40,
      trust_label: 'Review Needed',
      is_public: true,
      visibility: 'Public',
      prompt: 'prompt 4',
      prompt_visibility: 'private',
      author_email: 'artist-4@example.com',
    });
    const work12 = (await adminGet(t, '/api/admin/submissions?search=work%2012', cookie)).json().items[0];
    expect(work12).toMatchObject({ trust_label: 'Verified', visibility: 'Private', is_public: false });
    expect(Object.keys(work12).sort()).toEqual(
      [
        'admin_image_url',
        'artist_name',
        'author_email',
        'author_full_name',
        'created_at',
        'id',
        'image_url',
        'is_public',
        'platform',
        'prompt',
        'prompt_visibility',
        'registry_id',
        'title',
        'tool',
        'trust_label',
        'trust_meter',
        'visibility',
      ].sort(),
    );
  });

  it('searches title, author name, e-mail, artist name and registry id case-insensitively, % and _ taken literally', async () => {
    const titles = async (q: string) =>
      (await adminGet(t, `/api/admin/submissions?search=${encodeURIComponent(q)}`, cookie))
        .json()
        .items.map((i: { title: string }) => i.title);
    expect(await titles('ada lovelace')).toEqual(['Work 7']);
    expect(await titles('ada@example.ORG')).toEqual(['Work 9']);
    expect(await titles('neonfox')).toEqual(['Work 11']);
    expect(await titles('100% lake_')).toEqual(['Sunset over 100% Lake_Side']);
    expect(await titles('0% L')).toEqual(['Sunset over 100% Lake_Side']);
    expect(await titles('1_0')).toEqual([]);
    const first = (await adminGet(t, '/api/admin/submissions?search=Work%200', cookie)).json().items[0];
    expect(await titles(first.registry_id.toLowerCase())).toEqual(['Work 0']);
  });

  it('filters by visibility and trust status; the total follows the filters, the counts do not', async () => {
    const priv = (await adminGet(t, '/api/admin/submissions?visibility=private', cookie)).json();
    expect(priv.total).toBe(10);
    expect(priv.counts).toEqual({ all: 28, below_62: 10, at_least_62: 18 });
    expect(priv.items.every((i: { is_public: boolean }) => !i.is_public)).toBe(true);
    const review = (await adminGet(t, '/api/admin/submissions?status=review&visibility=public', cookie)).json();
    expect(review.total).toBe(6);
    const verified = (await adminGet(t, '/api/admin/submissions?status=verified', cookie)).json();
    expect(verified.total).toBe(18);
    const bad = await adminGet(t, '/api/admin/submissions?status=great', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'invalid_parameter',
      message: "The parameter 'status' is not valid.",
      fields: { status: 'Not valid.' },
    });
  });
});

describe('deleted records', () => {
  it('lists removed works newest first with the three counters, and leaves them out of the dashboard', async () => {
    const items = (await adminGet(t, '/api/admin/submissions?search=Work%2020', cookie)).json().items;
    const old = (await adminGet(t, '/api/admin/submissions?search=Work%2021', cookie)).json().items[0];
    await adminPost(t, `/api/admin/submissions/${old.id}/remove`, { reason: 'Old spam' }, cookie);
    t.clock.advance(8 * DAY);
    // Sessions last 12 hours: sign in again after the jump.
    cookie = await signIn(t);
    secondCookie = await signIn(t, 'second@example.com');
    await adminPost(t, `/api/admin/submissions/${items[0].id}/remove`, { reason: 'Duplicate upload' }, cookie);
    t.clock.advance(1000);
    const third = (await adminGet(t, '/api/admin/submissions?search=Work%2022', cookie)).json().items[0];
    await adminPost(t, `/api/admin/submissions/${third.id}/remove`, { reason: 'Duplicate upload' }, secondCookie);

    const res = await adminGet(t, '/api/admin/deleted-submissions', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counters).toEqual({ total_deleted: 3, deleted_last_7_days: 2, distinct_processors: 2 });
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Work 22', 'Work 20', 'Work 21']);
    expect(body.items[1]).toMatchObject({
      deleted_by: ADMIN_EMAIL,
      deletion_reason: 'Duplicate upload',
      trust_meter: 80,
      purged_at: null,
    });
    const search = (await adminGet(t, '/api/admin/deleted-submissions?search=SPAM', cookie)).json();
    expect(search.items.map((i: { title: string }) => i.title)).toEqual(['Work 21']);
    expect(search.total).toBe(1);
    const dashboard = (await adminGet(t, '/api/admin/submissions', cookie)).json();
    expect(dashboard.counts.all).toBe(25);
    expect(dashboard.total).toBe(25);
    expect((await adminGet(t, '/api/admin/submissions?status=verified', cookie)).json().total).toBe(dashboard.counts.at_least_62);
  });
});

describe('audit log', () => {
  it('filters by table, action and search, 50 per page with the exact total', async () => {
    const all = (await adminGet(t, '/api/admin/audit-log', cookie)).json();
    expect(all.page_size).toBe(50);
    // 2 CREATE + 8 LOGIN (4 sign-ins: password, then passkey) + 3 SOFT_DELETE so far.
    expect(all.total).toBe(13);
    expect(all.items[0]).toMatchObject({ action_type: 'SOFT_DELETE', admin_email: 'second@example.com', table_name: 'submissions' });
    expect(Object.keys(all.items[0]).sort()).toEqual(
      [
        'action_type',
        'admin_email',
        'admin_id',
        'changed_fields',
        'created_at',
        'id',
        'ip_address',
        'new_values',
        'old_values',
        'reason',
        'record_id',
        'table_name',
        'user_agent',
      ].sort(),
    );
    const deletes = (await adminGet(t, '/api/admin/audit-log?table=submissions&action=SOFT_DELETE', cookie)).json();
    expect(deletes.total).toBe(3);
    // The admin e-mail is searched (a CREATE by the command line has no admin).
    const bySearch = (await adminGet(t, '/api/admin/audit-log?search=second%40example', cookie)).json();
    expect(bySearch.items.map((i: { action_type: string }) => i.action_type).sort()).toEqual([
      'LOGIN',
      'LOGIN',
      'LOGIN',
      'LOGIN',
      'SOFT_DELETE',
    ]);
    const record = deletes.items[2].record_id;
    expect((await adminGet(t, `/api/admin/audit-log?search=${record}`, cookie)).json().total).toBe(1);
    const logins = (await adminGet(t, '/api/admin/audit-log?table=admin_users&action=LOGIN', cookie)).json();
    expect(logins.total).toBe(8);

    // 50 failed logins (the account locks after 10; refused attempts are recorded too).
    for (let i = 0; i < 50; i++) await loginRequest(t, 'second@example.com', 'wrong password');
    const page1 = (await adminGet(t, '/api/admin/audit-log', cookie)).json();
    expect(page1.total).toBe(63);
    expect(page1.items).toHaveLength(50);
    expect((await adminGet(t, '/api/admin/audit-log?action=LOGIN_FAILED', cookie)).json().total).toBe(50);
    const page2 = (await adminGet(t, '/api/admin/audit-log?page=2', cookie)).json();
    expect(page2.items).toHaveLength(13);
    expect(page2.items.at(-1).action_type).toBe('CREATE');
  });
});
