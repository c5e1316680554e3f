// schema.org JSON-LD for crawlers: a VisualArtwork per proof page, and a Person with an ItemList
// of works per artist page. Only fields of the public record are used (decision 0017).
import type { PublicWork, WorkSummary } from '../../core/api-types';
import { SITE_NAME } from '../../core/site';
import { copyrightNotice } from '../../core/proof-text';
import { IPTC_PLUS_NAMESPACE, PLUS_DATA_MINING } from '../../core/training-consent';
import { licenseUrl } from './license-url';
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

/** schema.org plus the IPTC PLUS namespace, for plus:DataMining (the AI-training choice). */
export const WORK_JSONLD_CONTEXT = ['https://schema.org', { plus: IPTC_PLUS_NAMESPACE }];

/** The VisualArtwork node of a work (without @context, so it can be embedded). */
export function visualArtworkNode(work: PublicWork, siteUrl: string): JsonLd {
  const imageUrl = absoluteUrl(siteUrl, work.image_url);
  const license = licenseUrl(work.artwork_license);
  const identifiers = [propertyValue('registry_id', work.registry_id), propertyValue('uuid', work.id)];
  // The SHA-256 of the registered original file (the served image is a smaller JPEG copy).
  if (work.image_hash) identifiers.push(propertyValue('sha256', work.image_hash));
  const creator = { '@type': 'Person', name: work.artist_name, url: artistUrl(siteUrl, work.artist_name) };
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
  return { '@context': WORK_JSONLD_CONTEXT, ...visualArtworkNode(work, siteUrl) };
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
