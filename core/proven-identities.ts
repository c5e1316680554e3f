// Proven identities as the exports carry them (issue 33, decision 0066): each link of a work whose
// page the registry fetched and found linking back here, with the time it was first proven, the
// kind of page (a web site, or an account on a social platform) and how the page proved it. Links
// that were only typed are never identities. The same facts are restated in the CAWG identity
// assertion's identity-claims-aggregation vocabulary (verifiedIdentities: cawg.web_site,
// cawg.social_media, provider, verifiedAt) for the proof bundle and the JSON-LD. A domain the
// work's identity proved (decision 0062) is an identity too: its site, https://<domain>/.
import { z } from 'zod';
import { DOMAIN_PROOF_METHODS, type DomainProofMethod } from './api/domain-proofs';

export const IDENTITY_KINDS = ['website', 'social'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** How a page proved the link (decision 0060): a rel="me" link back, or the proof address or registry ID in its text. */
export const PROOF_METHODS = ['rel_me', 'text_url', 'text_registry_id'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

/** How an identity was proven: a page's method, or a domain's ('dns_txt', 'well_known'; decision 0062). */
export const IDENTITY_METHODS = [...PROOF_METHODS, ...DOMAIN_PROOF_METHODS] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

export const provenLinkIdentitySchema = z
  .object({
    url: z.string().describe("The page that links back to this registry, or a proven domain's site (https://<domain>/)."),
    host: z.string().describe("The page's host name, lower case, without 'www.'."),
    kind: z.enum(IDENTITY_KINDS).describe("'social' for an account on a known social platform, 'website' otherwise."),
    method: z
      .enum(IDENTITY_METHODS)
      .describe(
        "How the page proved it: 'rel_me' (a rel=\"me\" link back), 'text_url' (the proof address in its text) or 'text_registry_id' (the registry ID in its text); for a domain the identity proved, 'dns_txt' (a TXT record at _veriwork.<domain>) or 'well_known' (the file /.well-known/veriwork-proof.txt).",
      ),
    proven_at: z
      .string()
      .describe('Since when the page has linked back here (or the domain held its token) without a break, ISO 8601 UTC.'),
  })
  .meta({
    id: 'ProvenLinkIdentity',
    description:
      "A link of the work the registry proved (its page links back to this registry), or a domain the work's identity proved. Unproven links are never listed.",
  });
export type ProvenLinkIdentity = z.infer<typeof provenLinkIdentitySchema>;

/**
 * Social platforms by registrable host, with the name CAWG's examples give their provider. A page
 * on any other host is a web site (a Mastodon server or a self-hosted profile included: it cannot
 * be told apart from a personal site by its name).
 */
const SOCIAL_PLATFORMS: Readonly<Record<string, string>> = {
  'artstation.com': 'ArtStation',
  'behance.net': 'Behance',
  'bsky.app': 'Bluesky',
  'cara.app': 'Cara',
  'civitai.com': 'Civitai',
  'deviantart.com': 'DeviantArt',
  'dribbble.com': 'Dribbble',
  'facebook.com': 'Facebook',
  'flickr.com': 'Flickr',
  'github.com': 'GitHub',
  'instagram.com': 'Instagram',
  'linkedin.com': 'LinkedIn',
  'patreon.com': 'Patreon',
  'pinterest.com': 'Pinterest',
  'pixiv.net': 'pixiv',
  'reddit.com': 'Reddit',
  'threads.net': 'Threads',
  'tiktok.com': 'TikTok',
  'tumblr.com': 'Tumblr',
  'twitter.com': 'X',
  'x.com': 'X',
  'youtube.com': 'YouTube',
};

/** Path segments that introduce the account name rather than being it (linkedin.com/in/x, bsky.app/profile/x). */
const ACCOUNT_PREFIXES = new Set(['in', 'profile', 'user', 'users', 'u', 'c', 'channel', 'people', 'artist', 'artists']);

function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The social platform a host belongs to (itself or a subdomain of it, as user.tumblr.com), if any. */
function platformOf(host: string): { domain: string; name: string } | null {
  for (const [domain, name] of Object.entries(SOCIAL_PLATFORMS)) {
    if (host === domain || host.endsWith(`.${domain}`)) return { domain, name };
  }
  return null;
}

/** The export form of one proven link; null for an address that is not an http(s) URL. */
export function provenLinkIdentity(input: { url: string; method: ProofMethod; provenAt: Date }): ProvenLinkIdentity | null {
  let parsed: URL;
  try {
    parsed = new URL(input.url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = bareHost(parsed.hostname);
  return {
    url: input.url,
    host,
    kind: platformOf(host) ? 'social' : 'website',
    method: input.method,
    proven_at: input.provenAt.toISOString(),
  };
}

/** A domain the work's identity proved (decision 0062), as its site: always a web site. */
export interface ProvenDomain {
  domain: string;
  method: DomainProofMethod;
  proven_at: string;
}

/** The export form of a proven domain: https://<domain>/, as the trust engine counts it. */
export function provenDomainIdentity(domain: ProvenDomain): ProvenLinkIdentity {
  return {
    url: `https://${domain.domain}/`,
    host: bareHost(domain.domain),
    kind: 'website',
    method: domain.method,
    proven_at: new Date(domain.proven_at).toISOString(),
  };
}

/**
 * The proven links among a work's link states (core/api/link-proofs.ts) and the domains its
 * identity proved, oldest proof first: the only identities an export may present. Pending and not
 * proven links are left out. A site both linked and proven as a domain is listed once, by its
 * earlier proof.
 */
export function provenIdentitiesOf(
  links: readonly { url: string; state: string; method: ProofMethod | null; proven_at: string | null }[],
  domains: readonly ProvenDomain[] = [],
): ProvenLinkIdentity[] {
  const identities: ProvenLinkIdentity[] = [];
  for (const link of links) {
    if (link.state !== 'proven' || !link.method || !link.proven_at) continue;
    const identity = provenLinkIdentity({ url: link.url, method: link.method, provenAt: new Date(link.proven_at) });
    if (identity) identities.push(identity);
  }
  identities.push(...domains.map(provenDomainIdentity));
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const sorted = identities.sort((a, b) => order(a.proven_at, b.proven_at) || order(a.url, b.url));
  const seen = new Set<string>();
  return sorted.filter((identity) => {
    if (seen.has(identity.url)) return false;
    seen.add(identity.url);
    return true;
  });
}

/** The CAWG identity assertion's JSON-LD context for an identity claims aggregation credential. */
export const CAWG_ICA_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'] as const;

export interface CawgVerifiedIdentity {
  type: 'cawg.web_site' | 'cawg.social_media';
  uri: string;
  username?: string;
  verifiedAt: string;
  provider: { id: string; name: string };
}

/** The account name in a social profile address: the first path segment that is not a prefix, without '@'. */
function usernameOf(url: URL, host: string, platformDomain: string): string | undefined {
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const named = segments.find((s) => !ACCOUNT_PREFIXES.has(s.toLowerCase()));
  if (named) return named.replace(/^@/, '');
  // user.tumblr.com, user.deviantart.com: the account is the subdomain.
  const sub = host.slice(0, -(platformDomain.length + 1));
  return sub && !sub.includes('.') ? sub : undefined;
}

/**
 * One proven link as a CAWG verifiedIdentities entry. A social account names its platform as the
 * provider and its account name as the username; a web site names its own origin, since the site
 * is where control was shown, and the registry (the aggregator) is the one that checked it.
 */
export function cawgVerifiedIdentity(identity: ProvenLinkIdentity): CawgVerifiedIdentity {
  const url = new URL(identity.url);
  // A proven domain is a web site even on a platform's subdomain: its owner showed control of it.
  const platform = identity.kind === 'social' ? platformOf(identity.host) : null;
  if (platform) {
    const username = usernameOf(url, identity.host, platform.domain);
    return {
      type: 'cawg.social_media',
      ...(username ? { username } : {}),
      uri: identity.url,
      verifiedAt: identity.proven_at,
      provider: { id: `https://${platform.domain}`, name: platform.name },
    };
  }
  return {
    type: 'cawg.web_site',
    uri: identity.url,
    verifiedAt: identity.proven_at,
    provider: { id: url.origin, name: identity.host },
  };
}

/**
 * The work's proven identities in the identity claims aggregation vocabulary. Not a signed
 * verifiable credential: the registry restates what it checked, and says so (`signed: false`); the
 * record it sits in is what the transparency log proves. Null when nothing was proven.
 */
export function cawgIdentityClaims(input: {
  identities: readonly ProvenLinkIdentity[];
  /** The registry, as the aggregator that checked the links and domains. */
  aggregator: { id: string; name: string };
  /** The artist name the identities are claimed for. */
  artistName: string;
}): Record<string, unknown> | null {
  if (input.identities.length === 0) return null;
  return {
    label: 'cawg.identity',
    sig_type: 'cawg.identity_claims_aggregation',
    signed: false,
    '@context': [...CAWG_ICA_CONTEXT],
    type: ['IdentityClaimsAggregationCredential'],
    issuer: input.aggregator,
    credentialSubject: {
      name: input.artistName,
      verifiedIdentities: input.identities.map(cawgVerifiedIdentity),
    },
  };
}
