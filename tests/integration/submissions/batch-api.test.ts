// POST /api/submissions/batch (issue 18): several works in one request, each registered as
// POST /api/submissions would register it, with its own receipt; a failed work never stops the
// others; one confirmation e-mail per address; the daily registration budget counts every work.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSubmissionResult, PublicWork } from '../../../core/api-types';
import { MESSAGES } from '../../../core/messages';
import { logSize } from '../../../server/tlog/store';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody, submit, upload } from './helpers';

const SHARED = (({ upload_id: _u, title: _t, prompt: _p, ...rest }) => rest)(submissionBody(''));

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function uploadIds(t: TestApp, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await upload(t.app, await freshPng(320, 240))).upload_id);
  return ids;
}

const postBatch = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/submissions/batch', payload: payload as object });

describe('POST /api/submissions/batch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers each work with its own receipt, registry number and log leaf, and reports the failed ones without stopping the rest', async () => {
    const [a, b, c] = await uploadIds(t, 3);
    const leavesBefore = await logSize(t.deps.db);
    const res = await postBatch(t, {
      shared: SHARED,
      items: [
        { upload_id: a, title: 'Dawn Harbour', prompt: 'a harbour at dawn, oil painting' },
        { upload_id: crypto.randomUUID(), title: 'Never Uploaded' },
        { upload_id: b, title: '', prompt: 'no title here' },
        { upload_id: c, title: 'Dusk Harbour', prompt: 'the same harbour at dusk', artist_name: 'Guest Artist' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BatchSubmissionResult>();
    expect(body.registered).toBe(2);
    expect(body.failed).toBe(2);
    expect(body.results.map((r) => [r.index, r.status])).toEqual([
      [0, 'registered'],
      [1, 'failed'],
      [2, 'failed'],
      [3, 'registered'],
    ]);
    const [first, missing, untitled, last] = body.results;
    expect(missing).toEqual({
      index: 1,
      status: 'failed',
      error: {
        code: 'upload_incomplete',
        title: 'Upload incomplete',
        message: 'Please wait for your image to finish uploading before submitting.',
        fields: { upload_id: 'Please wait for your image to finish uploading before submitting.' },
      },
    });
    expect(untitled.status === 'failed' && untitled.error.code).toBe('validation_failed');
    expect(untitled.status === 'failed' && untitled.error.fields).toEqual({ title: 'Please give your artwork a title.' });

    if (first.status !== 'registered' || last.status !== 'registered') throw new Error('expected two receipts');
    const seq = (registryId: string) => Number(registryId.slice(-6));
    expect(seq(last.work.registry_id)).toBe(seq(first.work.registry_id) + 1);
    expect(first.work.verify_url).toBe(`http://ledger.test/verify/${first.work.id}`);
    expect(await logSize(t.deps.db)).toBe(leavesBefore + 2);

    const dawn = (await t.app.inject({ url: `/api/submissions/${first.work.id}` })).json<PublicWork>();
    const dusk = (await t.app.inject({ url: `/api/submissions/${last.work.id}` })).json<PublicWork>();
    expect([dawn.title, dawn.artist_name, dawn.tool]).toEqual(['Dawn Harbour', 'FoxArtist', 'Midjourney']);
    expect([dusk.title, dusk.artist_name]).toEqual(['Dusk Harbour', 'Guest Artist']);
    expect(dawn.trust_meter).toBe(first.work.trust_meter);

    // The untitled item's upload was not used: it can still be registered on its own.
    expect((await submit(t.app, submissionBody(b, { title: 'Titled Later' }))).statusCode).toBe(201);
  });

  it("reports an upload used twice in one batch as 'upload_used' on the second item", async () => {
    const [a] = await uploadIds(t, 1);
    const body = (
      await postBatch(t, {
        shared: SHARED,
        items: [
          { upload_id: a, title: 'Once' },
          { upload_id: a, title: 'Twice' },
        ],
      })
    ).json<BatchSubmissionResult>();
    expect(body.results.map((r) => (r.status === 'failed' ? r.error.code : r.status))).toEqual(['registered', 'upload_used']);
  });

  it('sends one confirmation e-mail for the batch, whose link verifies every work of it', async () => {
    const outbox = path.join(t.dataDir, 'outbox');
    const [a, b] = await uploadIds(t, 2);
    const shared = { ...SHARED, author_email: 'batch.artist@example.com' };
    const body = (
      await postBatch(t, {
        shared,
        items: [
          { upload_id: a, title: 'Left Panel' },
          { upload_id: b, title: 'Right Panel' },
        ],
      })
    ).json<BatchSubmissionResult>();
    const ids = body.results.map((r) => (r.status === 'registered' ? r.work.id : ''));

    const messagesTo = (address: string) =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [])
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((m) => m.includes(address));
    for (let i = 0; i < 200 && messagesTo('batch.artist@example.com').length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    // A moment more, so a second message (there must be none) would have arrived too.
    await new Promise((r) => setTimeout(r, 200));
    const fresh = messagesTo('batch.artist@example.com');
    expect(fresh).toHaveLength(1);
    const message = decodeQuotedPrintable(fresh[0]);
    expect(message).toContain('Subject: Confirm your e-mail for 2 registered works');
    // Registry IDs and the site only: the titles are text the address's owner may never have written.
    const registryIds = body.results.map((r) => (r.status === 'registered' ? r.work.registry_id : ''));
    for (const registryId of registryIds) expect(message).toContain(`- ${registryId}: http://ledger.test/verify/${registryId}`);
    expect(message).not.toContain('Left Panel');
    expect(message).not.toContain('Right Panel');

    const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_%-]+/.exec(message);
    if (!link) throw new Error('no verification link');
    const token = new URL(link[0]).searchParams.get('token')!;
    const opened = await t.app.inject({ method: 'POST', url: '/api/submissions/verify-email', payload: { token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id: ids[0] });
    for (const id of ids) {
      expect((await t.app.inject({ url: `/api/submissions/${id}` })).json<PublicWork>().email_verified).toBe(true);
    }
  });

  it("reports an item with a NUL or a '__proto__' key as that item's failure, and registers the others", async () => {
    const [a, b, c] = await uploadIds(t, 3);
    // Sent as text: a '__proto__' key written in an object literal would set its prototype instead.
    const payload =
      `{"shared":${JSON.stringify(SHARED)},"items":[` +
      `{"upload_id":"${a}","title":"Nul\\u0000Title"},` +
      `{"upload_id":"${b}","title":"Proto","__proto__":{"is_public":false}},` +
      `{"upload_id":"${c}","title":"Kept"}]}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/batch',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BatchSubmissionResult>();
    expect(body.registered).toBe(1);
    expect(body.results).toEqual([
      {
        index: 0,
        status: 'failed',
        error: {
          code: 'forbidden_characters',
          title: MESSAGES.forbiddenCharacters.title,
          message: MESSAGES.forbiddenCharacters.description,
        },
      },
      {
        index: 1,
        status: 'failed',
        error: {
          code: 'bad_request',
          title: MESSAGES.batchItemForbiddenKey.title,
          message: MESSAGES.batchItemForbiddenKey.description,
        },
      },
      { index: 2, status: 'registered', work: expect.objectContaining({ registry_id: expect.any(String) }) },
    ]);
    // The refused items' uploads are still free for a corrected batch.
    const retry = await postBatch(t, { shared: SHARED, items: [{ upload_id: a, title: 'Fixed' }] });
    expect(retry.json<BatchSubmissionResult>().registered).toBe(1);
  });

  it('refuses the whole batch with 400 when a shared field holds a NUL: every work would carry it', async () => {
    const [a] = await uploadIds(t, 1);
    const res = await postBatch(t, {
      shared: { ...SHARED, artist_name: 'Nul\u0000Name' },
      items: [{ upload_id: a, title: 'Shared' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('forbidden_characters');
  });

  it("refuses 51 works with 400 'A batch can register at most 50 works…' and registers nothing", async () => {
    const leavesBefore = await logSize(t.deps.db);
    const items = Array.from({ length: 51 }, (_, i) => ({ upload_id: crypto.randomUUID(), title: `Work ${i}` }));
    const res = await postBatch(t, { shared: SHARED, items });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('A batch can register at most 50 works. Please split it into smaller batches.');
    expect(await logSize(t.deps.db)).toBe(leavesBefore);
  });

  it("refuses an empty batch with 400 'Add at least one image to register.'", async () => {
    const res = await postBatch(t, { shared: SHARED, items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Add at least one image to register.');
  });
});

describe('the daily registration budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0', RATE_LIMIT_SUBMISSIONS_PER_DAY: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a batch larger than what is left of the budget with 429 and Retry-After, spending and registering none of it', async () => {
    const ids = await uploadIds(t, 4);
    const res = await postBatch(t, { shared: SHARED, items: ids.map((id, i) => ({ upload_id: id, title: `Piece ${i}` })) });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      title: 'Daily limit reached',
      message: 'This batch would go over the number of works you can register today. Register fewer works, or try again tomorrow.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(res.headers['ratelimit-limit']).toBe('3');
    expect(res.headers['ratelimit-remaining']).toBe('3');
    expect(await logSize(t.deps.db)).toBe(0);
  });

  it('counts each registered work like a single registration, gives back the failed ones, and reports what is left', async () => {
    const [a, b, c] = await uploadIds(t, 3);
    const mixed = await postBatch(t, {
      shared: SHARED,
      items: [
        { upload_id: a, title: 'Counted' },
        { upload_id: crypto.randomUUID(), title: 'Never Uploaded' },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json<BatchSubmissionResult>().registered).toBe(1);
    expect(mixed.headers['ratelimit-remaining']).toBe('2');
    const pair = await postBatch(t, { shared: SHARED, items: [b, c].map((id, i) => ({ upload_id: id, title: `Pair ${i}` })) });
    expect(pair.statusCode).toBe(200);
    expect(pair.json<BatchSubmissionResult>().registered).toBe(2);
    expect(pair.headers['ratelimit-remaining']).toBe('0');
    const [another] = await uploadIds(t, 1);
    expect((await submit(t.app, submissionBody(another))).statusCode).toBe(429);
  });
});
