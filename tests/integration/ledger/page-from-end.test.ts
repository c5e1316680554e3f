// Ledger pages read from the end (server/ledger/page-window.ts) hold exactly the works, in
// exactly the order, that reading from the start gives, for every sort, ties included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '../../../core/api-types';
import { LEDGER_SORTS } from '../../../core/tools';
import { ledgerQuerySchema } from '../../../server/ledger/ledger-query';
import { ledgerPageQuery } from '../../../server/ledger/ledger-repository';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
const base = Date.now() - 10 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  // 40 works (pages of 12: 12, 12, 12, 4), with ties on time, score and resource count so the
  // id tie-breaker decides too.
  for (let i = 0; i < 40; i++) {
    await insertWork(t.deps.db, {
      title: `Paged ${i}`,
      created_at: new Date(base + Math.floor(i / 3) * 60_000),
      trust_meter: 40 + (i % 5),
      verification_resources: JSON.stringify(
        Array.from({ length: i % 4 }, (_, k) => ({ type: 'external_link', url: `https://e.test/${k}` })),
      ),
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('numbered ledger pages', () => {
  for (const sort of LEDGER_SORTS) {
    it(`sorted by ${sort}, every page equals the same page read from the start`, async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await t.app.inject({ method: 'GET', url: `/api/ledger?sort=${sort}&page=${page}` });
        const served = res.json<LedgerResponse>().items.map((w) => w.id);
        const params = ledgerQuerySchema.parse({ sort, page: String(page) });
        const fromStart = (await ledgerPageQuery(t.deps.db, params, new Date()).execute()).map((w) => w.id);
        expect(served, `page ${page}`).toEqual(fromStart);
        seen.push(...served);
      }
      expect(seen).toHaveLength(40);
      expect(new Set(seen).size).toBe(40);
    });
  }
});
