import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning icon with a text for screen readers ("Loading…" unless told otherwise). */
export function Spinner({ className, label = 'Loading…' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('h-5 w-5 animate-spin', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
