// The memory source of registry evidence (registry-evidence.ts): every signal answered from
// memory: exact copies by SHA-256, near copies by perceptual hash, and the artist's earlier
// works with the profile links they share. For one process that registers many works in a row (the seed
// command), where three queries per work would dominate the time. It first reads the live works
// already in the database, and `catchUp` reads the ones registered since, so a batch taken under
// the registration lock sees every earlier work, as the server's own check does. Works deleted
// after they were read still count; the seed deletes only after registering.
// tests/integration/submissions/registry-index.test.ts checks both give the same evidence.
import type { Kysely } from 'kysely';
import { IDENTITY_WORKS_COUNTED_UP_TO, SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../core/constants';
import type { DB } from '../db/types';
import { createMemoryNearDuplicateIndex } from './near-duplicates';
import type { ExactDuplicates, RegistryEvidenceSource, RegistryQuery, RegistrySignals } from './registry-evidence';
import { readClaims, readLiveWorksAfter } from './registry-evidence-repository';

export interface IndexedWork {
  id: string;
  seq: number;
  imageHash: string | null;
  phash: string | null;
  artistName: string;
  /** The registering address in lower case: identity signals count the claimant's works only. */
  ownerEmail: string;
  /** Every link the work was registered with: portfolio, external and verification resources. */
  links: readonly string[];
}

interface ArtistWorks {
  count: number;
  /** Each work's links, to count the works that share one with a new work. */
  linkSets: Set<string>[];
}

export interface MemoryRegistryIndex extends RegistryEvidenceSource {
  /** Reads the live works registered after the last one seen (all of them the first time). */
  catchUp(db: Kysely<DB>): Promise<number>;
  add(work: IndexedWork): void;
  /** Forgets everything (after a failed batch); the next catchUp reads the registry afresh. */
  reset(): void;
  size(): number;
}

export function createMemoryRegistryIndex(): MemoryRegistryIndex {
  let near = createMemoryNearDuplicateIndex();
  const byHash = new Map<string, { id: string; artist: string }[]>();
  // By artist and address: identity signals count one claimant's works (decision 0061).
  const byIdentity = new Map<string, ArtistWorks>();
  /** Claimed names (lower case) and their claimant's address, as read by the last catchUp. */
  let claims = new Map<string, string>();
  let lastSeq = 0;
  let count = 0;

  function add(work: IndexedWork): void {
    const artist = work.artistName.toLowerCase();
    if (work.imageHash) {
      // Works arrive in registry order, so each list stays sorted by registry number.
      const sameHash = byHash.get(work.imageHash) ?? [];
      sameHash.push({ id: work.id, artist });
      byHash.set(work.imageHash, sameHash);
    }
    const key = identityKey(artist, work.ownerEmail);
    const own = byIdentity.get(key) ?? { count: 0, linkSets: [] };
    own.count += 1;
    own.linkSets.push(new Set(work.links));
    byIdentity.set(key, own);
    if (work.phash)
      near.add({ id: work.id, seq: work.seq, phash: work.phash, artistName: work.artistName, imageHash: work.imageHash ?? '' });
    lastSeq = Math.max(lastSeq, work.seq);
    count += 1;
  }

  function exactDuplicates(q: RegistryQuery): ExactDuplicates {
    const artist = q.artistName.toLowerCase();
    const matches = byHash.get(q.imageHash) ?? [];
    const others = matches.filter((m) => m.artist !== artist);
    return {
      exactDuplicateOfOtherArtist: others.length > 0,
      exactDuplicateOfSameArtist: matches.some((m) => m.artist === artist),
      duplicateOf: others[0]?.id ?? null,
    };
  }

  function artistWorks(q: RegistryQuery): RegistrySignals['artistWorks'] {
    const artist = q.artistName.toLowerCase();
    const claimant = claims.get(artist);
    if (claimant === undefined) return { nameClaim: 'unclaimed', artistOtherWorksCount: 0, sharedProfileLinksWithOwnWorks: 0 };
    if (claimant !== q.ownerEmail.toLowerCase())
      return { nameClaim: 'another_identity', artistOtherWorksCount: 0, sharedProfileLinksWithOwnWorks: 0 };
    const own = byIdentity.get(identityKey(artist, claimant));
    const links = [...new Set(q.profileLinks)];
    const sharing = own && links.length > 0 ? own.linkSets.filter((set) => links.some((l) => set.has(l))).length : 0;
    // Counted as far as the database source counts them (registry-evidence-repository.ts).
    return {
      nameClaim: 'this_identity',
      artistOtherWorksCount: Math.min(own?.count ?? 0, IDENTITY_WORKS_COUNTED_UP_TO + 1),
      sharedProfileLinksWithOwnWorks: Math.min(sharing, SHARED_LINK_WORKS_COUNTED_UP_TO + 1),
    };
  }

  return {
    add,
    size: () => count,
    reset() {
      near = createMemoryNearDuplicateIndex();
      byHash.clear();
      byIdentity.clear();
      claims = new Map();
      lastSeq = 0;
      count = 0;
    },
    exactDuplicates: async (q) => exactDuplicates(newWorkOnly(q)),
    nearDuplicates: async (q) => {
      const { phash, artistName, imageHash } = newWorkOnly(q);
      return { nearDuplicatesOfOtherArtists: phash ? near.nearest({ phash, artistName, imageHash }) : [] };
    },
    artistWorks: async (q) => artistWorks(newWorkOnly(q)),
    async catchUp(db) {
      claims = await readClaims(db);
      const works = await readLiveWorksAfter(db, lastSeq);
      for (const work of works) add(work);
      return works.length;
    },
  };
}

function identityKey(artistKey: string, ownerEmail: string): string {
  return `${artistKey}\u0000${ownerEmail.toLowerCase()}`;
}

function newWorkOnly(q: RegistryQuery): RegistryQuery {
  if (q.beforeSeq !== undefined) throw new Error('The memory registry index answers for new works only');
  return q;
}
