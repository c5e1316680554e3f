import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A page's title with its icon beside it and a short introduction below. */
export function PageHeading({
  icon: Icon,
  iconClassName,
  title,
  children,
}: {
  icon: LucideIcon;
  /** The icon's colour, e.g. 'text-primary'. */
  iconClassName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <Icon aria-hidden="true" className={cn('mt-1 h-8 w-8 shrink-0', iconClassName)} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
