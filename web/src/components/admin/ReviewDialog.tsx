// Review of one removal request: its details, the linked work, admin notes and Approve/Deny.
// Non-pending requests are shown read-only without the buttons (docs/product.md §4).
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, X } from 'lucide-react';
import type { AdminRemovalRequest } from '../../../../core/admin-api-types';
import { LIMITS, type RemovalDecision } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';
import { formatDateTime } from '../../lib/dates';
import { RemovalStatusBadge } from './RemovalStatusBadge';
import { useRemovalDecision } from './useRemovalDecision';

export function ReviewDialog({ request, onClose }: { request: AdminRemovalRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">{request && <ReviewContent request={request} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function ReviewContent({ request, onDone }: { request: AdminRemovalRequest; onDone: () => void }) {
  const [notes, setNotes] = useState(request.admin_notes ?? '');
  const decide = useRemovalDecision();
  const pending = request.status === 'pending';
  const notesId = useId();

  function submit(decision: RemovalDecision) {
    if (!notes.trim()) {
      toastError(MESSAGES.adminNotesRequired.title, MESSAGES.adminNotesRequired.description);
      return;
    }
    decide.mutate({ id: request.id, decision, notes: notes.trim() }, { onSuccess: onDone });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Review removal request</DialogTitle>
        <DialogDescription>
          {pending
            ? 'Approving removes the linked work from the public ledger (it can be restored). Denying keeps it.'
            : 'This request has already been processed.'}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-2">
        <Field label="Status">
          <RemovalStatusBadge status={request.status} />
        </Field>
        <Field label="Requestor">
          {request.requestor_name} · <span className="break-all">{request.requestor_email}</span>
        </Field>
        <Field label="Requested">
          <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
        </Field>
        <Field label="Submission URL">
          <span className="break-all font-mono text-xs">{request.submission_url}</span>
        </Field>
        <Field label="Linked work">
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
        </Field>
        <Field label="Reason">
          <span className="whitespace-pre-wrap">{request.reason}</span>
        </Field>
        {request.additional_info && (
          <Field label="Additional info">
            <span className="whitespace-pre-wrap">{request.additional_info}</span>
          </Field>
        )}
        <Field label="Request IP">{request.request_ip ?? '—'}</Field>
        {!pending && (
          <Field label="Processed">
            {formatDateTime(request.processed_at)}
            {request.processed_by && ` by ${request.processed_by}`}
          </Field>
        )}
      </dl>
      <div className="grid gap-2">
        <Label htmlFor={notesId}>Admin notes</Label>
        <Textarea
          id={notesId}
          value={notes}
          readOnly={!pending}
          maxLength={LIMITS.adminNotes}
          className={pending ? undefined : 'bg-muted'}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      {pending && (
        <DialogFooter>
          <Button variant="outline" disabled={decide.isPending} onClick={() => submit('denied')}>
            <X aria-hidden="true" className="h-4 w-4" />
            Deny
          </Button>
          <Button variant="destructive" disabled={decide.isPending} onClick={() => submit('approved')}>
            <Check aria-hidden="true" className="h-4 w-4" />
            Approve
          </Button>
        </DialogFooter>
      )}
    </>
  );
}
