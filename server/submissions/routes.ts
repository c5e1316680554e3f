// HTTP routes of the submissions feature (DESIGN.md "HTTP contract"): upload an image, register
// a work, read a public work, open an e-mail verification link. Routes check input and call the
// feature's services; every rule lives in those.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { submissionBodySchema } from '../../core/schemas';
import { normaliseSubmissionBody } from '../../core/submission';
import { validationErrorBody } from '../../core/validation';
import type { AppDeps } from '../deps';
import { errorBody, HttpError } from '../http/errors';
import { rateLimitConfig } from '../http/rate-limit';
import { INVALID_VERIFY_LINK, VERIFY_EMAIL_PATH, verifyEmailToken } from './email-verification';
import { closeImagePool, ImageBusyError, ImageRejectedError, MAX_IMAGE_BYTES } from './image';
import { createMailer } from './mailer';
import { readUploadedFile } from './multipart-file';
import { toPublicWork } from './public-work';
import { registerSubmission } from './submission-service';
import { findPublicDuplicateTarget, findPublicWork } from './submissions-repository';
import { sweepUploads, sweepUploadsAtStartUp, type UploadSweep } from './upload-cleanup';
import { createUpload } from './upload-service';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

const NOT_MULTIPART = new HttpError(415, 'unsupported_media_type', MESSAGES.notMultipart.description, {
  title: MESSAGES.notMultipart.title,
});

function scheduleUploadCleanup(app: FastifyInstance, deps: AppDeps): void {
  const run = (sweep: () => Promise<UploadSweep>) =>
    sweep().then(
      (removed) => Object.values(removed).some((n) => n > 0) && app.log.info(removed, 'unused uploads removed'),
      (err: unknown) => app.log.error({ err }, 'upload cleanup failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Awaited: onReady ends before the server listens, and the start-up sweep must see no upload in progress.
    await run(() => sweepUploadsAtStartUp(deps));
    timer = setInterval(() => void run(() => sweepUploads(deps)), CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

async function uploadRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, { throwFileSizeLimit: false });
  // Any other body type gets the same clear 415 as a JSON or text body does in the handler.
  scope.addContentTypeParser('*', (_request, _payload, done) => done(NOT_MULTIPART));

  scope.post(
    '/api/uploads',
    { config: { rateLimit: rateLimitConfig('uploads', deps.config.rateLimit.uploadsPerDay, 'day', deps.config.rateLimit.disabled) } },
    async (request, reply) => {
      if (!request.isMultipart()) throw NOT_MULTIPART;
      const bytes = await readUploadedFile(request, 'file', MAX_IMAGE_BYTES);
      try {
        const { response } = await createUpload(deps, bytes);
        return reply.status(201).send(response);
      } catch (err) {
        if (err instanceof ImageRejectedError) {
          throw new HttpError(err.statusCode, err.code, err.description, { title: err.title });
        }
        if (err instanceof ImageBusyError) throw err; // 503 with Retry-After
        request.log.error({ err }, 'upload failed');
        throw new HttpError(500, 'upload_failed', MESSAGES.uploadFailed.description, { title: MESSAGES.uploadFailed.title });
      }
    },
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

function invalidLinkPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${INVALID_VERIFY_LINK.title}</title></head>`
    + `<body><main><h1>${INVALID_VERIFY_LINK.title}</h1><p>${INVALID_VERIFY_LINK.description}</p>`
    + '<p><a href="/">Return to Home</a></p></main></body></html>';
}

function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send(errorBody('not_found', MESSAGES.submissionNotFound.description));
}

export async function submissionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const mailer = createMailer(config);
  app.addHook('onClose', async () => {
    await mailer.idle();
    mailer.close();
  });
  // The image worker pool serves uploads, lookups and the admin image check; it ends with the app.
  app.addHook('onClose', async () => closeImagePool(config.imageProcessing));
  scheduleUploadCleanup(app, deps);

  // Multipart parsing only where files are expected.
  await app.register(async (scope) => uploadRoutes(scope, deps));

  app.post(
    '/api/submissions',
    { config: { rateLimit: rateLimitConfig('submissions', config.rateLimit.submissionsPerDay, 'day', config.rateLimit.disabled) } },
    async (request, reply) => {
      const parsed = submissionBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
      const work = await registerSubmission(deps, normaliseSubmissionBody(parsed.data), { mailer, log: request.log });
      return reply.status(201).send({
        id: work.id,
        registry_id: work.registry_id,
        trust_meter: work.trust_meter,
        status: work.status,
        verify_url: work.verify_url,
      });
    },
  );

  app.get(VERIFY_EMAIL_PATH, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const verified = typeof token === 'string' ? await verifyEmailToken(deps, token) : null;
    if (verified) return reply.redirect(`/verify/${verified.id}?email=verified`, 303);
    if (wantsHtml(request)) return reply.status(400).type('text/html; charset=utf-8').send(invalidLinkPage());
    return reply.status(400).send(errorBody('invalid_token', INVALID_VERIFY_LINK.description, { title: INVALID_VERIFY_LINK.title }));
  });

  app.get('/api/submissions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = await findPublicWork(deps.db, id);
    if (!row) return sendNotFound(reply);
    const duplicateOf = await findPublicDuplicateTarget(deps.db, row.duplicate_of);
    return toPublicWork(row, config.siteUrl, { duplicateOf });
  });
}
