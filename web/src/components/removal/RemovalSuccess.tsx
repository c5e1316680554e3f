// The screen after a removal request was accepted (docs/product.md §2), with the vetting time of decision 0006.
import { CheckCircle2 } from 'lucide-react';
import { REMOVAL_VETTING_TEXT } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { Button, ButtonLink } from '../ui/Button';

const NEXT_STEPS: readonly { title: string; text: string }[] = [
  { title: 'Request recorded', text: 'Your request is stored with the status Pending.' },
  { title: 'Moderator review', text: `A moderator reviews your request and the artwork within ${REMOVAL_VETTING_TEXT}.` },
  {
    title: 'Decision',
    text: 'If the request is approved, the artwork is removed from the public ledger, its proof page and the public API. If it is denied, the artwork stays listed.',
  },
  { title: 'Follow-up', text: 'If more information is needed, a moderator may contact you at the e-mail address you gave.' },
];

export function RemovalSuccess({ onAnother }: { onAnother: () => void }) {
  return (
    <div className="grid gap-6">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-1 h-7 w-7 shrink-0 text-success" />
        <div>
          <h2 className="text-2xl font-bold tracking-tight" tabIndex={-1} id="removal-success-title">
            {MESSAGES.removalSubmitted.title}
          </h2>
          <p className="mt-1 text-muted-foreground">{MESSAGES.removalSubmitted.description}</p>
        </div>
      </div>
      <section aria-labelledby="removal-next-title" className="rounded-card border border-border bg-muted p-5">
        <h3 id="removal-next-title" className="text-lg font-semibold">
          What happens next
        </h3>
        <ol className="mt-4 grid gap-4">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={onAnother}>
          Submit Another Request
        </Button>
        <ButtonLink to="/ledger">Browse Verified Art</ButtonLink>
      </div>
    </div>
  );
}
