// A labelled form row: label, the control, its error message when it failed a check, then an
// optional hint and 'n/max' counter. The control gets the ids to reference (describedBy, the
// error first) and whether it is invalid through the render prop:
//   {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} … />}
import { useId, type ReactNode } from 'react';
import { describedByWithError, FieldError, fieldErrorId } from '../ui/FieldError';
import { Label } from '../ui/Label';
import { CharCounter } from './CharCounter';

export interface FieldProps {
  label: ReactNode;
  /** Shown after the label, e.g. '(optional)'. */
  labelSuffix?: ReactNode;
  hint?: ReactNode;
  counter?: { length: number; max: number };
  /** The message of a failed check, shown under the control (see web/src/components/ui/useFieldErrors.ts). */
  error?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}

export function Field({ label, labelSuffix, hint, counter, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const describedBy = describedByWithError(id, Boolean(error), hint ? hintId : null, counter ? counterId : null);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {labelSuffix && (
          <>
            {' '}
            <span className="font-normal text-muted-foreground">{labelSuffix}</span>
          </>
        )}
      </Label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      <FieldError id={fieldErrorId(id)} message={error} />
      {(hint || counter) && (
        <div className="flex items-start justify-between gap-4">
          {hint ? (
            <p id={hintId} className="text-sm text-muted-foreground">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counter && <CharCounter id={counterId} length={counter.length} max={counter.max} className="shrink-0" />}
        </div>
      )}
    </div>
  );
}
