// The C2SP tlog-tiles read API (https://c2sp.org/tlog-tiles) under /log/, so any CDN, mirror or
// monitor can follow the log with standard tools instead of our JSON API:
//
//   GET /log/checkpoint                  the signed checkpoint (same note as /api/log/checkpoint)
//   GET /log/policy                      the log's C2SP tlog-policy: its key, witnesses and quorum
//   GET /log/tile/<L>/<N>[.p/<W>]        Merkle tree hashes, 256 per full tile
//   GET /log/tile/entries/<N>[.p/<W>]    entry bundles: the leaves' canonical JSON
//
// Caching: a full tile never changes (immutable, one year); partial tiles and the checkpoint
// are cached briefly, and a tile the log does not hold yet answers 404 without long caching.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { API_ERRORS, notATilePathText } from '../../core/api-error-texts';
import type { AppDeps } from '../deps';
import { ensureCheckpoint } from '../tlog/checkpoints';
import { newestCheckpoint } from '../tlog/log-repository';
import { policySchema, tileCheckpointSchema, tileSchema } from './schemas';
import { parseTilePath, TILE_WIDTH, TilePathError } from '../tlog/tile-path';
import { readTile } from '../tlog/tiles';
import { cosignedNote, publishedPolicy } from '../tlog/witnessing/cosigned';

const gzipAsync = promisify(gzip);

const CACHE_FULL_TILE = 'public, max-age=31536000, immutable';
const CACHE_PARTIAL_TILE = 'public, max-age=60';
const CACHE_TILE_CHECKPOINT = 'public, max-age=10';
const CACHE_MISSING = 'public, max-age=10';
const CACHE_POLICY = 'public, max-age=300';
const OCTETS = 'application/octet-stream';

/** Entry bundles are text and shrink several times; the spec asks logs to compress them. */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((item) => {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return coding === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Registers the routes on a scope whose prefix is /log (see routes.ts). */
export function tileRoutes(plainScope: FastifyInstance, deps: AppDeps): void {
  const scope = plainScope.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  scope.get('/checkpoint', { schema: tileCheckpointSchema }, async (_request, reply) => {
    const checkpoint = (await newestCheckpoint(db)) ?? (await ensureCheckpoint(deps));
    const note = await cosignedNote(deps, checkpoint);
    return reply.header('Cache-Control', CACHE_TILE_CHECKPOINT).type('text/plain; charset=utf-8').send(note);
  });

  // C2SP tlog-policy: which witnesses' cosignatures a checkpoint of this log needs.
  scope.get('/policy', { schema: policySchema }, async (_request, reply) => {
    return reply
      .header('Cache-Control', CACHE_POLICY)
      .type('text/plain; charset=utf-8')
      .send(await publishedPolicy(deps));
  });

  scope.get('/tile/*', { schema: tileSchema }, async (request, reply) => {
    let tile;
    try {
      tile = parseTilePath(request.params['*']);
    } catch (err) {
      if (!(err instanceof TilePathError)) throw err;
      throw appError('bad_request', notATilePathText(err.message), { headers: { 'Cache-Control': CACHE_MISSING } });
    }
    const data = await readTile(db, tile);
    if (!data) throw appError('not_found', API_ERRORS.logTileNotYet, { headers: { 'Cache-Control': CACHE_MISSING } });
    reply.header('Cache-Control', tile.width === TILE_WIDTH ? CACHE_FULL_TILE : CACHE_PARTIAL_TILE).type(OCTETS);
    if (tile.level !== 'entries') return reply.send(data);
    reply.header('Vary', 'Accept-Encoding');
    if (!acceptsGzip(request)) return reply.send(data);
    return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(data));
  });
}
