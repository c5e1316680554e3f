// A confirmation dialog that asks for a reason before a moderation step (remove, restore).
// The reason is stored with the change and in the audit log (decision 0005); whether it is
// required and how long it may be is the server's own rule (core/admin-reason.ts).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_REASON_RULES, adminReasonProblem } from '#core/admin-reason';
import { MESSAGES, type MessageId } from '#core/messages';
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
  /** The step the reason is for: remove needs one, restore takes an optional one. */
  step?: 'remove' | 'restore';
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
  step = 'remove',
  busy = false,
  onConfirm,
}: Omit<ReasonDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'>) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageId | null>(null);
  const id = useId();
  const rule = ADMIN_REASON_RULES[step];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refusal = adminReasonProblem(step, reason);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    onConfirm(reason.trim());
  }

  // Next to the field a missing reason reads shorter than the server's sentence.
  const problemText = problem && (problem === rule.required ? MESSAGES.adminReasonMissing : MESSAGES[problem]).description;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>
          {reasonLabel}
          {!rule.required && <span className="font-normal text-muted-foreground"> (optional)</span>}
        </Label>
        <Textarea
          id={id}
          value={reason}
          maxLength={rule.max}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        {problemText && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {problemText}
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
