// /admin/removal-requests (SPEC §2, §4): status filter with counts, search, the table and the
// review dialog.
import { useCallback, useState } from 'react';
import type { AdminRemovalRequest } from '../../../../core/admin-api-types';
import { PAGE_SIZES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { REMOVAL_REQUESTS_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { ListStatus } from '../../components/admin/ListStatus';
import { Pager } from '../../components/admin/Pager';
import { RemovalRequestsTable } from '../../components/admin/RemovalRequestsTable';
import { ReviewDialog } from '../../components/admin/ReviewDialog';
import { SearchField } from '../../components/admin/SearchField';
import { StatusFilter } from '../../components/admin/StatusFilter';
import { useAdminList } from '../../components/admin/useAdminList';

export default function RemovalRequestsPage() {
  return (
    <AdminShell title="Removal Requests" description="Review, approve or deny requests to remove works." links={REMOVAL_REQUESTS_LINKS}>
      {() => <RemovalRequests />}
    </AdminShell>
  );
}

function RemovalRequests() {
  const [filters, setFilters] = useState({ status: '', search: '', page: 1 });
  const [reviewing, setReviewing] = useState<AdminRemovalRequest | null>(null);
  const { query, errorMessage } = useAdminList(
    adminKeys.removalRequests(filters),
    () => adminApi.removalRequests(filters),
    MESSAGES.loadRequestsFailed,
  );
  const data = query.data;
  const counts = data?.counts;
  const onSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search, page: 1 })), []);

  return (
    <section aria-label="Removal requests" className="grid grid-cols-1 gap-4">
      <StatusFilter
        value={filters.status}
        onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
        options={[
          { value: '', label: 'All', count: counts?.all },
          { value: 'pending', label: 'Pending', count: counts?.pending },
          { value: 'approved', label: 'Approved', count: counts?.approved },
          { value: 'denied', label: 'Denied', count: counts?.denied },
        ]}
      />
      <div className="max-w-xl">
        <SearchField
          label="Search requests"
          placeholder="Requestor, e-mail, reason or URL"
          value={filters.search}
          onSearch={onSearch}
        />
      </div>
      <ListStatus
        loading={query.isPending}
        error={errorMessage}
        empty={data?.items.length === 0}
        emptyText="No removal requests match."
        onRetry={() => void query.refetch()}
      />
      {data && data.items.length > 0 && (
        <div className={query.isPlaceholderData ? 'min-w-0 opacity-60' : 'min-w-0'} aria-busy={query.isFetching}>
          <RemovalRequestsTable rows={data.items} onReview={setReviewing} />
        </div>
      )}
      {data && (
        <Pager
          label="Removal request pages"
          page={filters.page}
          total={data.total}
          pageSize={data.page_size || PAGE_SIZES.admin}
          onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      )}
      <ReviewDialog request={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}
