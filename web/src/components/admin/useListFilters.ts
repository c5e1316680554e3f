// The filters of an admin list page. Any change of search or filter starts again at page 1;
// only the pager moves between pages of the same filter.
import { useCallback, useState } from 'react';

export function useListFilters<F extends { search: string; page: number }>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const update = useCallback((change: Partial<F>) => setFilters((f) => ({ ...f, page: 1, ...change })), []);
  const onSearch = useCallback((search: string) => update({ search } as Partial<F>), [update]);
  const setPage = useCallback((page: number) => setFilters((f) => ({ ...f, page })), []);
  return { filters, update, onSearch, setPage };
}
