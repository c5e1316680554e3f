// Head tags for crawlers and link previews on /verify/{id}, /artist/{name}, / and /ledger (decision 0019),
// plugged into the page server (server/http/pages.ts).
import { pageParam } from '../../core/routes';
import type { PageHeadProvider } from '../http/pages';
import type { AppDeps } from '../deps';
import { readArtistPage } from '../works/works-repository';
import { toWorkSummary } from '../works/work-summary';
import { artistPageHead } from './artist-head';
import { loadPublicWork } from './load-work';
import { sitePageHead } from './site-heads';
import { notFoundHead, verifyPageHead } from './verify-head';

export function proofPageHeadProviders(deps: AppDeps): PageHeadProvider[] {
  // pages.ts hands us the path as sent; pageParam decodes the one segment ('AC%2FDC' → 'AC/DC').
  const verify: PageHeadProvider = async (rawPathname) => {
    const ref = pageParam('verify', rawPathname);
    if (ref === null) return null;
    const work = await loadPublicWork(deps, ref);
    return work ? verifyPageHead(work, deps.config.siteUrl) : notFoundHead();
  };
  const artist: PageHeadProvider = async (rawPathname) => {
    const artistName = pageParam('artist', rawPathname);
    if (artistName === null) return null;
    const page = await readArtistPage(deps.db, artistName, 1);
    return artistPageHead({
      artistName,
      total: page.total,
      verified: page.verified,
      works: page.rows.map(toWorkSummary),
      siteUrl: deps.config.siteUrl,
    });
  };
  const site: PageHeadProvider = async (rawPathname) => sitePageHead(rawPathname, deps.config.siteUrl);
  return [verify, artist, site];
}
