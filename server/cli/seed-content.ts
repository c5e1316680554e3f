// Made-up but plausible content for demo works: artists with stable profile links, titles,
// prompts composed from word lists, tools, permissions. Driven by a seeded random source so a
// run can be repeated (--seed).
import { AI_TOOLS, OTHER_TOOL } from '../../core/tools';

export type Random = () => number;

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
export const chance = (random: Random, p: number): boolean => random() < p;

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const FIRST = [
  'Mira',
  'Jonas',
  'Aiko',
  'Lucas',
  'Amara',
  'Noor',
  'Elena',
  'Tomás',
  'Yuki',
  'Ravi',
  'Lena',
  'Omar',
  'Sofia',
  'Kai',
  'Ines',
  'Mateo',
  'Hana',
  'Felix',
  'Zara',
  'Arjun',
  'Chloé',
  'Emil',
  'Priya',
  'Leo',
  'Maya',
  'Nikolai',
  'Ada',
  'Sven',
  'Lucía',
  'Kofi',
];
const LAST = [
  'Kovač',
  'Lindqvist',
  'Tanaka',
  'Moreau',
  'Okafor',
  'Haddad',
  'Petrova',
  'García',
  'Sato',
  'Iyer',
  'Weber',
  'Farouk',
  'Rossi',
  'Nakamura',
  'Silva',
  'Fernández',
  'Kim',
  'Becker',
  'Ahmed',
  'Mehta',
  'Dubois',
  'Novak',
  'Sharma',
  'Costa',
  'Ivanova',
  'Larsen',
  'Martín',
  'Mensah',
  'Horvat',
  'Berg',
];
const HANDLE_A = [
  'neon',
  'velvet',
  'quiet',
  'lunar',
  'pixel',
  'amber',
  'glass',
  'paper',
  'static',
  'hollow',
  'cobalt',
  'fern',
  'ember',
  'silver',
  'drift',
];
const HANDLE_B = [
  'fox',
  'atlas',
  'harbor',
  'moth',
  'garden',
  'signal',
  'orbit',
  'lantern',
  'tide',
  'studio',
  'canvas',
  'raven',
  'bloom',
  'forge',
  'dream',
];
const SITES = [
  (h: string) => `https://www.instagram.com/${h}`,
  (h: string) => `https://x.com/${h}`,
  (h: string) => `https://www.behance.net/${h}`,
  (h: string) => `https://www.artstation.com/${h}`,
  (h: string) => `https://www.deviantart.com/${h}`,
  (h: string) => `https://${h}.carrd.co`,
];

export interface SeedArtist {
  artistName: string;
  fullName: string;
  email: string;
  profileLinks: string[];
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '');
}

/** `count` artists with distinct names; about a third use a handle as their artist name. */
export function makeArtists(random: Random, count: number): SeedArtist[] {
  const artists: SeedArtist[] = [];
  const used = new Set<string>();
  while (artists.length < count) {
    const fullName = `${pick(random, FIRST)} ${pick(random, LAST)}`;
    const handle = `${pick(random, HANDLE_A)}${pick(random, HANDLE_B)}`;
    let artistName = chance(random, 0.35) ? handle : fullName;
    if (used.has(artistName.toLowerCase())) artistName = `${artistName} ${used.size + 1}`;
    used.add(artistName.toLowerCase());
    const id = `${slug(artistName)}${artists.length}`;
    const siteCount = 1 + Math.floor(random() * 4);
    const sites = shuffled(random, SITES).slice(0, siteCount);
    artists.push({
      artistName,
      fullName,
      email: `${id}@example.com`,
      profileLinks: sites.map((site) => site(id)),
    });
  }
  return artists;
}

const SUBJECTS = [
  'an old lighthouse',
  'a red fox',
  'a floating city',
  'a tea house',
  'a lone astronaut',
  'a koi pond',
  'a clockwork owl',
  'a mountain monastery',
  'a street market',
  'a paper boat',
  'a sleeping dragon',
  'a glass greenhouse',
  'a jazz trio',
  'a desert caravan',
  'an abandoned arcade',
  'a whale made of clouds',
  'a library tower',
  'a fishing village',
  'a cyberpunk alley',
  'a portrait of a violinist',
];
const SETTINGS = [
  'at dusk',
  'in heavy rain',
  'under northern lights',
  'in a snowy forest',
  'on a foggy morning',
  'at the edge of the sea',
  'in a neon-lit city',
  'among cherry blossoms',
  'in golden autumn light',
  'beneath a starry sky',
];
const STYLES = [
  'oil painting',
  'watercolor',
  'ukiyo-e woodblock print',
  'isometric 3d render',
  'charcoal sketch',
  'art nouveau poster',
  'cinematic photograph',
  'gouache illustration',
  'pixel art',
  'studio ghibli style',
  'baroque still life',
  'low-poly render',
];
const LIGHTING = [
  'soft rim lighting',
  'volumetric light',
  'dramatic chiaroscuro',
  'warm golden hour light',
  'cold moonlight',
  'backlit silhouette',
];
const MOODS = ['melancholic mood', 'serene atmosphere', 'whimsical', 'eerie and quiet', 'joyful', 'nostalgic'];
const CAMERA = ['wide angle', 'close-up', '35mm lens', 'aerial view', 'shallow depth of field', 'symmetrical composition'];
const COLOURS = ['muted pastel palette', 'teal and orange', 'deep blues and golds', 'monochrome', 'vivid complementary colours'];
const PARAMS = ['--ar 16:9', '--ar 4:5 --v 6', '--stylize 250', '--ar 3:2 --q 2', 'steps 30, cfg 7'];

/** A prompt of 2-7 parts: vague, moderate or specific, like real ones. */
export function makePrompt(random: Random): string {
  const parts = [`${pick(random, SUBJECTS)} ${pick(random, SETTINGS)}`];
  const extras = [STYLES, LIGHTING, MOODS, CAMERA, COLOURS];
  const n = Math.floor(random() * (extras.length + 1));
  for (const list of shuffled(random, extras).slice(0, n)) parts.push(pick(random, list));
  if (chance(random, 0.25)) parts.push(pick(random, PARAMS));
  return parts.join(', ');
}

const ADJECTIVES = [
  'Quiet',
  'Burning',
  'Hidden',
  'Silver',
  'Last',
  'Drowned',
  'Electric',
  'Gentle',
  'Forgotten',
  'Violet',
  'Northern',
  'Paper',
];
const NOUNS = [
  'Harbor',
  'Lanterns',
  'Orchard',
  'Signal',
  'Cathedral',
  'Tide',
  'Garden',
  'Machine',
  'Horizon',
  'Reverie',
  'Archive',
  'Meadow',
];

export function makeTitle(random: Random): string {
  const a = pick(random, ADJECTIVES);
  const n = pick(random, NOUNS);
  return chance(random, 0.3) ? `${n} of the ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}` : `${a} ${n}`;
}

const STORIES = [
  'Made during a week of rainy evenings, iterating on the composition until the light felt right.',
  'Part of a series about places I remember from childhood.',
  'Started from a sketch in my notebook; the AI helped me explore colour variations.',
  'A study in atmosphere: I wanted the viewer to hear the silence.',
  'Commissioned concept for a small indie game, shared with permission.',
];

export function makeStory(random: Random): string {
  return pick(random, STORIES);
}

// The common tools more often, like a real ledger; 'Other' now and then with its specification.
const POPULAR_TOOLS = [
  'Midjourney',
  'DALL-E 3',
  'Stable Diffusion',
  'Leonardo.AI',
  'Adobe Firefly',
  'Automatic1111',
  'ComfyUI',
  'ChatGPT Image Generator',
];
const OTHER_SPECS = ['Flux Pro', 'Krea', 'Ideogram', 'Recraft'];
const ALL_TOOLS = AI_TOOLS.filter((t) => t !== OTHER_TOOL);

export function makeTool(random: Random): { tool: string; tool_other: string | null } {
  const r = random();
  if (r < 0.03) return { tool: OTHER_TOOL, tool_other: pick(random, OTHER_SPECS) };
  if (r < 0.7) return { tool: pick(random, POPULAR_TOOLS), tool_other: null };
  return { tool: pick(random, ALL_TOOLS), tool_other: null };
}

/** Tools whose PNGs carry Automatic1111-style parameters. */
export const PARAMETER_WRITING_TOOLS = new Set(['Automatic1111', 'Stable Diffusion']);

export function makePermissions(random: Random) {
  return {
    allow_ai_training: chance(random, 0.2),
    restrict_usage: chance(random, 0.1),
    remix_allowed: chance(random, 0.3),
    no_commercial: chance(random, 0.35),
    sensitive_content: chance(random, 0.03),
    must_give_credit: !chance(random, 0.1),
  };
}

export function makeCoAuthors(random: Random): string[] {
  if (!chance(random, 0.05)) return [];
  return Array.from({ length: 1 + Math.floor(random() * 2) }, () => `${pick(random, FIRST)} ${pick(random, LAST)}`);
}
