import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Centred, padded column that pages put their content in. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-10 sm:px-6', className)} {...props} />;
}
