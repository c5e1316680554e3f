// HTTP routes of the transparency log (decision 0033): the signed checkpoint, the
// verifier key, inclusion and consistency proofs, and leaf entries by range under /api/log/;
// the C2SP tlog-tiles read API under /log/ (tile-routes.ts). Both answer any origin (CORS).
//
// Caching: the checkpoint changes every minute at most (short cache); the key rarely changes;
// a proof or entries that only involve leaves that exist and a signed size never change
// (immutable); a proof "against the newest checkpoint" changes as the log grows (one minute).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, FeatureOptions } from '../deps';
import { MESSAGES } from '../../core/messages';
import { normaliseSubmissionRef } from '../../core/ids';
import { appError, notFound } from '../../core/app-error';
import { API_ERRORS, logSecondPastSizeText, logTooManyEntriesText } from '../../core/api-error-texts';
import { rateLimitConfig } from '../http/rate-limit';
import { ensureCheckpoint, scheduleCheckpoints } from '../tlog/checkpoints';
import { checkpointAt, currentLogSize, newestCheckpoint, readEntries } from '../tlog/log-repository';
import { openToAnyOrigin } from '../http/any-origin';
import { consistencyProof } from '../tlog/consistency-proof';
import { checkpointCovering, inclusionProofAt, registeredWorkInclusionProof } from '../tlog/proofs';
import { invalidParameter, logParamError, MAX_ENTRIES_PER_REQUEST, missingParameter } from './query-params';
import { checkpointSchema, consistencySchema, entriesSchema, inclusionSchema, keySchema } from './schemas';
import { getLogSigner } from '../tlog/signer';
import { tileRoutes } from './tile-routes';
import { cosignedNote } from '../tlog/witnessing/cosigned';
import { scheduleWitnessing } from '../tlog/witnessing/witnessing';

const CACHE_CHECKPOINT = 'public, max-age=10';
const CACHE_KEY = 'public, max-age=86400';
const CACHE_LATEST = 'public, max-age=60';
const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const TEXT = 'text/plain; charset=utf-8';

export async function transparencyRoutes(app: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
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
        throw invalidParameter('id', API_ERRORS.logIdOrLeafIndex);
      }
      const ref = normaliseSubmissionRef(id);
      if (!ref) throw invalidParameter('id', API_ERRORS.logIdNotARef);
      // A removed or purged work keeps its proof; the answer says it was later removed.
      const proof = await registeredWorkInclusionProof(deps, ref);
      if (!proof) {
        const { title, description } = MESSAGES.submissionNotFound;
        throw appError('not_found', description, { title });
      }
      return cache(reply, CACHE_LATEST).send(proof);
    }

    if (leafIndex === undefined) {
      throw treeSize === undefined ? missingParameter('id', API_ERRORS.logIdOrLeafIndexHint) : missingParameter('leaf_index');
    }
    if (treeSize !== undefined) {
      if (leafIndex >= treeSize) throw invalidParameter('leaf_index', API_ERRORS.logLeafIndexPastTreeSize);
      const checkpoint = await checkpointAt(db, treeSize);
      if (!checkpoint) throw notFound(API_ERRORS.logNoCheckpointAtSize);
      return cache(reply, CACHE_IMMUTABLE).send(await inclusionProofAt(deps, leafIndex, checkpoint));
    }
    const checkpoint = await checkpointCovering(deps, leafIndex);
    if (!checkpoint) throw notFound(API_ERRORS.logNoLeafAtIndex);
    return cache(reply, CACHE_LATEST).send(await inclusionProofAt(deps, leafIndex, checkpoint));
  });

  app.get('/proof/consistency', { schema: consistencySchema, config: limited }, async (request, reply) => {
    const { first, second } = request.query;
    if (first > second) throw invalidParameter('first', API_ERRORS.logFirstAfterSecond);
    const size = await currentLogSize(db);
    if (second > size) throw invalidParameter('second', logSecondPastSizeText(size));
    // Both trees are prefixes of an append-only log, so the answer never changes.
    return cache(reply, CACHE_IMMUTABLE).send({ first, second, hashes: await consistencyProof(deps, first, second) });
  });

  app.get('/entries', { schema: entriesSchema, config: limited }, async (request, reply) => {
    const { start, end } = request.query;
    if (end <= start) throw invalidParameter('end', API_ERRORS.logEndNotAfterStart);
    if (end - start > MAX_ENTRIES_PER_REQUEST) {
      throw invalidParameter('end', logTooManyEntriesText(MAX_ENTRIES_PER_REQUEST));
    }
    // A range reaching past the log's end is answered with the leaves that exist so far.
    const size = await currentLogSize(db);
    const entries = await readEntries(db, start, Math.min(end, size));
    return cache(reply, end <= size ? CACHE_IMMUTABLE : CACHE_CHECKPOINT).send({ entries });
  });
}
