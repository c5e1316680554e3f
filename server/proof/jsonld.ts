// schema.org JSON-LD for crawlers: a VisualArtwork per proof page, and a Person with an ItemList
// of works per artist page. Only fields of the public record are used (decision 0017).
import type { PublicWork, WorkSummary } from '../../core/api-types';
import { SITE_NAME } from '../../core/site';
import { copyrightNotice } from '../../core/proof-text';
import { cawgIdentityClaims, type ProvenLinkIdentity } from '../../core/proven-identities';
import { IPTC_PLUS_NAMESPACE, PLUS_DATA_MINING } from '../../core/training-consent';
import { licenseUrl } from './license-url';
import { PROOF_VOCABULARY_PATH } from './proof-vocabulary';
import { absoluteUrl, artistUrl, proofUrl, siteBase } from './urls';

type JsonLd = Record<string, unknown>;

function propertyValue(propertyID: string, value: string): JsonLd {
  return { '@type': 'PropertyValue', propertyID, value };
}

/**
 * Images made by a trained model, as schema.org's digitalSourceType takes it: the member of its
 * IPTCDigitalSourceEnumeration that stands for IPTC's trainedAlgorithmicMedia code (the IPTC URI
 * itself is not a schema.org value; issue 35). Embedded XMP and C2PA keep the IPTC URI.
 */
export const TRAINED_ALGORITHMIC_MEDIA = 'https://schema.org/TrainedAlgorithmicMediaDigitalSource';

/** The term of the registry's proof vocabulary (/ns/proof) that holds the CAWG identity claims. */
export const CAWG_IDENTITY_CLAIMS_TERM = 'cawg_identity_claims';

/** The creator's CAWG identity claims on a schema.org node: the proof vocabulary's term, by its prefix. */
const CREATOR_CLAIMS_KEY = `proof:${CAWG_IDENTITY_CLAIMS_TERM}`;

/**
 * schema.org and the IPTC PLUS namespace for plus:DataMining (the AI-training choice). A work whose
 * creator has proven identities adds the registry's proof vocabulary for
 * proof:cawg_identity_claims: those identities in the CAWG identity claims aggregation vocabulary,
 * kept as a JSON literal (JSON-LD 1.1 @json) so a processor carries it unchanged and never needs
 * CAWG's context to read the page (decision 0066).
 */
export function workJsonLdContext(work: Pick<PublicWork, 'artist_confirmed' | 'proven_identities'>, siteUrl: string): unknown[] {
  if (creatorIdentities(work).length === 0) return ['https://schema.org', { plus: IPTC_PLUS_NAMESPACE }];
  return [
    'https://schema.org',
    {
      plus: IPTC_PLUS_NAMESPACE,
      proof: `${siteBase(siteUrl)}${PROOF_VOCABULARY_PATH}#`,
      [CREATOR_CLAIMS_KEY]: { '@type': '@json' },
    },
  ];
}

/**
 * The identities an export may give the creator: the work's proven links and its identity's proven
 * domains, and only when the work was registered by the identity that claimed the name (decision
 * 0061). A page that proves a link to someone else's work under a claimed name is that
 * registrant's, not the named artist's; so is a domain a stranger proved under the name.
 */
export function creatorIdentities(work: Pick<PublicWork, 'artist_confirmed' | 'proven_identities'>): ProvenLinkIdentity[] {
  return work.artist_confirmed ? [...work.proven_identities] : [];
}

/** The creator's proven identities as CAWG identity claims, with the registry as the aggregator that checked them. */
export function creatorIdentityClaims(work: PublicWork, siteUrl: string): Record<string, unknown> | null {
  return cawgIdentityClaims({
    identities: creatorIdentities(work),
    aggregator: { id: siteBase(siteUrl), name: SITE_NAME },
    artistName: work.artist_name,
  });
}

/** The VisualArtwork node of a work (without @context, so it can be embedded). */
export function visualArtworkNode(work: PublicWork, siteUrl: string): JsonLd {
  const imageUrl = absoluteUrl(siteUrl, work.image_url);
  const license = licenseUrl(work.artwork_license);
  const identifiers = [propertyValue('registry_id', work.registry_id), propertyValue('uuid', work.id)];
  // The SHA-256 of the registered original file (the served image is a smaller JPEG copy).
  if (work.image_hash) identifiers.push(propertyValue('sha256', work.image_hash));
  // sameAs names only pages the registry proved link back here and sites of domains the identity
  // proved (decision 0062), and only for the artist who claimed the name (decision 0061): typed
  // links, or an impersonator's, are never the creator's.
  const provenPages = creatorIdentities(work).map((identity) => identity.url);
  const claims = creatorIdentityClaims(work, siteUrl);
  const creator = {
    '@type': 'Person',
    name: work.artist_name,
    url: artistUrl(siteUrl, work.artist_name),
    ...(provenPages.length > 0 ? { sameAs: provenPages } : {}),
    ...(claims ? { [CREATOR_CLAIMS_KEY]: claims } : {}),
  };
  const rights = {
    ...(license ? { license } : {}),
    acquireLicensePage: work.verify_url,
    creditText: work.artist_name,
    creator,
    copyrightNotice: copyrightNotice(work),
  };
  const dataMining = work.permissions.allow_ai_training ? PLUS_DATA_MINING.allowed : PLUS_DATA_MINING.reserved;
  return {
    '@type': 'VisualArtwork',
    '@id': `${work.verify_url}#artwork`,
    name: work.title,
    url: work.verify_url,
    dateCreated: work.created_at,
    artMedium: 'AI-generated digital image',
    ...(work.story_context ? { description: work.story_context } : {}),
    ...rights,
    digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
    identifier: identifiers,
    // Google's image licence metadata reads these from the ImageObject itself.
    ...(imageUrl
      ? {
          image: {
            '@type': 'ImageObject',
            contentUrl: imageUrl,
            encodingFormat: 'image/jpeg',
            ...rights,
            digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
            'plus:DataMining': dataMining,
          },
          thumbnailUrl: imageUrl,
        }
      : {}),
    ...(work.tags.length ? { keywords: work.tags.join(', ') } : {}),
    isAccessibleForFree: true,
    publisher: { '@type': 'Organization', name: SITE_NAME, url: siteBase(siteUrl) },
    'plus:DataMining': dataMining,
  };
}

export function visualArtworkJsonLd(work: PublicWork, siteUrl: string): JsonLd {
  return { '@context': workJsonLdContext(work, siteUrl), ...visualArtworkNode(work, siteUrl) };
}

export function artistJsonLd(input: { artistName: string; total: number; works: WorkSummary[]; siteUrl: string }): JsonLd {
  const url = artistUrl(input.siteUrl, input.artistName);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Person', '@id': `${url}#person`, name: input.artistName, url },
      {
        '@type': 'ItemList',
        name: `Artworks by ${input.artistName}`,
        numberOfItems: input.total,
        itemListElement: input.works.map((w, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: proofUrl(input.siteUrl, w.id),
          name: w.title,
        })),
      },
    ],
  };
}
