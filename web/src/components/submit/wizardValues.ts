// The wizard's form values, their starting point (from the home form's draft, or the wizard's own
// draft after a reload) and the JSON body POST /api/submissions expects (core/schemas.ts
// submissionBodySchema).
import { DEFAULT_PLATFORM, PROFILE_LINKS, PROMPT_VISIBILITIES, type Platform, type PromptVisibility } from '#core/constants';
import { DEFAULT_PERMISSIONS, PERMISSION_KEYS, type Permissions } from '#core/license';
import { isPlatform } from '#core/platforms';
import type { SubmissionBodyInput } from '#core/schemas';
import { isAiTool } from '#core/tools';
import type { DraftFields } from '../../lib/draft';

export interface WizardValues {
  title: string;
  prompt: string;
  prompt_visibility: PromptVisibility;
  story_context: string;
  /** The artist's tags in their stored form, without 'AI Art' (always added by the server). */
  tags: string[];
  /** A tag being typed, not yet added: sent with the others, so nothing typed is lost. */
  tag_input: string;
  /** One of AI_TOOLS, or '' while none is chosen. */
  tool: string;
  tool_other: string;
  /** Where the tool ran. */
  platform: Platform;
  permissions: Permissions;
  author_email: string;
  author_full_name: string;
  artist_name: string;
  /** Always at least PROFILE_LINKS.min inputs (docs/product.md §5), blanks allowed. */
  profile_links: string[];
  co_authors: string[];
  /** Each co-author's address by index (decision 0064); private, so never kept in the draft. */
  co_author_emails: string[];
}

export type PatchValues = (patch: Partial<WizardValues>) => void;

export function initialWizardValues(draft: DraftFields | null): WizardValues {
  return {
    title: draft?.title ?? '',
    prompt: '',
    prompt_visibility: 'public',
    story_context: '',
    tags: [],
    tag_input: '',
    tool: '',
    tool_other: '',
    platform: DEFAULT_PLATFORM,
    permissions: { ...DEFAULT_PERMISSIONS },
    author_email: draft?.email ?? '',
    author_full_name: '',
    // The home form's 'Your Name' is the public artist name.
    artist_name: draft?.name ?? '',
    profile_links: Array.from({ length: PROFILE_LINKS.min }, () => ''),
    co_authors: [],
    co_author_emails: [],
  };
}

/** True while nothing differs from an empty wizard: such a wizard has no draft to keep. */
export function isPristine(values: WizardValues): boolean {
  return JSON.stringify(values) === JSON.stringify(initialWizardValues(null));
}

/** The values as the draft keeps them: everything but the e-mail addresses (lib/draft.ts). */
export function draftValues(values: WizardValues): Record<string, unknown> {
  const { author_email: _email, co_author_emails: _coAuthorEmails, ...rest } = values;
  return rest;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

/**
 * Values read back from a draft, field by field: anything missing or of the wrong type (a draft
 * from an older version of the app, an edited storage entry) falls back to the empty value.
 */
export function restoreWizardValues(stored: Record<string, unknown>, email: string | null): WizardValues {
  const base = initialWizardValues(null);
  const text = (key: keyof WizardValues) => (isText(stored[key]) ? (stored[key] as string) : (base[key] as string));
  const permissions = { ...base.permissions };
  const storedPermissions = stored.permissions;
  if (typeof storedPermissions === 'object' && storedPermissions !== null) {
    for (const key of PERMISSION_KEYS) {
      const value = (storedPermissions as Record<string, unknown>)[key];
      if (typeof value === 'boolean') permissions[key] = value;
    }
  }
  const links = isTextList(stored.profile_links) ? stored.profile_links : base.profile_links;
  return {
    title: text('title'),
    prompt: text('prompt'),
    prompt_visibility: (PROMPT_VISIBILITIES as readonly unknown[]).includes(stored.prompt_visibility)
      ? (stored.prompt_visibility as PromptVisibility)
      : base.prompt_visibility,
    story_context: text('story_context'),
    tags: isTextList(stored.tags) ? stored.tags : base.tags,
    tag_input: text('tag_input'),
    tool: isAiTool(stored.tool) ? stored.tool : base.tool,
    tool_other: text('tool_other'),
    platform: isPlatform(stored.platform) ? stored.platform : base.platform,
    permissions,
    author_email: email ?? '',
    author_full_name: text('author_full_name'),
    artist_name: text('artist_name'),
    profile_links: links.length >= PROFILE_LINKS.min ? links.slice(0, PROFILE_LINKS.max) : base.profile_links,
    co_authors: isTextList(stored.co_authors) ? stored.co_authors : base.co_authors,
    co_author_emails: base.co_author_emails,
  };
}

/** The chosen tags plus the one being typed, as sent. */
export function tagsToSend(values: Pick<WizardValues, 'tags' | 'tag_input'>): string[] {
  return values.tag_input.trim() ? [...values.tags, values.tag_input] : values.tags;
}

/**
 * The request body as filled in so far. Absent values (no upload yet, no tool chosen, blank
 * optional text) are left out, so the step checks report them and the server's defaults apply.
 * The link and co-author lists go as shown, blanks included (the server drops blanks), so an
 * error's index ('profile_links.1') names the input on screen.
 */
export function toSubmissionBody(values: WizardValues, uploadId: string | undefined): Partial<SubmissionBodyInput> {
  return {
    ...(uploadId ? { upload_id: uploadId } : {}),
    title: values.title,
    prompt: values.prompt.trim() ? values.prompt : null,
    prompt_visibility: values.prompt_visibility,
    story_context: values.story_context.trim() ? values.story_context : null,
    tags: tagsToSend(values),
    ...(isAiTool(values.tool) ? { tool: values.tool } : {}),
    tool_other: values.tool_other.trim() ? values.tool_other : null,
    platform: values.platform,
    permissions: values.permissions,
    author_email: values.author_email,
    author_full_name: values.author_full_name,
    artist_name: values.artist_name,
    profile_links: values.profile_links,
    co_authors: values.co_authors,
    co_author_emails: values.co_author_emails,
  };
}
