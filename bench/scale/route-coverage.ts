// Which of the app's public routes `npm run bench:scale` measures, and which it does not yet, each
// with the reason. tests/integration/bench-route-coverage.test.ts walks the app's route table
// (server/http/route-table.ts) and fails when a public read (every GET outside the admin and
// manage areas and the built assets) or a lookup POST is in neither list, or when a list names a
// route the app no longer has; run.ts fails when a route said to be measured has no scenario, and
// prints the ones not yet measured with every run. A new route therefore cannot be missed silently.

/** Routes the bench measures (its scenarios' paths match them), app against plain SQL. */
export const MEASURED_ROUTES = [
  'GET /api/ledger',
  'GET /api/v1/ledger',
  'GET /api/artists/:name',
  'GET /api/log/proof/inclusion',
  // Measured by lookups.ts (files sent as a visitor sends them), at the full size and a quarter of it.
  'POST /api/lookup',
] as const;

/** Public routes the bench does not measure yet, and why (issue 38 asks for all of them). */
export const NOT_YET_MEASURED: Record<string, string> = {
  'POST /api/lookup/batch': 'perceptual hashes only; same search as the near-duplicate measurement',
  'POST /api/c2pa/v1/matches/byContent': 'the same search as POST /api/lookup (measured), answered in C2PA form',
  'GET /api/c2pa/v1/matches/byBinding': 'one indexed read by binding',
  'GET /api/c2pa/v1/manifests/:manifestId': 'one indexed read by id',
  'GET /api/c2pa/v1/services/supportedAlgorithms': 'a constant',
  'GET /api/events': 'a live stream, not a request',
  'GET /metrics': "the operator's scrape, behind METRICS_TOKEN: one per process every few seconds, not a visitor's read",
  'GET /api/featured': 'read once per ledger version',
  'GET /api/health': 'measured as the start-up time',
  'GET /api/ready': 'one database round trip',
  'GET /api/log/checkpoint': 'the kept checkpoint',
  'GET /api/log/entries': 'a range of leaves by index',
  'GET /api/log/key': 'a constant',
  'GET /api/log/proof/consistency': 'stored subtree hashes, as inclusion proofs',
  'GET /api/openapi.json': 'built once',
  'GET /api/site': 'a constant',
  'GET /api/submissions/:id': 'one work by id',
  'GET /api/submissions/:id/alerts.atom': 'one work and its alerts',
  'GET /api/submissions/:id/badge.png': 'one work',
  'GET /api/submissions/:id/badge.svg': 'one work',
  'GET /api/submissions/:id/bundle.txt': 'one work and its proof',
  'GET /api/submissions/:id/bundle.zip': 'one work and its proof',
  'GET /api/submissions/:id/embed': 'one work',
  'GET /api/submissions/:id/proof.json': 'one work and its proof',
  'GET /api/submissions/:id/proof.jsonld': 'one work and its proof',
  'GET /api/submissions/:id/report.pdf': 'one work and its proof',
  'GET /api/submissions/:id/report.txt': 'one work and its proof',
  'GET /api/submissions/verify-email': 'a token',
  'GET /api/v1/croissant.json': 'the bench waits for it (the dataset snapshot)',
  'GET /api/v1/ledger/croissant.json': 'the same answer',
  'GET /api/v1/ledger/dump.jsonl.gz': 'a stream of the whole ledger, minutes at a million works',
  'GET /api/v1/ledger/snapshot.jsonl.gz': 'a stored file',
  'GET /api/v1/ledger/snapshots/:file': 'a stored file',
  'GET /api/watch/confirm': 'a token',
  'GET /api/watch/unsubscribe': 'a token',
  'GET /functions/v1/public-ledger-api': 'the same handler as /api/v1/ledger',
  'GET /.well-known/tdmrep.json': 'a constant',
  'GET /tdm-policy.json': 'a constant',
  'GET /artworks/*': 'stored files',
  'GET /badge/:file': 'one work',
  'GET /embed/badge.js': 'a built file',
  'GET /embed/badge/:id': 'one work',
  'GET /log/checkpoint': 'the kept checkpoint',
  'GET /log/policy': 'a constant',
  'GET /log/tile/*': 'stored subtree hashes by index',
  'GET /ns/proof': 'a constant',
  'GET /oembed': 'one work',
  'GET /opt-out/v1/delta/:file': 'a stored file',
  'GET /opt-out/v1/full.csv': 'the opted-out works, kept',
  'GET /sitemap.xml': 'an index of sitemap files',
  'GET /sitemaps/:file': 'a range of works by registry number',
  'GET /robots.txt': 'a constant',
  'GET /favicon.ico': 'a built file',
  'GET /favicon.svg': 'a built file',
  'GET /index.html': 'a built file',
  'GET /': 'the web app (a built file)',
  'GET /*': 'the web app (built files)',
};

/** Whether a route of the table is a public read or lookup the bench must account for. */
export function mustBeBenched(method: string, url: string): boolean {
  if (/^\/(api\/)?(admin|manage)(\/|$)/.test(url) || url.startsWith('/assets/')) return false;
  if (method === 'POST') return ['/api/lookup', '/api/lookup/batch', '/api/c2pa/v1/matches/byContent'].includes(url);
  // The built web app's precompressed copies (.br, .gz) beside each built file.
  return method === 'GET' && !/\.(br|gz)$/.test(url.replace(/\.jsonl\.gz$/, '.jsonl'));
}

/** The route of the table (e.g. 'GET /api/artists/:name') a measured path is asked through. */
export function routeOfPath(method: string, path: string): string | undefined {
  const pathname = new URL(path, 'http://x').pathname;
  return MEASURED_ROUTES.find((route) => {
    const [routeMethod, url] = route.split(' ');
    const pattern = new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
    return routeMethod === method && pattern.test(pathname);
  });
}
