// 'Watch for copies' on the proof page (issue 18): anyone may ask to be e-mailed when a later
// registration looks like a copy of this work; the address is confirmed by a link first. The
// same alerts are an Atom feed. Opening the confirmation link lands here with ?watch=confirmed.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BellRing, CircleCheck, Rss } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { WATCH } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { Field } from '../submit/Field';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { apiPost, errorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { ProofCard } from './ProofCard';

export function WatchCard({ work }: { work: Pick<PublicWork, 'id' | 'registry_id'> }) {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(false);
  const justConfirmed = searchParams.get('watch') === 'confirmed';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiPost(`/api/submissions/${encodeURIComponent(work.id)}/watch`, { email });
      setAsked(true);
      toastSuccess(MESSAGES.watchRequested.title, MESSAGES.watchRequested.description);
    } catch (error) {
      toastError(MESSAGES.unexpectedError.title, errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProofCard title="Watch for copies" icon={BellRing}>
      {justConfirmed && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-green-300 bg-success-soft p-3 text-sm text-green-900"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong className="font-semibold">{MESSAGES.watchConfirmed.title}.</strong> {MESSAGES.watchConfirmed.description}
          </span>
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        Get an e-mail, within {WATCH.promiseMinutes} minutes, when someone registers the same image, a visually near-identical one, or
        claims one of this work&apos;s profile links. Your address is never shown.
      </p>
      {asked ? (
        <p role="status" className="text-sm">
          {MESSAGES.watchRequested.description}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3">
          <Field label="Your e-mail address">
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="email"
                required
                autoComplete="email"
                aria-describedby={describedBy}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={busy || !email.trim()}>
            <BellRing aria-hidden="true" className="h-4 w-4" />
            Watch this work
          </Button>
        </form>
      )}
      <a
        href={`/api/submissions/${encodeURIComponent(work.id)}/alerts.atom`}
        className="inline-flex items-center gap-1 text-sm underline underline-offset-2"
      >
        <Rss aria-hidden="true" className="h-4 w-4" />
        Alerts as a feed (Atom)
      </a>
    </ProofCard>
  );
}
