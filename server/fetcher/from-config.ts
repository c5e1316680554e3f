// The fetcher as the server's configuration makes it: the site's address in the User-Agent and
// the test-only FETCH_ALLOW_HOSTS exceptions, which are empty unless a test sets them.
import type { AppConfig } from '../config';
import { createFetcher, type Fetcher } from './fetcher';

export function fetcherFromConfig(config: Pick<AppConfig, 'siteUrl' | 'fetchAllowHosts'>): Fetcher {
  return createFetcher({ siteUrl: config.siteUrl, allowHosts: config.fetchAllowHosts });
}
