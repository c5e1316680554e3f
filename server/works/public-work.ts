// The public record of one work (core PublicWork), built only from a public_submissions row.
// Each field is copied by name, so no column (e-mail, tokens, storage key of the original) can
// reach a response by accident (decision 0017).
import type { PublicWork, TrustBreakdownDto, TrustDimensionKey, VerificationResource } from '../../core/api-types';
import { FAST_SUBMIT, SEMANTIC_TOKENS, verificationMethodLabel } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import { publicSemanticTokens } from '../../core/tokens';
import type { PublicSubmission } from '../db/types';
import { publicMetadata } from './public-metadata';
import { toWorkSummary } from './work-summary';

export interface PublicWorkExtras {
  /** The earlier work by another artist this one copies, when that work is public. */
  duplicateOf: PublicWork['duplicate_of'];
  /** The artist's changes since registration (work-history-repository.ts), oldest first. */
  history: PublicWork['history'];
  /** Each link's proof state (link-proofs/link-states.ts). */
  linkProofs: PublicWork['link_proofs'];
  /** Registered by the identity that claimed the artist name (decision 0061). */
  artistConfirmed: boolean;
  /** Proven links and the identity's proven domains (link-proofs/work-identities-repository.ts). */
  provenIdentities: PublicWork['proven_identities'];
  /** Names of the co-authors who confirmed by e-mail (decision 0064). */
  confirmedCoAuthors: readonly string[];
}

const DIMENSIONS: TrustDimensionKey[] = ['claim_clarity', 'source_depth', 'verification_logic', 'temporal_context', 'mesh_linkage'];

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The stored TrustResult (camelCase, from the trust engine) in the API's shape. */
export function toTrustBreakdown(stored: unknown, score: number, rubricVersion: string): TrustBreakdownDto {
  const trust = record(stored);
  const dims = record(trust.dimensions);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((key) => {
      const d = record(dims[key]);
      const reasons = Array.isArray(d.reasons)
        ? d.reasons.map((r) => ({ text: String(record(r).text ?? ''), points: Number(record(r).points ?? 0) }))
        : [];
      return [key, { score: Number(d.score ?? 0), max: Number(d.max ?? 20), reasons }];
    }),
  ) as TrustBreakdownDto['dimensions'];
  const specificity = record(trust.promptSpecificity);
  const level = specificity.level;
  return {
    score,
    rubric_version: typeof trust.rubricVersion === 'string' ? trust.rubricVersion : rubricVersion,
    dimensions,
    reasons: strings(trust.reasons),
    advice: strings(trust.advice),
    prompt_specificity:
      level === 'none' || level === 'vague' || level === 'moderate' || level === 'specific'
        ? { score: Number(specificity.score ?? 0), level }
        : null,
  };
}

// docs/product.md §5 display rule: links to our own site with a mistyped ledger path ('/leger', '/ledgr',
// '/Ledger/') show as /ledger. "Mistyped" = one path segment within two edits of 'ledger'.
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

function sameSite(host: string, siteHost: string): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return bare(host) === bare(siteHost);
}

export function rewriteLedgerLink(url: string, siteUrl: string): string {
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url);
    site = new URL(siteUrl);
  } catch {
    return url;
  }
  if (!sameSite(parsed.host, site.host)) return url;
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (segments.length !== 1) return url;
  const segment = segments[0].toLowerCase();
  if (parsed.pathname === '/ledger' || editDistance(segment, 'ledger') > 2) return url;
  return `${site.origin}/ledger${parsed.search}${parsed.hash}`;
}

/** Stored resources with docs/product.md §5's display rules applied. */
export function displayResources(stored: unknown, siteUrl: string, verifyUrl: string): VerificationResource[] {
  const resources: VerificationResource[] = (Array.isArray(stored) ? stored : []).map((item) => {
    const r = record(item);
    const url = typeof r.url === 'string' ? r.url : '';
    return {
      type: typeof r.type === 'string' ? r.type : 'link',
      url: url ? rewriteLedgerLink(url, siteUrl) : '',
      // Records registered before issue 17 stored 'Verified via Fast Submit'; the method's
      // label is shown instead, so no work below the Verified threshold reads as verified.
      description:
        r.type === FAST_SUBMIT.verificationMethod
          ? verificationMethodLabel(r.type)
          : typeof r.description === 'string'
            ? r.description
            : '',
    };
  });
  if (!resources.some((r) => r.url.trim() !== '')) {
    // docs/product.md §5: two defaults when no resource has a URL: the product's own detail page and a
    // community link. Our community is the public ledger itself; we link nothing we do not run.
    resources.push(
      { type: 'registry_record', url: verifyUrl, description: `${SITE_NAME} proof page` },
      { type: 'community', url: `${siteUrl}/ledger`, description: 'Public ledger' },
    );
  }
  return resources;
}

function location(row: Pick<PublicSubmission, 'author_city' | 'author_state' | 'author_country'>): string | null {
  const parts = [row.author_city, row.author_state, row.author_country].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

export function toPublicWork(row: PublicSubmission, siteUrl: string, extras: PublicWorkExtras): PublicWork {
  const site = siteUrl.replace(/\/+$/, '');
  const verifyUrl = `${site}/verify/${row.id}`;
  const summary = toWorkSummary(row);
  const metadata = publicMetadata(row.embedded_metadata, summary.prompt_visibility);
  return {
    ...summary,
    story_context: row.story_context,
    author_location: location(row),
    author_city: row.author_city,
    author_state: row.author_state,
    author_country: row.author_country,
    portfolio_link: row.portfolio_link,
    external_link: row.external_link,
    verification_method: row.verification_method,
    artwork_license: row.artwork_license,
    co_authors: [...row.co_authors],
    // Names only, and only ones the row still credits (decision 0064): never an address.
    co_authors_confirmed: row.co_authors.filter((name) =>
      extras.confirmedCoAuthors.some((confirmed) => confirmed.toLowerCase() === name.toLowerCase()),
    ),
    image_hash: row.image_hash,
    image_dimensions: row.image_dimensions,
    image_file_type: row.image_file_type,
    image_file_size: row.image_file_size,
    verification_resources: displayResources(row.verification_resources, site, verifyUrl),
    permissions: {
      allow_ai_training: row.allow_ai_training,
      restrict_usage: row.restrict_usage,
      remix_allowed: row.remix_allowed,
      no_commercial: row.no_commercial,
      sensitive_content: row.sensitive_content,
      must_give_credit: row.must_give_credit,
    },
    trust: toTrustBreakdown(row.trust_breakdown, Number(row.trust_meter), row.trust_rubric_version),
    embedded_metadata: metadata as PublicWork['embedded_metadata'],
    email_verified: row.email_verified === true,
    log_index: row.log_index === null ? null : Number(row.log_index),
    semantic_tokens: publicSemanticTokens(summary.prompt, summary.prompt_visibility, SEMANTIC_TOKENS.shown),
    verify_url: verifyUrl,
    duplicate_of: extras.duplicateOf,
    history: extras.history,
    link_proofs: extras.linkProofs,
    artist_confirmed: extras.artistConfirmed,
    proven_identities: extras.provenIdentities,
  };
}
