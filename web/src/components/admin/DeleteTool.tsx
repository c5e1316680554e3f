// The dashboard's delete tool (docs/product.md §2): remove a work by its id (UUID or VW-YYYY-NNNNNN).
// It is a soft delete with a reason, restorable from Deleted Records (decision 0005).
import { useId, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { MESSAGES } from '#core/messages';
import { toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { ReasonDialog } from './ReasonDialog';
import { useRemoveSubmission } from './useModeration';

export function DeleteTool() {
  const [ref, setRef] = useState('');
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSubmission();
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ref.trim()) {
      toastError(MESSAGES.adminSubmissionIdRequired.title, MESSAGES.adminSubmissionIdRequired.description);
      return;
    }
    setConfirming(true);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-border p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Remove a submission
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Takes the work off the public ledger. It stays in Deleted Records and can be restored.
      </p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={id}>Submission ID</Label>
          <Input id={id} value={ref} placeholder="VW-2026-000123 or UUID" onChange={(event) => setRef(event.target.value)} />
        </div>
        <Button type="submit" variant="destructive">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove
        </Button>
      </form>
      <ReasonDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this submission?"
        description={
          <>
            <span className="font-mono">{ref.trim()}</span> will disappear from the ledger, its proof page and the public API. This is
            a soft delete: it can be restored from Deleted Records.
          </>
        }
        confirmLabel="Remove submission"
        busy={remove.isPending}
        onConfirm={(reason) =>
          remove.mutate(
            { ref: ref.trim(), reason },
            {
              onSuccess: () => {
                setConfirming(false);
                setRef('');
              },
            },
          )
        }
      />
    </section>
  );
}
