// The manage page asks a credited co-author to confirm, or sends a new link (decision 0064): a
// new link replaces the old one, an answer is final, an address gets a few invitations an hour,
// and only names the work credits can be invited.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CO_AUTHOR_INVITES } from '../../../core/constants';
import { MESSAGES, type MessagePair } from '../../../core/messages';
import { MESH_LINKAGE } from '../../../server/submissions/trust/rubric';
import { tokenInMail } from '../../helpers/mail-links';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import type { ManagedWork } from '../../../core/api/manage';
import { registerWork } from '../submissions/helpers';
import { sameSite, signIn } from './manage-kit';

let t: TestApp;
let clock = new Date('2026-11-28T12:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

/** The co-author invitations in the development outbox, oldest first. */
function invitations(registryId: string): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(`Subject: Did you co-author ${registryId}?`));
}

async function waitForInvitations(registryId: string, count: number): Promise<string[]> {
  for (let i = 0; i < 400 && invitations(registryId).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  const found = invitations(registryId);
  expect(found).toHaveLength(count);
  return found;
}

async function waitForMailTo(registryId: string, to: string): Promise<string> {
  for (let i = 0; i < 400 && !invitations(registryId).some((raw) => raw.includes(`To: ${to}`)); i++)
    await new Promise((r) => setTimeout(r, 25));
  const found = invitations(registryId).find((raw) => raw.includes(`To: ${to}`));
  expect(found).toBeDefined();
  return found!;
}

const refused = (code: string, message: MessagePair, field: string) => ({
  error: { code, title: message.title, message: message.description, fields: { [field]: message.description } },
});

describe('inviting co-authors from the manage page', () => {
  it('invites a credited co-author after registration; the confirmation raises the score, and a confirmed one is not asked again', async () => {
    const { created } = await registerWork(t.app, { author_email: 'duo@example.org', co_authors: ['Mara Lind'] });
    const cookie = await signIn(t, 'duo@example.org');
    const invite = (payload: { name: string; email: string }) =>
      t.app.inject({ method: 'POST', url: `/api/manage/works/${created.id}/co-authors`, headers: { ...sameSite, cookie }, payload });

    const sent = await invite({ name: 'mara lind', email: 'mara@example.net' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().id).toBe(created.id);
    expect(JSON.stringify(sent.json())).not.toContain('mara@example.net');
    const [message] = await waitForInvitations(created.registry_id, 1);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/co-authors/confirm',
      payload: { token: tokenInMail(message, '/co-author/confirm') },
    });
    expect(confirmed.json().score_after).toBe(created.trust_meter + MESH_LINKAGE.confirmedCoAuthors);

    const again = await invite({ name: 'Mara Lind', email: 'mara@example.net' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused('conflict', MESSAGES.coAuthorAlreadyConfirmed, 'name'));
    const stranger = await invite({ name: 'Jo Pike', email: 'jo@example.net' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(refused('invalid_value', MESSAGES.coAuthorNotCredited, 'name'));
    const own = await invite({ name: 'Mara Lind', email: 'Duo@example.org' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual(refused('invalid_email', MESSAGES.coAuthorOwnAddress, 'email'));
    expect(invitations(created.registry_id)).toHaveLength(1);
  });

  it(`sends a new link that replaces the old one, up to ${CO_AUTHOR_INVITES.perAddressPerHour} e-mails to one address an hour`, async () => {
    const { created } = await registerWork(t.app, {
      author_email: 'trio@example.org',
      co_authors: ['Jo Pike'],
      co_author_emails: ['jo.pike@example.net'],
    });
    const [first] = await waitForInvitations(created.registry_id, 1);
    const cookie = await signIn(t, 'trio@example.org');
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/works/${created.id}/co-authors`,
        headers: { ...sameSite, cookie },
        payload: { name: 'Jo Pike', email: 'jo.pike@example.net' },
      });
    expect((await resend()).statusCode).toBe(200);
    const [, second] = await waitForInvitations(created.registry_id, 2);
    expect((await resend()).statusCode).toBe(200);
    await waitForInvitations(created.registry_id, 3);
    const capped = await resend();
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual(refused('too_many_attempts', MESSAGES.coAuthorInviteLimit, 'email'));
    expect(invitations(created.registry_id)).toHaveLength(3);

    // Only the newest link works.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/co-authors/invitation',
      payload: { token: tokenInMail(first, '/co-author/confirm') },
    });
    expect(old.statusCode).toBe(400);
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/co-authors/invitation',
      payload: { token: tokenInMail(second, '/co-author/confirm') },
    });
    expect(replaced.statusCode).toBe(400);
    const newest = invitations(created.registry_id)[2];
    const decline = await t.app.inject({
      method: 'POST',
      url: '/api/co-authors/decline',
      payload: { token: tokenInMail(newest, '/co-author/confirm') },
    });
    expect(decline.statusCode).toBe(200);
  });
});

describe('the co-authors on the manage page', () => {
  it('shows each credited co-author with their state, in the order credited, and never an address', async () => {
    clock = new Date('2026-11-28T12:00:00.000Z');
    const { created } = await registerWork(t.app, {
      author_email: 'quintet@example.org',
      co_authors: ['Ana Ruiz', 'Bo Chen', 'Cy Dorn', 'Di Elm', 'Ed Fox'],
      co_author_emails: ['ana@example.net', 'bo@example.net', 'cy@example.net', '', ''],
    });
    const [ana, bo] = await Promise.all([
      waitForMailTo(created.registry_id, 'ana@example.net'),
      waitForMailTo(created.registry_id, 'bo@example.net'),
      waitForMailTo(created.registry_id, 'cy@example.net'),
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/co-authors/confirm',
          payload: { token: tokenInMail(ana, '/co-author/confirm') },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/co-authors/decline',
          payload: { token: tokenInMail(bo, '/co-author/confirm') },
        })
      ).statusCode,
    ).toBe(200);
    // An hour after Cy's link expired, Di is invited from the manage page.
    clock = new Date(Date.parse('2026-11-28T12:00:00.000Z') + (CO_AUTHOR_INVITES.linkDays * 24 + 1) * 3_600_000);
    const cookie = await signIn(t, 'quintet@example.org');
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/manage/works/${created.id}/co-authors`,
      headers: { ...sameSite, cookie },
      payload: { name: 'Di Elm', email: 'di@example.net' },
    });
    expect(invited.statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/manage/works', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    const work = listed.json<{ works: ManagedWork[] }>().works.find((w) => w.id === created.id)!;
    expect(work.co_authors).toEqual([
      { name: 'Ana Ruiz', state: 'confirmed' },
      { name: 'Bo Chen', state: 'declined' },
      { name: 'Cy Dorn', state: 'link_expired' },
      { name: 'Di Elm', state: 'invited' },
      { name: 'Ed Fox', state: 'not_invited' },
    ]);
    expect(work.trust.score).toBe(created.trust_meter + MESH_LINKAGE.confirmedCoAuthors);
    expect(listed.body).not.toMatch(/@example\.net/);
    expect(invited.body).not.toMatch(/@example\.net/);
  });

  it('refuses an invalid address with the words the form shows under it', async () => {
    clock = new Date('2026-11-28T12:00:00.000Z');
    const { created } = await registerWork(t.app, { author_email: 'solo@example.org', co_authors: ['Fay Gold'] });
    const cookie = await signIn(t, 'solo@example.org');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/works/${created.id}/co-authors`,
      headers: { ...sameSite, cookie },
      payload: { name: 'Fay Gold', email: 'not an address' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        title: MESSAGES.coAuthorEmailInvalid.title,
        message: MESSAGES.coAuthorEmailInvalid.description,
        fields: { email: MESSAGES.coAuthorEmailInvalid.description },
      },
    });
  });
});
