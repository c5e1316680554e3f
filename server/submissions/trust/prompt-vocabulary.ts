// Word lists for the prompt specificity analysis. Small on purpose: they only need to notice
// that a prompt says something about a category, not understand it. A word may sit in two
// categories ('golden' is a colour and a light).
import type { PromptCategory } from './types';

export interface CategoryVocabulary {
  category: Exclude<PromptCategory, 'subject' | 'technical'>;
  /** Human name, used in advice ('describe the lighting'). */
  label: string;
  words: ReadonlySet<string>;
  /** Multi-word phrases, matched on the lower-cased prompt with single spaces. */
  phrases: readonly string[];
  /** Patterns on the lower-cased prompt for forms words cannot catch ('35mm', 'f/1.8'). */
  patterns: readonly RegExp[];
}

const set = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

export const CATEGORY_VOCABULARY: readonly CategoryVocabulary[] = [
  {
    category: 'style_medium',
    label: 'style or medium',
    words: set(`
      painting painted oil watercolor watercolour acrylic gouache pastel sketch drawing pencil charcoal ink
      illustration illustrated photo photograph photography photographic photorealistic hyperrealistic
      render rendered 3d cgi digital anime manga cartoon comic pixel vector lowpoly low-poly impressionist
      impressionism expressionism surreal surrealism surrealist cubism cubist baroque renaissance rococo
      nouveau deco cyberpunk steampunk solarpunk fantasy sci-fi minimalist minimalism abstract matte
      woodcut linocut lithograph etching engraving mosaic fresco ukiyo-e vaporwave synthwave gothic
      art-nouveau pop-art collage claymation origami papercut sculpture style styled aesthetic`),
    phrases: [
      'in the style of',
      'concept art',
      'digital art',
      'oil painting',
      'pop art',
      'art deco',
      'unreal engine',
      'studio ghibli',
    ],
    patterns: [],
  },
  {
    category: 'lighting',
    label: 'lighting',
    words: set(`
      light lights lighting lit backlit backlight backlighting sunlight sunlit moonlight moonlit
      candlelight candlelit lamplight firelight starlight sunset sunrise dusk dawn twilight golden
      glow glowing neon shadow shadows shadowy volumetric ambient bioluminescent chiaroscuro overcast
      luminous illuminated silhouette silhouetted rays haze hazy foggy misty sunbeams spotlight`),
    phrases: ['golden hour', 'blue hour', 'god rays', 'rim light', 'soft light', 'hard light', 'studio lighting'],
    patterns: [],
  },
  {
    category: 'composition_camera',
    label: 'composition or camera',
    words: set(`
      close-up closeup portrait landscape wide-angle angle shot lens macro aerial overhead top-down
      symmetrical symmetry centered centred composition framing framed panoramic panorama telephoto
      fisheye perspective isometric full-body foreground background camera dslr bokeh canon nikon
      leica hasselblad polaroid cinematic widescreen vignette tilt-shift`),
    phrases: [
      'close up',
      'wide angle',
      'rule of thirds',
      'depth of field',
      "bird's eye",
      'eye level',
      'low angle',
      'high angle',
      'full body',
      'point of view',
    ],
    patterns: [/\b\d{2,3}\s?mm\b/, /\bf\/\d/],
  },
  {
    category: 'colour',
    label: 'colour',
    words: set(`
      red orange yellow green blue purple violet pink magenta cyan teal turquoise gold golden silver
      black white grey gray brown beige amber crimson scarlet emerald indigo ochre ivory monochrome
      monochromatic sepia pastel vibrant muted saturated desaturated colorful colourful color colour
      colors colours palette hue hues tones toned duotone iridescent`),
    phrases: ['black and white'],
    patterns: [],
  },
  {
    category: 'mood',
    label: 'mood',
    words: set(`
      moody mood melancholic melancholy serene calm peaceful dreamy dreamlike ethereal eerie dark gloomy
      whimsical joyful happy sad mysterious ominous dramatic epic majestic nostalgic cozy cosy tranquil
      haunting haunted romantic playful somber sombre atmospheric atmosphere tense lonely hopeful
      magical intense uplifting chaotic menacing quiet solemn festive cheerful`),
    phrases: [],
    patterns: [],
  },
];

/**
 * Generic quality boosters: they appear in almost every prompt and describe nothing in the
 * picture, so they count neither as content words nor as a subject.
 */
export const QUALITY_BOOSTERS: ReadonlySet<string> = set(`
  masterpiece best quality detailed highly ultra high resolution hdr uhd trending artstation award
  winning award-winning intricate sharp focus 4k 8k 16k beautiful stunning amazing gorgeous realistic
  professional perfect insane extremely super hyper image picture artwork`);

/** Technical parameters: Midjourney flags, key: value generation settings, LoRA tags, pixel sizes. */
export const TECHNICAL_PATTERNS: readonly { name: (match: RegExpMatchArray) => string; pattern: RegExp }[] = [
  // '--ar 16:9', '--v 6', '--no text': the flag and its value.
  { name: (m) => `--${m[1]}`, pattern: /(?:^|\s)--([a-z]+)(?:\s+(?!--)[^\s,]+)?/g },
  {
    name: (m) => m[1].replace(/\s+/g, ' '),
    pattern: /\b(steps|seed|cfg scale|cfg|sampler|size|model|denoising strength|clip skip|guidance|scheduler)\s*[:=]\s*[\w.+-]+/g,
  },
  { name: () => 'lora', pattern: /<lora:[^>]*>/g },
  { name: () => 'resolution', pattern: /\b\d{3,4}\s?[x×]\s?\d{3,4}\b/g },
  { name: () => 'aspect ratio', pattern: /\baspect ratio\b/g },
];
