// HTTP routes of the transparency log (decision 0033): the signed checkpoint, the
// verifier key, inclusion and consistency proofs, and leaf entries by range under /api/log/;
// the C2SP tlog-tiles read API under /log/ (tile-routes.ts). Both answer any origin (CORS).
//
// Caching: the checkpoint changes every minute at most (short cache); the key rarely changes;
// a proof or entries that only involve leaves that exist and a signed size never change
// (immutable); a proof "against the newest checkpoint" changes as the log grows (one minute).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { MESSAGES } from '../../core/messages';
import { normaliseSubmissionRef } from '../../core/ids';
import { appError, notFound } from '../../core/app-error';
import { rateLimitConfig } from '../http/rate-limit';
import { ensureCheckpoint, scheduleCheckpoints } from './checkpoints';
import { checkpointAt, currentLogSize, newestCheckpoint, readEntries } from './log-repository';
import { openToAnyOrigin } from '../http/any-origin';
import { consistencyProof } from './consistency-proof';
import { checkpointCovering, inclusionProofAt, registeredWorkInclusionProof } from './proofs';
import { invalidParameter, logParamError, MAX_ENTRIES_PER_REQUEST, missingParameter } from './query-params';
import { checkpointSchema, consistencySchema, entriesSchema, inclusionSchema, keySchema } from './schemas';
import { getLogSigner } from './signer';
import { tileRoutes } from './tile-routes';
import { cosignedNote } from './witnessing/cosigned';
import { scheduleWitnessing } from './witnessing/witnessing';

const CACHE_CHECKPOINT = 'public, max-age=10';
const CACHE_KEY = 'public, max-age=86400';
const CACHE_LATEST = 'public, max-age=60';
const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const TEXT = 'text/plain; charset=utf-8';

export async function tlogRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  scheduleCheckpoints(app, deps);
  scheduleWitnessing(app, deps);
  await openToAnyOrigin(app, '/api/log', (scope) => logApiRoutes(scope, deps));
  await openToAnyOrigin(app, '/log', (scope) => tileRoutes(scope, deps));
}

/** The JSON API, on a scope whose prefix is /api/log. */
function logApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  // Proofs cost database reads and hashing; share the public API's hourly budget per address.
  // A query mistake keeps the log's own wording: 'invalid_parameter' naming the parameter.
  const limited = {
    rateLimit: rateLimitConfig('tlog', config.rateLimit.apiPerHour, 'hour', config.rateLimit.disabled),
    validationError: logParamError,
  };
  const cache = (reply: FastifyReply, value: string) => reply.header('Cache-Control', value);

  app.get('/checkpoint', { schema: checkpointSchema }, async (_request, reply) => {
    const checkpoint = (await newestCheckpoint(db)) ?? (await ensureCheckpoint(deps));
    return cache(reply, CACHE_CHECKPOINT)
      .type(TEXT)
      .send(await cosignedNote(deps, checkpoint));
  });

  app.get('/key', { schema: keySchema }, async (_request, reply) => {
    // No trailing newline: the body can be passed as-is to a verifier (e.g. --key "$(curl …)").
    return cache(reply, CACHE_KEY)
      .type(TEXT)
      .send((await getLogSigner(deps)).vkey);
  });

  app.get('/proof/inclusion', { schema: inclusionSchema, config: limited }, async (request, reply) => {
    const { id, leaf_index: leafIndex, tree_size: treeSize } = request.query;

    if (id !== undefined) {
      if (leafIndex !== undefined || treeSize !== undefined) {
        throw invalidParameter('id', "give either 'id' or 'leaf_index' (with an optional 'tree_size'), not both.");
      }
      const ref = normaliseSubmissionRef(id);
      if (!ref) throw invalidParameter('id', 'expected a UUID or a registry ID such as VW-2026-000001.');
      // A removed or purged work keeps its proof; the answer says it was later removed.
      const proof = await registeredWorkInclusionProof(deps, ref);
      if (!proof) {
        const { title, description } = MESSAGES.submissionNotFound;
        throw appError('not_found', description, { title });
      }
      return cache(reply, CACHE_LATEST).send(proof);
    }

    if (leafIndex === undefined) {
      throw treeSize === undefined ? missingParameter('id', " (or 'leaf_index')") : missingParameter('leaf_index');
    }
    if (treeSize !== undefined) {
      if (leafIndex >= treeSize) throw invalidParameter('leaf_index', "must be less than 'tree_size'.");
      const checkpoint = await checkpointAt(db, treeSize);
      if (!checkpoint) throw notFound('No checkpoint for that tree size.');
      return cache(reply, CACHE_IMMUTABLE).send(await inclusionProofAt(deps, leafIndex, checkpoint));
    }
    const checkpoint = await checkpointCovering(deps, leafIndex);
    if (!checkpoint) throw notFound('No leaf at that index.');
    return cache(reply, CACHE_LATEST).send(await inclusionProofAt(deps, leafIndex, checkpoint));
  });

  app.get('/proof/consistency', { schema: consistencySchema, config: limited }, async (request, reply) => {
    const { first, second } = request.query;
    if (first > second) throw invalidParameter('first', "must not be larger than 'second'.");
    const size = await currentLogSize(db);
    if (second > size) throw invalidParameter('second', `must not be larger than the log size (${size}).`);
    // Both trees are prefixes of an append-only log, so the answer never changes.
    return cache(reply, CACHE_IMMUTABLE).send({ first, second, hashes: await consistencyProof(deps, first, second) });
  });

  app.get('/entries', { schema: entriesSchema, config: limited }, async (request, reply) => {
    const { start, end } = request.query;
    if (end <= start) throw invalidParameter('end', "must be larger than 'start'.");
    if (end - start > MAX_ENTRIES_PER_REQUEST) {
      throw invalidParameter('end', `at most ${MAX_ENTRIES_PER_REQUEST} entries per request.`);
    }
    // A range reaching past the log's end is answered with the leaves that exist so far.
    const size = await currentLogSize(db);
    const entries = await readEntries(db, start, Math.min(end, size));
    return cache(reply, end <= size ? CACHE_IMMUTABLE : CACHE_CHECKPOINT).send({ entries });
  });
}
