// What every wizard step receives: the values, a way to change them (which also clears the
// changed fields' error messages), and the field errors of the step's last check.
import type { FieldErrors } from '../../ui/useFieldErrors';
import type { PatchValues, WizardValues } from '../wizardValues';

export interface StepProps {
  values: WizardValues;
  patch: PatchValues;
  errors: FieldErrors;
}
