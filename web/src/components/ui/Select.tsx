import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './fieldStyles';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = ComponentProps<'select'> & {
  /** Shorthand for simple lists; children are used when omitted. */
  options?: readonly SelectOption[];
  /** Adds a first empty option with this text. */
  placeholder?: string;
};

/** A native select (keyboard, screen readers and mobile pickers work for free), styled. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(fieldClasses, 'h-10 appearance-none pr-9', className)} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options
          ? options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
