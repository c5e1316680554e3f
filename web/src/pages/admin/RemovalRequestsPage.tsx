// /admin/removal-requests (docs/product.md §2, §4): status filter with counts, search, the table and the
// review dialog.
import { useState } from 'react';
import type { AdminRemovalRequest } from '../../../../core/admin-api-types';
import { PAGE_SIZES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { REMOVAL_REQUESTS_LINKS } from '../../components/admin/adminLinks';
import { AdminListResults } from '../../components/admin/AdminListResults';
import { AdminShell } from '../../components/admin/AdminShell';
import { RemovalRequestsTable } from '../../components/admin/RemovalRequestsTable';
import { ReviewDialog } from '../../components/admin/ReviewDialog';
import { SearchField } from '../../components/admin/SearchField';
import { StatusFilter } from '../../components/admin/StatusFilter';
import { useAdminList } from '../../components/admin/useAdminList';
import { useListFilters } from '../../components/admin/useListFilters';

export default function RemovalRequestsPage() {
  return (
    <AdminShell
      title="Removal Requests"
      description="Review, approve or deny requests to remove works."
      links={REMOVAL_REQUESTS_LINKS}
    >
      {() => <RemovalRequests />}
    </AdminShell>
  );
}

function RemovalRequests() {
  const { filters, update, onSearch, setPage } = useListFilters({ status: '', search: '', page: 1 });
  const [reviewing, setReviewing] = useState<AdminRemovalRequest | null>(null);
  const list = useAdminList(adminKeys.removalRequests(filters), () => adminApi.removalRequests(filters), MESSAGES.loadRequestsFailed);
  const data = list.query.data;
  const counts = data?.counts;

  return (
    <section aria-label="Removal requests" className="grid grid-cols-1 gap-4">
      <StatusFilter
        value={filters.status}
        onChange={(status) => update({ status })}
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
      <AdminListResults
        list={list}
        emptyText="No removal requests match."
        pagerLabel="Removal request pages"
        page={filters.page}
        defaultPageSize={PAGE_SIZES.admin}
        onPageChange={setPage}
      >
        {(items) => <RemovalRequestsTable rows={items} onReview={setReviewing} />}
      </AdminListResults>
      <ReviewDialog request={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}
