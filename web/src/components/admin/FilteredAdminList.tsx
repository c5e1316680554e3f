// An admin list with a status filter (each status with its count), a search field and the results
// with their pager, as the removal requests and claim disputes pages show them. Whatever else the
// page needs (its review dialog) comes after the results, inside the same landmark.
import type { ReactNode } from 'react';
import { PAGE_SIZES } from '#core/constants';
import { AdminListResults, type AdminListResultsProps } from './AdminListResults';
import { SearchField } from './SearchField';
import { StatusFilter } from './StatusFilter';

export interface StatusSearchFilters {
  status: string;
  search: string;
  page: number;
}

/** What useListFilters returns for StatusSearchFilters. */
export interface StatusSearchFiltering {
  filters: StatusSearchFilters;
  update: (change: Partial<StatusSearchFilters>) => void;
  onSearch: (search: string) => void;
  setPage: (page: number) => void;
}

type CountedList<Item> = AdminListResultsProps<Item>['list'] & {
  query: { data?: { counts: Readonly<Record<string, number>> } };
};

export interface StatusChoice {
  /** '' stands for every status. */
  value: string;
  label: string;
}

export function FilteredAdminList<Item>({
  label,
  filtering: { filters, update, onSearch, setPage },
  statuses,
  searchLabel,
  searchPlaceholder,
  list,
  emptyText,
  pagerLabel,
  children,
  after,
}: {
  /** Names the section landmark, e.g. 'Removal requests'. */
  label: string;
  filtering: StatusSearchFiltering;
  /** The choices of the status filter; each shows the server's count for it ('' shows `all`). */
  statuses: readonly StatusChoice[];
  searchLabel: string;
  searchPlaceholder: string;
  /** What useAdminList returned for a list that also counts its rows per status. */
  list: CountedList<Item>;
  emptyText: string;
  pagerLabel: string;
  /** The table for the current page's rows. */
  children: (items: Item[]) => ReactNode;
  /** Shown under the results, e.g. the page's review dialog. */
  after?: ReactNode;
}) {
  const counts = list.query.data?.counts;
  return (
    <section aria-label={label} className="grid grid-cols-1 gap-4">
      <StatusFilter
        value={filters.status}
        onChange={(status) => update({ status })}
        options={statuses.map((status) => ({ ...status, count: counts?.[status.value || 'all'] }))}
      />
      <div className="max-w-xl">
        <SearchField label={searchLabel} placeholder={searchPlaceholder} value={filters.search} onSearch={onSearch} />
      </div>
      <AdminListResults
        list={list}
        emptyText={emptyText}
        pagerLabel={pagerLabel}
        page={filters.page}
        defaultPageSize={PAGE_SIZES.admin}
        onPageChange={setPage}
      >
        {children}
      </AdminListResults>
      {after}
    </section>
  );
}
