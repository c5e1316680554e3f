// What of an image's metadata a work stores and shows publicly: used when a work is registered
// (the stored copy) and when it is presented (the public record), so both apply one rule.
import type { PromptVisibility } from '../../core/constants';
import type { EmbeddedMetadata as ImageMetadata } from '../image';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * What of the file's metadata may be stored on the work and shown publicly. A private prompt
 * must not leak through the generation parameters the tool wrote into the file (decision 0017),
 * so their prompt texts (and a free-text description, where tools often copy the prompt) go.
 */
export function publicMetadata(metadata: ImageMetadata | unknown, promptVisibility: PromptVisibility): Record<string, unknown> {
  const meta = { ...(record(metadata) ?? {}) };
  if (!Array.isArray(meta.found)) meta.found = [];
  if (promptVisibility === 'public') return meta;
  delete meta.description;
  const ai = record(meta.aiParameters);
  if (ai) {
    const { source, model } = ai;
    meta.aiParameters = { source, ...(model !== undefined ? { model } : {}) };
  }
  return meta;
}
