// Head tags for crawlers and link previews on /verify/{id} and /artist/{name} (DECISIONS #19),
// plugged into the page server (server/http/pages.ts).
import { PARAM_PAGE_PATTERNS } from '../../core/routes';
import type { PageHeadProvider } from '../http/pages';
import type { AppDeps } from '../deps';
import { readArtistPage } from '../ledger/ledger-repository';
import { toWorkSummary } from '../ledger/work-summary';
import { artistPageHead } from './artist-head';
import { loadPublicWork } from './load-work';
import { notFoundHead, verifyPageHead } from './verify-head';

export function proofPageHeadProviders(deps: AppDeps): PageHeadProvider[] {
  // pages.ts hands us the already percent-decoded path.
  const verify: PageHeadProvider = async (pathname) => {
    const match = PARAM_PAGE_PATTERNS.verify.exec(pathname);
    if (!match) return null;
    const work = await loadPublicWork(deps, match[1]);
    return work ? verifyPageHead(work, deps.config.siteUrl) : notFoundHead();
  };
  const artist: PageHeadProvider = async (pathname) => {
    const match = PARAM_PAGE_PATTERNS.artist.exec(pathname);
    if (!match) return null;
    const artistName = match[1];
    const page = await readArtistPage(deps.db, artistName, 1);
    return artistPageHead({ artistName, total: page.total, works: page.rows.map(toWorkSummary), siteUrl: deps.config.siteUrl });
  };
  return [verify, artist];
}
