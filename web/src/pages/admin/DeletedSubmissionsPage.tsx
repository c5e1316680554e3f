// /admin/deleted-submissions (docs/product.md §2): search, three counters, the table, details, restore
// with confirmation, and purge (legal erasure, decision 0005).
import { useState } from 'react';
import type { AdminDeletedSubmission } from '#core/admin-api-types';
import { DELETED_RECENT_DAYS, PAGE_SIZES } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { DELETED_LINKS } from '../../components/admin/adminLinks';
import { AdminListResults } from '../../components/admin/AdminListResults';
import { AdminShell } from '../../components/admin/AdminShell';
import { DeletedTable, type DeletedRowAction } from '../../components/admin/DeletedTable';
import { DetailsDialog } from '../../components/admin/DetailsDialog';
import { PurgeDialog } from '../../components/admin/PurgeDialog';
import { ReasonDialog } from '../../components/admin/ReasonDialog';
import { SearchField } from '../../components/admin/SearchField';
import { StatCards } from '../../components/admin/StatCards';
import { useAdminList } from '../../components/admin/useAdminList';
import { useListFilters } from '../../components/admin/useListFilters';
import { useRestoreSubmission } from '../../components/admin/useModeration';

export default function DeletedSubmissionsPage() {
  return (
    <AdminShell
      title="Deleted Submissions"
      description="Works removed from the public ledger. Restore puts a work back; purge erases it for good."
      links={DELETED_LINKS}
    >
      {() => <DeletedSubmissions />}
    </AdminShell>
  );
}

function DeletedSubmissions() {
  const { filters, onSearch, setPage } = useListFilters({ search: '', page: 1 });
  const [open, setOpen] = useState<{ action: DeletedRowAction; row: AdminDeletedSubmission } | null>(null);
  const restore = useRestoreSubmission();
  const list = useAdminList(adminKeys.deleted(filters), () => adminApi.deletedSubmissions(filters), MESSAGES.loadDeletedFailed);
  const data = list.query.data;
  const close = () => setOpen(null);
  const selected = (action: DeletedRowAction) => (open?.action === action ? open.row : null);
  const restoring = selected('restore');

  return (
    <>
      <StatCards
        label="Deleted submission counters"
        stats={[
          { label: 'Total deleted', value: data?.counters.total_deleted },
          { label: `Deleted in the last ${DELETED_RECENT_DAYS} days`, value: data?.counters.deleted_last_7_days },
          { label: 'Distinct admin processors', value: data?.counters.distinct_processors },
        ]}
      />
      <section aria-label="Deleted submissions list" className="grid grid-cols-1 gap-4">
        <div className="max-w-xl">
          <SearchField
            label="Search deleted submissions"
            placeholder="Title, author, e-mail, reason or registry id"
            value={filters.search}
            onSearch={onSearch}
          />
        </div>
        <AdminListResults
          list={list}
          emptyText="No deleted submissions match."
          pagerLabel="Deleted submission pages"
          page={filters.page}
          defaultPageSize={PAGE_SIZES.admin}
          onPageChange={setPage}
        >
          {(items) => <DeletedTable rows={items} onAction={(action, row) => setOpen({ action, row })} />}
        </AdminListResults>
      </section>

      <DetailsDialog work={selected('details')} onClose={close} />
      <PurgeDialog work={selected('purge')} onClose={close} />
      <ReasonDialog
        open={restoring !== null}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Restore this submission?"
        description={
          restoring && (
            <>
              “{restoring.title}” (<span className="font-mono">{restoring.registry_id}</span>) returns to how it was before its
              removal: a public work reappears on the ledger, its proof page and the public API.
            </>
          )
        }
        confirmLabel="Restore submission"
        confirmVariant="primary"
        step="restore"
        busy={restore.isPending}
        onConfirm={(reason) => restoring && restore.mutate({ ref: restoring.id, reason: reason || undefined }, { onSuccess: close })}
      />
    </>
  );
}
