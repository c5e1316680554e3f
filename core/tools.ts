// AI tool list of the submission wizard and the ledger's filter option lists (docs/product.md §3, decision 0011).
import { DATE_FILTER_DAYS, type DateFilter } from './constants';

/** The 42 options of fast-submit step 4, in the spec's order. 'Other' asks for a specification. */
export const AI_TOOLS = [
  'Adobe Firefly',
  'AI Painter',
  'Artbreeder',
  'Automatic1111',
  'BigGAN',
  'Canva AI',
  'ChatGPT (DALL-E 2)',
  'ChatGPT (DALL-E 3)',
  'ChatGPT Image Generator',
  'CLIP',
  'ComfyUI',
  'Copilot',
  'Craiyon',
  'DALL-E 2',
  'DALL-E 3',
  'Deep AI',
  'DeepDream',
  'Disco Diffusion',
  'Fotor AI',
  'Gemini',
  'Google Imagen 2',
  'Google Imagen 3',
  'GPT Image Generator',
  'Grok',
  'Grok Imagine',
  'Grok Vision',
  'ImageFX',
  'Invoke AI',
  'Jasper Art',
  'Leonardo.AI',
  'Midjourney',
  'NightCafe',
  'Photosonic',
  'Playground AI',
  'Runway ML',
  'Stable Diffusion',
  'Starry AI',
  'StyleGAN',
  'Vertex AI',
  'VQGAN',
  'Wombo Dream',
  'Other',
] as const;

export type AiTool = (typeof AI_TOOLS)[number];
export const OTHER_TOOL = 'Other' satisfies AiTool;

export function isAiTool(value: unknown): value is AiTool {
  return typeof value === 'string' && (AI_TOOLS as readonly string[]).includes(value);
}

/**
 * The tool name a submission is filed under: the specification when 'Other' was chosen
 * (so the ledger shows 'Krea', not 'Other'), otherwise the chosen tool.
 */
export function effectiveToolName(tool: string, toolOther?: string | null): string {
  if (tool === OTHER_TOOL) return (toolOther ?? '').trim() || OTHER_TOOL;
  return tool;
}

// One collator each, made once: localeCompare with a locale builds a new one on every call,
// which made sorting this short list cost most of a millisecond each time the ledger changed.
const byNameIgnoringCase = new Intl.Collator('en', { sensitivity: 'base' }).compare;
const byName = new Intl.Collator('en').compare;

/**
 * Options of the ledger's tool filter (decision 0011): the tools actually present in the ledger
 * plus the 42-tool list, without duplicates, sorted alphabetically, without the 'Other' placeholder.
 * Names are compared exactly because the filter is an equality match on the stored value.
 */
export function ledgerToolOptions(toolsInLedger: readonly string[]): string[] {
  const names = new Set<string>();
  for (const tool of [...toolsInLedger, ...AI_TOOLS]) {
    const name = tool.trim();
    if (name && name !== OTHER_TOOL) names.add(name);
  }
  return [...names].sort((a, b) => byNameIgnoringCase(a, b) || byName(a, b));
}

/**
 * The spec's tag list. The ledger's filters now list the tags present in the ledger (decision
 * 0021); these are the wizard's first suggestions, so a young ledger still offers some.
 */
export const LEDGER_TAG_OPTIONS = [
  'portrait',
  'landscape',
  'abstract',
  'digital art',
  'concept art',
  'fantasy',
  'photorealistic',
] as const;

export const LEDGER_SORTS = ['newest', 'oldest', 'status', 'most-linked'] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];
export const DEFAULT_LEDGER_SORT: LedgerSort = 'newest';

export const LEDGER_SORT_OPTIONS: ReadonlyArray<{ value: LedgerSort; label: string }> = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'status', label: 'Highest Trust' },
  { value: 'most-linked', label: 'Most Linked' },
];

export const LEDGER_DATE_OPTIONS: ReadonlyArray<{ value: DateFilter; label: string; days: number }> = [
  { value: 'week', label: 'Past Week', days: DATE_FILTER_DAYS.week },
  { value: 'month', label: 'Past Month', days: DATE_FILTER_DAYS.month },
  { value: 'year', label: 'Past Year', days: DATE_FILTER_DAYS.year },
];

export function isLedgerSort(value: unknown): value is LedgerSort {
  return typeof value === 'string' && (LEDGER_SORTS as readonly string[]).includes(value);
}

export function isDateFilter(value: unknown): value is DateFilter {
  return typeof value === 'string' && Object.hasOwn(DATE_FILTER_DAYS, value);
}
