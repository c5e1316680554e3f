import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEDGER_VIEW,
  atCursor,
  atPage,
  clearedFilters,
  ledgerApiPath,
  ledgerUrlParams,
  readLedgerView,
  withFilters,
} from '../../../web/src/components/ledger/ledgerView';

describe('ledger view kept in the URL', () => {
  it('reads every filter, the sort and the page from a shared link', () => {
    const view = readLedgerView(
      new URLSearchParams('search=fog%20tower&tool=Midjourney&platform=Discord&tag=portrait&date=month&sort=oldest&page=3'),
    );
    expect(view).toEqual({
      search: 'fog tower',
      tool: 'Midjourney',
      platform: 'Discord',
      tag: 'portrait',
      date: 'month',
      sort: 'oldest',
      page: 3,
      cursor: '',
    });
  });

  it('reads a cursor instead of a page number, and writes it back the same', () => {
    const view = readLedgerView(new URLSearchParams('sort=status&cursor=eyJzb3J0Ijoic3RhdHVzIn0&page=7'));
    expect(view).toEqual({ ...DEFAULT_LEDGER_VIEW, sort: 'status', page: 1, cursor: 'eyJzb3J0Ijoic3RhdHVzIn0' });
    expect(ledgerApiPath(view)).toBe('/api/ledger?sort=status&cursor=eyJzb3J0Ijoic3RhdHVzIn0');
    expect(atCursor({ ...DEFAULT_LEDGER_VIEW, page: 2 }, 'abc')).toEqual({ ...DEFAULT_LEDGER_VIEW, cursor: 'abc' });
    expect(atPage(view, 3)).toEqual({ ...DEFAULT_LEDGER_VIEW, sort: 'status', page: 3 });
  });

  it('falls back to newest, any date and page 1 for values it does not know', () => {
    expect(readLedgerView(new URLSearchParams('sort=loudest&date=decade&page=x'))).toEqual(DEFAULT_LEDGER_VIEW);
  });

  it('leaves defaults out of the URL so the plain ledger is just /ledger', () => {
    expect(ledgerUrlParams(DEFAULT_LEDGER_VIEW).toString()).toBe('');
    expect(ledgerApiPath(DEFAULT_LEDGER_VIEW)).toBe('/api/ledger');
  });

  it('asks the server with the same parameters, trimming the search text', () => {
    const view = { ...DEFAULT_LEDGER_VIEW, search: '  fog ', tag: 'digital art', sort: 'status' as const, page: 2 };
    expect(ledgerApiPath(view)).toBe('/api/ledger?search=fog&tag=digital+art&sort=status&page=2');
  });

  it('round-trips through the URL unchanged', () => {
    const view = { ...DEFAULT_LEDGER_VIEW, tool: 'DALL·E 3', date: 'week' as const, sort: 'most-linked' as const, page: 4 };
    expect(readLedgerView(ledgerUrlParams(view))).toEqual(view);
  });
});

describe('changing the view', () => {
  it('goes back to page 1 on any change of search, filter or sort', () => {
    const onPage3 = { ...DEFAULT_LEDGER_VIEW, page: 3 };
    expect(withFilters(onPage3, { tool: 'Midjourney' }).page).toBe(1);
    expect(withFilters(onPage3, { search: 'fog' }).page).toBe(1);
    expect(withFilters(onPage3, { sort: 'oldest' }).page).toBe(1);
    expect(withFilters(onPage3, { date: 'year' })).toEqual({ ...DEFAULT_LEDGER_VIEW, date: 'year', page: 1 });
    expect(withFilters({ ...DEFAULT_LEDGER_VIEW, cursor: 'abc' }, { tool: 'Midjourney' }).cursor).toBe('');
  });

  it("'Clear Filters' clears search, tool, platform, tag and date and puts the sort back to newest (decision 0022)", () => {
    // Whatever the view was (search 'fog', tool, platform, tag, date, sort 'oldest', page 2):
    expect(clearedFilters()).toEqual({
      search: '',
      tool: '',
      platform: '',
      tag: '',
      date: '',
      sort: 'newest',
      page: 1,
      cursor: '',
    });
  });
});
