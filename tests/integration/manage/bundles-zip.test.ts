// "Download all my proof bundles" (issue 18): one zip holding the bundle.zip of each public work
// of the signed-in address, byte for byte as the work's own download; private works are left out.
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from '../submissions/helpers';

const sameSite = { origin: 'http://ledger.test' };
let t: TestApp;

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Asks for a link, takes it from the outbox and opens it; returns the session cookie. */
async function signIn(email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/manage/link', headers: sameSite, payload: { email } });
  const dir = path.join(t.dataDir, 'outbox');
  let token: string | undefined;
  for (let i = 0; i < 400 && !token; i++) {
    await new Promise((r) => setTimeout(r, 25));
    const texts = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
    const decoded = texts.map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    token = decoded.map((text) => /\/manage\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]).find(Boolean);
  }
  const res = await t.app.inject({ method: 'POST', url: '/api/manage/session', headers: sameSite, payload: { token } });
  expect(res.statusCode).toBe(200);
  return `manage_session=${res.cookies.find((c) => c.name === 'manage_session')!.value}`;
}

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
    const cookie = await signIn('zip@example.org');
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
