// Full stored record of a removed work plus its audit trail (docs/product.md §2 deleted records).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdminDeletedSubmission } from '#core/admin-api-types';
import { MESSAGES } from '#core/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { adminApi, adminKeys } from './adminApi';
import { adminErrorMessage, toastAdminError } from './adminErrors';
import { AdminThumb } from './AdminThumb';
import { AuditTrail } from './AuditTrail';
import { prettyJson } from './format';
import { useSessionExpiredHandler } from './useAdminSession';

export function DetailsDialog({ work, onClose }: { work: AdminDeletedSubmission | null; onClose: () => void }) {
  return (
    <Dialog open={work !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">{work && <Details work={work} />}</DialogContent>
    </Dialog>
  );
}

/** Objects and arrays as JSON, everything else as text. */
function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? prettyJson(value) : String(value);
}

function Details({ work }: { work: AdminDeletedSubmission }) {
  const onSessionExpired = useSessionExpiredHandler();
  const query = useQuery({ queryKey: adminKeys.details(work.id), queryFn: () => adminApi.submissionDetails(work.id) });
  const { error } = query;
  useEffect(() => {
    if (error && !onSessionExpired(error)) toastAdminError(error, MESSAGES.loadSubmissionAuditFailed);
  }, [error, onSessionExpired]);

  const record = query.data?.submission;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Details of {work.registry_id}</DialogTitle>
        <DialogDescription>The full stored record and every admin action on it.</DialogDescription>
      </DialogHeader>
      {query.isPending && <Spinner />}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {adminErrorMessage(error, MESSAGES.loadSubmissionAuditFailed).description}
        </p>
      )}
      {record && (
        <>
          <section aria-label="Record" className="grid gap-3">
            <AdminThumb src={record.admin_image_url} title={record.title} size={120} />
            <dl className="grid gap-1 text-sm">
              {Object.entries(record).map(([field, value]) => (
                <div key={field} className="grid gap-0.5 border-b border-border py-1 sm:grid-cols-[12rem_1fr] sm:gap-3">
                  <dt className="font-mono text-xs text-muted-foreground">{field}</dt>
                  <dd className="min-w-0 whitespace-pre-wrap break-words">{display(value)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="details-audit-heading" className="grid gap-2">
            <h3 id="details-audit-heading" className="font-semibold">
              Audit trail
            </h3>
            <AuditTrail entries={query.data?.audit_trail ?? []} />
          </section>
        </>
      )}
    </>
  );
}
