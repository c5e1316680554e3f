// What `npm run bench` measures. Each scenario is a path on the real server; its baseline is a
// bare Node http server answering a fixed body of the same size, measured in the same run.
export interface Scenario {
  name: string;
  path: string;
  /** Sent once before measuring, e.g. to fill a cache; the measured requests then hit it. */
  warm?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
];
