// HTTP routes of the watch feature (issue 18): watch a public work for copies, confirm, stop,
// and read a work's alerts as a feed. The alert run is a scheduled job (alert-scanner.ts, wired by app.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../core/app-error';
import { WATCH } from '../../core/constants';
import { MESSAGES, type MessagePair } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../http/html-escape';
import { rateLimitConfig } from '../http/rate-limit';
import type { MailSender } from '../mail/mail-queue';
import { findPublicWork } from '../works/works-repository';
import { alertFeedAtom, ATOM_CONTENT_TYPE } from './alert-feed';
import { alertFeedSchema, watchConfirmSchema, watchRequestSchema, watchUnsubscribeSchema } from './schemas';
import { alertsOfWork } from './watch-repository';
import { confirmWatchLink, requestWatch, unsubscribeLink, WATCH_CONFIRM_PATH, WATCH_UNSUBSCRIBE_PATH } from './watch-service';

function page(reply: FastifyReply, status: number, message: MessagePair) {
  const title = escapeHtml(message.title);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>${escapeHtml(message.description)}</p><p><a href="/">Return to Home</a></p></main></body></html>`,
    );
}

export async function watchRoutes(fastify: FastifyInstance, deps: AppDeps, mailer: MailSender): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;

  app.post(
    '/api/submissions/:id/watch',
    {
      schema: watchRequestSchema,
      config: {
        rateLimit: rateLimitConfig('watch', WATCH.requestsPerHour, 'hour', config.rateLimit.disabled),
        validationError: validationFailedError,
      },
    },
    async (request, reply) => {
      await requestWatch(deps, mailer, request.log, request.params.id, request.body.email);
      return reply.status(202).send({ message: MESSAGES.watchRequested.description });
    },
  );

  app.get(WATCH_CONFIRM_PATH, { schema: watchConfirmSchema }, async (request, reply) => {
    const { token } = request.query;
    const workId = token === undefined ? null : await confirmWatchLink(deps, token);
    if (workId) return reply.redirect(`/verify/${workId}?watch=confirmed`, 303);
    if ((request.headers.accept ?? '').includes('text/html')) return page(reply, 400, MESSAGES.watchLinkInvalid);
    throw appError('invalid_token', MESSAGES.watchLinkInvalid.description, { title: MESSAGES.watchLinkInvalid.title });
  });

  // GET from the link in the e-mail; POST from a mail client's one-click unsubscribe button
  // (RFC 8058: a form body 'List-Unsubscribe=One-Click', read here only to be accepted).
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
    for (const method of ['GET', 'POST'] as const) {
      scope.withTypeProvider<ZodTypeProvider>().route({
        method,
        url: WATCH_UNSUBSCRIBE_PATH,
        schema: watchUnsubscribeSchema,
        handler: async (request, reply) => {
          const { token } = request.query;
          const stopped = token !== undefined && (await unsubscribeLink(deps, token));
          return page(reply, 200, stopped ? MESSAGES.watchStopped : MESSAGES.watchLinkInvalid);
        },
      });
    }
  });

  app.get('/api/submissions/:id/alerts.atom', { schema: alertFeedSchema }, async (request, reply) => {
    const work = await findPublicWork(deps.db, request.params.id);
    if (!work) throw notFound(MESSAGES.submissionNotFound.description);
    const alerts = await alertsOfWork(deps.db, work.id, WATCH.feedEntries);
    const feedWork = {
      id: work.id,
      registry_id: work.registry_id,
      title: work.title,
      created_at: new Date(work.created_at).toISOString(),
    };
    return reply
      .header('Cache-Control', 'public, max-age=60')
      .type(ATOM_CONTENT_TYPE)
      .send(alertFeedAtom(feedWork, alerts, config.siteUrl));
  });
}
