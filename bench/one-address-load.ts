// The benches load the server from one address, with more connections and image uploads at once
// than one visitor's share: the rate limits and the per-address shares (issue 34) are lifted.
export const ONE_ADDRESS_LOAD = {
  RATE_LIMIT_DISABLED: '1',
  HTTP_MAX_CONNECTIONS_PER_IP: '0',
  IMAGE_QUEUE_PER_CLIENT: '1000',
} as const;

/**
 * Benchmarks send traffic to this machine only: link checks run (their cost is part of what a
 * registration costs) but resolve no name, so each link is 'unreachable' without a DNS query.
 */
export const LINK_CHECKS_OFFLINE = { LINK_CHECKS: '1', FETCH_TEST_RESOLVE: 'nothing.test=127.0.0.1' } as const;
