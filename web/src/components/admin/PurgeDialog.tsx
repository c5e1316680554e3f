// Purge = legal erasure (decision 0005). Irreversible, so the admin types the registry id to
// confirm and gives a reason, which goes into the audit log.
import { useId, useState, type FormEvent } from 'react';
import type { AdminDeletedSubmission } from '#core/admin-api-types';
import { LIMITS } from '#core/constants';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';
import { usePurgeSubmission } from './useModeration';

export function PurgeDialog({ work, onClose }: { work: AdminDeletedSubmission | null; onClose: () => void }) {
  return (
    <Dialog open={work !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{work && <PurgeForm work={work} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function PurgeForm({ work, onDone }: { work: AdminDeletedSubmission; onDone: () => void }) {
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const purge = usePurgeSubmission();
  const id = useId();
  const ready = confirm.trim() === work.registry_id && reason.trim() !== '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    purge.mutate({ ref: work.id, reason: reason.trim(), confirm: confirm.trim() }, { onSuccess: onDone });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Purge {work.registry_id} for good?</DialogTitle>
        <DialogDescription asChild>
          <div className="grid gap-2">
            <p>
              Legal erasure: this deletes the image files and the personal data of “{work.title}” for good. It cannot be undone, and
              the work cannot be restored afterwards.
            </p>
            <p>
              Only a tombstone with the registry id stays, and the transparency log keeps its hash-only entry, so the log stays
              verifiable.
            </p>
          </div>
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>
          Type <span className="font-mono">{work.registry_id}</span> to confirm
        </Label>
        <Input id={`${id}-confirm`} autoComplete="off" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={LIMITS.removalReason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!ready || purge.isPending}>
          Purge for good
        </Button>
      </DialogFooter>
    </form>
  );
}
