// Absolute URLs of a work's public pages and artefacts, built from the configured site URL.
// Proof links use the registry id (VW-YYYY-NNNNNN) when there is one: it is what people cite.
import { proofPath } from '../../core/ids';

export function siteBase(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/** A site-relative path ('/artworks/…') or an absolute URL → absolute URL; blob:/empty → null. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl || pathOrUrl.startsWith('blob:')) return null;
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteBase(siteUrl)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function proofUrl(siteUrl: string, ref: string): string {
  return `${siteBase(siteUrl)}${proofPath(ref)}`;
}

export function liveBadgeUrl(siteUrl: string, ref: string): string {
  return `${siteBase(siteUrl)}/badge/${encodeURIComponent(ref)}.svg`;
}

export function artefactUrl(siteUrl: string, id: string, file: string): string {
  return `${siteBase(siteUrl)}/api/submissions/${encodeURIComponent(id)}/${file}`;
}

export function artistUrl(siteUrl: string, artistName: string): string {
  return `${siteBase(siteUrl)}/artist/${encodeURIComponent(artistName)}`;
}
