// POST /api/lookup (verify a file): the image goes through the upload pipeline's checks and
// hashing, is compared with the ledger, and is then dropped: nothing is stored.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { rateLimitConfig } from '../http/rate-limit';
import { ImageRejectedError, MAX_IMAGE_BYTES, processImageOffThread } from '../submissions/image';
import { readUploadedFile } from '../submissions/multipart-file';
import { lookupImage } from './lookup';

const NOT_MULTIPART = new HttpError(415, 'unsupported_media_type', "Please send the image as multipart/form-data, in a field named 'file'.");

export async function lookupRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, { throwFileSizeLimit: false });
  scope.addContentTypeParser('*', (_request, _payload, done) => done(NOT_MULTIPART));

  const { rateLimit } = deps.config;
  scope.post(
    '/api/lookup',
    // Hashing an image costs about as much as an upload, so it shares the uploads' daily budget size.
    { config: { rateLimit: rateLimitConfig('lookup', rateLimit.uploadsPerDay, 'day', rateLimit.disabled) } },
    async (request) => {
      if (!request.isMultipart()) throw NOT_MULTIPART;
      const bytes = await readUploadedFile(request, 'file', MAX_IMAGE_BYTES);
      let image;
      try {
        image = await processImageOffThread(bytes, deps.config.imageProcessing);
      } catch (err) {
        // The same refusals, statuses and texts as POST /api/uploads.
        if (err instanceof ImageRejectedError) throw new HttpError(err.statusCode, err.code, err.description, { title: err.title });
        throw err;
      }
      return lookupImage(deps.db, { sha256: image.sha256, phash: image.phash });
    },
  );
}
