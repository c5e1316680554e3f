// Fixed evidence objects for the trust engine tests. Each describes a realistic submission.
import type { TrustEvidence } from '../../../server/submissions/trust';

export const VAGUE_PROMPT = 'a cat';
export const MODERATE_PROMPT = 'a red fox sleeping in a snowy forest, watercolor';
export const SPECIFIC_PROMPT =
  'oil painting of an old fisherman mending nets at golden hour, warm amber tones, close-up portrait, melancholic mood --ar 4:5';

/**
 * docs/product.md §4's minimum for 'Verified': image, title, a public and moderately specific prompt, the
 * tool, one profile link the server proved; e-mail not verified yet, no metadata in the file, first work.
 */
export function minimalSubmission(overrides: Partial<TrustEvidence> = {}): TrustEvidence {
  return {
    title: 'Fox in Snow',
    prompt: MODERATE_PROMPT,
    promptVisibility: 'public',
    tool: 'Midjourney',
    toolOther: null,
    story: null,
    resources: [{ type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: true }],
    imageSha256: 'a3f1'.repeat(16),
    exactDuplicateOfOtherArtist: false,
    exactDuplicateOfSameArtist: false,
    nearDuplicatesOfOtherArtists: [],
    embedded: { found: [] },
    emailVerified: false,
    loggedAt: '2026-11-02T10:00:01.000Z',
    submittedAt: '2026-11-02T10:00:00.000Z',
    backlinkUrl: 'https://ledger.test/artist/foxartist',
    nameClaim: 'unclaimed',
    artistOtherWorksCount: 0,
    sharedProfileLinksWithOwnWorks: 0,
    coAuthors: [],
    confirmedCoAuthors: [],
    ...overrides,
  };
}

/** Seven links on three websites, two of them not profiles. */
export const SEVEN_RESOURCES = [
  { type: 'artist_profile', url: 'https://www.instagram.com/fisherman_art', proven: true },
  { type: 'artist_profile', url: 'https://x.com/fisherman_art', proven: true },
  { type: 'artist_profile', url: 'https://www.behance.net/fisherman_art', proven: true },
  { type: 'portfolio', url: 'https://www.behance.net/gallery/123/fisherman', proven: true },
  { type: 'external_link', url: 'https://x.com/fisherman_art/status/1850000000000000000', proven: true },
  { type: 'external_link', url: 'https://www.instagram.com/p/C9abcdef/', proven: true },
  { type: 'artist_profile', url: 'https://www.instagram.com/fisherman_art.studio', proven: true },
];

/**
 * docs/product.md §4's 'full submission': 7 resources, embedded Automatic1111 parameters naming the claimed
 * tool with the same prompt, verified e-mail, a story, and an artist with other works.
 */
export function fullSubmission(overrides: Partial<TrustEvidence> = {}): TrustEvidence {
  return minimalSubmission({
    title: 'The Old Fisherman',
    prompt: SPECIFIC_PROMPT,
    tool: 'Automatic1111',
    story: 'Painted after a week on the coast of Maine, from sketches of my grandfather.',
    resources: SEVEN_RESOURCES,
    embedded: {
      found: ['png:parameters'],
      aiParameters: { source: 'a1111', prompt: SPECIFIC_PROMPT.replace(' --ar 4:5', '') },
    },
    emailVerified: true,
    nameClaim: 'this_identity',
    artistOtherWorksCount: 3,
    ...overrides,
  });
}

/** Everything the rubric can reward, at once. */
export function maximalSubmission(overrides: Partial<TrustEvidence> = {}): TrustEvidence {
  return fullSubmission({
    resources: [
      ...SEVEN_RESOURCES,
      { type: 'external_link', url: 'https://www.artstation.com/artwork/fisherman', proven: true },
      { type: 'artist_profile', url: 'https://www.deviantart.com/fisherman-art', proven: true },
      { type: 'external_link', url: 'https://medium.com/@fisherman/making-of', proven: true },
    ],
    embedded: {
      found: ['exif', 'png:parameters'],
      software: 'Automatic1111 v1.10.0',
      createDate: '2026:10:30 18:22:05',
      aiParameters: { source: 'a1111', prompt: SPECIFIC_PROMPT.replace(' --ar 4:5', '') },
    },
    artistOtherWorksCount: 12,
    sharedProfileLinksWithOwnWorks: 4,
    coAuthors: ['Mara Lind'],
    ...overrides,
  });
}

export function dimensionScores(result: { dimensions: Record<string, { score: number }> }): Record<string, number> {
  return Object.fromEntries(Object.entries(result.dimensions).map(([k, d]) => [k, d.score]));
}
