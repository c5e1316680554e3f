// Tags and where the tool ran (issue 17, decision 0021): the artist gives them at registration,
// the ledger's filters offer exactly the values present, with counts, and find them; works
// stored before the choice existed ('Web Browser', ['AI Art']) keep their values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse, PublicWork } from '../../../core/api-types';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { freshPng, registerWork, submit, submissionBody, upload } from '../submissions/helpers';

let t: TestApp;
let portrait: { id: string; registry_id: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const ledger = async (query = '') => {
  const res = await get(`/api/ledger${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json<LedgerResponse>();
};
const titles = (body: LedgerResponse) => body.items.map((w) => w.title).sort();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  // Two works from before the choice: the column defaults, 'Web Browser' and ['AI Art'].
  await insertWork(db, { title: 'Legacy one' });
  await insertWork(db, { title: 'Legacy two', tags: ['AI Art', 'landscape'] });
  // Hidden works: their values must not be offered.
  await insertWork(db, { title: 'Private one', platform: 'Mobile', tags: ['AI Art', 'secret tag'], is_public: false });
  await insertWork(db, { title: 'Deleted one', platform: 'API', tags: ['AI Art', 'gone tag'], deleted_at: new Date() });
  portrait = (await registerWork(t.app, { title: 'Discord portrait', tags: ['Portrait', '#Fantasy'], platform: 'Discord' })).created;
  await registerWork(t.app, { title: 'Plain web work' });
});
afterAll(async () => {
  await t.close();
});

describe('registration with tags and platform', () => {
  it("stores 'AI Art' first, then the artist's tags in lower case, and the platform, in the record and the public JSON", async () => {
    const work = (await get(`/api/submissions/${portrait.id}`)).json<PublicWork>();
    expect(work.tags).toEqual(['AI Art', 'portrait', 'fantasy']);
    expect(work.platform).toBe('Discord');
    const api = (await get('/api/v1/ledger?format=json')).json<{ data: { uuid: string; tags: string[]; platform: string }[] }>();
    expect(api.data.find((r) => r.uuid === portrait.id)).toMatchObject({
      tags: ['AI Art', 'portrait', 'fantasy'],
      platform: 'Discord',
    });
  });

  it("refuses an unknown platform and a bad tag with 400 and the form's words, storing nothing", async () => {
    const before = (await ledger()).total;
    const up = await upload(t.app, await freshPng());
    const platform = await submit(t.app, submissionBody(up.upload_id, { platform: 'Web Browser' }));
    expect(platform.statusCode).toBe(400);
    expect(platform.json().error).toMatchObject({
      title: 'Where the tool ran',
      message: 'Please choose where the AI tool ran: Discord, Web, Mobile, API, Desktop/local, Other.',
    });
    const tag = await submit(t.app, submissionBody(up.upload_id, { tags: ['ok', 'a,b'] }));
    expect(tag.statusCode).toBe(400);
    expect(tag.json().error.fields).toEqual({
      'tags.1': "Tags start with a letter or number and may contain letters, numbers, spaces and - ' & . + only.",
    });
    expect((await ledger()).total).toBe(before);
    // The upload was not used up: the same body with good values registers.
    expect((await submit(t.app, submissionBody(up.upload_id, { tags: ['ok'], platform: 'Mobile' }))).statusCode).toBe(201);
  });
});

describe('GET /api/ledger: platform and tag options with counts', () => {
  it("offers the platforms present, 'Web Browser' counted as 'Web', in the wizard's order", async () => {
    const body = await ledger();
    expect(body.platform_options).toEqual([
      { value: 'Discord', count: 1 },
      { value: 'Web', count: 3 },
      { value: 'Mobile', count: 1 },
    ]);
  });

  it('offers the tags present in public works, alphabetically, with their counts', async () => {
    expect((await ledger()).tag_options).toEqual([
      { value: 'AI Art', count: 5 },
      { value: 'fantasy', count: 1 },
      { value: 'landscape', count: 1 },
      { value: 'ok', count: 1 },
      { value: 'portrait', count: 1 },
    ]);
  });

  it('every option offered finds exactly as many works as its count: no choice is a dead end', async () => {
    const body = await ledger();
    for (const { value, count } of body.platform_options) {
      expect((await ledger(`?platform=${encodeURIComponent(value)}`)).total, value).toBe(count);
    }
    for (const { value, count } of body.tag_options) {
      expect((await ledger(`?tag=${encodeURIComponent(value)}`)).total, value).toBe(count);
    }
  });

  it("finds the new work with tag 'portrait' and platform 'Discord', and 'Web' finds the legacy 'Web Browser' works", async () => {
    expect(titles(await ledger('?tag=portrait&platform=Discord'))).toEqual(['Discord portrait']);
    expect(titles(await ledger('?tag=Portrait'))).toEqual(['Discord portrait']);
    expect(titles(await ledger('?platform=Web'))).toEqual(['Legacy one', 'Legacy two', 'Plain web work']);
    expect(titles(await ledger('?platform=Web%20Browser'))).toEqual(['Legacy one', 'Legacy two', 'Plain web work']);
    expect((await ledger('?tag=secret%20tag')).total).toBe(0);
  });

  it('follows the ledger: a new registration shows up in the counts of the next answer', async () => {
    await registerWork(t.app, { title: 'Second portrait', tags: ['portrait'], platform: 'Desktop/local' });
    const body = await ledger();
    expect(body.tag_options.find((o) => o.value === 'portrait')).toEqual({ value: 'portrait', count: 2 });
    expect(body.platform_options.map((o) => o.value)).toEqual(['Discord', 'Web', 'Mobile', 'Desktop/local']);
  });
});
