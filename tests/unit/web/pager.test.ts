import { PAGER_TEXT } from '../../../core/pager-text';
import { describe, expect, it } from 'vitest';
import { ARTIST_PAGER_BUTTONS, LEDGER_PAGER_EDGE_PAGES, PAGE_SIZES } from '../../../core/constants';
import { registeredWorksText } from '../../../core/status';
import {
  hasNextPage,
  ledgerPageButtons,
  pageCount,
  pageWindow,
  parsePage,
  shownRange,
} from '../../../web/src/components/pager/pagination';

describe('artist pager numbered buttons (pageWindow)', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 1, ARTIST_PAGER_BUTTONS)).toEqual([1]);
    expect(pageWindow(2, 3, ARTIST_PAGER_BUTTONS)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5, ARTIST_PAGER_BUTTONS)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts at page 1 while the current page is among the first three', () => {
    expect(pageWindow(1, 10, ARTIST_PAGER_BUTTONS)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10, ARTIST_PAGER_BUTTONS)).toEqual([1, 2, 3, 4, 5]);
  });

  it('slides with the current page, keeping it in the middle', () => {
    expect(pageWindow(4, 10, ARTIST_PAGER_BUTTONS)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10, ARTIST_PAGER_BUTTONS)).toEqual([5, 6, 7, 8, 9]);
  });

  it('stops at the last page near the end', () => {
    expect(pageWindow(9, 10, ARTIST_PAGER_BUTTONS)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10, ARTIST_PAGER_BUTTONS)).toEqual([6, 7, 8, 9, 10]);
  });

  it('treats a page past the end as the last page and a page below 1 as the first', () => {
    expect(pageWindow(99, 7, ARTIST_PAGER_BUTTONS)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7, ARTIST_PAGER_BUTTONS)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows no buttons when there are no pages', () => {
    expect(pageWindow(1, 0, ARTIST_PAGER_BUTTONS)).toEqual([]);
  });
});

describe("ledger pager text 'Showing a-b of N submissions' (shownRange)", () => {
  it('counts 1-12 on the first full page and 25-30 on the last page of 30', () => {
    expect(shownRange(1, PAGE_SIZES.ledger, 30)).toEqual({ from: 1, to: 12 });
    expect(shownRange(3, PAGE_SIZES.ledger, 30)).toEqual({ from: 25, to: 30 });
  });

  it('counts 1-1 for a single result', () => {
    expect(shownRange(1, PAGE_SIZES.ledger, 1)).toEqual({ from: 1, to: 1 });
  });

  it("reads 'Showing 1 of 1 submission' for one result, not 'Showing 1-1 of 1 submissions' (issue 35)", () => {
    const noun = { one: 'submission', many: 'submissions' };
    expect(PAGER_TEXT.showing(1, 1, '1', noun)).toBe('Showing 1 of 1 submission');
    expect(PAGER_TEXT.showing(13, 13, '13', noun)).toBe('Showing 13 of 13 submissions');
    expect(PAGER_TEXT.showing(1, 12, '30', noun)).toBe('Showing 1-12 of 30 submissions');
  });

  it('shows nothing for an empty list or a page past the end', () => {
    expect(shownRange(1, PAGE_SIZES.ledger, 0)).toEqual({ from: 0, to: 0 });
    expect(shownRange(4, PAGE_SIZES.ledger, 30)).toEqual({ from: 0, to: 0 });
  });
});

describe('Next button and page count', () => {
  it('enables Next only while more rows remain after a full page', () => {
    expect(hasNextPage(1, 12, 30)).toBe(true);
    expect(hasNextPage(2, 12, 30)).toBe(true);
    expect(hasNextPage(3, 12, 30)).toBe(false);
    expect(hasNextPage(1, 12, 12)).toBe(false);
    expect(hasNextPage(1, 12, 13)).toBe(true);
  });

  it("reads 'Page 1 of 1' for an empty ledger and 3 pages for 30 works", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(30, 12)).toBe(3);
    expect(pageCount(36, 12)).toBe(3);
    expect(pageCount(37, 12)).toBe(4);
  });

  it('reads the page from the URL, falling back to 1 for anything but a whole number from 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});

describe('artist page count text (registeredWorksText)', () => {
  it("reads 'N registered works, M verified', with 'work' for one", () => {
    expect(registeredWorksText(1, 0)).toBe('1 registered work, 0 verified');
    expect(registeredWorksText(0, 0)).toBe('0 registered works, 0 verified');
    expect(registeredWorksText(14, 3)).toBe('14 registered works, 3 verified');
  });
});

describe('ledger pager numbered buttons (ledgerPageButtons)', () => {
  const edge = LEDGER_PAGER_EDGE_PAGES;
  it('numbers every page of a short ledger', () => {
    expect(ledgerPageButtons(1, 1, true, edge)).toEqual([1]);
    expect(ledgerPageButtons(2, 6, true, edge)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('numbers the first and last pages of a long ledger, and the current page between them', () => {
    expect(ledgerPageButtons(1, 83_334, true, edge)).toEqual([1, 2, 3, 'gap', 83_332, 83_333, 83_334]);
    expect(ledgerPageButtons(57, 834, true, edge)).toEqual([1, 2, 3, 'gap', 57, 'gap', 832, 833, 834]);
    expect(ledgerPageButtons(4, 834, true, edge)).toEqual([1, 2, 3, 4, 'gap', 832, 833, 834]);
  });

  it('numbers no last pages when the total is an estimate, and marks that more follow', () => {
    expect(ledgerPageButtons(2, 834, false, edge)).toEqual([1, 2, 3, 'gap']);
    expect(ledgerPageButtons(900, 834, false, edge)).toEqual([1, 2, 3, 'gap', 900, 'gap']);
  });
});
