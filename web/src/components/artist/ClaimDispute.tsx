// "Dispute this claim" on a claimed artist page (decision 0063): the name is mine, or its
// claimant is an impersonator. The form sends an address, the pages that prove who the person
// is and an explanation; the dispute reaches the admins once the e-mailed link is confirmed.
import { useId, useState, type FormEvent } from 'react';
import { CLAIM_DISPUTE, LIMITS } from '#core/constants';
import { MESSAGES, type MessagePair } from '#core/messages';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';

export function ClaimDispute({ artistName }: { artistName: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: MessagePair } | null>(null);
  const [email, setEmail] = useState('');
  const [links, setLinks] = useState('');
  const [explanation, setExplanation] = useState('');
  const ids = { email: useId(), links: useId(), explanation: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const body = {
        email,
        links: links
          .split(/\s+/)
          .map((l) => l.trim())
          .filter(Boolean),
        explanation,
      };
      await apiPost(`/api/artists/${encodeURIComponent(artistName)}/disputes`, body);
      setOutcome({ ok: true, message: MESSAGES.claimDisputeFiled });
    } catch (error) {
      const title = error instanceof ApiError && error.title ? error.title : MESSAGES.claimDisputeFailed.title;
      setOutcome({ ok: false, message: { title, description: errorMessage(error, MESSAGES.claimDisputeFailed.description) } });
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {MESSAGES.claimDisputeOpen.title}
        </Button>
      </div>
    );

  return (
    <section aria-labelledby="claim-dispute-heading" className="grid max-w-2xl gap-3 rounded-card border border-border p-4">
      <h2 id="claim-dispute-heading" className="text-lg font-semibold">
        {MESSAGES.claimDisputeOpen.title}
      </h2>
      <p className="text-sm text-muted-foreground">{MESSAGES.claimDisputeOpen.description}</p>
      {outcome && (
        <div role={outcome.ok ? 'status' : 'alert'} className="rounded-md border border-border p-3 text-sm">
          <p className="font-semibold">{outcome.message.title}</p>
          <p>{outcome.message.description}</p>
        </div>
      )}
      {!outcome?.ok && (
        <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-1">
            <Label htmlFor={ids.email}>Your e-mail address (never shown publicly)</Label>
            <Input id={ids.email} type="email" value={email} maxLength={LIMITS.email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.links}>Links that prove who you are (one a line, at most {CLAIM_DISPUTE.maxLinks})</Label>
            <Textarea id={ids.links} rows={3} value={links} onChange={(e) => setLinks(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.explanation}>Explanation</Label>
            <Textarea
              id={ids.explanation}
              value={explanation}
              maxLength={CLAIM_DISPUTE.explanationMax}
              onChange={(e) => setExplanation(e.target.value)}
            />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Send dispute
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
