// Shapes of "Manage my works" (issue 18): the request bodies and answers of /api/manage/*, and
// the public history entry of a work shown on its proof page. Issue messages are MessageIds
// (core/messages.ts), turned into titles and descriptions by core/validation.ts. The manage
// answers go only to the artist who opened the e-mailed link; the history entry is public and
// holds counts, scores and the log leaf, never a URL, an address or a prompt.
import { z } from 'zod';
import { linkProofSchema } from './link-proofs';
import { LIMITS, MANAGE, MANAGE_RESOURCE_TYPES, PROMPT_VISIBILITIES } from '../constants';
import { EMAIL_PATTERN, err, linkField } from '../schemas';
import { trustBreakdownSchema } from './submissions';
import { workUpdateSchema } from './work-history';

// ---- Request bodies ----

export const manageLinkRequestSchema = z.object({
  email: z
    .string(err('fastEmailRequired'))
    .trim()
    .min(1, err('fastEmailRequired'))
    .regex(EMAIL_PATTERN, err('emailInvalid'))
    .max(LIMITS.email, err('emailTooLong')),
});

export const manageSessionRequestSchema = z.object({
  token: z.string(err('manageLinkInvalid')).max(200, err('manageLinkInvalid')),
});

export const manageResourceSchema = z.object({
  type: z.enum(MANAGE_RESOURCE_TYPES, err('manageResourceInvalid')),
  url: linkField('manageResourceInvalid', false),
  description: z.string().trim().max(MANAGE.resourceDescription, err('manageResourceInvalid')).optional(),
});
export type ManageResource = z.infer<typeof manageResourceSchema>;

/** Every field is optional; what is given replaces what is stored (the resources as a whole list). */
export const manageWorkChangeSchema = z.object({
  resources: z
    .array(z.unknown(), err('manageResourceInvalid'))
    .max(MANAGE.maxResources, err('manageTooManyResources'))
    .pipe(z.array(manageResourceSchema))
    .optional(),
  prompt_visibility: z.enum(PROMPT_VISIBILITIES, err('manageResourceInvalid')).optional(),
  visibility: z.enum(['public', 'private'], err('manageResourceInvalid')).optional(),
  /** The artist's AI-training consent (decision 0041); a change is sent to integrators as consent.changed. */
  allow_ai_training: z.boolean(err('manageResourceInvalid')).optional(),
});
export type ManageWorkChange = z.infer<typeof manageWorkChangeSchema>;

export const manageWithdrawSchema = z.object({
  reason: z
    .string(err('manageReasonRequired'))
    .trim()
    .min(1, err('manageReasonRequired'))
    .max(MANAGE.withdrawalReason, err('manageReasonRequired')),
});

// ---- Answers ----

export const manageMessageSchema = z
  .object({ title: z.string(), message: z.string() })
  .meta({ id: 'ManageMessage', description: 'A sentence for the person, the same whatever the address.' });

export const workAlertSchema = z
  .object({
    registry_id: z.string(),
    title: z.string(),
    artist_name: z.string(),
    reason: z.enum(['exact_duplicate', 'near_duplicate', 'profile_link']),
    distance: z.number().int().nullable().describe('Bits that differ between the perceptual hashes (near duplicates).'),
    created_at: z.string(),
    proof_url: z.string(),
  })
  .meta({ id: 'WorkAlert', description: 'A later public registration that looks like a copy of the work.' });
export type WorkAlert = z.infer<typeof workAlertSchema>;

/** PUT /api/manage/works/{id}/watch: start or stop e-mail alerts about copies of the work. */
export const manageWatchSchema = z.object({ watching: z.boolean(err('manageResourceInvalid')) });

// ---- Co-authors confirm by e-mail (issue 33, decision 0064): their states on the manage page ----
export const CO_AUTHOR_STATES = ['confirmed', 'declined', 'invited', 'link_expired', 'not_invited'] as const;
export type CoAuthorState = (typeof CO_AUTHOR_STATES)[number];
export const managedCoAuthorSchema = z
  .object({
    name: z.string().describe('A credited co-author, as the work names them.'),
    state: z
      .enum(CO_AUTHOR_STATES)
      .describe(
        'confirmed or declined by them; invited (the link waits for their answer), link_expired (it was not answered in time), ' +
          'or not_invited (no address was given).',
      ),
  })
  .meta({ id: 'ManagedCoAuthor', description: 'A credited co-author and their answer; never their address.' });
export type ManagedCoAuthor = z.infer<typeof managedCoAuthorSchema>;

export const managedWorkSchema = z
  .object({
    id: z.guid(),
    registry_id: z.string(),
    title: z.string(),
    image_url: z.string().nullable(),
    created_at: z.string(),
    status: z.enum(['public', 'private', 'withdrawn']),
    prompt_visibility: z.enum(PROMPT_VISIBILITIES),
    allow_ai_training: z.boolean().describe('The artist allows AI training on the work (decision 0041).'),
    resources: z.array(manageResourceSchema.required()).describe('The resources the artist gave (profiles and links).'),
    trust: trustBreakdownSchema,
    verify_url: z.string(),
    history: z.array(workUpdateSchema),
    watching: z.boolean().describe('Whether the signed-in address gets e-mail alerts about copies of this work.'),
    alerts: z.array(workAlertSchema).describe('The newest later registrations that look like copies of it.'),
    link_proofs: z.array(linkProofSchema).describe('Each link and whether the registry proved it.'),
    co_authors: z
      .array(managedCoAuthorSchema)
      .describe('Each credited co-author, in the order credited, with their state (decision 0064).'),
    backlink: z
      .string()
      .describe(
        'The markup to put on a page to prove it: a rel="me" link to the artist page here once the signed-in address claimed the ' +
          "name, else to this work's own proof page.",
      ),
  })
  .meta({ id: 'ManagedWork', description: 'One of the works registered with the signed-in address.' });
export type ManagedWork = z.infer<typeof managedWorkSchema>;

export const managedWorksSchema = z
  .object({ works: z.array(managedWorkSchema) })
  .meta({ id: 'ManagedWorks', description: 'Every work registered with the signed-in address, newest first.' });
export type ManagedWorks = z.infer<typeof managedWorksSchema>;
