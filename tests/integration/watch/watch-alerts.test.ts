// Watch alerts (issue 18), end to end with a real SMTP server on loopback: ask to watch a work,
// confirm by the e-mailed link, register a recompressed copy, and the watcher gets one alert
// e-mail naming it, the work's Atom feed lists it, and the unsubscribe link stops further alerts.
import sharp from 'sharp';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { WATCH_ALERTS_JOB } from '../../../server/watch/alert-scanner';
import { startSmtpCatcher, type ReceivedMail, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { runAlerts } from './watch-kit';
import { freshPng, registerWork } from '../submissions/helpers';

/**
 * The message with its quoted-printable body decoded. Headers are left as sent: they are not
 * quoted-printable, and a token in one may hold '=' followed by two hex digits.
 */
function decodeQuotedPrintable(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const [headers, body] = end < 0 ? [raw, ''] : [raw.slice(0, end), raw.slice(end)];
  return (
    headers + body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  );
}

function linkIn(message: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(
    decodeQuotedPrintable(message.raw),
  );
  if (!match) throw new Error(`no ${path} link in:\n${message.raw}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const WATCHER = 'watcher@example.org';

describe('watching a work for copies', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const alertRun = () => runAlerts(t);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('e-mails one alert naming a recompressed copy, lists it in the feed, and stops after unsubscribing', async () => {
    const original = await freshPng(640, 480);
    const { created: watched } = await registerWork(t.app, { title: 'Harbour Lights', artist_name: 'Mira' }, original);

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${watched.registry_id}/watch`,
      payload: { email: WATCHER },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      message: 'If the address can receive mail, a link to confirm the watch is on its way. Alerts start once it is opened.',
    });
    const confirmation = await waitFor(() => to(WATCHER)[0], 'the confirmation e-mail');
    expect(confirmation.raw).toContain(`Subject: Confirm: watch ${watched.registry_id} on VeriWork`);
    const confirmLink = linkIn(confirmation, '/api/watch/confirm');
    const confirmed = await t.app.inject({ url: confirmLink });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/verify/${watched.id}?watch=confirmed`);
    const reused = await t.app.inject({ url: confirmLink });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'invalid_token',
      title: 'Link not valid',
      message: 'This link is not valid or was already used.',
    });

    // Someone else registers the same picture, recompressed as JPEG at quality 70.
    const jpeg = await sharp(original).jpeg({ quality: 70 }).toBuffer();
    const { created: copy } = await registerWork(t.app, { title: 'My Harbour', artist_name: 'Copycat' }, jpeg);
    await alertRun();
    const alert = await waitFor(() => to(WATCHER)[1], 'the alert e-mail');
    const text = decodeQuotedPrintable(alert.raw);
    expect(text).toContain(`Subject: A possible copy of ${watched.registry_id} registered`);
    expect(text).toContain(`"My Harbour" by Copycat (${copy.registry_id}): an image visually near-identical to the watched work`);
    expect(text).toContain(`http://ledger.test/verify/${copy.id}`);
    const headers = text.replace(/\r?\n[ \t]+/g, ' '); // long header lines arrive folded
    expect(headers).toMatch(/List-Unsubscribe: <http:\/\/ledger\.test\/api\/watch\/unsubscribe\?token=/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The next run sends nothing new.
    await alertRun();
    expect(to(WATCHER)).toHaveLength(2);

    const feed = await t.app.inject({ url: `/api/submissions/${watched.id}/alerts.atom` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.body).not.toContain(WATCHER);
    const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(feed.body);
    expect(parsed.feed.title).toBe(`Possible copies of "Harbour Lights" (${watched.registry_id})`);
    expect(parsed.feed.entry.title).toBe(`"My Harbour" by Copycat (${copy.registry_id})`);
    expect(parsed.feed.entry.link['@_href']).toBe(`http://ledger.test/verify/${copy.id}`);

    const stopped = await t.app.inject({ url: linkIn(alert, '/api/watch/unsubscribe') });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('<h1>Alerts stopped</h1>');
    await registerWork(
      t.app,
      { title: 'Another Harbour', artist_name: 'Copycat' },
      await sharp(original).jpeg({ quality: 60 }).toBuffer(),
    );
    await alertRun();
    expect(to(WATCHER)).toHaveLength(2);
  });

  it('never names a private registration in an alert', async () => {
    const original = await freshPng(600, 400);
    const { created: watched } = await registerWork(t.app, { title: 'Quiet Field', artist_name: 'Ines' }, original);
    await t.app.inject({ method: 'POST', url: `/api/submissions/${watched.id}/watch`, payload: { email: 'second@example.org' } });
    const confirmation = await waitFor(() => to('second@example.org')[0], 'the confirmation e-mail');
    await t.app.inject({ url: linkIn(confirmation, '/api/watch/confirm') });

    const { created: hidden } = await registerWork(t.app, { title: 'Hidden Copy', artist_name: 'Someone' }, original);
    await t.deps.db.updateTable('submissions').set({ is_public: false }).where('id', '=', hidden.id).execute();
    await alertRun();
    expect(to('second@example.org')).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/submissions/${watched.id}/alerts.atom` })).body).not.toContain('Hidden Copy');
  });

  it('answers 404 for a work that is not public and 400 for an address that is not one', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/submissions/VW-2026-999999/watch', payload: { email: WATCHER } });
    expect(unknown.statusCode).toBe(404);
    const { created } = await registerWork(t.app, { title: 'Any Work' });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${created.id}/watch`,
      payload: { email: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('mails an alert from the scheduled run, with no request asking for it', async () => {
    const original = await freshPng(560, 420);
    const { created: watched } = await registerWork(t.app, { title: 'Tide Pool', artist_name: 'Noor' }, original);
    await t.app.inject({ method: 'POST', url: `/api/submissions/${watched.id}/watch`, payload: { email: 'third@example.org' } });
    await t.app.inject({ url: linkIn(await waitFor(() => to('third@example.org')[0], 'the confirmation'), '/api/watch/confirm') });

    // The run is a job of the queue, scheduled every minute; here the period's job is queued by hand.
    const { jobs } = backgroundOf(t.app);
    expect(await jobs.schedules()).toContainEqual({ name: WATCH_ALERTS_JOB, cron: '* * * * *' });
    {
      const { created: copy } = await registerWork(
        t.app,
        { title: 'Pool Copy', artist_name: 'Other' },
        await sharp(original).webp().toBuffer(),
      );
      await jobs.enqueue(t.deps.db, WATCH_ALERTS_JOB, {});
      jobs.wake(WATCH_ALERTS_JOB);
      const alert = await waitFor(() => to('third@example.org')[1], 'the scheduled alert');
      expect(decodeQuotedPrintable(alert.raw)).toContain(copy.registry_id);
    }
  });
});
