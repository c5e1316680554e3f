// /admin/audit-log (docs/product.md §2): filters (search, table, action), paged table of 50, and the
// details overlay.
import { useId, useState } from 'react';
import { AUDIT_LOG_ACTIONS, AUDIT_LOG_TABLES, type AuditEntry } from '#core/admin-api-types';
import { PAGE_SIZES } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { AUDIT_LINKS } from '../../components/admin/adminLinks';
import { AdminListResults } from '../../components/admin/AdminListResults';
import { AdminShell } from '../../components/admin/AdminShell';
import { AuditDetailsDialog } from '../../components/admin/AuditDetailsDialog';
import { AuditLogTable } from '../../components/admin/AuditLogTable';
import { SearchField } from '../../components/admin/SearchField';
import { useAdminList } from '../../components/admin/useAdminList';
import { useListFilters } from '../../components/admin/useListFilters';
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
  const { filters, update, onSearch, setPage } = useListFilters({ search: '', table: '', action: '', page: 1 });
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const id = useId();
  const list = useAdminList(adminKeys.auditLog(filters), () => adminApi.auditLog(filters), MESSAGES.loadAuditLogFailed);

  return (
    <section aria-label="Audit log" className="grid grid-cols-1 gap-4">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <SearchField
          label="Search the audit log"
          placeholder="Record id, reason or admin e-mail"
          value={filters.search}
          onSearch={onSearch}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-table`}>Table</Label>
          <Select
            id={`${id}-table`}
            options={TABLE_OPTIONS}
            value={filters.table}
            onChange={(e) => update({ table: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <Select
            id={`${id}-action`}
            options={ACTION_OPTIONS}
            value={filters.action}
            onChange={(e) => update({ action: e.target.value })}
          />
        </div>
      </div>
      <AdminListResults
        list={list}
        emptyText="No audit entries match."
        pagerLabel="Audit log pages"
        page={filters.page}
        defaultPageSize={PAGE_SIZES.audit}
        onPageChange={setPage}
      >
        {(items) => <AuditLogTable rows={items} onDetails={setSelected} />}
      </AdminListResults>
      <AuditDetailsDialog entry={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
