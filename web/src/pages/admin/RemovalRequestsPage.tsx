// /admin/removal-requests (docs/product.md §2, §4): status filter with counts, search, the table and the
// review dialog.
import { useState } from 'react';
import type { AdminRemovalRequest } from '#core/admin-api-types';
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { REMOVAL_REQUESTS_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { FilteredAdminList, type StatusChoice } from '../../components/admin/FilteredAdminList';
import { RemovalRequestsTable } from '../../components/admin/RemovalRequestsTable';
import { ReviewDialog } from '../../components/admin/ReviewDialog';
import { useAdminList } from '../../components/admin/useAdminList';
import { useListFilters } from '../../components/admin/useListFilters';

const STATUSES: readonly StatusChoice[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
];

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
  const filtering = useListFilters({ status: '', search: '', page: 1 });
  const { filters } = filtering;
  const [reviewing, setReviewing] = useState<AdminRemovalRequest | null>(null);
  const list = useAdminList(adminKeys.removalRequests(filters), () => adminApi.removalRequests(filters), MESSAGES.loadRequestsFailed);

  return (
    <FilteredAdminList
      label="Removal requests"
      filtering={filtering}
      statuses={STATUSES}
      searchLabel="Search requests"
      searchPlaceholder="Requestor, e-mail, reason or URL"
      list={list}
      emptyText="No removal requests match."
      pagerLabel="Removal request pages"
      after={<ReviewDialog request={reviewing} onClose={() => setReviewing(null)} />}
    >
      {(items) => <RemovalRequestsTable rows={items} onReview={setReviewing} />}
    </FilteredAdminList>
  );
}
