// The trust rubric: every weight, limit and cap the engine uses, in one place.
// Changing any number here changes scores, so it must come with a new RUBRIC_VERSION: each
// stored score records the version that produced it.
//
// Calibration (docs/product.md §4, decisions 0030 and 0061), checked by tests/unit/trust:
// - the baseline's minimum (title, image, a prompt, the tool, one *proven* profile link, logged)
//   scores 62-64, 'Verified', whatever the prompt's specificity or visibility: docs/product.md §4
//   asks for a prompt, not a good one. Specificity and a public prompt add up to 2 points more;
// - a full submission (7-10 proven resources, embedded metadata confirming tool and prompt,
//   verified e-mail, story, an artist who claimed the name with other works) scores 85 or more,
//   'Provenance Strong';
// - no prompt or no proven resource keeps a work below 62 whatever else it has (product
//   decision 29: a link the server could not prove earns nothing);
// - an exact copy of another artist's earlier image can never be 'Verified';
// - nor can a work under a name another identity claimed (product decision 30).
//
// Version 2 (2026-11.3): resources count only when proven; the artist's other works and shared
// links only inside the identity that claimed the name; co-authors nothing until they confirm.
// 2026-11.4 (decision 0064): co-authors who confirmed by e-mail earn the multi-author points of
// version 1 again, so a full honest submission with a confirmed co-author can reach 100.

import { VERIFIED_THRESHOLD } from '../../../core/constants';

export { VERIFIED_THRESHOLD };

export const RUBRIC_VERSION = '2026-11.4';

/** Every dimension scores 0-20; five of them make 0-100. */
export const DIMENSION_MAX = 20;

export const CLAIM_CLARITY = {
  title: 3,
  promptGiven: 6,
  /**
   * Added to promptGiven by the prompt's specificity level. A private prompt earns the vague
   * public amount at every level: visitors cannot check it, yet it must not keep a work from
   * 'Verified' (docs/product.md §4).
   */
  publicPrompt: { specific: 6, moderate: 5, vague: 4 },
  privatePrompt: { specific: 4, moderate: 4, vague: 4 },
  tool: 3,
  story: 2,
} as const;

export const SOURCE_DEPTH = {
  firstResource: 12,
  eachFurtherResource: 1,
  /** docs/product.md §4: 7-10 resources for the top band. Resources beyond this add nothing more. */
  resourcesForFullCredit: 7,
  severalWebsites: 1,
  severalWebsitesMinimum: 3,
  portfolioOrExternalLink: 1,
} as const;

/** Resource types that are bookkeeping, not evidence. */
export const IGNORED_RESOURCE_TYPES: readonly string[] = ['fast_submit'];
/** Resource types that point at the artist's own identity (a mesh edge work → artist). */
export const IDENTITY_RESOURCE_TYPES: readonly string[] = ['artist_profile', 'portfolio'];
export const PROFILE_RESOURCE_TYPE = 'artist_profile';

export const VERIFICATION_LOGIC = {
  newImage: 8,
  ownEarlierImage: 4,
  duplicateOfOtherArtist: -15,
  noNearDuplicate: 5,
  nearIdentical: -10,
  similar: -5,
  toolConfirmed: 2,
  aiGenerationDeclared: 1,
  toolContradicted: -6,
  cameraCaptureDeclared: -3,
  promptMatches: 2,
  promptPartlyMatches: 1,
  promptDiffers: -3,
  emailVerified: 3,
} as const;

/** Hamming distances between 64-bit perceptual hashes. */
export const NEAR_DUPLICATE = { nearIdenticalMaxDistance: 4, similarMaxDistance: 10, bits: 64 } as const;

/** Word overlap (Dice coefficient, 0-1) between the embedded and the submitted prompt. */
export const PROMPT_OVERLAP = { matches: 0.6, partlyMatches: 0.3 } as const;

export const TEMPORAL_CONTEXT = {
  logged: 15,
  createdBeforeSubmission: 5,
  createdAfterSubmission: -5,
  /** EXIF times carry no zone: a creation time up to this much after submission still counts as before. */
  clockToleranceHours: 24,
} as const;

export const MESH_LINKAGE = {
  linkedToArtistProfile: 6,
  someOtherWorks: 5,
  manyOtherWorks: 8,
  manyOtherWorksMinimum: 5,
  sharedProfileLinks: 4,
  /** At least one credited co-author confirmed by e-mail (decision 0064); typed names earn nothing. */
  confirmedCoAuthors: 2,
} as const;

/** How many unproven links the advice names one by one (the rest are summed up). */
export const UNPROVEN_LINKS_ADVISED = 3;

/** Score ceilings: the lowest one that applies wins. */
export const CAPS = {
  /** Just below 'Verified' (62): docs/product.md §4 makes a prompt and one (proven) resource its minimum. */
  missingMinimum: VERIFIED_THRESHOLD - 1,
  /** An exact copy of another artist's earlier image is a strong sign of a false claim. */
  duplicateOfOtherArtist: 30,
} as const;

/** Gain used to put blocking advice (a cap) ahead of everything else. */
export const BLOCKING_ADVICE_GAIN = 100;
