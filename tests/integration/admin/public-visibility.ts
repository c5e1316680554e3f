// Whether a work can be seen on each public surface: the proof API, the ledger, the artist page,
// the featured list, the public read API and the public_submissions view itself.
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/test-app';

export interface VisibleWork {
  id: string;
  registry_id: string;
  artist_name: string;
}

const NOT_IMPLEMENTED = 'No such API endpoint.';

function surfaces(work: VisibleWork): Record<string, string> {
  return {
    proof: `/api/submissions/${work.id}`,
    ledger: `/api/ledger?search=${encodeURIComponent(work.registry_id)}`,
    artist: `/api/artists/${encodeURIComponent(work.artist_name)}`,
    featured: '/api/featured',
    publicApi: '/api/v1/ledger?limit=1000',
  };
}

/**
 * Asserts the work is (or is not) on every public surface. A surface whose endpoint does not
 * exist yet (the generic 'No such API endpoint.' 404) is skipped and returned, so the test
 * tightens by itself once it is built; the public view is always checked.
 */
export async function expectPublic(t: TestApp, work: VisibleWork, visible: boolean): Promise<string[]> {
  const view = await t.deps.db.selectFrom('public_submissions').select('id').where('id', '=', work.id).executeTakeFirst();
  expect(Boolean(view), 'public_submissions').toBe(visible);
  const skipped: string[] = [];
  for (const [name, url] of Object.entries(surfaces(work))) {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode === 404 && res.body.includes(NOT_IMPLEMENTED)) {
      skipped.push(name);
      continue;
    }
    if (name === 'proof') {
      expect(res.statusCode, `${name} ${url}`).toBe(visible ? 200 : 404);
    } else {
      expect(res.statusCode, `${name} ${url}`).toBe(200);
    }
    expect(res.body.includes(work.id), `${name} ${url}`).toBe(visible);
  }
  return skipped;
}
