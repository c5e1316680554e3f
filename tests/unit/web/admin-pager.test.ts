import { describe, expect, it } from 'vitest';
import { PAGER_TEXT } from '../../../core/pager-text';
import { neighbourPageButtons, pageCount, shownRange, type PagerButton } from '../../../web/src/components/pager/pagination';

/** The pager as a user reads it: page numbers and '…' for each gap. */
function labels(buttons: PagerButton[]): string[] {
  return buttons.map((button) => (button === 'gap' ? '…' : String(button)));
}

describe('admin pager (first, last, current ±1, gaps marked)', () => {
  it('shows a single page 1 when there is only one page', () => {
    expect(labels(neighbourPageButtons(1, 1))).toEqual(['1']);
  });

  it('shows every page without gaps when there are at most 4 pages', () => {
    expect(labels(neighbourPageButtons(1, 3))).toEqual(['1', '2', '3']);
    expect(labels(neighbourPageButtons(2, 4))).toEqual(['1', '2', '3', '4']);
  });

  it('on page 1 of 10 shows 1, 2, a gap and 10', () => {
    expect(labels(neighbourPageButtons(1, 10))).toEqual(['1', '2', '…', '10']);
  });

  it('on page 5 of 10 shows 1, a gap, 4, 5, 6, a gap and 10', () => {
    expect(labels(neighbourPageButtons(5, 10))).toEqual(['1', '…', '4', '5', '6', '…', '10']);
  });

  it('on page 3 of 10 shows 1 to 4 with no gap before, a gap after', () => {
    expect(labels(neighbourPageButtons(3, 10))).toEqual(['1', '2', '3', '4', '…', '10']);
  });

  it('on page 4 of 10 marks the one hidden page 2 as a gap', () => {
    expect(labels(neighbourPageButtons(4, 10))).toEqual(['1', '…', '3', '4', '5', '…', '10']);
  });

  it('on the last page of 10 shows 1, a gap, 9 and 10', () => {
    expect(labels(neighbourPageButtons(10, 10))).toEqual(['1', '…', '9', '10']);
  });

  it('clamps a page beyond the end to the last page', () => {
    expect(labels(neighbourPageButtons(40, 10))).toEqual(['1', '…', '9', '10']);
  });

  it('reads "Showing 26-50 of 140" on page 2 of an admin list of 140, with no noun', () => {
    const { from, to } = shownRange(2, 25, 140);
    expect(PAGER_TEXT.showing(from, to, '140')).toBe('Showing 26-50 of 140');
    expect(PAGER_TEXT.showing(1, 1, '1')).toBe('Showing 1 of 1');
  });
});

describe('page count', () => {
  it('needs 2 pages of 25 for 26 rows, 1 page for 25 rows and 1 page for no rows', () => {
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(0, 25)).toBe(1);
  });

  it('needs 3 pages of 50 audit entries for 101 entries', () => {
    expect(pageCount(101, 50)).toBe(3);
  });
});
