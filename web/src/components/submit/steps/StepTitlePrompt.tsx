// Step 2: title (required), prompt (optional) and whether the prompt is public.
import { LIMITS, PROMPT_VISIBILITIES, type PromptVisibility } from '#core/constants';
import { Input } from '../../ui/Input';
import { Textarea } from '../../ui/Textarea';
import { Field } from '../Field';
import type { StepProps } from './stepProps';

const VISIBILITY_TEXT: Record<PromptVisibility, { label: string; hint: string }> = {
  public: { label: 'Public', hint: 'Shown on the proof page and in the public ledger.' },
  private: { label: 'Private', hint: 'Kept private: the proof page says the prompt is kept private by the artist.' },
};

export function StepTitlePrompt({ values, patch, errors }: StepProps) {
  return (
    <div className="grid gap-6">
      <Field label="Artwork Title" counter={{ length: values.title.length, max: LIMITS.title }} error={errors.get('title')}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            ref={errors.register('title')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={values.title}
            maxLength={LIMITS.title}
            autoComplete="off"
            onChange={(e) => patch({ title: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Prompt"
        labelSuffix="(optional)"
        hint="The text prompt you used. A specific prompt raises the trust score."
        counter={{ length: values.prompt.length, max: LIMITS.prompt }}
        error={errors.get('prompt')}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            ref={errors.register('prompt')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            rows={5}
            value={values.prompt}
            maxLength={LIMITS.prompt}
            onChange={(e) => patch({ prompt: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Prompt visibility</legend>
        {PROMPT_VISIBILITIES.map((visibility) => (
          <label key={visibility} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="radio"
              name="prompt_visibility"
              value={visibility}
              checked={values.prompt_visibility === visibility}
              onChange={() => patch({ prompt_visibility: visibility })}
              className="mt-0.5 h-4 w-4 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            <span>
              <span className="font-medium">{VISIBILITY_TEXT[visibility].label}</span>
              <span className="block text-muted-foreground">{VISIBILITY_TEXT[visibility].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
