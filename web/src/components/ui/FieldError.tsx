// The message under a form field that failed its check (issue 17). The field points at it with
// aria-describedby and carries aria-invalid, so a screen reader reads it when focus lands there;
// it is not a live region: the toast already announces the problem once.
import { AlertCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The id of a field's error message, derived from the control's id. */
export function fieldErrorId(controlId: string): string {
  return `${controlId}-error`;
}

export function FieldError({ id, message, className }: { id: string; message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} data-field-error className={cn('flex items-start gap-1.5 text-sm font-medium text-destructive', className)}>
      <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/**
 * aria-describedby for a control: its error first (read first), then its own hints. Undefined
 * when there is nothing, so no empty attribute is written.
 */
export function describedByWithError(
  controlId: string,
  hasError: boolean,
  ...others: (string | null | undefined)[]
): string | undefined {
  const ids = [hasError ? fieldErrorId(controlId) : null, ...others].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
