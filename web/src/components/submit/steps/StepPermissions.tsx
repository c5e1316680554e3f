// Step 5: six permission choices and the license they give, updated as boxes change.
import { deriveLicense, PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '../../../../../core/license';
import { Checkbox } from '../../ui/Checkbox';
import type { PatchValues, WizardValues } from '../wizardValues';

const PERMISSION_HINTS: Record<PermissionKey, string> = {
  allow_ai_training: 'Dataset users may train AI models on this work.',
  restrict_usage: 'Others may not reuse the work beyond viewing it.',
  remix_allowed: 'Others may adapt or build on the work.',
  no_commercial: 'Others may not use the work commercially.',
  sensitive_content: 'The work contains content some viewers may find sensitive.',
  must_give_credit: 'Anyone reusing the work must credit you.',
};

export function StepPermissions({ values, patch }: { values: WizardValues; patch: PatchValues }) {
  const license = deriveLicense(values.permissions);
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="sr-only">Permissions</legend>
        {PERMISSION_KEYS.map((key) => (
          <Checkbox
            key={key}
            label={PERMISSION_LABELS[key]}
            description={PERMISSION_HINTS[key]}
            checked={values.permissions[key]}
            onChange={(e) => patch({ permissions: { ...values.permissions, [key]: e.target.checked } })}
          />
        ))}
      </fieldset>
      <p className="rounded-md bg-secondary px-4 py-3 text-sm text-secondary-foreground" aria-live="polite">
        License: <strong data-testid="derived-license">{license}</strong>
      </p>
    </div>
  );
}
