// The wizard's form values, their starting point (from the home form's draft) and the JSON
// body POST /api/submissions expects (core/schemas.ts submissionBodySchema).
import { PROFILE_LINKS, type PromptVisibility } from '../../../../core/constants';
import { DEFAULT_PERMISSIONS, type Permissions } from '../../../../core/license';
import type { SubmissionBodyInput } from '../../../../core/schemas';
import { isAiTool } from '../../../../core/tools';
import type { DraftFields } from '../../lib/draft';

export interface WizardValues {
  title: string;
  prompt: string;
  prompt_visibility: PromptVisibility;
  story_context: string;
  /** One of AI_TOOLS, or '' while none is chosen. */
  tool: string;
  tool_other: string;
  permissions: Permissions;
  author_email: string;
  author_full_name: string;
  artist_name: string;
  /** Always at least PROFILE_LINKS.min inputs (SPEC §5), blanks allowed. */
  profile_links: string[];
  co_authors: string[];
}

export type PatchValues = (patch: Partial<WizardValues>) => void;

export function initialWizardValues(draft: DraftFields | null): WizardValues {
  return {
    title: draft?.title ?? '',
    prompt: '',
    prompt_visibility: 'public',
    story_context: '',
    tool: '',
    tool_other: '',
    permissions: { ...DEFAULT_PERMISSIONS },
    author_email: draft?.email ?? '',
    author_full_name: '',
    // The home form's 'Your Name' is the public artist name.
    artist_name: draft?.name ?? '',
    profile_links: Array.from({ length: PROFILE_LINKS.min }, () => ''),
    co_authors: [],
  };
}

const nonBlank = (values: readonly string[]) => values.map((v) => v.trim()).filter((v) => v !== '');

/**
 * The request body as filled in so far. Absent values (no upload yet, no tool chosen, blank
 * optional text) are left out, so the step checks report them and the server's defaults apply.
 */
export function toSubmissionBody(values: WizardValues, uploadId: string | undefined): Partial<SubmissionBodyInput> {
  return {
    ...(uploadId ? { upload_id: uploadId } : {}),
    title: values.title,
    prompt: values.prompt.trim() ? values.prompt : null,
    prompt_visibility: values.prompt_visibility,
    story_context: values.story_context.trim() ? values.story_context : null,
    ...(isAiTool(values.tool) ? { tool: values.tool } : {}),
    tool_other: values.tool_other.trim() ? values.tool_other : null,
    permissions: values.permissions,
    author_email: values.author_email,
    author_full_name: values.author_full_name,
    artist_name: values.artist_name,
    profile_links: nonBlank(values.profile_links),
    co_authors: nonBlank(values.co_authors),
  };
}
