// Open Graph and Twitter tags for the home page and the public ledger, so links shared to them
// preview with a title and description like proof pages do (the app renders the page itself).
import { SITE_NAME, SITE_TAGLINE } from '../../core/site';
import type { PageHead } from '../http/pages';
import { headTags } from './head-tags';
import { siteBase } from './urls';

export const HOME_DESCRIPTION =
  'Register AI-generated artwork with its prompt, tool and evidence. Every work gets a registry ID, a trust score and a public proof page.';
export const LEDGER_DESCRIPTION =
  'Every public registration: title, artist, tool, trust score and proof page, searchable and filterable, with a public read API.';

export function sitePageHead(rawPathname: string, siteUrl: string): PageHead | null {
  const base = siteBase(siteUrl);
  if (rawPathname === '/') {
    const headHtml = headTags({
      title: `${SITE_NAME}: ${SITE_TAGLINE}`,
      description: HOME_DESCRIPTION,
      canonicalUrl: `${base}/`,
      ogType: 'website',
    });
    return { status: 200, headHtml };
  }
  if (rawPathname === '/ledger') {
    const headHtml = headTags({
      title: `Public Ledger | ${SITE_NAME}`,
      description: LEDGER_DESCRIPTION,
      canonicalUrl: `${base}/ledger`,
      ogType: 'website',
    });
    return { status: 200, headHtml };
  }
  return null;
}
