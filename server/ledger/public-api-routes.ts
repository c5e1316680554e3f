// The public read API (docs/product.md §7, decisions 0012, 0016, 0017): GET /api/v1/ledger and the same handler
// at the spec's path /functions/v1/public-ledger-api, plus the bulk dump and the Croissant
// description. Open to any origin (CORS), rate limited per IP, cacheable for 5 minutes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import cors from '@fastify/cors';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import {
  buildMetadata,
  contentDisposition,
  croissantDescription,
  FORMATS,
  PUBLIC_API_QUERY_CLEANING,
  toPublicRecord,
  type PublicApiQuery,
} from './public-api';
import { publicApiGainsWorkAfter, readPublicApiPage } from './public-api-repository';
import { cachePeriodStart, keptAnswer, PUBLIC_CACHE_CONTROL, sendCacheable } from './http-cache';
import { CachedAnswers, refreshAheadOnChange } from '../ledger-cache';
import { queryParameterRules } from './invalid-parameter';
import { croissantSchema, dumpSchema, publicLedgerSchema, snapshotByIdSchema, snapshotSchema } from './schemas';
import { absoluteImageUrl } from './absolute-image-url';
import { createDumpStream, DUMP_CONTENT_TYPE, dumpFilename } from './dump';
import { ledgerSnapshotsFor } from './snapshot/ledger-snapshots';
import { snapshotHandlers } from './snapshot/snapshot-routes';
import { SNAPSHOT_PATH, SNAPSHOTS_FOLDER } from './snapshot/snapshot-names';

/**
 * Bytes of built responses kept per process for reuse (cached-answers.ts says for how long).
 * 16 MB holds the four formats of the largest page (3.4 MB at a million works) several times
 * over; beyond the pages many ask for, a cache only fills with pages asked for once (a harvest
 * reads each page a single time), so 32 MB was memory without hits (issue 38's memory goal).
 */
const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

/** Headers a browser script on another site may read from our answers. */
const EXPOSED_HEADERS = ['ETag', 'Content-Disposition', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

/**
 * Registers `routes` under `prefix` in a scope of its own with CORS for any origin, so only
 * these paths (and their OPTIONS preflights) are cross-origin readable, never the app's API.
 */
async function openToAnyOrigin(app: FastifyInstance, prefix: string, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], exposedHeaders: EXPOSED_HEADERS, maxAge: 86400 });
      routes(scope);
    },
    { prefix },
  );
}

export async function publicApiRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, db } = deps;
  const siteUrl = config.siteUrl;
  const routeConfig = { rateLimit: rateLimitConfig('public-api', config.rateLimit.apiPerHour, 'hour', config.rateLimit.disabled) };

  const cache = new CachedAnswers(db, RESPONSE_CACHE_BYTES, deps.now);

  /**
   * The kept (or newly built) answer to `query` (cached-answers.ts); `waitForRebuild`: the one
   * with the newest works, even if another request is building it.
   */
  async function ledgerAnswer(query: PublicApiQuery, options: { waitForRebuild?: boolean } = {}) {
    const generatedAt = cachePeriodStart(deps.now());
    // The same question asked again gets the same bytes back while they are current.
    const key = JSON.stringify([generatedAt, query]);
    const scope = {
      firstPage: query.offset === 0 && !query.cursor,
      gainsWorkAfter: (seq: string) => publicApiGainsWorkAfter(db, query, seq),
    };
    const build = async () => {
      const page = await readPublicApiPage(db, query);
      const records = page.rows.map((row) =>
        toPublicRecord(row, { siteUrl, includePrompts: query.include_prompts, imageUrl: absoluteImageUrl }),
      );
      const metadata = buildMetadata({ query, totalEntries: page.total, nextCursor: page.nextCursor, generatedAt });
      const format = FORMATS[query.format];
      return keptAnswer(format.write(records, { metadata, siteUrl }), format.contentType);
    };
    return cache.get(key, scope, build, undefined, options);
  }
  // First pages (where a new work shows) are rebuilt on every change while asked for (refresh-ahead.ts).
  const firstPages = refreshAheadOnChange(app, db, (query: PublicApiQuery) =>
    ledgerAnswer(query, { waitForRebuild: true }).then((answer) => answer.compressed.prepareAskedForms()),
  );

  async function ledger(query: PublicApiQuery, request: FastifyRequest, reply: FastifyReply) {
    // JSON is read by programs in place; the other formats are files people save.
    if (query.format !== 'json') reply.header('Content-Disposition', contentDisposition(query.format, deps.now()));
    if (query.offset === 0 && !query.cursor) firstPages.asked(JSON.stringify(query), query);
    const answer = await ledgerAnswer(query);
    return sendCacheable(request, reply, answer.compressed, answer.contentType, answer.etag);
  }

  async function dump(_request: FastifyRequest, reply: FastifyReply) {
    const stream = createDumpStream(db, siteUrl, (err) => reply.log.error({ err }, 'ledger dump failed'));
    return reply
      .header('Cache-Control', PUBLIC_CACHE_CONTROL)
      .header('Content-Disposition', `attachment; filename="${dumpFilename(deps.now())}"`)
      .type(DUMP_CONTENT_TYPE)
      .send(stream);
  }

  // The Croissant description names the newest published snapshot (snapshot/ledger-snapshots.ts).
  const snapshots = ledgerSnapshotsFor(deps, app.log);
  const snapshot = snapshotHandlers(snapshots, deps.store);

  async function croissant(request: FastifyRequest, reply: FastifyReply) {
    const description = croissantDescription({ siteUrl, snapshot: await snapshots.current() });
    return sendCacheable(request, reply, JSON.stringify(description), 'application/ld+json; charset=utf-8');
  }

  // The query is cleaned (empty values dropped, a repeated parameter refused) before the schema
  // validates it, and a refusal names the parameter: 400 'invalid_parameter'.
  const { preValidation, config: queryConfig } = queryParameterRules(PUBLIC_API_QUERY_CLEANING);
  const ledgerOptions = (summary: string) => ({
    schema: publicLedgerSchema(summary),
    preValidation,
    config: { ...routeConfig, ...queryConfig },
  });

  await openToAnyOrigin(app, '/api/v1', (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get('/ledger', ledgerOptions('The public ledger as a dataset'), (request, reply) => ledger(request.query, request, reply));
    api.get('/ledger/dump.jsonl.gz', { schema: dumpSchema, config: routeConfig }, dump);
    api.get(SNAPSHOT_PATH.slice('/api/v1'.length), { schema: snapshotSchema, config: routeConfig }, snapshot.latest);
    api.get(`${SNAPSHOTS_FOLDER.slice('/api/v1'.length)}/:file`, { schema: snapshotByIdSchema, config: routeConfig }, snapshot.byId);
    api.get('/croissant.json', { schema: croissantSchema, config: routeConfig }, croissant);
    api.get('/ledger/croissant.json', { schema: croissantSchema, config: routeConfig }, croissant);
  });
  await openToAnyOrigin(app, '/functions/v1', (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get('/public-ledger-api', ledgerOptions('The same API at the path of the original product'), (request, reply) =>
      ledger(request.query, request, reply),
    );
  });
}
