// The co-authors of a work on the manage page (issue 33, decision 0064): each credited name with
// their answer, and for those who have not answered, a form that e-mails them a link to confirm
// (or a new one). The answer carries no address, so the form asks for it each time.
import { useState, type FormEvent } from 'react';
import type { CoAuthorState, ManagedCoAuthor, ManagedWork } from '#core/api/manage';
import { LIMITS } from '#core/constants';
import { coAuthorAddressLabel, coAuthorManageStateText, MESSAGES } from '#core/messages';
import { ApiError, errorMessage } from '../../lib/api';
import { inviteCoAuthor } from '../../lib/manageApi';
import { toastError, toastSuccess } from '../../lib/toast';
import { Badge, type BadgeVariant } from '../ui/Badge';
import { Button } from '../ui/Button';
import { describedByWithError, FieldError, fieldErrorId } from '../ui/FieldError';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

const BADGES: Record<CoAuthorState, BadgeVariant> = {
  confirmed: 'success',
  declined: 'destructive',
  invited: 'secondary',
  link_expired: 'warning',
  not_invited: 'outline',
};

function CoAuthorRow({
  work,
  coAuthor,
  index,
  onWorkChanged,
}: {
  work: ManagedWork;
  coAuthor: ManagedCoAuthor;
  index: number;
  onWorkChanged: (work: ManagedWork) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `co-author-email-${work.id}-${index}`;
  const answered = coAuthor.state === 'confirmed' || coAuthor.state === 'declined';
  const action = coAuthor.state === 'not_invited' ? MESSAGES.coAuthorAsk : MESSAGES.coAuthorResend;

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onWorkChanged(await inviteCoAuthor(work.id, coAuthor.name, email.trim()));
      setEmail('');
      toastSuccess(MESSAGES.coAuthorInviteSent.title, MESSAGES.coAuthorInviteSent.description);
    } catch (err) {
      // The server's words for the field (core/messages.ts), else its message.
      const message = err instanceof ApiError ? (err.fields?.email ?? err.fields?.name ?? err.message) : errorMessage(err);
      setError(message);
      toastError(err instanceof ApiError && err.title ? err.title : 'Not sent', message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="grid gap-2 rounded-md border border-border p-3 text-sm" data-testid="co-author">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{coAuthor.name}</span>
        <Badge variant={BADGES[coAuthor.state]} data-testid="co-author-state">
          {coAuthorManageStateText(coAuthor.state)}
        </Badge>
      </p>
      {!answered && (
        <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate onSubmit={(e) => void send(e)}>
          <div className="grid gap-1">
            <Label htmlFor={inputId}>{coAuthorAddressLabel(coAuthor.name)}</Label>
            <Input
              id={inputId}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={LIMITS.email}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedByWithError(inputId, Boolean(error))}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
            />
          </div>
          <Button type="submit" variant="outline" disabled={busy || email.trim() === ''}>
            {action.title}
          </Button>
          <FieldError id={fieldErrorId(inputId)} message={error} className="sm:col-span-2" />
        </form>
      )}
    </li>
  );
}

export function CoAuthors({ work, onWorkChanged }: { work: ManagedWork; onWorkChanged: (work: ManagedWork) => void }) {
  if (work.co_authors.length === 0) return null;
  return (
    <section className="grid gap-3" aria-label={`Co-authors of ${work.title}`}>
      <h4 className="font-semibold">{MESSAGES.coAuthorsManage.title}</h4>
      <p className="text-sm text-muted-foreground">{MESSAGES.coAuthorsManage.description}</p>
      <ul className="grid gap-2">
        {work.co_authors.map((coAuthor, index) => (
          <CoAuthorRow key={coAuthor.name} work={work} coAuthor={coAuthor} index={index} onWorkChanged={onWorkChanged} />
        ))}
      </ul>
    </section>
  );
}
