// The audit entry overlay (docs/product.md §2): timestamp, table, action, record id, admin, IP, reason,
// changed fields, previous and new values (pretty JSON), user agent.
import { useId, type ReactNode } from 'react';
import type { AuditEntry } from '#core/admin-api-types';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/Dialog';
import { formatDateTime } from '../../lib/dates';
import { prettyJson } from './format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b border-border py-1.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <h3 id={id} className="text-sm font-semibold">
        {label}
      </h3>
      {/* A named, focusable region so long values can be scrolled with the keyboard. */}
      <pre
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {prettyJson(value)}
      </pre>
    </div>
  );
}

export function AuditDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {entry && (
          <>
            <DialogHeader>
              <DialogTitle>Audit entry</DialogTitle>
              <DialogDescription>
                {entry.action_type} on {entry.table_name}
              </DialogDescription>
            </DialogHeader>
            <dl>
              <Row label="Timestamp">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>{' '}
                <span className="font-mono text-xs text-muted-foreground">({entry.created_at})</span>
              </Row>
              <Row label="Table">
                <span className="font-mono">{entry.table_name}</span>
              </Row>
              <Row label="Action">
                <span className="font-mono">{entry.action_type}</span>
              </Row>
              <Row label="Record ID">
                <span className="break-all font-mono">{entry.record_id}</span>
              </Row>
              <Row label="Admin ID">
                <span className="break-all font-mono">{entry.admin_id ?? '—'}</span>
                {entry.admin_email && <span className="block">{entry.admin_email}</span>}
              </Row>
              <Row label="IP address">{entry.ip_address ?? '—'}</Row>
              <Row label="Reason">
                <span className="whitespace-pre-wrap">{entry.reason || '—'}</span>
              </Row>
              <Row label="Changed fields">
                {entry.changed_fields.length > 0 ? <span className="font-mono">{entry.changed_fields.join(', ')}</span> : '—'}
              </Row>
              <Row label="User agent">
                <span className="break-all">{entry.user_agent ?? '—'}</span>
              </Row>
            </dl>
            <div className="grid gap-3 md:grid-cols-2">
              <JsonBlock label="Previous values" value={entry.old_values} />
              <JsonBlock label="New values" value={entry.new_values} />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
