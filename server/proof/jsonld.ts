// schema.org JSON-LD for crawlers: a VisualArtwork per proof page, and a Person with an ItemList
// of works per artist page. Only fields of the public record are used (decision 0017).
import type { PublicWork, WorkSummary } from '../../core/api-types';
import { SITE_NAME } from '../../core/site';
import { copyrightNotice } from '../../core/proof-text';
import { licenseUrl } from './license-url';
import { absoluteUrl, artistUrl, proofUrl, siteBase } from './urls';

type JsonLd = Record<string, unknown>;

function propertyValue(propertyID: string, value: string): JsonLd {
  return { '@type': 'PropertyValue', propertyID, value };
}

/** The VisualArtwork node of a work (without @context, so it can be embedded). */
export function visualArtworkNode(work: PublicWork, siteUrl: string): JsonLd {
  const image = absoluteUrl(siteUrl, work.image_url);
  const license = licenseUrl(work.artwork_license);
  const identifiers = [propertyValue('registry_id', work.registry_id), propertyValue('uuid', work.id)];
  if (work.image_hash) identifiers.push(propertyValue('sha256', work.image_hash));
  return {
    '@type': 'VisualArtwork',
    '@id': `${work.verify_url}#artwork`,
    name: work.title,
    url: work.verify_url,
    creator: { '@type': 'Person', name: work.artist_name, url: artistUrl(siteUrl, work.artist_name) },
    dateCreated: work.created_at,
    artMedium: 'AI-generated digital image',
    ...(work.story_context ? { description: work.story_context } : {}),
    ...(license ? { license } : {}),
    acquireLicensePage: work.verify_url,
    creditText: work.artist_name,
    copyrightNotice: copyrightNotice(work),
    identifier: identifiers,
    // schema.org has no checksum property: the hash is also an identifier above.
    ...(work.image_hash ? { sha256: work.image_hash } : {}),
    ...(image ? { contentUrl: image, image, thumbnailUrl: image } : {}),
    ...(work.tags.length ? { keywords: work.tags.join(', ') } : {}),
    isAccessibleForFree: true,
    publisher: { '@type': 'Organization', name: SITE_NAME, url: siteBase(siteUrl) },
  };
}

export function visualArtworkJsonLd(work: PublicWork, siteUrl: string): JsonLd {
  return { '@context': 'https://schema.org', ...visualArtworkNode(work, siteUrl) };
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
