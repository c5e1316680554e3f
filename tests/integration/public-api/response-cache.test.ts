// Responses are reused only while they are current: any change to submissions (even a direct
// SQL update) shows up in the very next first page. (Deeper pages after a registration:
// tests/integration/ledger/fine-grained-cache.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { ledgerTransaction } from '../../../server/works/ledger-transaction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const titles = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  const body = res.json();
  return ((body.data ?? body.items) as { title: string }[]).map((w) => w.title).sort();
};

describe('reusing built responses', () => {
  it('answers the same question with the same bytes while nothing changes', async () => {
    await insertWork(t.deps.db, { title: 'Cached one' });
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=5' });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=5' });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('shows a new work, a removed work and a changed score in the next answer of both read APIs', async () => {
    const urls = ['/api/v1/ledger?limit=50', '/api/ledger'];
    const before = await Promise.all(urls.map(titles));
    const added = await insertWork(t.deps.db, { title: 'Fresh arrival' });
    for (const [i, url] of urls.entries()) {
      expect(await titles(url)).toEqual([...before[i], 'Fresh arrival'].sort());
    }

    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ deleted_at: new Date() }).where('id', '=', added.id).execute(),
    );
    for (const [i, url] of urls.entries()) expect(await titles(url)).toEqual(before[i]);

    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ deleted_at: null, trust_meter: 91 }).where('id', '=', added.id).execute(),
    );
    const strong = await t.app.inject({ method: 'GET', url: '/api/v1/ledger?min_trust_level=90' });
    expect(strong.json().data.map((w: { title: string }) => w.title)).toEqual(['Fresh arrival']);
  });

  // The Croissant description counts its published snapshot, rebuilt at most hourly (snapshot.test.ts).
  it('counts the whole ledger again after a change: total_entries and the ledger total', async () => {
    const counts = async () => {
      const api = (await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=1' })).json().metadata.total_entries as number;
      const ledger = (await t.app.inject({ method: 'GET', url: '/api/ledger' })).json().total as number;
      return { api, ledger };
    };
    const before = await counts();
    expect(before.ledger).toBe(before.api);

    const added = await insertWork(t.deps.db, { title: 'Counted once' });
    expect(await counts()).toEqual({ api: before.api + 1, ledger: before.api + 1 });
    await ledgerTransaction(t.deps.db, (trx) =>
      trx.updateTable('submissions').set({ is_public: false }).where('id', '=', added.id).execute(),
    );
    expect(await counts()).toEqual(before);
  });
});
