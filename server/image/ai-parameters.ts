// Recognises the generation settings AI image tools embed, and says where they were found.
import { looksLikeA1111, parseA1111 } from './a1111';
import { comfyParameters, parseComfyGraph } from './comfyui';
import { MAX_COMFYUI_TEXT_BYTES } from './limits';
import type { AiParameters } from './types';

const MAX_RAW_CHARS = 20_000;

export interface AiParametersFinding {
  parameters: AiParameters;
  /** Entries for EmbeddedMetadata.found, e.g. 'PNG parameters (Automatic1111)'. */
  found: string[];
}

function truncate(text: string): string {
  return text.length > MAX_RAW_CHARS ? text.slice(0, MAX_RAW_CHARS) : text;
}

/** JSON.parse is linear, but no tool writes more than this: a longer text is not read. */
function parseJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text.length > MAX_COMFYUI_TEXT_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function fromA1111(text: string, where: string): AiParametersFinding {
  const { prompt, negativePrompt, settings } = parseA1111(text);
  return {
    parameters: {
      source: 'automatic1111',
      prompt,
      negativePrompt,
      model: settings.Model || settings['Model hash'] || undefined,
      seed: settings.Seed || undefined,
      raw: truncate(text),
    },
    found: [`${where} (Automatic1111)`],
  };
}

function fromComfyUi(texts: Map<string, string>): AiParametersFinding | null {
  const promptText = texts.get('prompt');
  const graph = promptText === undefined ? null : parseComfyGraph(promptText);
  const hasWorkflow = parseJsonObject(texts.get('workflow')) !== null;
  if (!graph && !hasWorkflow) return null;
  const found = [...(graph ? ['PNG prompt (ComfyUI)'] : []), ...(hasWorkflow ? ['PNG workflow (ComfyUI)'] : [])];
  return {
    parameters: {
      source: 'comfyui',
      ...(graph ? comfyParameters(graph) : {}),
      raw: truncate(graph ? promptText! : texts.get('workflow')!),
    },
    found,
  };
}

function fromNovelAi(texts: Map<string, string>): AiParametersFinding | null {
  if (!texts.get('Software')?.startsWith('NovelAI')) return null;
  const comment = parseJsonObject(texts.get('Comment'));
  return {
    parameters: {
      source: 'novelai',
      prompt: asText(comment?.prompt) ?? asText(texts.get('Description')),
      negativePrompt: asText(comment?.uc),
      model: asText(texts.get('Source')),
      seed: asText(comment?.seed),
      raw: truncate(texts.get('Comment') ?? texts.get('Description') ?? ''),
    },
    found: [comment ? 'PNG Comment (NovelAI)' : 'PNG Software (NovelAI)'],
  };
}

function fromInvokeAi(texts: Map<string, string>): AiParametersFinding | null {
  const current = parseJsonObject(texts.get('invokeai_metadata'));
  if (current) {
    const model = current.model;
    const modelName =
      asText(model) ??
      (model && typeof model === 'object'
        ? (asText((model as Record<string, unknown>).name) ?? asText((model as Record<string, unknown>).model_name))
        : undefined);
    return {
      parameters: {
        source: 'invokeai',
        prompt: asText(current.positive_prompt),
        negativePrompt: asText(current.negative_prompt),
        model: modelName,
        seed: asText(current.seed),
        raw: truncate(texts.get('invokeai_metadata')!),
      },
      found: ['PNG invokeai_metadata (InvokeAI)'],
    };
  }
  // Older InvokeAI (2.x): { model_weights, image: { prompt: [{ prompt, weight }] | string, seed } }.
  const legacy = parseJsonObject(texts.get('sd-metadata'));
  if (!legacy) return null;
  const image = (legacy.image && typeof legacy.image === 'object' ? legacy.image : {}) as Record<string, unknown>;
  const prompt = Array.isArray(image.prompt)
    ? image.prompt
        .map((part: unknown) => asText((part as Record<string, unknown> | null)?.prompt))
        .filter(Boolean)
        .join(' ')
    : asText(image.prompt);
  return {
    parameters: {
      source: 'invokeai',
      prompt: prompt || undefined,
      model: asText(legacy.model_weights),
      seed: asText(image.seed),
      raw: truncate(texts.get('sd-metadata')!),
    },
    found: ['PNG sd-metadata (InvokeAI)'],
  };
}

/**
 * Generation settings from PNG text chunks (keyword → text) or from an EXIF UserComment,
 * where Automatic1111 puts them in JPEG and WebP files. Undefined when none is recognised.
 */
export function findAiParameters(pngTexts: Map<string, string>, userComment?: string): AiParametersFinding | undefined {
  // `parameters` is the keyword A1111 (and its forks) write; nobody else uses it.
  const a1111Text = pngTexts.get('parameters');
  if (a1111Text !== undefined && a1111Text.trim() !== '') return fromA1111(a1111Text, 'PNG parameters');
  const found = fromComfyUi(pngTexts) ?? fromInvokeAi(pngTexts) ?? fromNovelAi(pngTexts);
  if (found) return found;
  if (userComment !== undefined && looksLikeA1111(userComment)) return fromA1111(userComment, 'EXIF UserComment');
  return undefined;
}
