// Watch alerts (issue 18), end to end with a real SMTP server on loopback: ask to watch a work,
// confirm with the e-mailed link's token (the button of the page it opens), register a recompressed copy, and the watcher gets one alert
// e-mail naming it, the work's Atom feed lists it, and the unsubscribe link stops further alerts.
import sharp from 'sharp';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { WATCH_ALERTS_JOB } from '../../../server/watch/alert-scanner';
import { startSmtpCatcher, type ReceivedMail, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { decodedMail as decodeQuotedPrintable, linkInMail, tokenInMail } from '../../helpers/mail-links';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { runAlerts } from './watch-kit';
import { freshPng, registerWork } from '../submissions/helpers';

/** The path and query of the `path` link in the message. */
function linkIn(message: ReceivedMail, path: string): string {
  const url = linkInMail(message.raw, path);
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
  /** What the confirmation page's button does with the e-mailed link's token. */
  const confirmFrom = (message: ReceivedMail) =>
    t.app.inject({ method: 'POST', url: '/api/watch/confirm', payload: { token: tokenInMail(message.raw, '/watch/confirm') } });

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
      message: 'If the address can receive mail, a link to confirm the watch is on its way. Alerts start once it is confirmed.',
    });
    const confirmation = await waitFor(() => to(WATCHER)[0], 'the confirmation e-mail');
    expect(confirmation.raw).toContain(`Subject: Confirm: watch ${watched.registry_id} on VeriWork`);
    expect(decodeQuotedPrintable(confirmation.raw)).not.toContain('Harbour Lights');
    const confirmed = await confirmFrom(confirmation);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: watched.id });
    const reused = await confirmFrom(confirmation);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'invalid_token',
      title: 'Link not valid',
      message: 'This link is not valid or was already used.',
      fields: { token: 'This link is not valid or was already used.' },
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

    // Opening the unsubscribe link shows a button; only its POST stops the alerts.
    const unsubscribeLink = linkIn(alert, '/api/watch/unsubscribe');
    const opened = await t.app.inject({ url: unsubscribeLink });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<h1>Stop the alerts</h1>');
    expect(opened.body).toContain(
      `<form method="post" action="${unsubscribeLink.replace(/&/g, '&amp;')}"><button type="submit">Stop alerts</button></form>`,
    );
    expect(await t.deps.db.selectFrom('work_watches').select('id').where('submission_id', '=', watched.id).execute()).toHaveLength(1);
    const stopped = await t.app.inject({ method: 'POST', url: unsubscribeLink });
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
    expect((await confirmFrom(confirmation)).statusCode).toBe(200);

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
    expect((await confirmFrom(await waitFor(() => to('third@example.org')[0], 'the confirmation'))).statusCode).toBe(200);

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
