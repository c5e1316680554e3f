// What the registry already holds that the trust engine weighs for a new work (decision
// 0030: inputs are stored evidence only): copies of its image and the artist's other works.
// Two sources answer the same questions: the database (registry-evidence-repository.ts), for the
// server's one-work registrations and re-scoring, and a memory index (registry-index.ts), for
// the seed's batches, where three queries per work would dominate the time. Both are gathered
// by gatherRegistryEvidence below, so both registration paths score with the same signals.
import type { NearDuplicate } from './near-duplicates';
import type { NameClaim } from './trust';

export interface RegistryQuery {
  imageHash: string;
  phash: string | null;
  artistName: string;
  /** The registering address: identity signals count only for the name's claimant (decision 0061). */
  ownerEmail: string;
  profileLinks: readonly string[];
  /** Re-scoring an existing work: only works registered before it (smaller registry number) count. */
  beforeSeq?: number;
}

/**
 * Every registry signal, by name, with the evidence fields it gives. A new signal is added here
 * once; the compiler then asks for it in REGISTRY_SIGNALS and in both sources, and
 * RegistryEvidence (what the trust engine receives) gains its fields by itself.
 */
export interface RegistrySignals {
  exactDuplicates: {
    exactDuplicateOfOtherArtist: boolean;
    exactDuplicateOfSameArtist: boolean;
    /** The earliest registered (smallest registry number) live work of another artist with the same SHA-256. */
    duplicateOf: string | null;
  };
  nearDuplicates: { nearDuplicatesOfOtherArtists: NearDuplicate[] };
  artistWorks: { nameClaim: NameClaim; artistOtherWorksCount: number; sharedProfileLinksWithOwnWorks: number };
}

export type RegistrySignal = keyof RegistrySignals;

/** The signals in the order they are gathered, each with what it looks for. */
export const REGISTRY_SIGNALS: Readonly<Record<RegistrySignal, string>> = {
  exactDuplicates: 'live works with the same SHA-256, by this artist or another',
  nearDuplicates: 'earlier live works of other artists with a close perceptual hash',
  artistWorks: "who claimed the name; the claimant's other live works under it, and how many share one of the work's profile links",
};

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** All signals' fields together. */
export type RegistryEvidence = Intersection<RegistrySignals[RegistrySignal]>;

export type ExactDuplicates = RegistrySignals['exactDuplicates'];

/** One source of registry evidence: an answer for every signal. */
export type RegistryEvidenceSource = { readonly [K in RegistrySignal]: (query: RegistryQuery) => Promise<RegistrySignals[K]> };

/** What the registry says about a new (or re-scored) work, from either source. */
export async function gatherRegistryEvidence(source: RegistryEvidenceSource, query: RegistryQuery): Promise<RegistryEvidence> {
  return (await gatherSignals(source, query, [])) as RegistryEvidence;
}

/** Every signal but `except`'s: the caller reads those itself (a registration, under its lock). */
export async function gatherSignals<E extends RegistrySignal>(
  source: RegistryEvidenceSource,
  query: RegistryQuery,
  except: readonly E[],
): Promise<Omit<RegistryEvidence, keyof RegistrySignals[E]>> {
  const parts: object[] = [];
  // One signal after another: on the embedded database every read shares one connection anyway.
  for (const signal of Object.keys(REGISTRY_SIGNALS) as RegistrySignal[])
    if (!(except as readonly RegistrySignal[]).includes(signal)) parts.push(await source[signal](query));
  return Object.assign({}, ...parts) as Omit<RegistryEvidence, keyof RegistrySignals[E]>;
}
