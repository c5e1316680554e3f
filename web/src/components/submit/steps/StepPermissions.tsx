// Step 5: six permission choices and the license they give, updated as boxes change.
import { deriveLicense, PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '#core/license';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import type { StepProps } from './stepProps';

const PERMISSION_HINTS: Record<PermissionKey, string> = {
  allow_ai_training: 'Dataset users may train AI models on this work.',
  restrict_usage: 'Others may not reuse the work beyond viewing it.',
  remix_allowed: 'Others may adapt or build on the work.',
  no_commercial: 'Others may not use the work commercially.',
  sensitive_content: 'The work contains content some viewers may find sensitive.',
  must_give_credit: 'Anyone reusing the work must credit you.',
};

export function StepPermissions({ values, patch, errors }: StepProps) {
  // Only a hand-made request can send a non-boolean; the message still stands with the boxes.
  const error = errors.get('permissions');
  const license = deriveLicense(values.permissions);
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="sr-only">Permissions</legend>
        {PERMISSION_KEYS.map((key, index) => (
          <Checkbox
            key={key}
            ref={index === 0 ? errors.register('permissions') : undefined}
            label={PERMISSION_LABELS[key]}
            description={PERMISSION_HINTS[key]}
            checked={values.permissions[key]}
            onChange={(e) => patch({ permissions: { ...values.permissions, [key]: e.target.checked } })}
          />
        ))}
        <FieldError id="wizard-permissions-error" message={error} />
      </fieldset>
      <p className="rounded-md bg-secondary px-4 py-3 text-sm text-secondary-foreground" aria-live="polite">
        License: <strong data-testid="derived-license">{license}</strong>
      </p>
    </div>
  );
}
