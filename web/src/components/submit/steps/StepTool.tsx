// Step 4: the AI tool, one of the 42 options ('Other' asks which tool), and where it ran
// (decision 0021; 'Web' unless the artist says otherwise).
import { LIMITS, PLATFORMS, type Platform } from '#core/constants';
import { AI_TOOLS, OTHER_TOOL } from '#core/tools';
import { describedByWithError, FieldError, fieldErrorId } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { Field } from '../Field';
import type { StepProps } from './stepProps';

const TOOL_OPTIONS = AI_TOOLS.map((tool) => ({ value: tool, label: tool }));

const PLATFORM_HINTS: Record<Platform, string> = {
  Discord: 'Through a bot in a Discord server.',
  Web: "In a web browser, on the tool's website.",
  Mobile: 'In an app on a phone or tablet.',
  API: 'From your own code or another service, through an API.',
  'Desktop/local': 'Software running on your own computer.',
  Other: 'Anywhere else.',
};

const PLATFORM_GROUP_ID = 'wizard-platform';

export function StepTool({ values, patch, errors }: StepProps) {
  const platformError = errors.get('platform');
  return (
    <div className="grid gap-6">
      <Field label="AI tool used" error={errors.get('tool')}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            ref={errors.register('tool')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={values.tool}
            placeholder="Select an AI tool"
            options={TOOL_OPTIONS}
            onChange={(e) => patch({ tool: e.target.value })}
          />
        )}
      </Field>
      {values.tool === OTHER_TOOL && (
        <Field label="Which AI tool?" hint="The name of the tool as it should appear in the ledger." error={errors.get('tool_other')}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              ref={errors.register('tool_other')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={values.tool_other}
              maxLength={LIMITS.toolOther}
              autoComplete="off"
              onChange={(e) => patch({ tool_other: e.target.value })}
            />
          )}
        </Field>
      )}
      <fieldset className="grid gap-3" aria-describedby={describedByWithError(PLATFORM_GROUP_ID, Boolean(platformError))}>
        <legend className="mb-1 text-sm font-medium">Where did the tool run?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLATFORMS.map((platform, index) => (
            <label
              key={platform}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
            >
              <input
                type="radio"
                name="platform"
                value={platform}
                ref={index === 0 ? errors.register('platform') : undefined}
                checked={values.platform === platform}
                onChange={() => patch({ platform })}
                className="mt-0.5 h-4 w-4 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
              <span>
                <span className="font-medium">{platform}</span>
                <span className="block text-muted-foreground">{PLATFORM_HINTS[platform]}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={fieldErrorId(PLATFORM_GROUP_ID)} message={platformError} />
      </fieldset>
    </div>
  );
}
