// Which generator a tool name or a metadata string points at. Small on purpose: a name that
// matches no family is "unknown" and never counts for or against a work.

export interface GeneratorFamily {
  id: string;
  /** Shown in reasons ('Embedded C2PA manifest names Midjourney, ...'). */
  label: string;
  pattern: RegExp;
  /** Families whose metadata is normal for this one (Flux models run inside Stable Diffusion UIs). */
  compatibleWith?: readonly string[];
}

export const GENERATOR_FAMILIES: readonly GeneratorFamily[] = [
  {
    id: 'stable-diffusion',
    label: 'Stable Diffusion',
    pattern: /stable[\s-]?diffusion|automatic\s?1111|\ba1111\b|comfy\s?ui|invoke\s?ai|\bsdxl\b|fooocus|\bforge\b|novelai/i,
    compatibleWith: ['flux'],
  },
  {
    id: 'openai',
    label: 'OpenAI (DALL-E, ChatGPT)',
    pattern: /openai|dall[\s·.-]?e|chat\s?gpt|gpt[\s-]?image|gpt-4o|copilot|bing image creator/i,
  },
  { id: 'adobe-firefly', label: 'Adobe Firefly', pattern: /firefly/i },
  { id: 'midjourney', label: 'Midjourney', pattern: /midjourney/i },
  { id: 'google', label: 'Google (Imagen, Gemini)', pattern: /imagen|gemini|imagefx|vertex\s?ai/i },
  { id: 'leonardo', label: 'Leonardo.AI', pattern: /leonardo/i },
  { id: 'xai', label: 'Grok', pattern: /\bgrok\b/i },
  { id: 'flux', label: 'Flux', pattern: /\bflux\b|black forest labs/i, compatibleWith: ['stable-diffusion'] },
  { id: 'canva', label: 'Canva', pattern: /canva/i },
  { id: 'runway', label: 'Runway', pattern: /runway/i },
  { id: 'nightcafe', label: 'NightCafe', pattern: /nightcafe/i },
  { id: 'playground', label: 'Playground AI', pattern: /playground/i },
];

/** The family a name belongs to, or null when the table does not know it. */
export function generatorFamily(name: string | null | undefined): GeneratorFamily | null {
  if (!name || name.trim() === '') return null;
  return GENERATOR_FAMILIES.find((f) => f.pattern.test(name)) ?? null;
}

/** Whether metadata naming `found` is consistent with a claim of `claimed`. */
export function sameGenerator(claimed: GeneratorFamily, found: GeneratorFamily): boolean {
  return claimed.id === found.id || (claimed.compatibleWith ?? []).includes(found.id);
}
