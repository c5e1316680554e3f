import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Always pass `htmlFor` (or wrap the control) so the label is bound to its input. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none text-foreground', className)} {...props} />;
}
