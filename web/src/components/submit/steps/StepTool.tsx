// Step 4: the AI tool, one of the 42 options; 'Other' asks which tool.
import { LIMITS } from '../../../../../core/constants';
import { AI_TOOLS, OTHER_TOOL } from '../../../../../core/tools';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { Field } from '../Field';
import type { PatchValues, WizardValues } from '../wizardValues';

const TOOL_OPTIONS = AI_TOOLS.map((tool) => ({ value: tool, label: tool }));

export function StepTool({ values, patch }: { values: WizardValues; patch: PatchValues }) {
  return (
    <div className="grid gap-6">
      <Field label="AI tool used">
        {({ id }) => (
          <Select
            id={id}
            value={values.tool}
            placeholder="Select an AI tool"
            options={TOOL_OPTIONS}
            onChange={(e) => patch({ tool: e.target.value })}
          />
        )}
      </Field>
      {values.tool === OTHER_TOOL && (
        <Field label="Which AI tool?" hint="The name of the tool as it should appear in the ledger.">
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={values.tool_other}
              maxLength={LIMITS.toolOther}
              autoComplete="off"
              onChange={(e) => patch({ tool_other: e.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}
