import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './fieldStyles';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
