// The web app's read endpoints: GET /api/ledger, GET /api/featured, GET /api/artists/{name}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ArtistResponse, FeaturedResponse, LedgerResponse } from '../../core/api-types';
import { ledgerResponseSchema } from '../../core/api/ledger';
import { PAGE_SIZES } from '../../core/constants';
import { ledgerToolOptions } from '../../core/tools';
import type { AppDeps } from '../deps';
import { pickFeatured, readFeaturedPool, readLedgerPage } from './ledger-repository';
import { readArtistPage } from '../works/works-repository';
import { ledgerSummaryAt } from './ledger-summary';
import { queryParameterRules } from './invalid-parameter';
import { appLedgerSchema, artistSchema, featuredSchema } from './schemas';
import { toWorkSummary } from '../works/work-summary';
import { perLedgerVersion, readLedgerVersion } from '../db/ledger-version';
import { ResponseCache } from './response-cache';
import { strongEtag } from './http-cache';

/** Bytes of built ledger pages kept per process for reuse while the ledger does not change. */
const LEDGER_CACHE_BYTES = 16 * 1024 * 1024;
/** Date filters count back from now; a page built this recently is still right. */
const DATE_FILTER_RESOLUTION_MS = 60_000;

export async function appReadRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ledgerCache = new ResponseCache(LEDGER_CACHE_BYTES);
  // The featured pool is read once per ledger version; the pick from it is new on every visit.
  const featuredPoolAt = perLedgerVersion(() => readFeaturedPool(deps.db));

  app.get('/api/ledger', { schema: appLedgerSchema, ...queryParameterRules() }, async (request, reply) => {
    const query = request.query;
    const now = deps.now();
    const minute = Math.floor(now.getTime() / DATE_FILTER_RESOLUTION_MS);
    const version = await readLedgerVersion(deps.db);
    const key = JSON.stringify([version, query.date ? minute : null, query]);
    let cached = ledgerCache.get(key);
    if (!cached) {
      // The header figures ignore the search and filters: shared by every query of this version.
      const figures = await ledgerSummaryAt(deps.db, version);
      const page = await readLedgerPage(deps.db, query, now, figures);
      const body: LedgerResponse = {
        items: page.rows.map(toWorkSummary),
        total: page.total,
        page: query.page,
        page_size: PAGE_SIZES.ledger,
        total_verified: figures.verified,
        tool_options: ledgerToolOptions(figures.toolsInLedger),
        platform_options: figures.platforms,
        tag_options: figures.tags,
      };
      // Sent as cached text, which the response serializer never sees: checked against the
      // declared schema here instead, as the serializer checks the other answers.
      const text = JSON.stringify(ledgerResponseSchema.parse(body));
      cached = { body: text, etag: strongEtag(text), contentType: 'application/json; charset=utf-8' };
      ledgerCache.set(key, cached);
    }
    return reply.type(cached.contentType).send(cached.body);
  });

  app.get('/api/featured', { schema: featuredSchema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pool = await featuredPoolAt(await readLedgerVersion(deps.db));
    const body: FeaturedResponse = { items: pickFeatured(pool).map(toWorkSummary) };
    return body;
  });

  app.get('/api/artists/:name', { schema: artistSchema, ...queryParameterRules() }, async (request) => {
    // Fastify has already percent-decoded the path segment.
    const { name } = request.params;
    const { page: pageNumber } = request.query;
    const page = await readArtistPage(deps.db, name, pageNumber);
    const body: ArtistResponse = {
      artist_name: name,
      author_full_name: page.newest?.author_full_name ?? null,
      portfolio_link: page.newest?.portfolio_link ?? null,
      external_link: page.newest?.external_link ?? null,
      total: page.total,
      verified_total: page.verified,
      page: pageNumber,
      page_size: PAGE_SIZES.artist,
      items: page.rows.map(toWorkSummary),
    };
    return body;
  });
}
