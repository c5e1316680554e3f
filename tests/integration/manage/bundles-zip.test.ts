// "Download all my proof bundles" (issue 18): one zip holding the bundle.zip of each public work
// of the signed-in address, byte for byte as the work's own download; private works are left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { unzip } from '../../helpers/unzip';
import { registerWork } from '../submissions/helpers';
import { sameSite, signIn } from './manage-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the zip of all proof bundles', () => {
  it("holds each public work's bundle.zip as its own download gives it, and leaves a private work out", async () => {
    const shown = (await registerWork(t.app, { author_email: 'zip@example.org', artist_name: 'Zip', title: 'Shown' })).created;
    const hidden = (await registerWork(t.app, { author_email: 'zip@example.org', artist_name: 'Zip', title: 'Hidden' })).created;
    const cookie = await signIn(t, 'zip@example.org');
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/api/manage/works/${hidden.id}`,
      headers: { ...sameSite, cookie },
      payload: { visibility: 'private' },
    });
    expect(made.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/manage/bundles.zip', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="proof-bundles.zip"');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([`${shown.registry_id}-bundle.zip`]);
    const inner = await unzip(files.get(`${shown.registry_id}-bundle.zip`)!);
    expect(inner.has('proof.json')).toBe(true);
  });

  it('answers 401 with the message without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manage/bundles.zip' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGES.manageSessionRequired.description);
  });
});
