// Input and output shapes of the trust engine. The input is stored evidence only: everything
// here is something the server recorded or computed, never a figure the client asserted.

export type PromptVisibility = 'public' | 'private';

export interface TrustResource {
  /** 'artist_profile', 'portfolio', 'external_link', ... ('fast_submit' markers are ignored). */
  type: string;
  url: string;
  /**
   * The server fetched the page and it links back to this registry (server/link-proofs/). Only a
   * proven resource earns points (product decision 29); an unproven one is shown and advised on.
   */
  proven: boolean;
}

/**
 * Whether the work belongs to the identity that claimed its artist name (decision 0061): the
 * artist's other works and shared links count only inside that identity.
 */
export type NameClaim = 'this_identity' | 'unclaimed' | 'another_identity';

/** What the image pipeline read from the original file's metadata. */
export interface EmbeddedMetadata {
  /** Which blocks were found, e.g. ['exif', 'xmp', 'png:parameters', 'c2pa']; empty when none. */
  found: string[];
  /** EXIF Software tag. */
  software?: string;
  /** XMP CreatorTool. */
  creatorTool?: string;
  /** IPTC/XMP digital source type (a URI or its last segment). */
  digitalSourceType?: string;
  /** Embedded creation time: ISO 8601, or the EXIF form 'YYYY:MM:DD HH:MM:SS' (read as UTC). */
  createDate?: string;
  /** Generation parameters written by the tool (A1111 `parameters`, ComfyUI, InvokeAI...). */
  aiParameters?: {
    /** Which tool wrote them, e.g. 'a1111', 'comfyui', 'invokeai'. */
    source: string;
    /** The positive prompt found in them, if any. */
    prompt?: string;
  };
  c2pa?: { claimGenerator?: string; digitalSourceType?: string };
}

export interface TrustEvidence {
  title: string;
  /** The submitted prompt; null, blank or 'No prompt provided' all mean no prompt. */
  prompt: string | null;
  promptVisibility: PromptVisibility;
  tool: string;
  /** The specification given when `tool` is 'Other'. */
  toolOther: string | null;
  story: string | null;
  resources: TrustResource[];
  /** SHA-256 hex of the original bytes, as computed by the server. */
  imageSha256: string;
  /** The same SHA-256 is already registered by another artist. */
  exactDuplicateOfOtherArtist: boolean;
  /** The same SHA-256 is already registered by this artist. */
  exactDuplicateOfSameArtist: boolean;
  /**
   * Earlier works of other artists whose 64-bit perceptual hash is close to this one
   * (Hamming distance). Entries farther than the rubric's limit are ignored, so a caller may
   * pass every candidate it found. Exact duplicates belong in the flag above, not here.
   */
  nearDuplicatesOfOtherArtists: { distance: number }[];
  embedded: EmbeddedMetadata;
  emailVerified: boolean;
  /**
   * When the work's transparency-log leaf was appended (ISO 8601), or null when it has none.
   * The leaf is written in the same transaction as the submission, so the service may pass the
   * time it is about to record.
   */
  loggedAt: string | null;
  /** When the submission was received (ISO 8601). Times are passed in: the engine never reads a clock. */
  submittedAt: string;
  /** The address a page links to to prove itself: the artist's page on this registry (advice shows it). */
  backlinkUrl: string;
  nameClaim: NameClaim;
  /** Other live works of the claiming identity under the same name; 0 unless nameClaim is 'this_identity'. */
  artistOtherWorksCount: number;
  /** How many of the identity's other works carry at least one of this work's profile links; 0 outside it. */
  sharedProfileLinksWithOwnWorks: number;
  /** Credited co-authors, as typed: shown, but worth nothing until a co-author confirms (rubric v2). */
  coAuthors: string[];
  /** The credited co-authors who confirmed by e-mail (decision 0064): only these earn points. */
  confirmedCoAuthors: string[];
}

export type DimensionKey = 'claim_clarity' | 'source_depth' | 'verification_logic' | 'temporal_context' | 'mesh_linkage';

/** One scored finding. `points` is negative for a penalty. */
export interface TrustReason {
  text: string;
  points: number;
}

export interface DimensionResult {
  score: number;
  max: number;
  reasons: TrustReason[];
}

export type SpecificityLevel = 'none' | 'vague' | 'moderate' | 'specific';

export type PromptCategory = 'subject' | 'style_medium' | 'lighting' | 'composition_camera' | 'colour' | 'mood' | 'technical';

export interface PromptSpecificity {
  /** 0-100. */
  score: number;
  level: SpecificityLevel;
  /** Counts and names only: nothing here quotes the prompt, so it is safe for a private prompt. */
  details: {
    characters: number;
    /** Distinct content words (3+ letters, no stop words, no generic quality boosters). */
    distinctContentWords: number;
    categories: PromptCategory[];
    /** Names of technical parameters found, e.g. '--ar', 'steps', 'seed' (never their values). */
    parameters: string[];
  };
}

export interface TrustResult {
  /** Integer 0-100. */
  score: number;
  rubricVersion: string;
  dimensions: Record<DimensionKey, DimensionResult>;
  /** Every scored finding as a sentence, e.g. 'Prompt is public and specific: +6'. */
  reasons: string[];
  promptSpecificity: PromptSpecificity;
  /** How to raise the score, biggest gain first (the amber box shows it below 62). */
  advice: string[];
}

/** A suggestion and the points it could bring; used to order the advice. */
export interface AdviceItem {
  text: string;
  gain: number;
}

/** What a dimension scorer returns: its findings and what the artist could add. */
export interface DimensionScoring {
  reasons: TrustReason[];
  advice: AdviceItem[];
}
