// Signed webhooks (issue 39, decision 0069), against a real HTTP receiver on loopback that
// verifies every delivery with the standardwebhooks library: each event with its exact payload
// (public data only), in order and once after a receiver that fails then answers, a receiver that
// goes down and comes back, the address checks of the guarded fetcher, hostile input, the
// delivery log with its retry, disabling, rotating and deleting, and the audit log.
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { WEBHOOK_LIMITS } from '../../../core/webhooks';
import { trustStatus } from '../../../core/status';
import { jobsSettled } from '../../helpers/jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { adminGet, adminPost, auditRows, createAdminAccount, signIn } from '../admin/admin-test-kit';
import { signIn as manageSignIn, sameSite } from '../manage/manage-kit';
import { registerWork } from '../submissions/helpers';

const PRIVATE_PROMPT = 'a secret lighthouse at dawn, only for my eyes, kodachrome 64';
const ARTIST_EMAIL = 'hooked.artist@example.com';
const SITE = 'http://ledger.test';

async function waitUntil<T>(read: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Verifies a delivery as an integrator would, and gives its parsed payload. */
function verified(secret: string, hook: ReceivedHook): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(hook.body, hook.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

/** The public part of a work's row, as the payload must carry it. */
async function publicData(t: TestApp, id: string) {
  const row = await t.deps.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id: row.id,
    registry_id: row.registry_id,
    title: row.title,
    artist_name: row.artist_name,
    trust_meter: row.trust_meter,
    status: trustStatus(row.trust_meter).label,
    allow_ai_training: row.allow_ai_training,
    proof_url: `${SITE}/verify/${row.id}`,
    api_url: `${SITE}/api/submissions/${row.id}`,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

describe('signed webhooks', () => {
  let receiver: WebhookReceiver;
  let blocked: WebhookReceiver;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    blocked = await startWebhookReceiver();
    t = await createTestApp({
      env: {
        // Only the first receiver is reachable: the second stands for a private address.
        FETCH_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
        // Retries at once (no back-off) and five of them, so a test sees them within seconds.
        WEBHOOK_RETRY_DELAY_SECONDS: '0',
        WEBHOOK_RETRY_LIMIT: '5',
        JOBS_POLL_SECONDS: '0.5',
      },
    });
    await createAdminAccount(t);
    cookie = await signIn(t);
  });

  afterEach(async () => {
    await jobsSettled(t, 'webhook');
    for (const endpoint of (await adminGet(t, '/api/admin/webhooks', cookie)).json().endpoints) {
      await adminPost(t, `/api/admin/webhooks/${endpoint.id}/delete`, {}, cookie);
    }
    receiver.received.length = 0;
    receiver.script.length = 0;
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await blocked?.close();
  });

  async function addEndpoint(events: string[], url = receiver.url): Promise<{ id: string; secret: string }> {
    const res = await adminPost(t, '/api/admin/webhooks', { url, events, description: 'Gallery sync' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { id: body.endpoint.id, secret: body.secret };
  }

  const delivered = () => receiver.received.filter((hook) => hook.answered === 200);

  it('sends every event kind, signed, with its exact payload and nothing private', async () => {
    const { secret } = await addEndpoint([
      'work.registered',
      'work.updated',
      'work.withdrawn',
      'work.removed',
      'work.restored',
      'consent.changed',
    ]);
    const { created } = await registerWork(t.app, {
      title: 'Lighthouse',
      prompt: PRIVATE_PROMPT,
      prompt_visibility: 'private',
      author_email: ARTIST_EMAIL,
    });
    const ids = { id: created.id, registry_id: created.registry_id };
    const registered = await waitUntil(() => delivered()[0], 'work.registered');
    expect(verified(secret, registered)).toEqual({
      type: 'work.registered',
      timestamp: expect.any(String),
      data: await publicData(t, created.id),
    });
    expect(registered.headers['content-type']).toBe('application/json');
    expect(registered.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(registered.headers['user-agent']).toBe(`VeriWork-Webhooks/1.0 (+${SITE})`);

    // The artist's changes: the AI-training consent, then the links (a work.updated).
    const manage = await manageSignIn(t, ARTIST_EMAIL);
    const change = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/manage/works/${created.id}`, headers: { ...sameSite, cookie: manage }, payload });
    expect((await change({ allow_ai_training: true })).statusCode).toBe(200);
    const consent = await waitUntil(() => delivered()[1], 'consent.changed');
    expect(verified(secret, consent)).toEqual({
      type: 'consent.changed',
      timestamp: expect.any(String),
      data: await publicData(t, created.id),
    });
    expect((verified(secret, consent).data as { allow_ai_training: boolean }).allow_ai_training).toBe(true);

    expect((await change({ resources: [{ type: 'external_link', url: 'https://example.org/lighthouse' }] })).statusCode).toBe(200);
    const updated = await waitUntil(() => delivered()[2], 'work.updated');
    expect(verified(secret, updated)).toEqual({
      type: 'work.updated',
      timestamp: expect.any(String),
      data: await publicData(t, created.id),
    });

    // Withdrawn by the artist, restored and removed by an admin.
    const withdraw = await t.app.inject({
      method: 'POST',
      url: `/api/manage/works/${created.id}/withdraw`,
      headers: { ...sameSite, cookie: manage },
      payload: { reason: 'I changed my mind' },
    });
    expect(withdraw.statusCode).toBe(200);
    const withdrawn = await waitUntil(() => delivered()[3], 'work.withdrawn');
    expect(verified(secret, withdrawn)).toEqual({ type: 'work.withdrawn', timestamp: expect.any(String), data: ids });

    expect((await adminPost(t, `/api/admin/submissions/${created.id}/restore`, {}, cookie)).statusCode).toBe(200);
    const restored = await waitUntil(() => delivered()[4], 'work.restored');
    expect(verified(secret, restored)).toEqual({
      type: 'work.restored',
      timestamp: expect.any(String),
      data: await publicData(t, created.id),
    });

    expect((await adminPost(t, `/api/admin/submissions/${created.id}/remove`, { reason: 'Spam' }, cookie)).statusCode).toBe(200);
    const removed = await waitUntil(() => delivered()[5], 'work.removed');
    expect(verified(secret, removed)).toEqual({ type: 'work.removed', timestamp: expect.any(String), data: ids });

    expect(delivered().map((hook) => JSON.parse(hook.body).type)).toEqual([
      'work.registered',
      'consent.changed',
      'work.updated',
      'work.withdrawn',
      'work.restored',
      'work.removed',
    ]);
    // Each event its own message id.
    expect(new Set(delivered().map((hook) => hook.headers['webhook-id'])).size).toBe(6);
    for (const hook of receiver.received) {
      expect(hook.body).not.toContain(PRIVATE_PROMPT);
      expect(hook.body).not.toContain(ARTIST_EMAIL);
      expect(hook.body).not.toContain('127.0.0.1');
    }
    // The log keeps no more than the receiver got: the removed work's payloads are cut to its ids.
    const stored = await t.deps.db.selectFrom('webhook_deliveries').select('payload').execute();
    for (const { payload } of stored) expect(JSON.parse(payload).data).toEqual(ids);
  });

  it('names a work made private by its ids only, and sends only the events an endpoint chose', async () => {
    const { secret } = await addEndpoint(['work.registered', 'work.updated']);
    const email = 'private.artist@example.com';
    const { created } = await registerWork(t.app, { title: 'Hidden Harbour', author_email: email });
    const registered = await waitUntil(() => delivered()[0], 'work.registered');
    expect(verified(secret, registered).data).toEqual(await publicData(t, created.id));
    const manage = await manageSignIn(t, email);
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/manage/works/${created.id}`,
      headers: { ...sameSite, cookie: manage },
      payload: { visibility: 'private' },
    });
    expect(hide.statusCode).toBe(200);
    const hook = await waitUntil(() => delivered()[1], 'work.updated');
    expect(verified(secret, hook)).toEqual({
      type: 'work.updated',
      timestamp: expect.any(String),
      data: { id: created.id, registry_id: created.registry_id },
    });
    // An admin's removal is not among the chosen events.
    expect((await adminPost(t, `/api/admin/submissions/${created.id}/remove`, { reason: 'Spam' }, cookie)).statusCode).toBe(200);
    await jobsSettled(t, 'webhook');
    await pause(500);
    expect(receiver.received).toHaveLength(2);
    expect(hook.body).not.toContain('Hidden Harbour');
    // Once private, the work's details leave the delivery log too.
    const stored = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('submission_id', '=', created.id)
      .execute();
    expect(stored.map(({ payload }) => JSON.parse(payload).data)).toEqual([
      { id: created.id, registry_id: created.registry_id },
      { id: created.id, registry_id: created.registry_id },
    ]);
  });

  it('sends work.removed, ids only, when an admin approves a removal request', async () => {
    const { secret } = await addEndpoint(['work.removed']);
    const { created } = await registerWork(t.app, { title: 'Requested Away' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/removal-requests',
      payload: {
        submission_url: `${SITE}/verify/${created.id}`,
        requestor_name: 'Rights Holder',
        requestor_email: 'rights@example.com',
        reason: 'This is my picture, registered by someone else.',
        additional_info: '',
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const decided = await adminPost(
      t,
      `/api/admin/removal-requests/${request.json().id}/decision`,
      { decision: 'approved', admin_notes: 'Checked' },
      cookie,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const hook = await waitUntil(() => delivered()[0], 'work.removed');
    expect(verified(secret, hook)).toEqual({
      type: 'work.removed',
      timestamp: expect.any(String),
      data: { id: created.id, registry_id: created.registry_id },
    });
    expect(hook.body).not.toContain('rights@example.com');
  });

  it('delivers each event once and in order to a receiver that answers 500 five times, then 200', async () => {
    const { id, secret } = await addEndpoint(['work.registered']);
    receiver.script.push(500, 500, 500, 500, 500);
    const first = (await registerWork(t.app, { title: 'First In Line' })).created;
    const second = (await registerWork(t.app, { title: 'Second In Line' })).created;
    await waitUntil(() => delivered().length === 2, 'both events');
    await jobsSettled(t, 'webhook');
    await pause(1000);
    expect(receiver.received.map((hook) => hook.answered)).toEqual([500, 500, 500, 500, 500, 200, 200]);
    // The five refusals were all of the first event: the second waited for its turn.
    expect(
      receiver.received.slice(0, 6).every((hook) => hook.headers['webhook-id'] === receiver.received[0].headers['webhook-id']),
    ).toBe(true);
    expect(delivered().map((hook) => (verified(secret, hook).data as { registry_id: string }).registry_id)).toEqual([
      first.registry_id,
      second.registry_id,
    ]);

    const log = (await adminGet(t, `/api/admin/webhooks/${id}/deliveries`, cookie)).json();
    expect(
      log.deliveries.map((d: { state: string; attempts: number; last_status: number; last_error: string | null }) => [
        d.state,
        d.attempts,
        d.last_status,
        d.last_error,
      ]),
    ).toEqual([
      ['delivered', 1, 200, null],
      ['delivered', 6, 200, null],
    ]);
    expect(log.endpoint.deliveries).toEqual({ delivered: 2, failed: 0, pending: 0 });
  });

  it('marks a delivery failed after its last try, shows why, and the admin retry delivers it', async () => {
    const { id, secret } = await addEndpoint(['work.registered']);
    receiver.script.push(...Array(6).fill(503));
    const { created } = await registerWork(t.app, { title: 'Failed Then Retried' });
    await waitUntil(
      async () => (await adminGet(t, `/api/admin/webhooks/${id}/deliveries`, cookie)).json().deliveries[0]?.state === 'failed',
      'the failed delivery',
    );
    const [failed] = (await adminGet(t, `/api/admin/webhooks/${id}/deliveries`, cookie)).json().deliveries;
    expect(failed).toMatchObject({
      event: 'work.registered',
      state: 'failed',
      attempts: 6,
      last_status: 503,
      last_error: 'The receiver answered 503.',
    });

    const unknown = await adminPost(t, `/api/admin/webhooks/${id}/deliveries/00000000-0000-4000-8000-000000000000/retry`, {}, cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.webhookDeliveryNotFound.description);
    const retried = await adminPost(t, `/api/admin/webhooks/${id}/deliveries/${failed.id}/retry`, {}, cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, state: 'pending' });
    const hook = await waitUntil(() => delivered()[0], 'the retried delivery');
    expect(hook.headers['webhook-id']).toBe(failed.message_id);
    expect(verified(secret, hook).data).toEqual(await publicData(t, created.id));
    await jobsSettled(t, 'webhook');
    expect((await adminPost(t, `/api/admin/webhooks/${id}/deliveries/${failed.id}/retry`, {}, cookie)).statusCode).toBe(404);

    const audit = await auditRows(t, { table: 'webhook_deliveries', record: failed.id });
    expect(audit.map((a) => [a.action_type, a.admin_email, a.reason, a.new_values])).toEqual([
      ['UPDATE', 'moderator@example.com', "retry of a failed 'work.registered' delivery", { state: 'pending' }],
    ]);
  });

  it('refuses an endpoint on a private address, with the reason, and sends it nothing', async () => {
    const res = await adminPost(t, '/api/admin/webhooks', { url: blocked.url, events: ['work.registered'] }, cookie);
    expect(res.statusCode).toBe(400);
    const message = 'The address leads to a private or reserved network (loopback, 127.0.0.1), which the registry never sends to.';
    expect(res.json()).toEqual({
      error: { code: 'validation_failed', title: 'Private address', message, fields: { url: message } },
    });
    for (const url of ['http://10.0.0.5/hooks', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/hooks']) {
      const refused = await adminPost(t, '/api/admin/webhooks', { url, events: ['work.registered'] }, cookie);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.title).toBe('Private address');
    }
    await registerWork(t.app, { title: 'Nobody Listens' });
    await jobsSettled(t, 'webhook');
    expect(blocked.received).toEqual([]);
    expect((await adminGet(t, '/api/admin/webhooks', cookie)).json().endpoints).toEqual([]);
  });

  it('answers hostile input with 4xx and a clear sentence', async () => {
    const post = (payload: unknown) => adminPost(t, '/api/admin/webhooks', payload, cookie);
    const refusal = async (payload: unknown) => {
      const res = await post(payload);
      return [res.statusCode, res.json().error.code, res.json().error.message];
    };
    const invalidUrl = MESSAGES.webhookUrlInvalid.description;
    expect(await refusal({ url: 'not an address', events: ['work.registered'] })).toEqual([400, 'validation_failed', invalidUrl]);
    expect(await refusal({ url: 'ftp://example.org/hooks', events: ['work.registered'] })).toEqual([
      400,
      'validation_failed',
      invalidUrl,
    ]);
    expect(await refusal({ url: 'https://user:pass@example.org/hooks', events: ['work.registered'] })).toEqual([
      400,
      'validation_failed',
      invalidUrl,
    ]);
    expect(await refusal({ url: `https://example.org/${'a'.repeat(2000)}`, events: ['work.registered'] })).toEqual([
      400,
      'validation_failed',
      invalidUrl,
    ]);
    expect(await refusal({ events: ['work.registered'] })).toEqual([
      400,
      'validation_failed',
      MESSAGES.webhookUrlRequired.description,
    ]);
    expect(await refusal({ url: receiver.url, events: [] })).toEqual([
      400,
      'validation_failed',
      MESSAGES.webhookEventsRequired.description,
    ]);
    expect(await refusal({ url: receiver.url, events: ['work.deleted'] })).toEqual([
      400,
      'validation_failed',
      MESSAGES.webhookEventUnknown.description,
    ]);
    expect(await refusal({ url: receiver.url, events: 'work.registered' })).toEqual([
      400,
      'validation_failed',
      MESSAGES.webhookEventsRequired.description,
    ]);
    expect(await refusal({ url: receiver.url, events: ['work.registered'], description: 'x'.repeat(201) })).toEqual([
      400,
      'validation_failed',
      MESSAGES.webhookDescriptionTooLong.description,
    ]);
    expect(await refusal({ url: 'https://no-such-host.invalid/hooks', events: ['work.registered'] })).toEqual([
      400,
      'validation_failed',
      'The address’s host name could not be found. Check the spelling.',
    ]);

    for (let i = 0; i < WEBHOOK_LIMITS.maxEndpoints; i++) await addEndpoint(['work.registered'], `${receiver.url}/${i}`);
    expect(await refusal({ url: receiver.url, events: ['work.registered'] })).toEqual([
      409,
      'conflict',
      MESSAGES.webhookTooMany.description,
    ]);

    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [`${missing}/rotate-secret`, `${missing}/delete`, 'not-a-uuid/delete']) {
      const res = await adminPost(t, `/api/admin/webhooks/${path}`, {}, cookie);
      expect([res.statusCode, res.json().error.message]).toEqual([404, MESSAGES.webhookEndpointNotFound.description]);
    }
    const nothing = await adminPost(t, `/api/admin/webhooks/${missing}`, {}, cookie);
    expect(nothing.statusCode).toBe(400);
    // Without a session, nothing is answered but the refusal.
    expect((await adminGet(t, '/api/admin/webhooks')).statusCode).toBe(401);
    expect((await adminPost(t, '/api/admin/webhooks', { url: receiver.url, events: ['work.registered'] })).statusCode).toBe(401);
  });

  it('stops sending to a disabled endpoint, signs with both secrets for a day after a rotation, and audits without secrets', async () => {
    const { id, secret } = await addEndpoint(['work.registered']);
    const listed = (await adminGet(t, '/api/admin/webhooks', cookie)).json();
    expect(listed.max_endpoints).toBe(20);
    expect(listed.endpoints).toEqual([
      {
        id,
        url: receiver.url,
        description: 'Gallery sync',
        events: ['work.registered'],
        enabled: true,
        created_at: expect.any(String),
        created_by: 'moderator@example.com',
        secret_rotated_at: expect.any(String),
        deliveries: { delivered: 0, failed: 0, pending: 0 },
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const disabled = await adminPost(t, `/api/admin/webhooks/${id}`, { enabled: false }, cookie);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().enabled).toBe(false);
    await registerWork(t.app, { title: 'Nobody Told' });
    await jobsSettled(t, 'webhook');
    await pause(500);
    expect(receiver.received).toEqual([]);
    expect((await adminPost(t, `/api/admin/webhooks/${id}`, { enabled: true }, cookie)).statusCode).toBe(200);

    const rotated = await adminPost(t, `/api/admin/webhooks/${id}/rotate-secret`, {}, cookie);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSecret).not.toBe(secret);
    await registerWork(t.app, { title: 'Both Keys' });
    const hook = await waitUntil(() => delivered()[0], 'the delivery after the rotation');
    expect(hook.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verified(newSecret, hook).type).toBe('work.registered');
    expect(verified(secret, hook).type).toBe('work.registered');

    expect((await adminPost(t, `/api/admin/webhooks/${id}/delete`, {}, cookie)).json()).toEqual({ id, deleted: true });
    expect((await adminGet(t, `/api/admin/webhooks/${id}/deliveries`, cookie)).statusCode).toBe(404);

    const audit = await auditRows(t, { table: 'webhook_endpoints', record: id });
    expect(audit.map((a) => [a.action_type, a.reason])).toEqual([
      ['CREATE', 'webhook endpoint added'],
      ['UPDATE', 'webhook endpoint changed'],
      ['UPDATE', 'webhook endpoint changed'],
      ['UPDATE', 'webhook secret rotated'],
      ['DELETE', 'webhook endpoint deleted'],
    ]);
    expect(audit.every((a) => a.admin_email === 'moderator@example.com')).toBe(true);
    const written = JSON.stringify(audit);
    expect(written).not.toContain(secret.slice('whsec_'.length));
    expect(written).not.toContain(newSecret.slice('whsec_'.length));
  });
});

describe('webhook retries with back-off', () => {
  let receiver: WebhookReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // A second's delay, doubled with each failure (with jitter), as production's minute is.
    t = await createTestApp({
      env: {
        FETCH_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        WEBHOOK_RETRY_LIMIT: '4',
        JOBS_POLL_SECONDS: '0.5',
      },
    });
    await createAdminAccount(t);
  });

  afterEach(async () => {
    await jobsSettled(t, 'webhook');
    const cookie = await signIn(t);
    for (const endpoint of (await adminGet(t, '/api/admin/webhooks', cookie)).json().endpoints) {
      await adminPost(t, `/api/admin/webhooks/${endpoint.id}/delete`, {}, cookie);
    }
    receiver.received.length = 0;
    receiver.script.length = 0;
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('waits longer after each failure, then delivers once', async () => {
    const cookie = await signIn(t);
    const res = await adminPost(t, '/api/admin/webhooks', { url: receiver.url, events: ['work.registered'] }, cookie);
    const { secret } = res.json();
    receiver.script.push(503, 503);
    const times: number[] = [];
    const { created } = await registerWork(t.app, { title: 'Backed Off' });
    await waitUntil(() => {
      while (times.length < receiver.received.length) times.push(Date.now());
      return receiver.received.some((hook) => hook.answered === 200);
    }, 'the delivery after two refusals');
    await jobsSettled(t, 'webhook');
    expect(receiver.received.map((hook) => hook.answered)).toEqual([503, 503, 200]);
    // pg-boss waits about 1-2 s after the first failure and 2-4 s after the second.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1900);
    expect((verified(secret, receiver.received[2]).data as { id: string }).id).toBe(created.id);
  });

  // Here, not with the retries at once above: there all six tries could fail before the test
  // brings the receiver back; here the first retry comes a second or two after the refused try.
  it('delivers once, after a retry, to a receiver that was down and came back', async () => {
    const cookie = await signIn(t);
    const res = await adminPost(t, '/api/admin/webhooks', { url: receiver.url, events: ['work.registered'] }, cookie);
    const { secret } = res.json();
    await receiver.down();
    const { created } = await registerWork(t.app, { title: 'Down Then Up' });
    const delivery = () =>
      t.deps.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'attempts'])
        .where('submission_id', '=', created.id)
        .executeTakeFirst();
    await waitUntil(async () => (await delivery())?.state === 'retrying', 'a refused try');
    await receiver.up();
    const hook = await waitUntil(
      () => receiver.received.find((received) => received.answered === 200),
      'the delivery after the retry',
    );
    await jobsSettled(t, 'webhook');
    await pause(1000);
    expect(receiver.received).toHaveLength(1);
    expect(verified(secret, hook).data).toEqual(await publicData(t, created.id));
    const row = await delivery();
    expect(row?.state).toBe('delivered');
    expect(row?.attempts).toBeGreaterThan(1);
  });
});
