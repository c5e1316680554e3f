// Shapes of "Manage my works" (issue 18): the request bodies and answers of /api/manage/*, and
// the public history entry of a work shown on its proof page. Issue messages are MessageIds
// (core/messages.ts), turned into titles and descriptions by core/validation.ts. The manage
// answers go only to the artist who opened the e-mailed link; the history entry is public and
// holds counts, scores and the log leaf, never a URL, an address or a prompt.
import { z } from 'zod';
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

export const managedWorkSchema = z
  .object({
    id: z.guid(),
    registry_id: z.string(),
    title: z.string(),
    image_url: z.string().nullable(),
    created_at: z.string(),
    status: z.enum(['public', 'private', 'withdrawn']),
    prompt_visibility: z.enum(PROMPT_VISIBILITIES),
    resources: z.array(manageResourceSchema.required()).describe('The resources the artist gave (profiles and links).'),
    trust: trustBreakdownSchema,
    verify_url: z.string(),
    history: z.array(workUpdateSchema),
    watching: z.boolean().describe('Whether the signed-in address gets e-mail alerts about copies of this work.'),
    alerts: z.array(workAlertSchema).describe('The newest later registrations that look like copies of it.'),
  })
  .meta({ id: 'ManagedWork', description: 'One of the works registered with the signed-in address.' });
export type ManagedWork = z.infer<typeof managedWorkSchema>;

export const managedWorksSchema = z
  .object({ works: z.array(managedWorkSchema) })
  .meta({ id: 'ManagedWorks', description: 'Every work registered with the signed-in address, newest first.' });
export type ManagedWorks = z.infer<typeof managedWorksSchema>;
