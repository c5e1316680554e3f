import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LEDGER_LIST_STALE_SECONDS } from '../../../core/constants';
import type { DB } from '../../../server/db/types';
import { CachedAnswers, freshness, type ListScope } from '../../../server/ledger-cache/cached-answers';

const built = { changes: '4', additions: '10', lastSeq: '100' };
const BOUND_MS = LEDGER_LIST_STALE_SECONDS * 1000;

/** A list that does or does not gain the works registered after its build. */
function scope(gains: boolean, firstPage: boolean): ListScope & { askedAfter: string[] } {
  const askedAfter: string[] = [];
  return {
    firstPage,
    askedAfter,
    gainsWorkAfter: async (seq) => {
      askedAfter.push(seq);
      return gains;
    },
  };
}

describe('when a kept list answer may be served', () => {
  it('serves it while nothing changed, without asking about new works', async () => {
    const s = scope(true, true);
    expect(await freshness(built, 0, built, 60_000, s)).toBe('current');
    expect(s.askedAfter).toEqual([]);
  });

  it('rebuilds it at once after a change to a public work, whatever its age or page', async () => {
    const changed = { ...built, changes: '5' };
    expect(await freshness(built, 0, changed, 1, scope(false, false))).toBe('rebuild');
  });

  it('keeps it after registrations none of which enters its list (another search, filter or artist)', async () => {
    const s = scope(false, true);
    expect(await freshness(built, 0, { ...built, additions: '12', lastSeq: '102' }, 60_000, s)).toBe('current');
    expect(s.askedAfter).toEqual(['100']);
  });

  it('rebuilds a first page a new work enters at once', async () => {
    expect(await freshness(built, 0, { ...built, additions: '11' }, 1, scope(true, true))).toBe('rebuild');
  });

  it(`serves a deeper page a new work enters for less than ${LEDGER_LIST_STALE_SECONDS} s after it was built, then rebuilds it`, async () => {
    const later = { ...built, additions: '11' };
    expect(await freshness(built, 0, later, BOUND_MS - 1, scope(true, false))).toBe('stale-allowed');
    expect(await freshness(built, 0, later, BOUND_MS, scope(true, false))).toBe('rebuild');
  });
});

describe('a kept first page while the page with new works is being built', () => {
  // Stamps are passed to every call, so the cache never reads the database itself.
  const answers = () => new CachedAnswers({} as Kysely<DB>, 1024 * 1024, () => new Date(0));
  const answer = (body: string) => async () => ({ body: Buffer.from(body), etag: `"${body}"`, contentType: 'application/json' });
  /** A build the test finishes by hand. */
  function heldBuild(body: string) {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let calls = 0;
    const build = async () => {
      calls++;
      await finished;
      return answer(body)();
    };
    return { build, finish, calls: () => calls };
  }
  const withNewWork = { ...built, additions: '11', lastSeq: '101' };

  it('is served to requests that come during the rebuild, and the new page once it is built', async () => {
    const cache = answers();
    await cache.get('page 1', scope(true, true), answer('before'), built);
    const rebuild = heldBuild('with the new work');
    const first = cache.get('page 1', scope(true, true), rebuild.build, withNewWork);
    await new Promise((r) => setImmediate(r));
    const during = await cache.get('page 1', scope(true, true), answer('never built'), withNewWork);
    expect(during.body.toString()).toBe('before');
    expect(during.stamps).toEqual(built);

    rebuild.finish();
    expect((await first).body.toString()).toBe('with the new work');
    expect((await cache.get('page 1', scope(true, true), answer('never built'), withNewWork)).body.toString()).toBe(
      'with the new work',
    );
    expect(rebuild.calls()).toBe(1);
  });

  it('is not served to a caller that waits for the rebuild (the one a registration waits for)', async () => {
    const cache = answers();
    await cache.get('page 1', scope(true, true), answer('before'), built);
    const rebuild = heldBuild('with the new work');
    void cache.get('page 1', scope(true, true), rebuild.build, withNewWork);
    await new Promise((r) => setImmediate(r));
    const waiting = cache.get('page 1', scope(true, true), answer('never built'), withNewWork, { waitForRebuild: true });
    rebuild.finish();
    expect((await waiting).body.toString()).toBe('with the new work');
  });

  it('is never served after a change to a public work, even while its rebuild is under way', async () => {
    const cache = answers();
    await cache.get('page 1', scope(true, true), answer('before'), built);
    const changed = { ...built, changes: '5' };
    const rebuild = heldBuild('without the removed work');
    void cache.get('page 1', scope(true, true), rebuild.build, changed);
    await new Promise((r) => setImmediate(r));
    const during = cache.get('page 1', scope(true, true), answer('never built'), changed);
    rebuild.finish();
    expect((await during).body.toString()).toBe('without the removed work');
  });
});

describe('the bytes kept answers hold', () => {
  it('count their compressed forms: a form made for one answer pushes the least recently used one out', async () => {
    // Random bytes as base64 compress little: a form is about three quarters of its answer.
    const text = (seed: number) => `${seed}${randomBytes(1124).toString('base64')}`.slice(0, 1500);
    // Room for four answers of 1,500 bytes (each within a quarter of it), not for a fifth.
    const cache = new CachedAnswers({} as Kysely<DB>, 6400, () => new Date(0));
    const builds: string[] = [];
    const ask = (key: string, seed: number) =>
      cache.get(
        key,
        scope(false, false),
        async () => {
          builds.push(key);
          return { body: Buffer.from(text(seed)), etag: `"${key}"`, contentType: 'text/plain' };
        },
        built,
      );
    const a = await ask('a', 1);
    for (const [key, seed] of [
      ['b', 2],
      ['c', 3],
      ['d', 4],
      ['a', 1],
    ] as const)
      await ask(key, seed);
    expect(builds).toEqual(['a', 'b', 'c', 'd']);
    // 6,000 bytes of answers, then a's gzip form: over 6,400, and b is the least recently used.
    expect((await a.compressed.in('gzip')).length).toBeGreaterThan(400);
    await new Promise((resolve) => setImmediate(resolve));
    for (const [key, seed] of [
      ['c', 3],
      ['d', 4],
      ['a', 1],
      ['b', 2],
    ] as const)
      await ask(key, seed);
    expect(builds).toEqual(['a', 'b', 'c', 'd', 'b']);
  });
});
