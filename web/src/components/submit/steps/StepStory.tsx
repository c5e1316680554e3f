// Step 3: the story behind the work (optional).
import { LIMITS } from '../../../../../core/constants';
import { Textarea } from '../../ui/Textarea';
import { Field } from '../Field';
import type { PatchValues, WizardValues } from '../wizardValues';

export function StepStory({ values, patch }: { values: WizardValues; patch: PatchValues }) {
  return (
    <Field
      label="Story and context"
      labelSuffix="(optional)"
      hint="How and why you made it: ideas, iterations, edits after generation."
      counter={{ length: values.story_context.length, max: LIMITS.story }}
    >
      {({ id, describedBy }) => (
        <Textarea
          id={id}
          aria-describedby={describedBy}
          rows={7}
          value={values.story_context}
          maxLength={LIMITS.story}
          onChange={(e) => patch({ story_context: e.target.value })}
        />
      )}
    </Field>
  );
}
