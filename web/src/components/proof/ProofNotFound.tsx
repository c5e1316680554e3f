// Shown for an unknown, private or deleted registry id, and when the record cannot be loaded
// (docs/product.md §2, §8: a load error reads the same as a missing record).
import { ArrowLeft, SearchX } from 'lucide-react';
import { MESSAGES } from '#core/messages';
import { ButtonLink } from '../ui/Button';

export function ProofNotFound() {
  const { title, description } = MESSAGES.submissionNotFound;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden="true" className="h-12 w-12 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      <ButtonLink to="/ledger" variant="primary">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Public Ledger
      </ButtonLink>
    </div>
  );
}
