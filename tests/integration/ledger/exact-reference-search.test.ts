// A search that is exactly a registry number or a UUID is answered by the unique indexes, with
// the same results the text search gave: that work if it is public, in any letter case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '../../../core/api-types';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

let t: TestApp;
let target: { id: string; registry_id: string };
let hidden: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  target = await insertWork(t.deps.db, { title: 'Looked up by number' });
  await insertWork(t.deps.db, { title: 'Another work' });
  hidden = await insertWork(t.deps.db, { title: 'Hidden one', is_public: false });
});
afterAll(async () => {
  await t.close();
});

const search = async (text: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ledger?search=${encodeURIComponent(text)}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<LedgerResponse>();
  return { titles: body.items.map((w) => w.title), total: body.total };
};

describe('exact registry number and UUID search', () => {
  it('finds the one work by its registry number or UUID, in any case and with spaces around', async () => {
    for (const text of [target.registry_id, target.registry_id.toLowerCase(), target.id, target.id.toUpperCase(), `  ${target.id} `]) {
      expect(await search(text), text).toEqual({ titles: ['Looked up by number'], total: 1 });
    }
  });

  it('finds nothing for a private work, an unknown number or UUID, and keeps word search for partial numbers', async () => {
    expect(await search(hidden.registry_id)).toEqual({ titles: [], total: 0 });
    expect(await search(hidden.id)).toEqual({ titles: [], total: 0 });
    expect(await search('VW-1999-999999')).toEqual({ titles: [], total: 0 });
    expect(await search('5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21')).toEqual({ titles: [], total: 0 });
    expect((await search(target.registry_id.slice(0, -1))).titles).toContain('Looked up by number');
    expect(await search(`${target.registry_id} number`)).toEqual({ titles: ['Looked up by number'], total: 1 });
  });
});
