// The C2PA Soft Binding Resolution API under /api/c2pa/v1 (see c2pa-soft-binding.ts), readable
// from any origin. byContent takes the image itself as the body and hashes it off the event
// loop like POST /api/lookup; nothing sent is stored. manifests/{id} serves the C2PA manifest
// store a work's original carried, kept at registration.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, invalidParameter, notFound } from '../../core/app-error';
import {
  API_ERRORS,
  c2paNoManifestStoreText,
  c2paUnknownAlgorithmText,
  c2paValueInvalidText,
  parameterMissingOrInvalidText,
} from '../../core/api-error-texts';
import { PUBLIC_API } from '../../core/constants';
import type { AppDeps } from '../deps';
import { openToAnyOrigin } from '../http/any-origin';
import { rateLimitConfig } from '../http/rate-limit';
import { clientAddressKey } from '../http/client-address';
import { claimImagePlace, fingerprintImageOffThread, ImageRejectedError, MAX_IMAGE_BYTES } from '../image';
import { C2PA_MANIFEST_STORE_MIME } from '../image/c2pa';
import { findManifestStore } from '../works/c2pa-manifest-stores-repository';
import { findPublicWork } from '../works/works-repository';
import { etagMatches } from './consent/versioned-files';
import { byBindingSchema, byContentSchema, manifestSchema, supportedAlgorithmsSchema } from './c2pa-schemas';
import {
  C2PA_ALG_PHASH,
  C2PA_ALG_SHA256,
  C2PA_ALGORITHMS,
  C2PA_DEFAULT_MAX_RESULTS,
  C2PA_MAX_RESULTS,
  decodeBindingValue,
  isC2paAlgorithm,
  matchFingerprints,
  type C2paAlgorithm,
} from './c2pa-soft-binding';

const unknownAlgorithm = (alg: string) => invalidParameter(c2paUnknownAlgorithmText(alg, C2PA_ALGORITHMS));

const notAnImageBody = () => appError('unsupported_media_type', API_ERRORS.c2paImageBodyRequired);

function algorithmOf(alg: string): C2paAlgorithm {
  if (!isC2paAlgorithm(alg)) throw unknownAlgorithm(alg);
  return alg;
}

function limitOf(maxResults: string | undefined): number {
  return Math.min(maxResults ? Number(maxResults) : C2PA_DEFAULT_MAX_RESULTS, C2PA_MAX_RESULTS);
}

function invalidQueryParameter(issues: { path: readonly PropertyKey[] }[]) {
  const name = String(issues[0]?.path[0] ?? 'query');
  if (name === 'maxResults') return invalidParameter(API_ERRORS.c2paMaxResultsInvalid);
  return invalidParameter(parameterMissingOrInvalidText(name));
}

export async function c2paRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await openToAnyOrigin(app, '/api/c2pa/v1', async (scope) => {
    // The image arrives as the whole body; anything else is refused before it is read.
    scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => done(notAnImageBody()));
    routes(scope, deps);
  });
}

function routes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = deps.config;
  const reads = { rateLimit: rateLimitConfig('c2pa', rateLimit.apiPerHour, 'hour', rateLimit.disabled) };

  app.get('/services/supportedAlgorithms', { schema: supportedAlgorithmsSchema, config: reads }, async () => ({
    watermarks: [],
    fingerprints: C2PA_ALGORITHMS.map((alg) => ({ alg })),
  }));

  app.get(
    '/matches/byBinding',
    { schema: byBindingSchema, config: { ...reads, validationError: invalidQueryParameter } },
    async (request) => {
      const alg = algorithmOf(request.query.alg);
      const hash = decodeBindingValue(alg, request.query.value);
      if (!hash) {
        throw invalidParameter(c2paValueInvalidText(alg, alg === C2PA_ALG_SHA256 ? 'sha256' : 'phash'));
      }
      const fingerprints = alg === C2PA_ALG_SHA256 ? { sha256: hash } : { phash: hash };
      return { matches: await matchFingerprints(deps.db, fingerprints, limitOf(request.query.maxResults)) };
    },
  );

  app.post(
    '/matches/byContent',
    {
      schema: byContentSchema,
      config: {
        // Hashing an image costs about as much as an upload: the budget of POST /api/lookup.
        rateLimit: rateLimitConfig('lookup', rateLimit.uploadsPerDay, 'day', rateLimit.disabled),
        validationError: invalidQueryParameter,
      },
    },
    async (request) => {
      const only = request.query.alg === undefined ? undefined : algorithmOf(request.query.alg);
      if (!Buffer.isBuffer(request.body)) throw notAnImageBody();
      let image;
      // This client's share of the image queue (429 when it holds it all); the body is read already.
      const place = claimImagePlace(deps.config.imageProcessing, clientAddressKey(request.ip));
      try {
        image = await fingerprintImageOffThread(request.body, deps.config.imageProcessing);
      } catch (err) {
        // The same refusals, statuses and texts as POST /api/uploads.
        if (err instanceof ImageRejectedError) throw appError(err.code, err.description, { title: err.title });
        throw err;
      } finally {
        place.release();
      }
      // The crop-tolerant views go with the perceptual hash: both answer "visually the same".
      const fingerprints = {
        sha256: only === C2PA_ALG_PHASH ? undefined : image.sha256,
        phash: only === C2PA_ALG_SHA256 ? undefined : image.phash,
        regions: only === C2PA_ALG_SHA256 ? undefined : image.regionProbes,
      };
      return { matches: await matchFingerprints(deps.db, fingerprints, limitOf(request.query.maxResults)) };
    },
  );

  // The store the registered original carried (kept at registration), byte for byte.
  app.get('/manifests/:manifestId', { schema: manifestSchema, config: reads }, async (request, reply) => {
    const work = await findPublicWork(deps.db, request.params.manifestId);
    if (!work) throw notFound(API_ERRORS.c2paNoPublicWork);
    const store = await findManifestStore(deps.db, work.id);
    if (!store) throw notFound(c2paNoManifestStoreText(work.registry_id));
    const etag = `"${store.sha256}"`;
    // A work's store never changes, but the work may stop being public: cached briefly only.
    reply.header('Cache-Control', `public, max-age=${PUBLIC_API.cacheSeconds}`).header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(C2PA_MANIFEST_STORE_MIME).send(store.bytes);
  });
}
