// The foot of a review dialog: the admin notes and the two decision buttons. A decision needs notes
// (they go into the audit log and the e-mail), so empty notes are refused with a toast. Once the
// item is decided the notes are shown read-only and the buttons are gone.
import { useId, useState } from 'react';
import { Check, X } from 'lucide-react';
import { LIMITS } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { toastError } from '../../lib/toast';
import { Button } from '../ui/Button';
import { DialogFooter } from '../ui/Dialog';
import { Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';

export interface DecisionButton<Decision extends string> {
  decision: Decision;
  label: string;
}

export function NotesAndDecision<Decision extends string>({
  initialNotes,
  pending,
  busy,
  refuse,
  accept,
  onDecide,
}: {
  initialNotes: string | null;
  /** Only a pending item can be decided; otherwise the notes are read-only. */
  pending: boolean;
  /** A decision is on its way: both buttons are disabled. */
  busy: boolean;
  /** The outlined button with a cross, first. */
  refuse: DecisionButton<Decision>;
  /** The destructive button with a tick, second. */
  accept: DecisionButton<Decision>;
  onDecide: (decision: Decision, notes: string) => void;
}) {
  const [notes, setNotes] = useState(initialNotes ?? '');
  const notesId = useId();

  function submit(decision: Decision) {
    const trimmed = notes.trim();
    if (!trimmed) {
      toastError(MESSAGES.adminNotesRequired.title, MESSAGES.adminNotesRequired.description);
      return;
    }
    onDecide(decision, trimmed);
  }

  return (
    <>
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
          <Button variant="outline" disabled={busy} onClick={() => submit(refuse.decision)}>
            <X aria-hidden="true" className="h-4 w-4" />
            {refuse.label}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => submit(accept.decision)}>
            <Check aria-hidden="true" className="h-4 w-4" />
            {accept.label}
          </Button>
        </DialogFooter>
      )}
    </>
  );
}
