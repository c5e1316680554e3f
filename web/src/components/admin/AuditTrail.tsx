// A work's audit trail (newest first), as shown in the deleted-record details.
import type { AuditEntry } from '#core/admin-api-types';
import { formatDateTime } from '../../lib/dates';

export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No audit entries.</p>;
  return (
    <ol className="grid gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md border border-border p-3 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-semibold">{entry.action_type}</span>
            <time dateTime={entry.created_at} className="text-muted-foreground">
              {formatDateTime(entry.created_at)}
            </time>
            <span className="text-muted-foreground">by {entry.admin_email ?? entry.admin_id ?? 'system'}</span>
          </p>
          {entry.reason && <p className="mt-1 whitespace-pre-wrap">Reason: {entry.reason}</p>}
          {entry.changed_fields.length > 0 && (
            <p className="mt-1 text-xs text-muted-foreground">Changed: {entry.changed_fields.join(', ')}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
