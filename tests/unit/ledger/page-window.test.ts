// Which rows a numbered ledger page reads (server/ledger/page-window.ts): pages in the second half
// of an exactly counted ledger are read from the end, so no page skips more than half the rows.
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../../server/ledger/page-window';

const exact = (value: number) => ({ value, exact: true });

describe('pageWindow', () => {
  it('reads the first page and the first half from the start', () => {
    expect(pageWindow(1, 12, exact(1000))).toEqual({ fromEnd: false, offset: 0, limit: 12 });
    expect(pageWindow(41, 12, exact(1000))).toEqual({ fromEnd: false, offset: 480, limit: 12 });
  });

  it('reads the last, partial page from the end with no rows skipped', () => {
    // 1000 works: page 84 holds works 997-1000, four of them.
    expect(pageWindow(84, 12, exact(1000))).toEqual({ fromEnd: true, offset: 0, limit: 4 });
  });

  it('reads a page in the second half from the end, skipping only the rows after it', () => {
    expect(pageWindow(50, 12, exact(1000))).toEqual({ fromEnd: true, offset: 1000 - 588 - 12, limit: 12 });
  });

  it('reads from the start when the total is only estimated', () => {
    expect(pageWindow(84, 12, { value: 1000, exact: false })).toEqual({ fromEnd: false, offset: 996, limit: 12 });
    expect(pageWindow(90, 12, { value: 1000, exact: false })).toEqual({ fromEnd: false, offset: 1068, limit: 12 });
  });

  it('reads nothing for a page past the end of an exactly counted list', () => {
    expect(pageWindow(85, 12, exact(1000))).toBe('past the end');
    expect(pageWindow(1, 12, exact(0))).toBe('past the end');
  });
});
