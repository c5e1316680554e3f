// Mail a stranger can trigger is not a relay for their text (issue 34, decision 0053). Anyone may
// ask the registry to mail any address (a watch confirmation, a registration's verification), so
// such mail names only the registry ID and the site, one pending watch confirmation per work and
// address is sent once however often it is asked for, one address gets at most
// WATCH.confirmationsPerAddressPerHour confirmations an hour, and opening a link (as mail
// scanners do) confirms nothing. Through a real SMTP server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH } from '../../../core/constants';
import { decodedMail, tokenInMail } from '../../helpers/mail-links';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from '../submissions/helpers';

const ATTACKER_TITLE = 'Claim your prize at evil.example now';
const HOUR_MS = 60 * 60_000;

describe('mail a stranger can trigger', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let clock = new Date();
  const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const askToWatch = (workId: string, email: string) =>
    t.app.inject({ method: 'POST', url: `/api/submissions/${workId}/watch`, payload: { email } });
  const confirmWatch = (token: string) => t.app.inject({ method: 'POST', url: '/api/watch/confirm', payload: { token } });

  /** Waits for `count` messages to `address`, then a moment more, so one more (there must be none) would have arrived too. */
  async function settled(address: string, count: number) {
    for (let i = 0; i < 400 && to(address).length < count; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    return to(address);
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('fifteen watch requests for one work and address send exactly one e-mail, naming the registry ID and not the title', async () => {
    const { created } = await registerWork(t.app, {
      title: ATTACKER_TITLE,
      artist_name: 'Mallory',
      author_email: 'mallory@example.org',
    });
    const victim = 'victim@example.org';
    // At once, as an attacker would: the answers are all the same, and one e-mail goes out.
    const answers = await Promise.all(Array.from({ length: 15 }, () => askToWatch(created.id, victim)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(15).fill(202));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);

    const received = await settled(victim, 1);
    expect(received).toHaveLength(1);
    const text = decodedMail(received[0].raw);
    expect(text).toContain(`Subject: Confirm: watch ${created.registry_id} on VeriWork`);
    expect(text).toContain(
      `Someone (we hope you) asked VeriWork to e-mail this address when a copy of the registered work ${created.registry_id} is registered:\n` +
        `http://ledger.test/verify/${created.registry_id}\n`,
    );
    expect(text).toMatch(/\nhttp:\/\/ledger\.test\/watch\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
    expect(text).not.toContain(ATTACKER_TITLE);
    expect(text).not.toContain('Mallory');
    const rows = await t.deps.db.selectFrom('work_watches').select(['confirmed_at']).where('submission_id', '=', created.id).execute();
    expect(rows).toEqual([{ confirmed_at: null }]);
  });

  it('opening the confirmation link (a GET, as a mail scanner does) starts no watch; the page button (a POST) does', async () => {
    const { created } = await registerWork(t.app, { title: 'Scanned', author_email: 'artist.scan@example.org' });
    const watcher = 'scanned@example.org';
    await askToWatch(created.id, watcher);
    const [message] = await settled(watcher, 1);
    const token = tokenInMail(message.raw, '/watch/confirm');

    const scanned = await t.app.inject({ url: `/api/watch/confirm?token=${token}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/watch/confirm?token=${token}`);
    const page = await t.app.inject({ url: `/watch/confirm?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const watch = () =>
      t.deps.db.selectFrom('work_watches').select(['confirmed_at']).where('submission_id', '=', created.id).executeTakeFirstOrThrow();
    expect((await watch()).confirmed_at).toBeNull();

    const confirmed = await confirmWatch(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: created.id });
    expect((await watch()).confirmed_at).not.toBeNull();
    // Watching already: asking again sends nothing.
    expect((await askToWatch(created.id, watcher)).statusCode).toBe(202);
    expect(await settled(watcher, 1)).toHaveLength(1);
  });

  it(`sends a pending confirmation again only after ${WATCH.pendingConfirmationHours} hours, and the older link then stops working`, async () => {
    const { created } = await registerWork(t.app, { title: 'Slow Inbox', author_email: 'artist.slow@example.org' });
    const watcher = 'slow@example.org';
    await askToWatch(created.id, watcher);
    const [first] = await settled(watcher, 1);
    clock = new Date(clock.getTime() + (WATCH.pendingConfirmationHours - 1) * HOUR_MS);
    await askToWatch(created.id, watcher);
    expect(await settled(watcher, 1)).toHaveLength(1);

    clock = new Date(clock.getTime() + 2 * HOUR_MS);
    await askToWatch(created.id, watcher);
    const both = await settled(watcher, 2);
    expect(both).toHaveLength(2);
    const old = await confirmWatch(tokenInMail(first.raw, '/watch/confirm'));
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid_token');
    expect((await confirmWatch(tokenInMail(both[1].raw, '/watch/confirm'))).statusCode).toBe(200);
  });

  it(`sends one address at most ${WATCH.confirmationsPerAddressPerHour} watch confirmations an hour, whatever the works`, async () => {
    const works = [];
    for (let i = 0; i < WATCH.confirmationsPerAddressPerHour + 2; i++)
      works.push((await registerWork(t.app, { title: `Work ${i}`, author_email: 'artist.many@example.org' })).created);
    const victim = 'capped@example.org';
    for (const work of works.slice(0, WATCH.confirmationsPerAddressPerHour + 1)) {
      const answer = await askToWatch(work.id, victim);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({
        message: 'If the address can receive mail, a link to confirm the watch is on its way. Alerts start once it is confirmed.',
      });
    }
    const capped = await settled(victim, WATCH.confirmationsPerAddressPerHour);
    expect(capped).toHaveLength(WATCH.confirmationsPerAddressPerHour);
    // The first three works' confirmations, in whatever order the queue's mail jobs delivered them.
    expect(capped.map((m) => /Subject: Confirm: watch (VW-\d{4}-\d+)/.exec(m.raw)?.[1]).sort()).toEqual(
      works.slice(0, WATCH.confirmationsPerAddressPerHour).map((w) => w.registry_id),
    );
    // Another address is not held back by this one's cap.
    await askToWatch(works[WATCH.confirmationsPerAddressPerHour].id, 'other@example.org');
    expect(await settled('other@example.org', 1)).toHaveLength(1);

    // An hour later the address may get one again.
    clock = new Date(clock.getTime() + HOUR_MS + 60_000);
    await askToWatch(works[WATCH.confirmationsPerAddressPerHour + 1].id, victim);
    const later = await settled(victim, WATCH.confirmationsPerAddressPerHour + 1);
    expect(later).toHaveLength(WATCH.confirmationsPerAddressPerHour + 1);
    expect(later.at(-1)!.raw).toContain(
      `Subject: Confirm: watch ${works[WATCH.confirmationsPerAddressPerHour + 1].registry_id} on VeriWork`,
    );
  });

  it('the registration e-mail to a not yet confirmed address names the registry ID and the site, not the title', async () => {
    const { created } = await registerWork(t.app, { title: ATTACKER_TITLE, author_email: 'someone.else@example.org' });
    const [message] = await settled('someone.else@example.org', 1);
    const text = decodedMail(message.raw);
    expect(text).toContain(`Subject: Confirm your e-mail for ${created.registry_id}`);
    expect(text).toContain(`Thank you for registering the work ${created.registry_id} with VeriWork.`);
    expect(text).toContain(`Proof page: http://ledger.test/verify/${created.registry_id}`);
    expect(text).toMatch(/\nhttp:\/\/ledger\.test\/confirm-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(text).not.toContain(ATTACKER_TITLE);
  });
});
