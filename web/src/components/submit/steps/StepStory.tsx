// Step 3: the story behind the work, and its tags (both optional).
import { LIMITS } from '#core/constants';
import { Textarea } from '../../ui/Textarea';
import { Field } from '../Field';
import { TagPicker } from '../TagPicker';
import type { StepProps } from './stepProps';

export function StepStory({ values, patch, errors }: StepProps) {
  return (
    <div className="grid gap-6">
      <Field
        label="Story and context"
        labelSuffix="(optional)"
        hint="How and why you made it: ideas, iterations, edits after generation."
        counter={{ length: values.story_context.length, max: LIMITS.story }}
        error={errors.get('story_context')}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            ref={errors.register('story_context')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            rows={7}
            value={values.story_context}
            maxLength={LIMITS.story}
            onChange={(e) => patch({ story_context: e.target.value })}
          />
        )}
      </Field>
      <TagPicker
        tags={values.tags}
        input={values.tag_input}
        onChange={patch}
        error={errors.get('tags')}
        onError={(problem) => (problem ? errors.show({ tags: problem.description }) : errors.clear('tags'))}
        inputRef={errors.register('tags')}
      />
    </div>
  );
}
