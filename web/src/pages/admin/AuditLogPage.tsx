// /admin/audit-log (SPEC §2): filters (search, table, action), paged table of 50, and the
// details overlay.
import { useCallback, useId, useState } from 'react';
import { AUDIT_LOG_ACTIONS, AUDIT_LOG_TABLES, type AuditEntry } from '../../../../core/admin-api-types';
import { PAGE_SIZES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { AUDIT_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { AuditDetailsDialog } from '../../components/admin/AuditDetailsDialog';
import { AuditLogTable } from '../../components/admin/AuditLogTable';
import { ListStatus } from '../../components/admin/ListStatus';
import { Pager } from '../../components/admin/Pager';
import { SearchField } from '../../components/admin/SearchField';
import { useAdminList } from '../../components/admin/useAdminList';
import { Label } from '../../components/ui/Label';
import { Select } from '../../components/ui/Select';

const TABLE_OPTIONS = [{ value: '', label: 'All tables' }, ...AUDIT_LOG_TABLES.map((t) => ({ value: t, label: t }))];
const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...AUDIT_LOG_ACTIONS.map((a) => ({ value: a, label: a }))];

export default function AuditLogPage() {
  return (
    <AdminShell title="Audit Log" description="Every admin action on the registry, newest first." links={AUDIT_LINKS}>
      {() => <AuditLog />}
    </AdminShell>
  );
}

function AuditLog() {
  const [filters, setFilters] = useState({ search: '', table: '', action: '', page: 1 });
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const id = useId();
  const { query, errorMessage } = useAdminList(
    adminKeys.auditLog(filters),
    () => adminApi.auditLog(filters),
    MESSAGES.loadAuditLogFailed,
  );
  const data = query.data;
  const update = useCallback((change: Partial<typeof filters>) => setFilters((f) => ({ ...f, page: 1, ...change })), []);
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  return (
    <section aria-label="Audit log" className="grid grid-cols-1 gap-4">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <SearchField label="Search the audit log" placeholder="Record id, reason or admin e-mail" value={filters.search} onSearch={onSearch} />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-table`}>Table</Label>
          <Select id={`${id}-table`} options={TABLE_OPTIONS} value={filters.table} onChange={(e) => update({ table: e.target.value })} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <Select id={`${id}-action`} options={ACTION_OPTIONS} value={filters.action} onChange={(e) => update({ action: e.target.value })} />
        </div>
      </div>
      <ListStatus
        loading={query.isPending}
        error={errorMessage}
        empty={data?.items.length === 0}
        emptyText="No audit entries match."
        onRetry={() => void query.refetch()}
      />
      {data && data.items.length > 0 && (
        <div className={query.isPlaceholderData ? 'min-w-0 opacity-60' : 'min-w-0'} aria-busy={query.isFetching}>
          <AuditLogTable rows={data.items} onDetails={setSelected} />
        </div>
      )}
      {data && (
        <Pager
          label="Audit log pages"
          page={filters.page}
          total={data.total}
          pageSize={data.page_size || PAGE_SIZES.audit}
          onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      )}
      <AuditDetailsDialog entry={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
