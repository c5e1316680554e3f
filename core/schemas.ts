// Zod schemas for every form and request body, shared by the server (authoritative) and the
// browser forms. Each issue's message is a MessageId from core/messages.ts; use
// firstIssueMessage / fieldErrors / validationErrorBody (core/validation.ts) to turn a
// ZodError into the exact title + description of docs/product.md §5.
//
// The schemas hold only checks and defaults, no transforms, so they still convert to JSON
// Schema for the OpenAPI description. Storage-ready values come from normaliseSubmissionBody.
import { z } from 'zod';
import { DEFAULT_PLATFORM, LIMITS, PLATFORMS, PROFILE_LINKS, PROMPT_VISIBILITIES, REMOVAL_DECISIONS, TAGS } from './constants';
import { adminReasonSchema } from './admin-reason';
import { UUID_PATTERN } from './ids';
import { linkProblem } from './links';
import { hasControlCharacters } from './text-safety';
import { DEFAULT_PERMISSIONS, type PermissionKey } from './license';
import type { MessageId } from './messages';
import { AI_TOOLS, OTHER_TOOL } from './tools';
import { normaliseTag, normaliseTags, TAG_PATTERN } from './tags';

/** docs/product.md §5: local part, '@', domain, '.', at least 2 letters. The one e-mail rule everywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

// No check uses `abort: true`: an explicitly aborted issue would also stop the object-level
// rules below from running. A field may thus report two issues (a blank e-mail also fails the
// pattern); the first, in check order, is the one shown.
export const err = (id: MessageId) => ({ error: id });

/** Trimmed text that must not be blank. */
function requiredText(required: MessageId, max: number, tooLong: MessageId) {
  return z.string(err(required)).trim().min(1, err(required)).max(max, err(tooLong));
}

/** Trimmed text that may be absent, null or blank. */
function optionalText(max: number, tooLong: MessageId) {
  return z.string().trim().max(max, err(tooLong)).nullish();
}

// One-line fields (titles, names, tool names) are copied into feeds, CSV rows and e-mail
// subjects, where a line break inside them would start a new line or record (issue 34).
const oneLine = (text: string) => !hasControlCharacters(text);

/** Trimmed one-line text that must not be blank. */
function requiredLine(required: MessageId, max: number, tooLong: MessageId) {
  return requiredText(required, max, tooLong).refine(oneLine, err('controlCharacters'));
}

/** Trimmed one-line text that may be absent, null or blank. */
function optionalLine(max: number, tooLong: MessageId) {
  return z.string().trim().max(max, err(tooLong)).refine(oneLine, err('controlCharacters')).nullish();
}

/** A link as core/links.ts accepts it; blank is allowed when `blankAllowed` (the form's empty slots). */
export function linkField(invalid: MessageId, blankAllowed: boolean) {
  return z
    .string(err(invalid))
    .trim()
    .max(LIMITS.profileLinkUrl, err('profileLinkTooLong'))
    .superRefine((link, ctx) => {
      if (blankAllowed && link === '') return;
      const problem = linkProblem(link);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'credentials' ? 'linkHasCredentials' : invalid });
    });
}

function emailField(required: MessageId, invalid: MessageId, tooLong: MessageId) {
  return z.string(err(required)).trim().min(1, err(required)).regex(EMAIL_PATTERN, err(invalid)).max(LIMITS.email, err(tooLong));
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Object-level rules run even when other fields fail, so a form can show every field's error. */
const always = { when: () => true };

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Quick-start form (home page). The image is checked by the form itself, before these fields.

export const quickStartSchema = z.object({
  email: emailField('emailRequired', 'emailInvalid', 'emailTooLong'),
  name: requiredLine('nameRequired', LIMITS.artistName, 'artistNameTooLong'),
  title: requiredLine('titleRequired', LIMITS.title, 'titleTooLong'),
});
export type QuickStartDraft = z.output<typeof quickStartSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/submissions (decision 0033). Unknown keys such as trust_meter, image_hash,
// is_public or verification_method are stripped: the server decides those (decision 0001).

const permissionFlag = (key: PermissionKey) => z.boolean(err('permissionsInvalid')).default(DEFAULT_PERMISSIONS[key]);

export const permissionsSchema = z
  .object({
    allow_ai_training: permissionFlag('allow_ai_training'),
    restrict_usage: permissionFlag('restrict_usage'),
    remix_allowed: permissionFlag('remix_allowed'),
    no_commercial: permissionFlag('no_commercial'),
    sensitive_content: permissionFlag('sensitive_content'),
    must_give_credit: permissionFlag('must_give_credit'),
  })
  .prefault({});

/** Blank entries are allowed here and dropped by the normaliser; the 5-link limit counts the rest. */
/**
 * Lists are counted before their items are checked: a body with thousands of entries is refused
 * with one message instead of one validation issue per entry (the parser's budget, issue 11).
 * The form may send blank link slots, so the raw list may be a little longer than the limit.
 */
function countedFirst<T extends z.ZodType<unknown, unknown[]>>(
  limit: { max: number; notAList: MessageId; tooMany: MessageId },
  items: T,
) {
  return z.array(z.unknown(), err(limit.notAList)).max(limit.max, err(limit.tooMany)).pipe(items);
}

export const profileLinksSchema = countedFirst(
  { max: PROFILE_LINKS.max * 2, notAList: 'profileLinkInvalid', tooMany: 'tooManyProfileLinks' },
  z
    .array(linkField('profileLinkInvalid', true), err('profileLinkInvalid'))
    .refine((links) => links.filter(hasText).length <= PROFILE_LINKS.max, err('tooManyProfileLinks')),
).default([]);

export const coAuthorsSchema = countedFirst(
  { max: LIMITS.coAuthors, notAList: 'coAuthorTooLong', tooMany: 'tooManyCoAuthors' },
  z.array(
    z.string(err('coAuthorTooLong')).trim().max(LIMITS.coAuthorName, err('coAuthorTooLong')).refine(oneLine, err('controlCharacters')),
  ),
).default([]);

/**
 * Decision 0064: each co-author's e-mail address, by the index of `co_authors` (blank: none), so
 * the form keeps a name and its address side by side. Private: never in a public answer.
 */
export const coAuthorEmailsSchema = countedFirst(
  { max: LIMITS.coAuthors, notAList: 'coAuthorEmailInvalid', tooMany: 'tooManyCoAuthors' },
  z.array(
    z
      .string(err('coAuthorEmailInvalid'))
      .trim()
      .max(LIMITS.email, err('coAuthorEmailInvalid'))
      .refine((email) => email === '' || EMAIL_PATTERN.test(email), err('coAuthorEmailInvalid')),
  ),
).default([]);

/** The index of each given co-author address that has no name beside it, or is the artist's own. */
function coAuthorEmailProblems(body: unknown): { index: number; problem: MessageId }[] {
  const emails = fieldOf(body, 'co_author_emails');
  const names = fieldOf(body, 'co_authors');
  const own = fieldOf(body, 'author_email');
  if (!Array.isArray(emails)) return [];
  const problems: { index: number; problem: MessageId }[] = [];
  emails.forEach((email: unknown, index) => {
    if (!hasText(email)) return;
    const name: unknown = Array.isArray(names) ? names[index] : undefined;
    if (!hasText(name)) problems.push({ index, problem: 'coAuthorEmailWithoutName' });
    else if (typeof own === 'string' && String(email).trim().toLowerCase() === own.trim().toLowerCase())
      problems.push({ index, problem: 'coAuthorOwnAddress' });
  });
  return problems;
}

/**
 * The artist's tags. 'AI Art' is added by the server and counts towards the limit; blank entries
 * are dropped. Checked in their stored form (core/tags.ts), so 'Portrait' and 'portrait' are one tag.
 */
export const tagsSchema = countedFirst(
  { max: TAGS.max * 2, notAList: 'tagInvalid', tooMany: 'tooManyTags' },
  z.array(
    z
      .string(err('tagInvalid'))
      .trim()
      .max(TAGS.maxLength, err('tagTooLong'))
      .refine((tag) => normaliseTag(tag) === '' || TAG_PATTERN.test(normaliseTag(tag)), err('tagInvalid')),
  ),
)
  .refine((tags) => normaliseTags(tags).length <= TAGS.max, err('tooManyTags'))
  .default([]);

export const platformSchema = z.enum(PLATFORMS, err('platformInvalid')).default(DEFAULT_PLATFORM);

export const aiToolSchema = z.enum(AI_TOOLS, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'toolRequired' : 'toolUnknown'),
});

export const submissionBodySchema = z
  .object({
    upload_id: z.string(err('fastImageRequired')).trim().min(1, err('fastImageRequired')).regex(UUID_PATTERN, err('uploadInvalid')),
    title: requiredLine('fastTitleRequired', LIMITS.title, 'titleTooLong'),
    prompt: optionalText(LIMITS.prompt, 'promptTooLong'),
    prompt_visibility: z.enum(PROMPT_VISIBILITIES, err('promptVisibilityInvalid')).default('public'),
    story_context: optionalText(LIMITS.story, 'storyTooLong'),
    tool: aiToolSchema,
    tool_other: optionalLine(LIMITS.toolOther, 'toolOtherTooLong'),
    platform: platformSchema,
    tags: tagsSchema,
    permissions: permissionsSchema,
    author_email: emailField('fastEmailRequired', 'emailInvalid', 'emailTooLong'),
    author_full_name: optionalLine(LIMITS.fullName, 'fullNameTooLong'),
    artist_name: optionalLine(LIMITS.artistName, 'artistNameTooLong'),
    profile_links: profileLinksSchema,
    co_authors: coAuthorsSchema,
    co_author_emails: coAuthorEmailsSchema,
  })
  .superRefine((body, ctx) => {
    for (const { index, problem } of coAuthorEmailProblems(body))
      ctx.addIssue({ code: 'custom', message: problem, path: ['co_author_emails', index] });
  })
  .refine((body) => fieldOf(body, 'tool') !== OTHER_TOOL || hasText(fieldOf(body, 'tool_other')), {
    error: 'toolOtherRequired',
    path: ['tool_other'],
    ...always,
  })
  .refine((body) => hasText(fieldOf(body, 'author_full_name')) || hasText(fieldOf(body, 'artist_name')), {
    error: 'fastNameRequired',
    path: ['author_full_name'],
    ...always,
  });

/** What the client sends (defaults not yet applied). */
export type SubmissionBodyInput = z.input<typeof submissionBodySchema>;
/** What a successful parse gives. */
export type SubmissionBody = z.output<typeof submissionBodySchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/removal-requests. docs/product.md §5 checks all required fields first ('Missing Information'),
// and only then the e-mail pattern ('Invalid Email'), so that rule runs on an otherwise valid body.

export const removalRequestSchema = z
  .object({
    submission_url: requiredText('removalMissingInfo', LIMITS.removalUrl, 'removalUrlTooLong'),
    requestor_name: requiredLine('removalMissingInfo', LIMITS.removalName, 'removalNameTooLong'),
    requestor_email: requiredText('removalMissingInfo', LIMITS.removalEmail, 'removalEmailTooLong'),
    reason: requiredText('removalMissingInfo', LIMITS.removalReason, 'removalReasonTooLong'),
    additional_info: optionalText(LIMITS.removalAdditionalInfo, 'removalAdditionalInfoTooLong'),
  })
  .refine((body) => isValidEmail(body.requestor_email), {
    error: 'removalInvalidEmail',
    path: ['requestor_email'],
    when: (payload) => payload.issues.length === 0,
  });
export type RemovalRequestBody = z.output<typeof removalRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Admin

export const adminLoginSchema = z.object({
  email: requiredText('adminCredentialsRequired', LIMITS.email, 'adminCredentialsTooLong'),
  // Not trimmed: spaces may be part of a password.
  password: z
    .string(err('adminCredentialsRequired'))
    .min(1, err('adminCredentialsRequired'))
    .max(LIMITS.adminPassword, err('adminCredentialsTooLong')),
});
export type AdminLoginBody = z.output<typeof adminLoginSchema>;

/** POST /api/admin/removal-requests/{id}/decision */
export const removalDecisionSchema = z.object({
  decision: z.enum(REMOVAL_DECISIONS, err('adminDecisionInvalid')),
  admin_notes: adminReasonSchema('decision'),
});
export type RemovalDecisionBody = z.output<typeof removalDecisionSchema>;

/** The admin dashboard's delete tool: a non-blank submission id. */
export const adminSubmissionIdSchema = z.object({
  submission_id: requiredText('adminSubmissionIdRequired', LIMITS.removalUrl, 'adminSubmissionIdRequired'),
});
