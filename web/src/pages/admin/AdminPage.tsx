// /admin (docs/product.md §2): login, then counts, the delete tool, the image check, search, filters and
// the paged submissions table.
import { useId } from 'react';
import { PAGE_SIZES } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { DASHBOARD_LINKS } from '../../components/admin/adminLinks';
import { AdminListResults } from '../../components/admin/AdminListResults';
import { AdminShell } from '../../components/admin/AdminShell';
import { DeleteTool } from '../../components/admin/DeleteTool';
import { ImageCheckTool } from '../../components/admin/ImageCheckTool';
import { SecondFactorsPanel } from '../../components/admin/SecondFactorsPanel';
import { SearchField } from '../../components/admin/SearchField';
import { StatCards } from '../../components/admin/StatCards';
import { SubmissionsTable } from '../../components/admin/SubmissionsTable';
import { useAdminList } from '../../components/admin/useAdminList';
import { useListFilters } from '../../components/admin/useListFilters';
import { Label } from '../../components/ui/Label';
import { Select } from '../../components/ui/Select';

const VISIBILITY_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'verified', label: 'Verified (62+)' },
  { value: 'review', label: 'Review Needed (below 62)' },
];

export default function AdminPage() {
  return (
    <AdminShell title="Admin Dashboard" links={DASHBOARD_LINKS} withLoginForm>
      {() => <Dashboard />}
    </AdminShell>
  );
}

function Dashboard() {
  const { filters, update, onSearch, setPage } = useListFilters({ search: '', visibility: '', status: '', page: 1 });
  const id = useId();
  const list = useAdminList(adminKeys.submissions(filters), () => adminApi.submissions(filters), MESSAGES.loadSubmissionsFailed);
  const data = list.query.data;

  return (
    <>
      <StatCards
        label="Submission counts"
        stats={[
          { label: 'All submissions', value: data?.counts.all },
          { label: 'Review Needed', value: data?.counts.below_62, hint: 'Trust below 62', tone: 'warning' },
          { label: 'Verified', value: data?.counts.at_least_62, hint: 'Trust 62 or more', tone: 'success' },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <DeleteTool />
        <ImageCheckTool />
        <SecondFactorsPanel />
      </div>

      <section aria-labelledby={`${id}-heading`} className="grid grid-cols-1 gap-4">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          Submissions
        </h2>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <SearchField
            label="Search submissions"
            placeholder="Title, author name or e-mail"
            value={filters.search}
            onSearch={onSearch}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-visibility`}>Visibility</Label>
            <Select
              id={`${id}-visibility`}
              options={VISIBILITY_OPTIONS}
              value={filters.visibility}
              onChange={(event) => update({ visibility: event.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <Select
              id={`${id}-status`}
              options={STATUS_OPTIONS}
              value={filters.status}
              onChange={(event) => update({ status: event.target.value })}
            />
          </div>
        </div>

        <AdminListResults
          list={list}
          emptyText="No submissions match."
          pagerLabel="Submissions pages"
          page={filters.page}
          defaultPageSize={PAGE_SIZES.admin}
          onPageChange={setPage}
        >
          {(items) => <SubmissionsTable rows={items} />}
        </AdminListResults>
      </section>
    </>
  );
}
