import { describe, expect, it } from 'vitest';
import { LEDGER_LIST_STALE_SECONDS } from '../../../core/constants';
import { freshness, type ListScope } from '../../../server/ledger/cached-answers';

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
