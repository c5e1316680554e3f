// The fetcher as the server's configuration makes it: the site's address in the User-Agent and
// the test-only FETCH_ALLOW_HOSTS exceptions and FETCH_TEST_RESOLVE names, which are empty unless a
// test sets them.
import type { AppConfig } from '../config';
import { createFetcher, type Fetcher } from './fetcher';
import { testResolve } from './test-resolve';

export function fetcherFromConfig(config: Pick<AppConfig, 'siteUrl' | 'fetchAllowHosts' | 'fetchTestResolve'>): Fetcher {
  return createFetcher({
    siteUrl: config.siteUrl,
    allowHosts: config.fetchAllowHosts,
    ...(config.fetchTestResolve && { resolve: testResolve(config.fetchTestResolve) }),
  });
}
