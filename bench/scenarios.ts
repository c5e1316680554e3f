// What `npm run bench` measures. Each scenario is a path on the real server; its baseline is a
// bare Node http server answering a fixed body of the same size, measured in the same run.
export interface Scenario {
  name: string;
  path: string;
  /** Sent once before measuring, e.g. to fill a cache; the measured requests then hit it. */
  warm?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Runs once before measuring; the headers it returns are added to every measured request. */
  prepare?: (url: string) => Promise<Record<string, string>>;
  /** Status every measured answer should have (default 200). */
  expectStatus?: number;
  /**
   * Makes every measured request's path distinct (request number → path), so no server-side
   * reuse of an earlier answer can help: what a client asking new questions sees.
   */
  distinctPath?: (n: number) => string;
}

/** Same rows every time (all works are older than 2100), but a new cache key per request. */
const uniqueDateTo = (base: string) => (n: number) =>
  `${base}&date_to=2100-01-01T00:00:${String(Math.floor(n / 1000) % 60).padStart(2, '0')}.${String(n % 1000).padStart(3, '0')}Z`;

/** A client revalidating its copy: sends the ETag it holds and expects 304 Not Modified. */
async function currentEtag(url: string): Promise<Record<string, string>> {
  const res = await fetch(url);
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`${url} sent no ETag`);
  return { 'if-none-match': etag };
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  {
    name: 'public API json limit=100 (new question each time)',
    path: '/api/v1/ledger?format=json&limit=100',
    distinctPath: uniqueDateTo('/api/v1/ledger?format=json&limit=100'),
  },
  { name: 'public API json limit=100 (repeated: reused answer)', path: '/api/v1/ledger?format=json&limit=100' },
  {
    name: 'public API json limit=100 (If-None-Match → 304)',
    path: '/api/v1/ledger?format=json&limit=100',
    prepare: currentEtag,
    expectStatus: 304,
  },
  {
    name: 'public API csv limit=1000 (new question each time)',
    path: '/api/v1/ledger?format=csv&limit=1000',
    distinctPath: uniqueDateTo('/api/v1/ledger?format=csv&limit=1000'),
  },
  { name: 'GET /api/ledger?search=… (page 1)', path: '/api/ledger?search=light' },
  { name: 'GET /api/ledger?search=a&sort=status (no index)', path: '/api/ledger?search=a&sort=status' },
  { name: 'GET /api/featured', path: '/api/featured' },
];
