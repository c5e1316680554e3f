// The web app's read endpoints: GET /api/ledger, GET /api/featured, GET /api/artists/{name}.
import type { FastifyInstance } from 'fastify';
import type { ArtistResponse, FeaturedResponse, LedgerResponse } from '../../core/api-types';
import { PAGE_SIZES } from '../../core/constants';
import { ledgerToolOptions } from '../../core/tools';
import type { AppDeps } from '../deps';
import { artistQuerySchema, ledgerQuerySchema, parseQuery } from './ledger-query';
import { pickFeatured, readArtistPage, readFeaturedPool, readLedgerPage } from './ledger-repository';
import { ledgerSummaryAt } from './ledger-summary';
import { sendInvalidParameter } from './invalid-parameter';
import { toWorkSummary } from './work-summary';
import { perLedgerVersion, readLedgerVersion } from '../db/ledger-version';
import { ResponseCache } from './response-cache';
import { strongEtag } from './http-cache';

/** Bytes of built ledger pages kept per process for reuse while the ledger does not change. */
const LEDGER_CACHE_BYTES = 16 * 1024 * 1024;
/** Date filters count back from now; a page built this recently is still right. */
const DATE_FILTER_RESOLUTION_MS = 60_000;

export async function appReadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const ledgerCache = new ResponseCache(LEDGER_CACHE_BYTES);
  // The featured pool is read once per ledger version; the pick from it is new on every visit.
  const featuredPoolAt = perLedgerVersion(() => readFeaturedPool(deps.db));

  app.get('/api/ledger', async (request, reply) => {
    const parsed = parseQuery(ledgerQuerySchema, request.query);
    if (!parsed.ok) return sendInvalidParameter(reply, parsed.message);
    const now = deps.now();
    const minute = Math.floor(now.getTime() / DATE_FILTER_RESOLUTION_MS);
    const version = await readLedgerVersion(deps.db);
    const key = JSON.stringify([version, parsed.value.date ? minute : null, parsed.value]);
    let cached = ledgerCache.get(key);
    if (!cached) {
      // The header figures ignore the search and filters: shared by every query of this version.
      const figures = await ledgerSummaryAt(deps.db, version);
      const page = await readLedgerPage(deps.db, parsed.value, now, figures);
      const body: LedgerResponse = {
        items: page.rows.map(toWorkSummary),
        total: page.total,
        page: parsed.value.page,
        page_size: PAGE_SIZES.ledger,
        total_verified: figures.verified,
        tool_options: ledgerToolOptions(figures.toolsInLedger),
        platform_options: figures.platforms,
        tag_options: figures.tags,
      };
      const text = JSON.stringify(body);
      cached = { body: text, etag: strongEtag(text), contentType: 'application/json; charset=utf-8' };
      ledgerCache.set(key, cached);
    }
    return reply.type(cached.contentType).send(cached.body);
  });

  app.get('/api/featured', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pool = await featuredPoolAt(await readLedgerVersion(deps.db));
    const body: FeaturedResponse = { items: pickFeatured(pool).map(toWorkSummary) };
    return body;
  });

  app.get('/api/artists/:name', async (request, reply) => {
    const parsed = parseQuery(artistQuerySchema, request.query);
    if (!parsed.ok) return sendInvalidParameter(reply, parsed.message);
    // Fastify has already percent-decoded the path segment.
    const { name } = request.params as { name: string };
    const page = await readArtistPage(deps.db, name, parsed.value.page);
    const body: ArtistResponse = {
      artist_name: name,
      author_full_name: page.newest?.author_full_name ?? null,
      portfolio_link: page.newest?.portfolio_link ?? null,
      external_link: page.newest?.external_link ?? null,
      total: page.total,
      verified_total: page.verified,
      page: parsed.value.page,
      page_size: PAGE_SIZES.artist,
      items: page.rows.map(toWorkSummary),
    };
    return body;
  });
}
