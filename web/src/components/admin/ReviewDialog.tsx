// Review of one removal request: its details, the linked work, admin notes and Approve/Deny.
// Non-pending requests are shown read-only without the buttons (docs/product.md §4).
import { Link } from 'react-router';
import type { AdminRemovalRequest } from '#core/admin-api-types';
import type { RemovalDecision } from '#core/constants';
import { ERROR_CODES } from '#core/error-codes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/Dialog';
import { formatDateTime } from '../../lib/dates';
import { NotesAndDecision } from './NotesAndDecision';
import { RemovalStatusBadge } from './RemovalStatusBadge';
import { ReviewField } from './ReviewField';
import { useRemovalDecision } from './useRemovalDecision';

export function ReviewDialog({ request, onClose }: { request: AdminRemovalRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">{request && <ReviewContent request={request} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function ReviewContent({ request, onDone }: { request: AdminRemovalRequest; onDone: () => void }) {
  const decide = useRemovalDecision();
  const pending = request.status === 'pending';

  return (
    <>
      <DialogHeader>
        <DialogTitle>Review removal request</DialogTitle>
        <DialogDescription>
          {pending
            ? 'Approving removes the linked work from the public ledger (it can be restored). Denying keeps it.'
            : ERROR_CODES.already_processed.message}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-2">
        <ReviewField label="Status">
          <RemovalStatusBadge status={request.status} />
        </ReviewField>
        <ReviewField label="Requestor">
          {request.requestor_name} · <span className="break-all">{request.requestor_email}</span>
        </ReviewField>
        <ReviewField label="Requested">
          <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
        </ReviewField>
        <ReviewField label="Submission URL">
          <span className="break-all font-mono text-xs">{request.submission_url}</span>
        </ReviewField>
        <ReviewField label="Linked work">
          {request.submission_registry_id ? (
            <>
              {request.submission_deleted ? (
                <span className="font-mono">{request.submission_registry_id}</span>
              ) : (
                <Link
                  to={`/verify/${request.submission_registry_id}`}
                  target="_blank"
                  className="font-mono text-primary underline-offset-4 hover:underline"
                >
                  {request.submission_registry_id}
                </Link>
              )}{' '}
              {request.submission_title}
              {request.submission_deleted && <span className="text-muted-foreground"> (removed from the public ledger)</span>}
            </>
          ) : (
            <span className="text-muted-foreground">No registered work matches this URL.</span>
          )}
        </ReviewField>
        <ReviewField label="Reason">
          <span className="whitespace-pre-wrap">{request.reason}</span>
        </ReviewField>
        {request.additional_info && (
          <ReviewField label="Additional info">
            <span className="whitespace-pre-wrap">{request.additional_info}</span>
          </ReviewField>
        )}
        <ReviewField label="Request IP">{request.request_ip ?? '—'}</ReviewField>
        {!pending && (
          <ReviewField label="Processed">
            {formatDateTime(request.processed_at)}
            {request.processed_by && ` by ${request.processed_by}`}
          </ReviewField>
        )}
      </dl>
      <NotesAndDecision<RemovalDecision>
        initialNotes={request.admin_notes}
        pending={pending}
        busy={decide.isPending}
        refuse={{ decision: 'denied', label: 'Deny' }}
        accept={{ decision: 'approved', label: 'Approve' }}
        onDecide={(decision, notes) => decide.mutate({ id: request.id, decision, notes }, { onSuccess: onDone })}
      />
    </>
  );
}
