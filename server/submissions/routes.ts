// HTTP routes of the submissions feature (decision 0033): upload an image, register
// a work, read a public work, open an e-mail verification link. Routes check input and call the
// feature's services; every rule lives in those.
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../core/app-error';
import { CONFIRM_PAGES, EMAIL_CONFIRMATIONS_PER_HOUR } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { normaliseSubmissionBody } from '../../core/submission';
import { trainingConsentHeaders } from '../../core/training-consent';
import { validationFailedError } from '../../core/validation';
import type { AppDeps, FeatureOptions } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import { rateLimitConfig } from '../http/rate-limit';
import { INVALID_VERIFY_LINK, VERIFY_EMAIL_PATH, verifyEmailToken } from './email-verification';
import { claimImagePlace, closeImagePool, ImageBusyError, ImageRejectedError, MAX_IMAGE_BYTES } from '../image';
import type { MailSender } from '../mail/mail-queue';
import type { LinkChecks } from '../link-proofs/link-checks';
import type { WorkEvents } from '../works/work-events';
import { readUploadedFile } from '../http/multipart-file';
import { clientAddressKey } from '../http/client-address';
import { toPublicWork } from '../works/public-work';
import { registerSubmission } from './submission-service';
import { batchSubmissionRoutes } from './batch-routes';
import { receiptOf } from './receipt';
import { publicWorkExtrasOf } from '../works/public-work-extras';
import { findPublicWork } from '../works/works-repository';
import { sweepUploads, sweepUploadsAtStartUp, type UploadSweep } from './upload-cleanup';
import { publicWorkRouteSchema, submissionSchema, uploadSchema, verifyEmailPageSchema, verifyEmailSchema } from './schemas';
import { createUpload } from './upload-service';
import { pacedStep, REGISTRATION_STEPS_WAITING_MAX, WritePacer, type WritePacerObserver } from '../http/write-pacer';
import { coAuthorRoutes } from './co-author-routes';

const NOT_MULTIPART = appError('unsupported_media_type', MESSAGES.notMultipart.description, { title: MESSAGES.notMultipart.title });

/** Awaited at start-up: onReady ends before the server listens, and the start-up sweep must see no upload in progress. */
function sweepUploadsOnStart(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => logSweep(app.log, await sweepUploadsAtStartUp(deps).catch(sweepFailed(app.log))));
}

type SweepLog = Pick<FastifyBaseLogger, 'info' | 'error'>;
const sweepFailed = (log: SweepLog) => (err: unknown) => {
  log.error({ err }, 'upload cleanup failed');
  return undefined;
};
function logSweep(log: SweepLog, removed: UploadSweep | undefined): void {
  if (removed && Object.values(removed).some((n) => n > 0)) log.info(removed, 'unused uploads removed');
}

/** Then hourly, by a scheduled job of the queue (decision 0058): unused uploads past their time. */
export function uploadSweepJob(deps: AppDeps, log: SweepLog): JobKind<object> {
  return periodicJob('upload-sweep', '17 * * * *', async () => logSweep(log, await sweepUploads(deps)));
}

async function uploadRoutes(fastify: FastifyInstance, deps: AppDeps, pacer: WritePacer): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();
  await scope.register(multipart, { throwFileSizeLimit: false });
  // Any other body type gets the same clear 415 as a JSON or text body does in the handler.
  scope.addContentTypeParser('*', (_request, _payload, done) => done(NOT_MULTIPART));

  scope.post(
    '/api/uploads',
    {
      schema: uploadSchema,
      config: {
        rateLimit: rateLimitConfig('uploads', deps.config.rateLimit.uploadsPerDay, 'day', deps.config.rateLimit.disabled),
        // A multipart body is never parsed into request.body; only a JSON or text body can fail the schema.
        validationError: () => NOT_MULTIPART,
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw NOT_MULTIPART;
      // This client's share of the image queue, before its file is read (429 when it holds it all).
      const place = claimImagePlace(deps.config.imageProcessing, clientAddressKey(request.ip));
      try {
        const bytes = await readUploadedFile(request, 'file', MAX_IMAGE_BYTES);
        // Its turn among registration steps (write-pacer.ts) once its file is in: a slow sender
        // never holds a turn.
        return await pacedStep(pacer, async () => {
          try {
            const { response } = await createUpload(deps, bytes);
            return reply.status(201).send(response);
          } catch (err) {
            if (err instanceof ImageRejectedError) throw err;
            if (err instanceof ImageBusyError) throw err; // 503 with Retry-After
            request.log.error({ err }, 'upload failed');
            throw appError('upload_failed', MESSAGES.uploadFailed.description, { title: MESSAGES.uploadFailed.title });
          }
        });
      } finally {
        place.release();
      }
    },
  );
}

/** A request without a body is checked as an empty form, so each missing field gets its own message. */
async function emptyBodyAsForm(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

export interface SubmissionsOptions extends FeatureOptions {
  mail: MailSender;
  linkChecks: LinkChecks;
  events: WorkEvents;
  /** Told how long each registration step waited for its turn, and of refusals (the metrics). */
  turns?: WritePacerObserver;
}

export async function submissionsRoutes(
  fastify: FastifyInstance,
  { deps, mail, linkChecks, events, turns }: SubmissionsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  // The image worker pool serves uploads, lookups and the admin image check; it ends with the app.
  app.addHook('onClose', async () => closeImagePool(config.imageProcessing));
  sweepUploadsOnStart(app, deps);
  // Uploads, submissions and batches take turns while reads saturate the HTTP thread (decision 0082).
  const pacer = new WritePacer({
    concurrentWhenBusy: config.registrationsAtOnceWhenBusy,
    maxWaiting: REGISTRATION_STEPS_WAITING_MAX,
    observer: turns,
  });
  app.addHook('onClose', async () => pacer.close());

  // Multipart parsing only where files are expected.
  await app.register(async (scope) => uploadRoutes(scope, deps, pacer));

  app.post(
    '/api/submissions',
    {
      schema: submissionSchema,
      config: {
        rateLimit: rateLimitConfig('submissions', config.rateLimit.submissionsPerDay, 'day', config.rateLimit.disabled),
        validationError: validationFailedError,
      },
      preValidation: emptyBodyAsForm,
    },
    async (request, reply) => {
      const body = normaliseSubmissionBody(request.body);
      const work = await pacedStep(pacer, () => registerSubmission(deps, body, { mail, linkChecks, events, log: request.log }));
      return reply.status(201).send(receiptOf(work));
    },
  );
  await batchSubmissionRoutes(app, deps, { mail, linkChecks, events, pacer });

  // The link in the e-mail opens the confirmation page (decision 0053); its button POSTs the
  // token. A GET never verifies: mail scanners open links. Links of older e-mails land there too.
  app.get(VERIFY_EMAIL_PATH, { schema: verifyEmailPageSchema }, async (request, reply) => {
    const { token } = request.query;
    return reply.redirect(
      token === undefined ? CONFIRM_PAGES.email : `${CONFIRM_PAGES.email}?token=${encodeURIComponent(token)}`,
      303,
    );
  });

  const verifications = {
    rateLimit: rateLimitConfig('email-verifications', EMAIL_CONFIRMATIONS_PER_HOUR, 'hour', config.rateLimit.disabled),
    validationError: validationFailedError,
  };
  app.post(VERIFY_EMAIL_PATH, { schema: verifyEmailSchema, config: verifications }, async (request) => {
    const verified = await verifyEmailToken(deps, linkChecks, request.body.token);
    if (!verified) {
      const { title, description } = INVALID_VERIFY_LINK;
      throw appError('invalid_token', description, { title, fields: { token: description } });
    }
    return verified;
  });

  await coAuthorRoutes(app, deps);

  app.get('/api/submissions/:id', { schema: publicWorkRouteSchema }, async (request, reply) => {
    const row = await findPublicWork(deps.db, request.params.id);
    if (!row) throw notFound(MESSAGES.submissionNotFound.description);
    // The artist's AI-training choice, in the vocabularies crawlers read (as on the proof page).
    reply.headers(trainingConsentHeaders(row.allow_ai_training, config.siteUrl));
    return toPublicWork(row, config.siteUrl, await publicWorkExtrasOf(deps.db, row));
  });
}
