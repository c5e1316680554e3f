// E-mail verification (decision 0013): the link arrives by a real SMTP conversation (or in the
// development outbox), opening it verifies the address once and raises the score by the rubric's
// e-mail points.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWork } from '../../../core/api-types';
import { hashToken } from '../../../server/submissions/email-verification';
import { VERIFICATION_LOGIC } from '../../../server/submissions/trust/rubric';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
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

/** The raw message body may be quoted-printable (long lines are wrapped with '=' soft breaks). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function verificationLink(rawMessage: string): URL {
  const match = /https?:\/\/\S+\/api\/submissions\/verify-email\?token=[A-Za-z0-9_%-]+/.exec(decodeQuotedPrintable(rawMessage));
  if (!match) throw new Error(`no verification link in:\n${rawMessage}`);
  return new URL(match[0]);
}

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

  it('sends the link to the submitter; opening it verifies the address and adds the e-mail points to the score', async () => {
    const { created } = await registerWork(t.app, { author_email: 'mira@example.org', artist_name: 'Mira' });
    const message = await waitFor(() => received.find((m) => m.to.includes('mira@example.org')), 'the SMTP message');
    expect(message.from).toBe('no-reply@ledger.test');
    expect(message.raw).toContain(`Subject: Confirm your e-mail for ${created.registry_id}`);
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

    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/verify/${created.id}?email=verified`);

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

    // A used link is refused with a clear message: JSON for API clients, a page for browsers.
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'invalid_token',
        title: 'Link not valid',
        message: 'This verification link is not valid or has already been used.',
      },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('This verification link is not valid or has already been used.');
    expect((await publicWork(t, created.id)).trust_meter).toBe(work.trust_meter);
  });

  it('refuses a made-up or missing token with 400', async () => {
    for (const url of [
      '/api/submissions/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/submissions/verify-email',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    }
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

  it('writes the message to DATA_DIR/outbox as an .eml file whose link verifies the address', async () => {
    const { created } = await registerWork(t.app, { author_email: 'dev@example.net', artist_name: 'Dev' });
    const outbox = path.join(t.dataDir, 'outbox');
    const file = await waitFor(
      () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => f.endsWith('.eml')) : undefined),
      'the outbox file',
    );
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    expect(raw).toMatch(/^To: dev@example\.net$/m);
    const link = verificationLink(raw);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(303);
    const work = await publicWork(t, created.id);
    expect(work.email_verified).toBe(true);
    expect(work.trust_meter).toBe(created.trust_meter + VERIFICATION_LOGIC.emailVerified);
  });
});
