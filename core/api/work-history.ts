// The public history of a work (issue 18): each change its artist made after registering it, and
// each re-scoring by the registry (a link check, a new rubric: issue 33), as shown on the proof page ("Updated on …: 2 resources added, score 64 → 71"). An entry holds
// counts, scores and the log leaf only, never a URL, an address or a prompt.
import { z } from 'zod';
import { PROMPT_VISIBILITIES } from '../constants';

export const workUpdateChangesSchema = z.object({
  resources_added: z.number().int().nonnegative(),
  resources_removed: z.number().int().nonnegative(),
  prompt_visibility: z.enum(PROMPT_VISIBILITIES).optional().describe('Set when the prompt was made public or private.'),
  visibility: z.enum(['public', 'private']).optional().describe('Set when the work was made public or private.'),
  links_proven: z.number().int().nonnegative().optional().describe('Links a check found proven that were not before.'),
  links_lost: z.number().int().nonnegative().optional().describe('Links that were proven and a check found not proven any more.'),
  domains_proven: z.number().int().nonnegative().optional().describe("Domains of the artist's identity a check found proven."),
  domains_lost: z.number().int().nonnegative().optional().describe("Domains of the artist's identity no longer proven."),
  rubric_version: z.string().optional().describe('Set when the registry re-scored the work under a new trust rubric.'),
  allow_ai_training: z.boolean().optional().describe('Set when the artist changed whether the work may be used for AI training.'),
  co_authors_confirmed: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('Co-authors who confirmed by e-mail that they made the work (decision 0064).'),
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
  .meta({
    id: 'WorkUpdate',
    description: 'A change the artist made to the work after registering it, or a re-scoring by the registry.',
  });
export type WorkUpdate = z.infer<typeof workUpdateSchema>;

/** 'Updated on …: 2 resources added, score 64 → 71' without the date: what a change did. */
export function describeWorkUpdate(update: Pick<WorkUpdate, 'changes' | 'score_before' | 'score_after'>): string {
  const parts: string[] = [];
  const { changes } = update;
  if (changes.co_authors_confirmed)
    parts.push(`${changes.co_authors_confirmed === 1 ? 'co-author' : `${changes.co_authors_confirmed} co-authors`} confirmed`);
  const count = (n: number, what: string) => `${n} ${n === 1 ? 'resource' : 'resources'} ${what}`;
  if (changes.resources_added > 0) parts.push(count(changes.resources_added, 'added'));
  if (changes.resources_removed > 0) parts.push(count(changes.resources_removed, 'removed'));
  if (changes.prompt_visibility) parts.push(`prompt made ${changes.prompt_visibility}`);
  if (changes.visibility) parts.push(`work made ${changes.visibility}`);
  const links = (n: number, what: string) => `${n} ${n === 1 ? 'link' : 'links'} ${what}`;
  if (changes.links_proven) parts.push(links(changes.links_proven, 'proven'));
  if (changes.links_lost) parts.push(links(changes.links_lost, 'no longer proven'));
  const domains = (n: number, what: string) => `${n} ${n === 1 ? 'domain' : 'domains'} ${what}`;
  if (changes.domains_proven) parts.push(domains(changes.domains_proven, 'proven'));
  if (changes.domains_lost) parts.push(domains(changes.domains_lost, 'no longer proven'));
  if (changes.rubric_version) parts.push(`re-scored under trust rubric ${changes.rubric_version}`);
  if (changes.allow_ai_training !== undefined) parts.push(changes.allow_ai_training ? 'AI training allowed' : 'AI training reserved');
  parts.push(
    update.score_before === update.score_after
      ? `score ${update.score_after}`
      : `score ${update.score_before} → ${update.score_after}`,
  );
  return parts.join(', ');
}
