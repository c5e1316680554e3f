// Turns zod issues into the spec's title + description pairs, in the order the forms check them.
import type { z } from 'zod';
import { validationFailed, type AppError } from './app-error';
import { isMessageId, MESSAGES, type MessageId, type MessagePair } from './messages';
import { quickStartSchema, submissionBodySchema } from './schemas';

/** What these functions read of an issue: a zod issue, or one the HTTP layer reports after schema validation. */
export interface ValidationIssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
type Issue = ValidationIssueLike;
type Issues = z.ZodError | readonly Issue[];

const issuesOf = (error: Issues): readonly Issue[] => ('issues' in error ? error.issues : error);

export interface IssueMessage extends MessagePair {
  /** Dotted path of the field ('title', 'profile_links.2'), or null for the whole body. */
  field: string | null;
  /** The message id, or null when zod's own wording had to be used. */
  id: MessageId | null;
}

/**
 * The order in which fields are checked across all forms: the quick-start form (email, name,
 * title), the wizard's steps, the removal form, the admin forms. Object-level rules (the 'Other'
 * tool, the name pair) report after the field rules in zod; sorting puts them back in step order.
 */
const FIELD_ORDER: readonly string[] = [
  // quick start
  'email',
  'name',
  // wizard: step 1, 2, 3, 4, 5, 6
  'upload_id',
  'title',
  'prompt',
  'prompt_visibility',
  'story_context',
  'tags',
  'tool',
  'tool_other',
  'platform',
  'permissions',
  'author_email',
  'author_full_name',
  'artist_name',
  'profile_links',
  'co_authors',
  'co_author_emails',
  // removal request
  'submission_url',
  'requestor_name',
  'requestor_email',
  'reason',
  'additional_info',
  // admin
  'password',
  'decision',
  'admin_notes',
  'submission_id',
];

function rank(issue: Issue): number {
  const i = FIELD_ORDER.indexOf(String(issue.path[0] ?? ''));
  return i === -1 ? FIELD_ORDER.length : i;
}

/** Issues sorted into check order; issues of the same field keep zod's order. */
export function orderedIssues(error: Issues): Issue[] {
  return [...issuesOf(error)].sort((a, b) => rank(a) - rank(b));
}

function fieldPath(issue: Issue): string | null {
  return issue.path.length ? issue.path.map(String).join('.') : null;
}

export function issueMessage(issue: Issue): IssueMessage {
  const field = fieldPath(issue);
  if (isMessageId(issue.message)) return { ...MESSAGES[issue.message], field, id: issue.message };
  // A zod default message (e.g. a number where text was expected): still say which field.
  return { title: 'Invalid input', description: field ? `${field}: ${issue.message}` : issue.message, field, id: null };
}

/** The message a form shows as its toast: the first failing check in check order. */
export function firstIssueMessage(error: Issues): IssueMessage {
  const [first] = orderedIssues(error);
  if (!first) return { ...MESSAGES.unexpectedError, field: null, id: 'unexpectedError' };
  return issueMessage(first);
}

/** One description per field (its first failing check), for messages under each input. */
export function fieldErrors(error: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of orderedIssues(error)) {
    const key = fieldPath(issue) ?? '_';
    if (!(key in out)) out[key] = issueMessage(issue).description;
  }
  return out;
}

export interface ValidationErrorBody {
  error: { code: 'validation_failed'; message: string; title: string; fields: Record<string, string> };
}

/** The server's 400 body for invalid input (the error shape of decision 0033). */
export function validationErrorBody(error: Issues): ValidationErrorBody {
  const first = firstIssueMessage(error);
  return {
    error: { code: 'validation_failed', message: first.description, title: first.title, fields: fieldErrors(error) },
  };
}

/** The same answer as an error to throw: routes that validate with a schema give it as `config.validationError`. */
export function validationFailedError(issues: readonly Issue[]): AppError {
  const { error } = validationErrorBody(issues);
  return validationFailed(error.message, error.fields, error.title);
}

// ---------------------------------------------------------------------------------------------
// Form-level checks in the spec's order

/** Quick-start 'Continue to Verification' (docs/product.md §5): image → e-mail blank → e-mail pattern → name → title. */
export function validateQuickStart(input: { hasImage: boolean; email: string; name: string; title: string }): MessagePair | null {
  if (!input.hasImage) return MESSAGES.imageRequired;
  const result = quickStartSchema.safeParse({ email: input.email, name: input.name, title: input.title });
  if (result.success) return null;
  const { title, description } = firstIssueMessage(result.error);
  return { title, description };
}

/**
 * Every failing field of the quick-start form with its message ('image', 'email', 'name',
 * 'title', in check order), for the messages under the fields (issue 17); the toast keeps
 * validateQuickStart's first one.
 */
export function quickStartFieldErrors(input: {
  hasImage: boolean;
  email: string;
  name: string;
  title: string;
}): Record<string, string> {
  const out: Record<string, string> = input.hasImage ? {} : { image: MESSAGES.imageRequired.description };
  const result = quickStartSchema.safeParse({ email: input.email, name: input.name, title: input.title });
  return result.success ? out : { ...out, ...fieldErrors(result.error) };
}

/** The body fields each wizard step collects; step 7 (review) checks everything. */
export const WIZARD_STEP_FIELDS: Readonly<Record<number, readonly string[]>> = {
  1: ['upload_id'],
  2: ['title', 'prompt', 'prompt_visibility'],
  3: ['story_context', 'tags'],
  4: ['tool', 'tool_other', 'platform'],
  5: ['permissions'],
  6: ['author_email', 'author_full_name', 'artist_name', 'profile_links', 'co_authors', 'co_author_emails'],
};

/**
 * The first problem that keeps a wizard step from advancing, or null. `draft` is the
 * submission body as filled in so far; fields of later steps are ignored.
 */
export function validateWizardStep(step: number, draft: Record<string, unknown>): IssueMessage | null {
  const result = submissionBodySchema.safeParse(draft);
  if (result.success) return null;
  const fields = WIZARD_STEP_FIELDS[step];
  const issue = orderedIssues(result.error).find((i) => !fields || fields.includes(String(i.path[0] ?? '')));
  return issue ? issueMessage(issue) : null;
}

/**
 * Every field of a wizard step that fails, with its message (the first failing check of each
 * field, in check order), for the messages under the fields. Step 7 (review) checks every field.
 */
export function wizardStepFieldErrors(step: number, draft: Record<string, unknown>): Record<string, string> {
  const result = submissionBodySchema.safeParse(draft);
  if (result.success) return {};
  const fields = WIZARD_STEP_FIELDS[step];
  const all = fieldErrors(result.error);
  return Object.fromEntries(Object.entries(all).filter(([path]) => !fields || fields.includes(path.split('.')[0])));
}

/** The wizard step that collects a body field ('profile_links.2' → 6), or null. */
export function wizardStepOfField(path: string): number | null {
  const field = path.split('.')[0];
  for (const [step, fields] of Object.entries(WIZARD_STEP_FIELDS)) if (fields.includes(field)) return Number(step);
  return null;
}
