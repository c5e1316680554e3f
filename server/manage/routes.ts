// HTTP routes of the manage feature (issue 18): ask for a link, open it for a session cookie,
// then list and change the works registered with the address. Every answer is personal, so none
// is cached; every state-changing call must come from our own pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../core/app-error';
import { MANAGE } from '../../core/constants';
import type { ErrorCode } from '../../core/error-codes';
import { MESSAGES, type MessagePair } from '../../core/messages';
import { inviteCoAuthors } from '../works/co-author-invitations';
import { invitableWork } from '../works/co-author-invitations-repository';
import { validationFailedError } from '../../core/validation';
import type { AppDeps, FeatureOptions } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import { createAfterAnswer } from '../http/after-answer';
import { rateLimitConfig } from '../http/rate-limit';
import type { MailSender } from '../mail/mail-queue';
import type { LinkChecks } from '../link-proofs/link-checks';
import type { DomainChecks } from '../link-proofs/domain-checks';
import { domainProofRoutes } from './domain-routes';
import type { PublicWorkBundle, RescoreWork, WorkWatches } from '../works/manage-ports';
import { streamBundlesZip } from './bundles-zip';
import { deliverManageLink, endManageSession, openManageLink, sessionEmail } from './link-service';
import { deleteExpiredManageRows } from './manage-repository';
import { listManagedWorks } from './managed-works';
import {
  bundlesZipRouteSchema,
  changeWorkRouteSchema,
  checkLinksRouteSchema,
  endSessionRouteSchema,
  inviteCoAuthorRouteSchema,
  listWorksRouteSchema,
  openSessionRouteSchema,
  requestLinkRouteSchema,
  watchWorkRouteSchema,
  withdrawWorkRouteSchema,
} from './schemas';
import { changeWork, withdrawWork, type ChangeContext } from './work-changes';
import type { WorkEvents } from '../works/work-events';

export const MANAGE_SESSION_COOKIE = 'manage_session';

function refusal(code: ErrorCode, message: MessagePair, field: string) {
  return appError(code, message.description, { title: message.title, fields: { [field]: message.description } });
}
const COOKIE_PATH = '/api/manage';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ManageFeatures {
  /** The trust engine's re-scoring (the submissions feature's, wired by app.ts). */
  rescore: RescoreWork;
  /** A public work's bundle.zip (the proof feature's, wired by app.ts). */
  bundle: PublicWorkBundle;
  /** Alerts about copies, and the artist's own watches (the watch feature's, wired by app.ts). */
  watches: WorkWatches;
  /** Checks of the work's links (issue 33): after an edit of them, and on "Check again". */
  linkChecks: LinkChecks;
  /** Checks of domain proofs (decision 0062): when one starts, and on "Check again". */
  domainChecks: DomainChecks;
  /** Webhook events of the artist's changes (the webhooks layer's, wired by app.ts). */
  events: WorkEvents;
}

/** The Origin names the site, or the browser says the call is same-origin (it cannot be forged by a page). */
function isSameSiteRequest(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin === new URL(siteUrl).origin) return true;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** Expired links and sessions are deleted hourly, by a scheduled job of the queue (decision 0058). */
export function manageCleanupJob(deps: Pick<AppDeps, 'db' | 'now'>): JobKind<object> {
  return periodicJob('manage-cleanup', '13 * * * *', async () => {
    await deleteExpiredManageRows(deps.db, deps.now());
  });
}

export interface ManageOptions extends FeatureOptions {
  features: ManageFeatures;
  mailer: MailSender;
}

export async function manageRoutes(fastify: FastifyInstance, { deps, features, mailer }: ManageOptions): Promise<void> {
  const { config } = deps;
  // The manage link's look-up runs after the answer; the server's close waits for it (before the
  // queue it enqueues on stops).
  const afterAnswer = createAfterAnswer(fastify.log);
  fastify.addHook('onClose', async () => {
    await afterAnswer.idle();
  });

  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(COOKIE_PATH)) return;
      reply.header('Cache-Control', 'no-store');
      if (!SAFE_METHODS.has(request.method) && !isSameSiteRequest(request, config.siteUrl)) {
        throw appError('csrf');
      }
    });

    const disabled = config.rateLimit.disabled;
    // Asking for a link and opening one are budgets of their own: asking ten times from a shared
    // address must not stop the artist opening the link they were just sent.
    const links = {
      rateLimit: rateLimitConfig('manage-links', MANAGE.requestsPerHour, 'hour', disabled),
      validationError: validationFailedError,
    };
    const opens = {
      rateLimit: rateLimitConfig('manage-link-opens', MANAGE.opensPerHour, 'hour', disabled),
      validationError: validationFailedError,
    };
    const changes = {
      rateLimit: rateLimitConfig('manage-changes', MANAGE.changesPerHour, 'hour', disabled),
      validationError: validationFailedError,
    };
    const cookieOptions = (maxAgeSeconds: number) => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      path: COOKIE_PATH,
      secure: config.siteUrl.startsWith('https:'),
      maxAge: maxAgeSeconds,
    });
    const signedIn = (request: FastifyRequest) => sessionEmail(deps, request.cookies[MANAGE_SESSION_COOKIE]);
    const context = async (request: FastifyRequest): Promise<ChangeContext> => ({
      email: await signedIn(request),
      meta: { ip: request.ip, user_agent: request.headers['user-agent'] ?? null },
      events: features.events,
    });
    const answerWork = async (reply: FastifyReply, email: string, id: string) => {
      const work = (await listManagedWorks(deps.db, config.siteUrl, email, features.watches, deps.now())).find((w) => w.id === id);
      if (!work) throw notFound(MESSAGES.manageWorkNotFound.description);
      return reply.send(work);
    };

    app.post('/api/manage/link', { schema: requestLinkRouteSchema, config: links }, async (request, reply) => {
      // Nothing about the address is read before answering: see deliverManageLink.
      const { email } = request.body;
      afterAnswer.run(reply, 'manage link delivery', () => deliverManageLink(deps, mailer, request.log, email));
      const { title, description } = MESSAGES.manageLinkSent;
      return reply.status(202).send({ title, message: description });
    });

    app.post('/api/manage/session', { schema: openSessionRouteSchema, config: opens }, async (request, reply) => {
      const session = await openManageLink(deps, request.body.token);
      reply.setCookie(MANAGE_SESSION_COOKIE, session.sessionToken, cookieOptions(MANAGE.sessionMinutes * 60));
      return reply.send({ works: await listManagedWorks(deps.db, config.siteUrl, session.email, features.watches, deps.now()) });
    });

    app.delete('/api/manage/session', { schema: endSessionRouteSchema }, async (request, reply) => {
      await endManageSession(deps, request.cookies[MANAGE_SESSION_COOKIE]);
      reply.clearCookie(MANAGE_SESSION_COOKIE, cookieOptions(0));
      return reply.status(204).send(null);
    });

    app.get('/api/manage/works', { schema: listWorksRouteSchema, config: changes }, async (request) => {
      return { works: await listManagedWorks(deps.db, config.siteUrl, await signedIn(request), features.watches, deps.now()) };
    });

    app.patch('/api/manage/works/:id', { schema: changeWorkRouteSchema, config: changes }, async (request, reply) => {
      const ctx = await context(request);
      await changeWork(deps, features, request.params.id, request.body, ctx);
      features.linkChecks.wake();
      return answerWork(reply, ctx.email, request.params.id);
    });

    const bundles = { rateLimit: rateLimitConfig('manage-bundles', MANAGE.bundleZipsPerHour, 'hour', disabled) };
    app.get('/api/manage/bundles.zip', { schema: bundlesZipRouteSchema, config: bundles }, async (request, reply) => {
      const email = await signedIn(request);
      const works = (await listManagedWorks(deps.db, config.siteUrl, email, features.watches, deps.now())).filter(
        (w) => w.status === 'public',
      );
      return reply
        .header('Content-Disposition', 'attachment; filename="proof-bundles.zip"')
        .type('application/zip')
        .send(
          streamBundlesZip(
            deps,
            features.bundle,
            works.slice(0, MANAGE.bundlesPerZip).map((w) => w.id),
            request.log,
          ),
        );
    });

    app.put('/api/manage/works/:id/watch', { schema: watchWorkRouteSchema, config: changes }, async (request, reply) => {
      const email = await signedIn(request);
      const owned = (await listManagedWorks(deps.db, config.siteUrl, email, features.watches, deps.now())).some(
        (w) => w.id === request.params.id,
      );
      if (!owned) throw notFound(MESSAGES.manageWorkNotFound.description);
      await features.watches.setWatching(deps.db, email, request.params.id, request.body.watching, deps.now());
      return answerWork(reply, email, request.params.id);
    });

    // "Check again" (issue 33): the work's links are fetched again in the background; a second
    // press while a check waits is the same check.
    app.post('/api/manage/works/:id/check-links', { schema: checkLinksRouteSchema, config: changes }, async (request, reply) => {
      const email = await signedIn(request);
      const owned = (await listManagedWorks(deps.db, config.siteUrl, email, features.watches, deps.now())).find(
        (w) => w.id === request.params.id,
      );
      if (!owned || owned.status === 'withdrawn') throw notFound(MESSAGES.manageWorkNotFound.description);
      await features.linkChecks.queue(deps.db, request.params.id);
      features.linkChecks.wake();
      return reply.code(202).send(owned);
    });

    domainProofRoutes(scope, deps, features.domainChecks, signedIn, changes);
    // Decision 0064: ask a credited co-author to confirm, or send them a new link.
    app.post('/api/manage/works/:id/co-authors', { schema: inviteCoAuthorRouteSchema, config: changes }, async (request, reply) => {
      const email = await signedIn(request);
      const owned = (await listManagedWorks(deps.db, config.siteUrl, email, features.watches, deps.now())).find(
        (w) => w.id === request.params.id,
      );
      const work = owned && owned.status !== 'withdrawn' ? await invitableWork(deps.db, owned.id) : undefined;
      if (!work) throw notFound(MESSAGES.manageWorkNotFound.description);
      if (request.body.email.toLowerCase() === email.toLowerCase())
        throw refusal('invalid_email', MESSAGES.coAuthorOwnAddress, 'email');
      const [outcome] = await inviteCoAuthors(deps, mailer, work, [request.body]);
      if (outcome === 'not_credited') throw refusal('invalid_value', MESSAGES.coAuthorNotCredited, 'name');
      if (outcome === 'confirmed') throw refusal('conflict', MESSAGES.coAuthorAlreadyConfirmed, 'name');
      if (outcome === 'declined') throw refusal('conflict', MESSAGES.coAuthorDeclinedBefore, 'name');
      if (outcome === 'capped') throw refusal('too_many_attempts', MESSAGES.coAuthorInviteLimit, 'email');
      return answerWork(reply, email, work.id);
    });

    app.post('/api/manage/works/:id/withdraw', { schema: withdrawWorkRouteSchema, config: changes }, async (request, reply) => {
      const ctx = await context(request);
      await withdrawWork(deps, request.params.id, request.body.reason, ctx);
      return answerWork(reply, ctx.email, request.params.id);
    });
  });
}
