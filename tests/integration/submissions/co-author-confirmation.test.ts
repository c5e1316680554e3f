// Co-authors confirm by e-mail (issue 33, decision 0064): the registering artist gives a
// co-author's address, the co-author gets a link by a real SMTP conversation, and confirming on
// its page re-scores the work by the rubric's confirmed co-author points, with a line in its
// public history and an audit row. Declining counts nothing. A link works once and expires. The
// address is never in a public answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchSubmissionResult, PublicWork } from '../../../core/api-types';
import { describeWorkUpdate } from '../../../core/api/work-history';
import { CO_AUTHOR_INVITES } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { hashLinkToken } from '../../../server/mail/link-tokens';
import { MESH_LINKAGE } from '../../../server/submissions/trust/rubric';
import { decodedMail, tokenInMail } from '../../helpers/mail-links';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, registerWork, submissionBody, submit, upload } from './helpers';

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const INVALID_LINK = {
  error: {
    code: 'invalid_token',
    title: MESSAGES.coAuthorLinkInvalid.title,
    message: MESSAGES.coAuthorLinkInvalid.description,
    fields: { token: MESSAGES.coAuthorLinkInvalid.description },
  },
};

describe('co-authors confirm by e-mail', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let clock = new Date('2026-11-28T12:00:00.000Z');

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Registry <no-reply@ledger.test>' }, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = new Date('2026-11-28T12:00:00.000Z');
  });

  const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, payload: { token } });
  const publicWork = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).json<PublicWork>();
  const invitationMail = (to: string) => waitFor(() => smtp.received.find((m) => m.to.includes(to)), `the invitation to ${to}`);

  it('mails the co-author a link; confirming raises the score by exactly the confirmed co-author points, in history and audit', async () => {
    const { created } = await registerWork(t.app, {
      title: 'Harbour Lights',
      co_authors: ['Mara Lind', 'Jo Pike'],
      co_author_emails: ['mara.lind@example.net', ''],
    });
    const message = await invitationMail('mara.lind@example.net');
    expect(message.raw).toContain(`Subject: Did you co-author ${created.registry_id}? (VeriWork)`);
    const text = decodedMail(message.raw);
    // The address is typed by the artist: the message carries no text the artist wrote.
    expect(text).toContain(`An artist registered the work ${created.registry_id} with VeriWork`);
    expect(text).not.toContain('Harbour Lights');
    expect(text).not.toContain('Mara Lind');
    // Only the named address was invited (the artist's own message is the e-mail verification).
    const invitations = smtp.received.filter((m) => m.raw.includes(`Subject: Did you co-author ${created.registry_id}`));
    expect(invitations.map((m) => m.to)).toEqual([['mara.lind@example.net']]);

    const token = tokenInMail(message.raw, '/co-author/confirm');
    const stored = await t.deps.db
      .selectFrom('co_author_invitations')
      .select(['name', 'token_hash', 'state', 'expires_at'])
      .where('submission_id', '=', created.id)
      .execute();
    expect(stored).toEqual([
      { name: 'Mara Lind', token_hash: hashLinkToken(token), state: 'pending', expires_at: new Date('2026-12-12T12:00:00.000Z') },
    ]);

    const before = await publicWork(created.id);
    expect(before.co_authors).toEqual(['Mara Lind', 'Jo Pike']);
    expect(before.co_authors_confirmed).toEqual([]);
    expect(before.trust.reasons).toContain('Credits 2 co-authors (not confirmed by them): no points');
    expect(JSON.stringify(before)).not.toContain('mara.lind@example.net');

    const question = await post('/api/co-authors/invitation', token);
    expect(question.statusCode).toBe(200);
    expect(question.json()).toEqual({
      registry_id: created.registry_id,
      title: 'Harbour Lights',
      artist_name: 'FoxArtist',
      co_author_name: 'Mara Lind',
    });

    clock = new Date('2026-11-29T08:00:00.000Z');
    const confirmed = await post('/api/co-authors/confirm', token);
    expect(confirmed.statusCode).toBe(200);
    const after = created.trust_meter + MESH_LINKAGE.confirmedCoAuthors;
    expect(confirmed.json()).toEqual({
      id: created.id,
      registry_id: created.registry_id,
      state: 'confirmed',
      score_before: created.trust_meter,
      score_after: after,
    });

    const work = await publicWork(created.id);
    expect(work.trust_meter).toBe(after);
    expect(work.co_authors_confirmed).toEqual(['Mara Lind']);
    expect(work.trust.dimensions.mesh_linkage.reasons).toContainEqual({ text: '1 co-author confirmed by e-mail', points: 2 });
    expect(work.trust.reasons).toContain('1 co-author confirmed by e-mail: +2');
    expect(work.trust.reasons).toContain('Credits 1 co-author (not confirmed by them): no points');
    expect(work.history).toEqual([
      {
        at: '2026-11-29T08:00:00.000Z',
        changes: { resources_added: 0, resources_removed: 0, co_authors_confirmed: 1 },
        score_before: created.trust_meter,
        score_after: after,
        leaf_index: null,
      },
    ]);
    expect(describeWorkUpdate(work.history[0])).toBe(`co-author confirmed, score ${created.trust_meter} → ${after}`);
    expect(JSON.stringify(work)).not.toContain('mara.lind@example.net');

    const audits = await t.deps.db
      .selectFrom('audit_log')
      .select(['table_name', 'reason'])
      .where('created_at', '=', clock)
      .orderBy('table_name')
      .execute();
    expect(audits).toEqual([
      { table_name: 'co_author_invitations', reason: 'A co-author confirmed by e-mail' },
      { table_name: 'submissions', reason: 'Re-scored: a co-author confirmed by e-mail' },
    ]);
    const auditText = JSON.stringify(await t.deps.db.selectFrom('audit_log').selectAll().where('created_at', '=', clock).execute());
    expect(auditText).not.toContain('mara.lind@example.net');

    // The link works once.
    const again = await post('/api/co-authors/confirm', token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await post('/api/co-authors/decline', token)).json()).toEqual(INVALID_LINK);
    expect((await post('/api/co-authors/invitation', token)).json()).toEqual(INVALID_LINK);
    expect((await publicWork(created.id)).trust_meter).toBe(after);
  });

  it('records a decline without changing the score: the co-author stays not confirmed', async () => {
    const { created } = await registerWork(t.app, { co_authors: ['Nils Berg'], co_author_emails: ['nils@example.net'] });
    const token = tokenInMail((await invitationMail('nils@example.net')).raw, '/co-author/confirm');
    const declined = await post('/api/co-authors/decline', token);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      id: created.id,
      registry_id: created.registry_id,
      state: 'declined',
      score_before: created.trust_meter,
      score_after: created.trust_meter,
    });
    const work = await publicWork(created.id);
    expect(work.trust_meter).toBe(created.trust_meter);
    expect(work.co_authors_confirmed).toEqual([]);
    expect(work.history).toEqual([]);
    expect((await post('/api/co-authors/confirm', token)).json()).toEqual(INVALID_LINK);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['reason', 'new_values'])
      .where('table_name', '=', 'co_author_invitations')
      .where('reason', '=', 'A co-author declined by e-mail')
      .executeTakeFirstOrThrow();
    expect(audit.new_values).toEqual({ submission_id: created.id, name: 'Nils Berg', state: 'declined' });
  });

  it(`refuses a link after ${CO_AUTHOR_INVITES.linkDays} days, and a made-up one, with the same answer`, async () => {
    const { created } = await registerWork(t.app, { co_authors: ['Ola Sand'], co_author_emails: ['ola@example.net'] });
    const token = tokenInMail((await invitationMail('ola@example.net')).raw, '/co-author/confirm');
    clock = new Date('2026-12-12T12:00:00.000Z');
    expect((await post('/api/co-authors/invitation', token)).json()).toEqual(INVALID_LINK);
    const late = await post('/api/co-authors/confirm', token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID_LINK);
    clock = new Date('2026-11-28T12:00:00.000Z');
    expect((await publicWork(created.id)).co_authors_confirmed).toEqual([]);
    expect((await post('/api/co-authors/confirm', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual(INVALID_LINK);
  });

  it("refuses a co-author address without a name beside it, or the artist's own address", async () => {
    const up = await upload(t.app, await freshPng());
    const res = await submit(
      t.app,
      submissionBody(up.upload_id, {
        co_authors: ['Mara Lind', ''],
        co_author_emails: ['Fox.Artist@example.com', 'someone@example.net'],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'co_author_emails.0': MESSAGES.coAuthorOwnAddress.description,
      'co_author_emails.1': MESSAGES.coAuthorEmailWithoutName.description,
    });
  });

  it('asks the co-authors of a batch to confirm as a single registration does, and refuses a bad address on its own item', async () => {
    const shared = (({ upload_id: _u, title: _t, prompt: _p, ...rest }) => rest)(
      submissionBody('', { co_authors: ['Lea Moss'], co_author_emails: ['lea.moss@example.net'] }),
    );
    const [a, b, c] = [
      await upload(t.app, await freshPng()),
      await upload(t.app, await freshPng()),
      await upload(t.app, await freshPng()),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/batch',
      payload: {
        shared,
        items: [
          { upload_id: a.upload_id, title: 'Tide One', prompt: 'the tide coming in, ink wash' },
          {
            upload_id: b.upload_id,
            title: 'Tide Two',
            prompt: 'the tide going out, ink wash',
            co_authors: ['Lea Moss', 'Ivo Nash'],
            co_author_emails: ['', 'ivo.nash@example.net'],
          },
          { upload_id: c.upload_id, title: 'Tide Three', prompt: 'low tide', co_authors: [''], co_author_emails: ['x@example.net'] },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BatchSubmissionResult>();
    expect(body.results.map((r) => r.status)).toEqual(['registered', 'registered', 'failed']);
    const [one, two, three] = body.results;
    if (one.status !== 'registered' || two.status !== 'registered' || three.status !== 'failed') throw new Error('unexpected results');
    expect(three.error.fields).toEqual({ 'co_author_emails.0': MESSAGES.coAuthorEmailWithoutName.description });

    const subjectOf = (registryId: string) => `Subject: Did you co-author ${registryId}? (VeriWork)`;
    const lea = await waitFor(
      () => smtp.received.find((m) => m.raw.includes(subjectOf(one.work.registry_id))),
      'the first invitation',
    );
    const ivo = await waitFor(
      () => smtp.received.find((m) => m.raw.includes(subjectOf(two.work.registry_id))),
      'the second invitation',
    );
    expect(lea.to).toEqual(['lea.moss@example.net']);
    expect(ivo.to).toEqual(['ivo.nash@example.net']);
    // Only the addresses given were invited: Lea has none beside her name on the second work.
    const invited = smtp.received.filter(
      (m) => m.raw.includes(subjectOf(one.work.registry_id)) || m.raw.includes(subjectOf(two.work.registry_id)),
    );
    expect(invited.map((m) => m.to.join()).sort()).toEqual(['ivo.nash@example.net', 'lea.moss@example.net']);

    const confirmed = await post('/api/co-authors/confirm', tokenInMail(ivo.raw, '/co-author/confirm'));
    expect(confirmed.json()).toEqual({
      id: two.work.id,
      registry_id: two.work.registry_id,
      state: 'confirmed',
      score_before: two.work.trust_meter,
      score_after: two.work.trust_meter + MESH_LINKAGE.confirmedCoAuthors,
    });
    expect((await publicWork(two.work.id)).co_authors_confirmed).toEqual(['Ivo Nash']);
  });
});
