// A labelled form row: label, the control, then an optional hint and 'n/max' counter.
// The control gets the ids to reference (describedBy) through the render prop.
import { useId, type ReactNode } from 'react';
import { Label } from '../ui/Label';
import { CharCounter } from './CharCounter';

export interface FieldProps {
  label: ReactNode;
  /** Shown after the label, e.g. '(optional)'. */
  labelSuffix?: ReactNode;
  hint?: ReactNode;
  counter?: { length: number; max: number };
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

export function Field({ label, labelSuffix, hint, counter, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const describedBy = [hint ? hintId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined;
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
      {children({ id, describedBy })}
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
