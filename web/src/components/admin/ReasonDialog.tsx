// A confirmation dialog that asks for a reason before a moderation step (remove, restore).
// The reason is stored with the change and in the audit log (DECISIONS #5).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '../../../../core/constants';
import { Button } from '../ui/Button';
import type { ButtonVariant } from '../ui/buttonStyles';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  reasonLabel?: string;
  /** Restore takes an optional reason; remove needs one. */
  reasonRequired?: boolean;
  busy?: boolean;
  onConfirm: (reason: string) => void;
}

export function ReasonDialog({ open, onOpenChange, title, description, ...form }: ReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The content unmounts when closed, so the typed reason is gone the next time. */}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        <ReasonForm {...form} />
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  confirmLabel,
  confirmVariant = 'destructive',
  reasonLabel = 'Reason',
  reasonRequired = true,
  busy = false,
  onConfirm,
}: Omit<ReasonDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'>) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reasonRequired && !reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>
          {reasonLabel}
          {!reasonRequired && <span className="font-normal text-muted-foreground"> (optional)</span>}
        </Label>
        <Textarea
          id={id}
          value={reason}
          maxLength={LIMITS.removalReason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            Please enter a reason.
          </p>
        )}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant={confirmVariant} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
