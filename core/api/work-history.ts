// The public history of a work (issue 18): each change its artist made after registering it, as
// shown on the proof page ("Updated on …: 2 resources added, score 64 → 71"). An entry holds
// counts, scores and the log leaf only, never a URL, an address or a prompt.
import { z } from 'zod';
import { PROMPT_VISIBILITIES } from '../constants';

export const workUpdateChangesSchema = z.object({
  resources_added: z.number().int().nonnegative(),
  resources_removed: z.number().int().nonnegative(),
  prompt_visibility: z.enum(PROMPT_VISIBILITIES).optional().describe('Set when the prompt was made public or private.'),
  visibility: z.enum(['public', 'private']).optional().describe('Set when the work was made public or private.'),
});
export type WorkUpdateChanges = z.infer<typeof workUpdateChangesSchema>;

export const workUpdateSchema = z
  .object({
    at: z.string().describe('When the artist made the change, ISO 8601 UTC.'),
    changes: workUpdateChangesSchema,
    score_before: z.number().int(),
    score_after: z.number().int(),
    leaf_index: z
      .number()
      .int()
      .nullable()
      .describe("The change's 'updated' entry in the transparency log, numbered as log_index is."),
  })
  .meta({ id: 'WorkUpdate', description: 'A change the artist made to the work after registering it.' });
export type WorkUpdate = z.infer<typeof workUpdateSchema>;

/** 'Updated on …: 2 resources added, score 64 → 71' without the date: what a change did. */
export function describeWorkUpdate(update: Pick<WorkUpdate, 'changes' | 'score_before' | 'score_after'>): string {
  const parts: string[] = [];
  const { changes } = update;
  const count = (n: number, what: string) => `${n} ${n === 1 ? 'resource' : 'resources'} ${what}`;
  if (changes.resources_added > 0) parts.push(count(changes.resources_added, 'added'));
  if (changes.resources_removed > 0) parts.push(count(changes.resources_removed, 'removed'));
  if (changes.prompt_visibility) parts.push(`prompt made ${changes.prompt_visibility}`);
  if (changes.visibility) parts.push(`work made ${changes.visibility}`);
  parts.push(
    update.score_before === update.score_after
      ? `score ${update.score_after}`
      : `score ${update.score_before} → ${update.score_after}`,
  );
  return parts.join(', ');
}
