// Manage my works (issue 18): a single-use link e-mailed to the registered address (here the
// development outbox) opens a session; the artist changes a work, the trust engine re-scores it,
// and the change is audited, logged as an 'updated' leaf and shown in the work's public history.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedWork, ManagedWorks } from '../../../core/api/manage';
import type { PublicWork } from '../../../core/api-types';
import { MANAGE } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { verifyProofBundle, type ProofBundle } from '../../../core/tlog-verify';
import { proveWorkLinks } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from '../submissions/helpers';
import { adminGet, createAdminAccount, signIn as adminSignIn } from '../admin/admin-test-kit';
import {
  manageLinkMessages,
  newestLinkToken as newestToken,
  openLink as openLinkOf,
  requestLink as requestLinkOf,
  sameSite,
  signIn as signInAs,
  waitForManageLinks,
} from './manage-kit';

let clock = new Date('2026-03-01T10:00:00.000Z');
let t: TestApp;

const outbox = () => manageLinkMessages(t);
const newestLinkToken = () => newestToken(t);
const waitForOutbox = (count: number) => waitForManageLinks(t, count);
const requestLink = (email: string) => requestLinkOf(t, email);
const openLink = (token: string) => openLinkOf(t, token);
const signIn = (email: string) => signInAs(t, email);

const change = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/manage/works/${id}`, headers: { ...sameSite, cookie }, payload });
const publicWork = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).json<PublicWork>();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

describe('asking for a link', () => {
  it('answers 202 with the same words for an address with works and one without, and mails only the first', async () => {
    await registerWork(t.app, { author_email: 'Lena@Example.org', artist_name: 'Lena' });
    const known = await requestLink('lena@example.org');
    const unknown = await requestLink('nobody@example.org');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual({ title: MESSAGES.manageLinkSent.title, message: MESSAGES.manageLinkSent.description });
    expect(unknown.body).toBe(known.body);
    await waitForOutbox(1);
    expect(fs.readFileSync(path.join(t.dataDir, 'outbox', outbox()[0]), 'utf8')).toContain('To: lena@example.org');
  });

  it('refuses a malformed address with 400 and the form message', async () => {
    const res = await requestLink('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: MESSAGES.emailInvalid.description });
  });

  it(`sends at most ${MANAGE.linksPerAddressPerHour} links an hour to one address, answering the same`, async () => {
    await registerWork(t.app, { author_email: 'busy@example.org', artist_name: 'Busy' });
    const before = outbox().length;
    for (let i = 0; i < MANAGE.linksPerAddressPerHour + 2; i++) expect((await requestLink('busy@example.org')).statusCode).toBe(202);
    await waitForOutbox(before + MANAGE.linksPerAddressPerHour);
  });

  it('refuses a cross-site call with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/link',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
  });
});

describe('opening a link', () => {
  it('opens once: a second use is refused with "Link already used"', async () => {
    await registerWork(t.app, { author_email: 'once@example.org', artist_name: 'Once' });
    const before = outbox().length;
    await requestLink('once@example.org');
    await waitForOutbox(before + 1);
    const token = newestLinkToken();
    const first = await openLink(token);
    expect(first.statusCode).toBe(200);
    expect(first.json<ManagedWorks>().works.map((w) => w.title)).toEqual(['Fox in Snow']);
    const cookie = first.cookies.find((c) => c.name === 'manage_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/manage', maxAge: MANAGE.sessionMinutes * 60 });

    const again = await openLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'invalid_token',
        title: MESSAGES.manageLinkUsed.title,
        message: MESSAGES.manageLinkUsed.description,
        fields: { token: MESSAGES.manageLinkUsed.description },
      },
    });
  });

  it(`refuses a link older than ${MANAGE.linkMinutes} minutes with "Link expired"`, async () => {
    await registerWork(t.app, { author_email: 'late@example.org', artist_name: 'Late' });
    const before = outbox().length;
    await requestLink('late@example.org');
    await waitForOutbox(before + 1);
    clock = new Date(clock.getTime() + (MANAGE.linkMinutes * 60 + 1) * 1000);
    const res = await openLink(newestLinkToken());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      title: MESSAGES.manageLinkExpired.title,
      message: MESSAGES.manageLinkExpired.description,
    });
  });

  it('refuses an unknown token with "Link not valid"', async () => {
    const res = await openLink('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.manageLinkInvalid.description);
  });

  it('answers the list only with a session: 401 and the message without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manage/works' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthorized', message: MESSAGES.manageSessionRequired.description });
  });
});

describe('changing a work', () => {
  let cookie: string;
  let work: { id: string; registry_id: string; trust_meter: number };

  beforeAll(async () => {
    work = (await registerWork(t.app, { author_email: 'nova@example.org', artist_name: 'Nova' })).created;
    // Her profile page links back, as the background check found: a Verified work (63) to change.
    work.trust_meter = await proveWorkLinks(t.deps, work.id);
    expect(work.trust_meter).toBe(63);
    cookie = await signIn('NOVA@example.org');
  });

  it('lists every work of the address with its resources, and none of another address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manage/works', headers: { cookie } });
    const works = res.json<ManagedWorks>().works;
    expect(works.map((w) => [w.registry_id, w.status, w.resources])).toEqual([
      [
        work.registry_id,
        'public',
        [{ type: 'artist_profile', url: 'https://www.instagram.com/foxartist', description: 'Artist profile' }],
      ],
    ]);
    expect(res.body).not.toContain('nova@example.org');
    const lenasWork = await t.deps.db
      .selectFrom('submissions')
      .select('id')
      .where('artist_name', '=', 'Lena')
      .executeTakeFirstOrThrow();
    const foreign = await change(cookie, lenasWork.id, { prompt_visibility: 'private' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(MESSAGES.manageWorkNotFound.description);
  });

  it('adds two resources: the reasons change, the history and an "updated" leaf record it, its proof verifies, and once proven they raise the score', async () => {
    const before = await publicWork(work.id);
    expect(before.trust.dimensions.source_depth.reasons.map((r) => r.text)).toEqual(['1 proven verification resource']);
    const res = await change(cookie, work.id, {
      resources: [
        { type: 'artist_profile', url: 'https://www.instagram.com/foxartist' },
        { type: 'artist_profile', url: 'https://www.artstation.com/nova' },
        { type: 'external_link', url: 'https://blog.example.net/fox-in-snow', description: 'Making-of post' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const changed = res.json<ManagedWork>();
    expect(changed.resources.map((r) => r.description)).toEqual(['Artist profile', 'Artist profile', 'Making-of post']);

    const after = await publicWork(work.id);
    expect(before.trust_meter).toBe(work.trust_meter);
    expect(after.trust_meter).toBe(changed.trust.score);
    // The new links earn nothing until their pages are checked and link back (rubric v2).
    expect(after.trust_meter).toBe(before.trust_meter);
    expect(after.trust.dimensions.source_depth.reasons.map((r) => r.text)).toEqual([
      '1 proven verification resource',
      '2 links not proven yet (the page does not link back to this registry)',
    ]);
    expect(after.history).toEqual([
      {
        at: clock.toISOString(),
        changes: { resources_added: 2, resources_removed: 0 },
        score_before: before.trust_meter,
        score_after: after.trust_meter,
        leaf_index: expect.any(Number),
      },
    ]);

    const leafIndex = after.history[0].leaf_index!;
    const proof = (await t.app.inject({ method: 'GET', url: `/api/log/proof/inclusion?leaf_index=${leafIndex}` })).json<ProofBundle>();
    expect(JSON.parse(proof.leaf_canonical_json!)).toEqual({
      event: 'updated',
      image_sha256: before.image_hash,
      record_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      registry_id: work.registry_id,
      submission_id: work.id,
      time: clock.toISOString(),
    });
    const vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
    expect(await verifyProofBundle(proof, vkey)).toMatchObject({ ok: true, reasons: [] });
    // The registration's own leaf is still there.
    const created = (
      await t.app.inject({ method: 'GET', url: `/api/log/entries?start=${after.log_index}&end=${after.log_index! + 1}` })
    ).json();
    expect(created.entries[0].event_type).toBe('created');

    // Proven, the two new links add 1 each, three websites 1 more and a link that is not a profile 1 (63 → 67).
    expect(await proveWorkLinks(t.deps, work.id)).toBe(67);
    expect((await publicWork(work.id)).trust.dimensions.source_depth.reasons.map((r) => r.text)).toEqual([
      '3 proven verification resources',
      'Proven resources on 3 different websites',
      'Includes a proven portfolio or external link',
    ]);
  });

  it('audits the change with the old and new resources', async () => {
    const rows = await t.deps.db
      .selectFrom('audit_log')
      .select(['action_type', 'admin_email', 'changed_fields'])
      .where('record_id', '=', work.id)
      .execute();
    // The score did not change with the links (they were not proven yet), so only the resources did.
    expect(rows).toEqual([{ action_type: 'UPDATE', admin_email: 'artist (manage link)', changed_fields: ['verification_resources'] }]);
  });

  it('refuses a duplicate link, a non-web link and a change that changes nothing, with 400 and the message', async () => {
    const dup = await change(cookie, work.id, {
      resources: [
        { type: 'external_link', url: 'https://blog.example.net/a' },
        { type: 'external_link', url: 'https://BLOG.example.net/a/' },
      ],
    });
    expect([dup.statusCode, dup.json().error.message]).toEqual([400, MESSAGES.manageResourceDuplicate.description]);
    const bad = await change(cookie, work.id, { resources: [{ type: 'external_link', url: 'javascript:alert(1)' }] });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, MESSAGES.manageResourceInvalid.description]);
    const same = await change(cookie, work.id, { prompt_visibility: 'public' });
    expect([same.statusCode, same.json().error.message]).toEqual([400, MESSAGES.manageNothingChanged.description]);
  });

  it('makes the prompt private: the public record hides it and the history says so', async () => {
    const res = await change(cookie, work.id, { prompt_visibility: 'private' });
    expect(res.statusCode).toBe(200);
    const after = await publicWork(work.id);
    expect(after.prompt).toBeNull();
    expect(after.history.at(-1)!.changes).toEqual({ resources_added: 0, resources_removed: 0, prompt_visibility: 'private' });
  });

  it('makes the work private and public again', async () => {
    expect((await change(cookie, work.id, { visibility: 'private' })).json<ManagedWork>().status).toBe('private');
    expect((await t.app.inject({ method: 'GET', url: `/api/submissions/${work.id}` })).statusCode).toBe(404);
    expect((await change(cookie, work.id, { visibility: 'public' })).json<ManagedWork>().status).toBe('public');
    const after = await publicWork(work.id);
    expect(after.history.map((h) => h.changes.visibility)).toEqual([undefined, undefined, 'private', 'public']);
  });

  it('withdraws the work with a reason: gone from the public record, logged as a removal, no longer changeable', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/works/${work.id}/withdraw`,
      headers: { ...sameSite, cookie },
      payload: { reason: 'Registered by mistake' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ManagedWork>().status).toBe('withdrawn');
    expect((await t.app.inject({ method: 'GET', url: `/api/submissions/${work.id}` })).statusCode).toBe(404);
    const leaves = await t.deps.db
      .selectFrom('tlog_leaves')
      .select('event_type')
      .where('submission_id', '=', work.id)
      .orderBy('leaf_index')
      .execute();
    expect(leaves.map((l) => l.event_type)).toEqual(['created', 'updated', 'updated', 'updated', 'updated', 'soft_deleted']);
    const again = await change(cookie, work.id, { visibility: 'private' });
    expect([again.statusCode, again.json().error.message]).toEqual([400, MESSAGES.manageWorkWithdrawn.description]);

    // The admins' deleted-records page lists it, withdrawn by its artist, who is no admin processor (issue 35).
    await createAdminAccount(t);
    const adminCookie = await adminSignIn(t);
    const deleted = (await adminGet(t, '/api/admin/deleted-submissions', adminCookie)).json();
    expect(deleted.counters).toEqual({ total_deleted: 1, deleted_last_7_days: 1, distinct_processors: 0 });
    expect(deleted.items.map((i: { id: string; deleted_by: string }) => [i.id, i.deleted_by])).toEqual([
      [work.id, 'artist (manage link)'],
    ]);
  });

  it('ends the session: the cookie no longer opens the list', async () => {
    const end = await t.app.inject({ method: 'DELETE', url: '/api/manage/session', headers: { ...sameSite, cookie } });
    expect(end.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/manage/works', headers: { cookie } })).statusCode).toBe(401);
  });
});
