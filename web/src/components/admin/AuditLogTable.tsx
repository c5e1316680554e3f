// Audit log rows, newest first; Details opens the full entry.
import type { AuditEntry } from '#core/admin-api-types';
import { Button } from '../ui/Button';
import { formatDateTime } from '../../lib/dates';
import { AdminTable } from './AdminTable';
import { td } from './TableRegion';

const COLUMNS = ['Timestamp', 'Table', 'Action', 'Record ID', 'Admin', 'Reason', 'Details'];

export function AuditLogTable({ rows, onDetails }: { rows: readonly AuditEntry[]; onDetails: (entry: AuditEntry) => void }) {
  return (
    <AdminTable label="Audit log entries" columns={COLUMNS} minWidthClass="min-w-[1100px]">
      {rows.map((entry) => (
        <tr key={entry.id}>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          </td>
          <td className={`${td} font-mono text-xs`}>{entry.table_name}</td>
          <td className={`${td} font-mono text-xs font-semibold`}>{entry.action_type}</td>
          <td className={`${td} whitespace-nowrap font-mono text-xs`}>{entry.record_id}</td>
          <td className={`${td} whitespace-nowrap`}>{entry.admin_email ?? entry.admin_id ?? '—'}</td>
          <td className={`${td} max-w-xs`}>
            <p className="line-clamp-2" title={entry.reason ?? undefined}>
              {entry.reason || '—'}
            </p>
          </td>
          <td className={td}>
            <Button variant="outline" size="sm" onClick={() => onDetails(entry)}>
              Details
              <span className="sr-only">
                {' '}
                of {entry.action_type} on {entry.record_id}
              </span>
            </Button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
