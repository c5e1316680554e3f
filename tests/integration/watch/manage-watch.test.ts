// Watching from the manage page (issue 18): the signed-in artist turns e-mail alerts about copies
// of a work on and off without a confirmation e-mail (the session proved the address), and sees
// the later registrations that look like copies of it.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedWork } from '../../../core/api/manage';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { sameSite, signIn } from '../manage/manage-kit';
import { freshPng, registerWork } from '../submissions/helpers';
import { runAlerts } from './watch-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const watch = (cookie: string, id: string, watching: boolean) =>
  t.app.inject({ method: 'PUT', url: `/api/manage/works/${id}/watch`, headers: { ...sameSite, cookie }, payload: { watching } });

function alertMessagesTo(address: string): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`) && /Subject: A possible copy/.test(m));
}

const alertRun = () => runAlerts(t);

describe('PUT /api/manage/works/{id}/watch', () => {
  it('watches a work at once, e-mails the alert, and lists the copy on the manage page', async () => {
    const original = await freshPng(520, 390);
    const { created } = await registerWork(t.app, { author_email: 'kai@example.org', artist_name: 'Kai', title: 'Lantern' }, original);
    const cookie = await signIn(t, 'kai@example.org');

    const on = await watch(cookie, created.id, true);
    expect(on.statusCode).toBe(200);
    expect(on.json<ManagedWork>()).toMatchObject({ id: created.id, watching: true, alerts: [] });

    const { created: copy } = await registerWork(
      t.app,
      { title: 'Lantern (mine)', artist_name: 'Taker' },
      await sharp(original).jpeg({ quality: 70 }).toBuffer(),
    );
    await alertRun();
    expect(alertMessagesTo('kai@example.org')).toHaveLength(1);

    const list = await t.app.inject({ method: 'GET', url: '/api/manage/works', headers: { cookie } });
    const work = list.json<{ works: ManagedWork[] }>().works.find((w) => w.id === created.id)!;
    expect(work.alerts).toEqual([
      {
        registry_id: copy.registry_id,
        title: 'Lantern (mine)',
        artist_name: 'Taker',
        reason: 'near_duplicate',
        distance: expect.any(Number),
        created_at: expect.any(String),
        proof_url: `http://ledger.test/verify/${copy.id}`,
      },
    ]);

    const off = await watch(cookie, created.id, false);
    expect(off.json<ManagedWork>().watching).toBe(false);
    await registerWork(t.app, { title: 'Lantern again', artist_name: 'Taker' }, await sharp(original).webp().toBuffer());
    await alertRun();
    expect(alertMessagesTo('kai@example.org')).toHaveLength(1);
  });

  it('answers 404 for a work registered with another address, changing nothing', async () => {
    const { created } = await registerWork(t.app, { author_email: 'someone.else@example.org' });
    const cookie = await signIn(t, 'kai@example.org');
    const res = await watch(cookie, created.id, true);
    expect(res.statusCode).toBe(404);
    const rows = await t.deps.db.selectFrom('work_watches').select('id').where('submission_id', '=', created.id).execute();
    expect(rows).toEqual([]);
  });
});
