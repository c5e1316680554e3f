// E-mail verification (decisions 0013, 0053): the link arrives by a real SMTP conversation (or in
// the development outbox) and opens a page whose button POSTs the token, which verifies the
// address once and raises the score by the rubric's e-mail points. Opening the link (a GET, as a
// mail scanner does) verifies nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWork } from '../../../core/api-types';
import { hashToken } from '../../../server/submissions/email-verification';
import { VERIFICATION_LOGIC } from '../../../server/submissions/trust/rubric';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { decodedMail, linkInMail } from '../../helpers/mail-links';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from './helpers';

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function verificationLink(rawMessage: string): URL {
  return linkInMail(rawMessage, '/confirm-email');
}

/** What the confirmation page's button does. */
const confirm = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/submissions/verify-email', payload: { token } });

async function publicWork(t: TestApp, id: string): Promise<PublicWork> {
  return (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).json<PublicWork>();
}

describe('through a real SMTP server on loopback', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let received: SmtpCatcher['received'];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    received = smtp.received;
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Registry <no-reply@ledger.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the link to the submitter; confirming on its page verifies the address and adds the e-mail points to the score', async () => {
    const { created } = await registerWork(t.app, { author_email: 'mira@example.org', artist_name: 'Mira', title: 'Harbour Lights' });
    const message = await waitFor(() => received.find((m) => m.to.includes('mira@example.org')), 'the SMTP message');
    expect(message.from).toBe('no-reply@ledger.test');
    expect(message.raw).toContain(`Subject: Confirm your e-mail for ${created.registry_id}`);
    // The address is not proven yet: the message names the registry ID and the site, not the title.
    expect(decodedMail(message.raw)).toContain(`Thank you for registering the work ${created.registry_id} with VeriWork.`);
    expect(decodedMail(message.raw)).not.toContain('Harbour Lights');
    const link = verificationLink(message.raw);
    expect(link.origin).toBe('http://ledger.test');

    // Only the token's hash is stored.
    const token = link.searchParams.get('token')!;
    const before = await t.deps.db
      .selectFrom('submissions')
      .select(['email_verify_token_hash', 'email_verify_sent_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(before.email_verify_token_hash).toBe(hashToken(token));
    expect(before.email_verify_sent_at).not.toBeNull();

    // The old API link opens the page (a mail scanner following it verifies nothing).
    const scanned = await t.app.inject({ method: 'GET', url: `/api/submissions/verify-email?token=${encodeURIComponent(token)}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/confirm-email?token=${encodeURIComponent(token)}`);
    expect((await publicWork(t, created.id)).email_verified).toBe(false);
    const opened = await confirm(t, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id: created.id });

    const work = await publicWork(t, created.id);
    expect(work.email_verified).toBe(true);
    expect(work.trust_meter).toBe(created.trust_meter + VERIFICATION_LOGIC.emailVerified);
    expect(work.trust.reasons).toContain(`E-mail address verified: +${VERIFICATION_LOGIC.emailVerified}`);
    expect(JSON.stringify(work)).not.toContain('mira@example.org');
    const after = await t.deps.db
      .selectFrom('submissions')
      .select(['email_verified_at', 'email_verify_token_hash'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(after.email_verified_at).not.toBeNull();
    expect(after.email_verify_token_hash).toBeNull();

    // A used link is refused with a clear message.
    const again = await confirm(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'invalid_token',
        title: 'Link not valid',
        message: 'This verification link is not valid or has already been used.',
        fields: { token: 'This verification link is not valid or has already been used.' },
      },
    });
    expect((await publicWork(t, created.id)).trust_meter).toBe(work.trust_meter);
  });

  it('refuses a made-up or missing token with 400', async () => {
    const madeUp = await confirm(t, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.code).toBe('invalid_token');
    const missing = await t.app.inject({ method: 'POST', url: '/api/submissions/verify-email', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
    const page = await t.app.inject({ method: 'GET', url: '/api/submissions/verify-email' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/confirm-email');
  });
});

describe('without SMTP (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the message to DATA_DIR/outbox as an .eml file whose link verifies the address on its page', async () => {
    const { created } = await registerWork(t.app, { author_email: 'dev@example.net', artist_name: 'Dev' });
    const outbox = path.join(t.dataDir, 'outbox');
    const file = await waitFor(
      () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => f.endsWith('.eml')) : undefined),
      'the outbox file',
    );
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    expect(raw).toMatch(/^To: dev@example\.net$/m);
    const opened = await confirm(t, verificationLink(raw).searchParams.get('token')!);
    expect(opened.statusCode).toBe(200);
    const work = await publicWork(t, created.id);
    expect(work.email_verified).toBe(true);
    expect(work.trust_meter).toBe(created.trust_meter + VERIFICATION_LOGIC.emailVerified);
  });
});
