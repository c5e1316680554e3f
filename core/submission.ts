// From a validated submission body to the values the server stores (docs/product.md §3 "Fast-submit payload").
import { NO_PROMPT_TEXT, type Platform, type PromptVisibility } from './constants';
import { deriveLicense, type ArtworkLicense, type Permissions } from './license';
import type { SubmissionBody } from './schemas';
import { normaliseTags } from './tags';
import { effectiveToolName } from './tools';

export interface NormalisedSubmission {
  upload_id: string;
  title: string;
  /** The prompt, or 'No prompt provided' when none was given (docs/product.md §5). */
  prompt: string;
  /** False when `prompt` is only the placeholder. */
  prompt_provided: boolean;
  prompt_visibility: PromptVisibility;
  story_context: string | null;
  /** The name the work is filed under: the specification when 'Other' was chosen. */
  tool: string;
  tool_other: string | null;
  /** Where the tool ran. */
  platform: Platform;
  /** 'AI Art' first, then the artist's tags in their stored form (core/tags.ts). */
  tags: string[];
  author_email: string;
  author_full_name: string;
  artist_name: string;
  /** Non-blank links, without duplicates, in the order given. */
  profile_links: string[];
  co_authors: string[];
  /** Decision 0064: the co-authors to ask to confirm, each credited name once. Private. */
  co_author_invites: CoAuthorInvite[];
  permissions: Permissions;
  artwork_license: ArtworkLicense;
}

export interface CoAuthorInvite {
  /** As credited in co_authors. */
  name: string;
  email: string;
}

/** Each credited name with the address typed beside it (same index), once per name; blanks dropped. */
export function coAuthorInvites(names: readonly string[], emails: readonly string[]): CoAuthorInvite[] {
  const seen = new Set<string>();
  const invites: CoAuthorInvite[] = [];
  names.forEach((raw, index) => {
    const name = raw.trim();
    const email = (emails[index] ?? '').trim();
    if (!name || !email || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    invites.push({ name, email });
  });
  return invites;
}

function blankToNull(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

function nonBlankUnique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** docs/product.md §5: a missing author name falls back to the other name field. */
export function resolveAuthorNames(
  fullName: string | null | undefined,
  artistName: string | null | undefined,
): { author_full_name: string; artist_name: string } {
  const full = blankToNull(fullName);
  const artist = blankToNull(artistName);
  return { author_full_name: full ?? artist ?? '', artist_name: artist ?? full ?? '' };
}

export function normaliseSubmissionBody(body: SubmissionBody): NormalisedSubmission {
  const prompt = blankToNull(body.prompt);
  const toolOther = blankToNull(body.tool_other);
  return {
    upload_id: body.upload_id.toLowerCase(),
    title: body.title.trim(),
    prompt: prompt ?? NO_PROMPT_TEXT,
    prompt_provided: prompt !== null,
    prompt_visibility: body.prompt_visibility,
    story_context: blankToNull(body.story_context),
    tool: effectiveToolName(body.tool, toolOther),
    tool_other: body.tool === 'Other' ? toolOther : null,
    platform: body.platform,
    tags: normaliseTags(body.tags),
    author_email: body.author_email.trim(),
    ...resolveAuthorNames(body.author_full_name, body.artist_name),
    profile_links: nonBlankUnique(body.profile_links),
    co_authors: nonBlankUnique(body.co_authors),
    co_author_invites: coAuthorInvites(body.co_authors, body.co_author_emails),
    permissions: { ...body.permissions },
    artwork_license: deriveLicense(body.permissions),
  };
}
