// The web app's read endpoints: GET /api/ledger, GET /api/featured, GET /api/artists/{name}.
import type { FastifyInstance } from 'fastify';
import type { ArtistResponse, FeaturedResponse, LedgerResponse } from '../../core/api-types';
import { PAGE_SIZES } from '../../core/constants';
import { ledgerToolOptions } from '../../core/tools';
import type { AppDeps } from '../deps';
import { artistQuerySchema, ledgerQuerySchema, parseQuery } from './ledger-query';
import { readArtistPage, readFeatured, readLedgerPage } from './ledger-repository';
import { sendInvalidParameter } from './invalid-parameter';
import { toWorkSummary } from './work-summary';

export async function appReadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/ledger', async (request, reply) => {
    const parsed = parseQuery(ledgerQuerySchema, request.query);
    if (!parsed.ok) return sendInvalidParameter(reply, parsed.message);
    const page = await readLedgerPage(deps.db, parsed.value, deps.now());
    const body: LedgerResponse = {
      items: page.rows.map(toWorkSummary),
      total: page.total,
      page: parsed.value.page,
      page_size: PAGE_SIZES.ledger,
      total_verified: page.totalVerified,
      tool_options: ledgerToolOptions(page.toolsInLedger),
    };
    return body;
  });

  app.get('/api/featured', async (_request, reply) => {
    // A fresh random pick on every visit: never cache it.
    reply.header('Cache-Control', 'no-store');
    const body: FeaturedResponse = { items: (await readFeatured(deps.db)).map(toWorkSummary) };
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
      page: parsed.value.page,
      page_size: PAGE_SIZES.artist,
      items: page.rows.map(toWorkSummary),
    };
    return body;
  });
}
