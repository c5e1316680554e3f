// What checking links costs a registration (issue 33: "registrations per second with link checking
// on stay within 5 % of today's"). Registrations that each give three profile links on an artist's
// site (a local server under a '.test' name, reached through the fetcher's test-only settings) are
// measured with link checks off and on (registration-rounds.ts). With checks on, the server fetches
// and parses every page in the background once the registrations pause (decision 0074): the site
// counts the pages it served for each round (each round's server runs until its queue is done, so
// no round inherits another's background work).
import http from 'node:http';
import type net from 'node:net';
import type { ServerStarter } from './bench-server';
import { compareRegistrationModes } from './registration-rounds';
import type { ImagePool } from './scale/registrations';

const SITE_HOST = 'artist-site.test';
/** A realistic profile page: about 30 KB of markup around the rel="me" link the check looks for. */
const FILLER = '<p>Sketches, studies and finished pieces, with notes on the tools used.</p>\n'.repeat(400);

interface ArtistSite {
  port: number;
  /** The registry whose artist pages the site's pages link to (rel="me"). */
  registryUrl: string;
  /** Pages served since the last call. */
  takeHits(): number;
  close(): Promise<void>;
}

async function startArtistSite(): Promise<ArtistSite> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname.slice(1));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>${name}</title></head><body><h1>${name}</h1>${FILLER}` +
        `<a rel="me" href="${site.registryUrl}/artist/${encodeURIComponent(name)}">My works on the registry</a></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const site: ArtistSite = {
    port: (server.address() as net.AddressInfo).port,
    registryUrl: '',
    takeHits: () => {
      const taken = hits;
      hits = 0;
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}

export async function measureLinkCheckCost(
  startServer: ServerStarter,
  pool: ImagePool,
  options: { seconds: number; clients: number; rounds: number },
): Promise<void> {
  const site = await startArtistSite();
  const links = (artistName: string) =>
    ['', ' portfolio', ' studio'].map((page) => `http://${SITE_HOST}:${site.port}/${encodeURIComponent(artistName + page)}`);
  const fetcherEnv = { FETCH_TEST_RESOLVE: `${SITE_HOST}=127.0.0.1`, FETCH_ALLOW_HOSTS: `${SITE_HOST}:${site.port}` };
  // Counted after the round's server has run its checks (registration-rounds.ts drains its queue).
  const pagesFetched = () => `link pages fetched: ${site.takeHits()}`;
  console.log(
    `\nRegistrations with 3 profile links each: link checks off and on (${options.clients} clients, ${options.seconds} s a round; goal 0.95 or more)`,
  );
  try {
    await compareRegistrationModes(
      startServer,
      pool,
      {
        a: { label: 'link checks off', env: { ...fetcherEnv, LINK_CHECKS: '0' }, afterRound: pagesFetched },
        b: { label: 'link checks on', env: { ...fetcherEnv, LINK_CHECKS: '1' }, afterRound: pagesFetched },
      },
      {
        ...options,
        registration: { profileLinks: links },
        onServer: (baseUrl) => {
          site.registryUrl = baseUrl;
          site.takeHits();
        },
      },
    );
  } finally {
    await site.close();
  }
}
