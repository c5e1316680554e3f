// A titled card of the proof page. Its title is an h2: the page's sections sit directly under
// the work's h1, so screen-reader users can jump between them.
import type { ComponentType, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../ui/Card';

export interface ProofCardProps {
  title: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  children: ReactNode;
  className?: string;
  /** Extra content at the right of the title (e.g. a copy button). */
  action?: ReactNode;
}

export function ProofCard({ title, icon: Icon, children, className, action }: ProofCardProps) {
  const headingId = useId();
  return (
    <Card className={cn('min-w-0', className)}>
      <section aria-labelledby={headingId} className="grid gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold leading-tight">
            {Icon && <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />}
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A label/value list inside a card. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
