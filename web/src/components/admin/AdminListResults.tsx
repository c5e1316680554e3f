// What every admin list page shows under its filters: the list's status (loading, the failure
// with a retry, or the empty text), the rows (dimmed while the next page loads) and the pager.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessagePair } from '#core/messages';
import { ListStatus } from './ListStatus';
import { PAGER_TEXT } from '#core/pager-text';
import { Pager } from '../pager/Pager';
import { neighbourPageButtons, pageCount, shownRange } from '../pager/pagination';

/** The shape of every admin list answer. */
interface ListPage<Item> {
  items: Item[];
  total: number;
  page_size: number;
}

export interface AdminListResultsProps<Item> {
  /** What useAdminList returned. */
  list: { query: UseQueryResult<ListPage<Item>>; errorMessage: MessagePair | null };
  emptyText: string;
  /** Names the pager's navigation landmark, e.g. 'Submissions pages'. */
  pagerLabel: string;
  page: number;
  /** Used when the answer carries no page size. */
  defaultPageSize: number;
  onPageChange: (page: number) => void;
  /** The table for the current page's rows. */
  children: (items: Item[]) => ReactNode;
}

export function AdminListResults<Item>({
  list: { query, errorMessage },
  emptyText,
  pagerLabel,
  page,
  defaultPageSize,
  onPageChange,
  children,
}: AdminListResultsProps<Item>) {
  const data = query.data;
  return (
    <>
      <ListStatus
        loading={query.isPending}
        error={errorMessage}
        empty={data?.items.length === 0}
        emptyText={emptyText}
        onRetry={() => void query.refetch()}
      />
      {data && data.items.length > 0 && (
        <div className={query.isPlaceholderData ? 'min-w-0 opacity-60' : 'min-w-0'} aria-busy={query.isFetching}>
          {children(data.items)}
        </div>
      )}
      {data && data.total > 0 && (
        <AdminPager
          label={pagerLabel}
          page={page}
          total={data.total}
          pageSize={data.page_size || defaultPageSize}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}

/** 'Showing a-b of N', and the first, last and neighbouring pages (docs/product.md §2). */
function AdminPager(props: { label: string; page: number; total: number; pageSize: number; onPageChange: (page: number) => void }) {
  const { label, page, total, pageSize, onPageChange } = props;
  const pages = pageCount(total, pageSize);
  const { from, to } = shownRange(page, pageSize, total);
  return (
    <Pager
      label={label}
      summary={PAGER_TEXT.showing(from, to, total.toLocaleString('en-US'))}
      page={page}
      buttons={neighbourPageButtons(page, pages)}
      onPage={onPageChange}
      onPrevious={page > 1 ? () => onPageChange(page - 1) : undefined}
      onNext={page < pages ? () => onPageChange(page + 1) : undefined}
    />
  );
}
