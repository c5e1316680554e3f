// The guarded fetcher as webhook deliveries use it (decisions 0060 and 0069): the same address
// checks (public addresses only, checked again at connection time; FETCH_ALLOW_HOSTS in tests),
// a User-Agent that names the deliveries, and the delivery's own deadline.
import { SITE_NAME } from '../../core/site';
import { WEBHOOK_LIMITS } from '../../core/webhooks';
import type { AppConfig } from '../config';
import { testResolve } from '../fetcher/test-resolve';
import type { FetcherOptions } from '../fetcher/fetcher';

export function webhookFetcherOptions(config: Pick<AppConfig, 'siteUrl' | 'fetchAllowHosts' | 'fetchTestResolve'>): FetcherOptions {
  return {
    siteUrl: config.siteUrl,
    allowHosts: config.fetchAllowHosts,
    // Test-only (FETCH_TEST_RESOLVE): the names a browser test serves, and no DNS query for any other.
    ...(config.fetchTestResolve && { resolve: testResolve(config.fetchTestResolve) }),
    userAgent: `${SITE_NAME}-Webhooks/1.0 (+${config.siteUrl.replace(/\/+$/, '')})`,
    timeoutMs: WEBHOOK_LIMITS.timeoutMs,
    maxBytes: WEBHOOK_LIMITS.maxResponseBytes,
  };
}
