// Audit log rows, newest first; Details opens the full entry.
import type { AuditEntry } from '../../../../core/admin-api-types';
import { Button } from '../ui/Button';
import { formatDateTime } from './format';
import { TableRegion, td, th } from './TableRegion';

export function AuditLogTable({ rows, onDetails }: { rows: readonly AuditEntry[]; onDetails: (entry: AuditEntry) => void }) {
  return (
    <TableRegion label="Audit log entries">
      <table className="w-full min-w-[1100px] border-collapse">
        <thead>
          <tr>
            {['Timestamp', 'Table', 'Action', 'Record ID', 'Admin', 'Reason', 'Details'].map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
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
                  Details<span className="sr-only"> of {entry.action_type} on {entry.record_id}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
