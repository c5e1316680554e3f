// Which newly registered works look like copies of watched ones: the same file (SHA-256), a
// visually close one (perceptual hash within the near-duplicate distance used at registration),
// or another artist claiming one of the watched work's profile links. Pure, so it is tested
// without a database.
import { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE } from '../image/phash';
import type { NewAlert, WorkFingerprint } from './watch-repository';

/** A profile link as a claim: host in lower case, no scheme, no 'www.', no trailing slash. */
export function normaliseProfileLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
    return `${host}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return null;
  }
}

export function profileLinksOf(work: Pick<WorkFingerprint, 'verification_resources'>): Set<string> {
  const resources = Array.isArray(work.verification_resources)
    ? (work.verification_resources as { type?: unknown; url?: unknown }[])
    : [];
  const links = resources
    .filter((r) => r.type === 'artist_profile' && typeof r.url === 'string')
    .map((r) => normaliseProfileLink(r.url as string));
  return new Set(links.filter((link): link is string => link !== null));
}

function matchOf(watched: WorkFingerprint, fresh: WorkFingerprint): Omit<NewAlert, 'submission_id' | 'match_id'> | null {
  if (fresh.image_hash && fresh.image_hash === watched.image_hash) return { reason: 'exact_duplicate', distance: null };
  if (fresh.image_phash && watched.image_phash) {
    const distance = hammingDistance(fresh.image_phash, watched.image_phash);
    if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) return { reason: 'near_duplicate', distance };
  }
  // The same artist naming their own profile again is not news; someone else claiming it is.
  if (fresh.artist_name.trim().toLowerCase() !== watched.artist_name.trim().toLowerCase()) {
    const claimed = profileLinksOf(fresh);
    for (const link of profileLinksOf(watched)) if (claimed.has(link)) return { reason: 'profile_link', distance: null };
  }
  return null;
}

/** Alerts for `fresh` works against `watched` ones registered before them. */
export function findAlerts(watched: readonly WorkFingerprint[], fresh: readonly WorkFingerprint[]): NewAlert[] {
  const alerts: NewAlert[] = [];
  for (const work of fresh) {
    for (const target of watched) {
      if (Number(target.registry_seq) >= Number(work.registry_seq)) continue;
      const match = matchOf(target, work);
      if (match) alerts.push({ submission_id: target.id, match_id: work.id, ...match });
    }
  }
  return alerts;
}
