// `npm run bench:scale` cannot miss a public route: every public read and lookup of the app's
// route table is either measured or listed as not measured yet with its reason
// (bench/scale/route-coverage.ts), and neither list names a route the app does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED_ROUTES, mustBeBenched, NOT_YET_MEASURED, routeOfPath } from '../../bench/scale/route-coverage';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const routes = () => [...new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`))];

describe('bench route coverage', () => {
  it('accounts for every public read and lookup of the route table', () => {
    const accounted = new Set<string>([...MEASURED_ROUTES, ...Object.keys(NOT_YET_MEASURED)]);
    const missing = routes().filter((route) => {
      const [method, url] = route.split(' ');
      return mustBeBenched(method, url) && !accounted.has(route);
    });
    expect(missing).toEqual([]);
  });

  it('names only routes the app has, each in one list', () => {
    const table = new Set(routes());
    const named = [...MEASURED_ROUTES, ...Object.keys(NOT_YET_MEASURED)];
    expect(named.filter((route) => !table.has(route))).toEqual([]);
    expect(named.length).toBe(new Set(named).size);
  });

  it('places a measured path under its route', () => {
    expect(routeOfPath('GET', '/api/artists/Zo%C3%AB%20Ada')).toBe('GET /api/artists/:name');
    expect(routeOfPath('GET', '/api/ledger?page=40000')).toBe('GET /api/ledger');
    expect(routeOfPath('GET', '/api/featured')).toBeUndefined();
  });
});
