// POST /api/lookup (verify a file): the image goes through the upload pipeline's checks and
// hashing, is compared with the ledger, and is then dropped: nothing is stored.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { claimImagePlace, fingerprintImageOffThread, ImageRejectedError, MAX_IMAGE_BYTES } from '../image';
import { readUploadedFile } from '../http/multipart-file';
import { clientAddressKey } from '../http/client-address';
import { lookupImage } from './lookup';
import { lookupSchema } from './schemas';

const notMultipart = () => appError('unsupported_media_type', MESSAGES.notMultipart.description);

export async function lookupRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, { throwFileSizeLimit: false });
  scope.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart()));
  const app = scope.withTypeProvider<ZodTypeProvider>();

  const { rateLimit } = deps.config;
  app.post(
    '/api/lookup',
    {
      schema: lookupSchema,
      config: {
        // Hashing an image costs about as much as an upload, so it shares the uploads' daily budget size.
        rateLimit: rateLimitConfig('lookup', rateLimit.uploadsPerDay, 'day', rateLimit.disabled),
        // A multipart body is never parsed into request.body; only a JSON body can fail the schema.
        validationError: notMultipart,
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw notMultipart();
      // This client's share of the image queue, before its file is read (429 when it holds it all).
      const place = claimImagePlace(deps.config.imageProcessing, clientAddressKey(request.ip));
      let image;
      try {
        const bytes = await readUploadedFile(request, 'file', MAX_IMAGE_BYTES);
        image = await fingerprintImageOffThread(bytes, deps.config.imageProcessing);
      } catch (err) {
        // The same refusals, statuses and texts as POST /api/uploads.
        if (err instanceof ImageRejectedError) throw appError(err.code, err.description, { title: err.title });
        throw err;
      } finally {
        place.release();
      }
      return lookupImage(deps.db, { sha256: image.sha256, phash: image.phash, regions: image.regionProbes });
    },
  );
}
