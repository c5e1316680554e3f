// HTTP routes of the watch feature (issue 18): watch a public work for copies, confirm (a POST
// from the page the e-mailed link opens), stop, and read a work's alerts as a feed. The alert run
// is a scheduled job (alert-scanner.ts, wired by app.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../core/app-error';
import { CONFIRM_PAGES, WATCH } from '../../core/constants';
import { MESSAGES, type MessagePair } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { FeatureOptions } from '../deps';
import { escapeHtml } from '../http/html-escape';
import { rateLimitConfig } from '../http/rate-limit';
import type { MailSender } from '../mail/mail-queue';
import { findPublicWork } from '../works/works-repository';
import { alertFeedAtom, ATOM_CONTENT_TYPE } from './alert-feed';
import {
  alertFeedSchema,
  watchConfirmPageSchema,
  watchConfirmSchema,
  watchRequestSchema,
  watchUnsubscribePageSchema,
  watchUnsubscribeSchema,
} from './schemas';
import { alertsOfWork } from './watch-repository';
import { confirmWatchLink, requestWatch, unsubscribeLink, WATCH_CONFIRM_PATH, WATCH_UNSUBSCRIBE_PATH } from './watch-service';

/** A small page of the API's own (no app needed): a heading, a sentence, and maybe one form. */
function page(reply: FastifyReply, status: number, message: MessagePair, form = '') {
  const title = escapeHtml(message.title);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>${escapeHtml(message.description)}</p>${form}<p><a href="/">Return to Home</a></p></main></body></html>`,
    );
}

/** The unsubscribe link's page: a button that POSTs the token (opening the link does nothing by itself). */
function unsubscribeForm(token: string): string {
  const action = escapeHtml(`${WATCH_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`);
  return `<form method="post" action="${action}"><button type="submit">${escapeHtml(MESSAGES.watchUnsubscribeButton.title)}</button></form>`;
}

const invalidLink = () =>
  appError('invalid_token', MESSAGES.watchLinkInvalid.description, {
    title: MESSAGES.watchLinkInvalid.title,
    fields: { token: MESSAGES.watchLinkInvalid.description },
  });

export async function watchRoutes(fastify: FastifyInstance, { deps, mailer }: FeatureOptions & { mailer: MailSender }): Promise<void> {
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

  // The link of e-mails sent before confirmation moved to a page (decision 0053): it now opens
  // that page, whose button POSTs the token. A GET never confirms: mail scanners open links.
  app.get(WATCH_CONFIRM_PATH, { schema: watchConfirmPageSchema }, async (request, reply) => {
    const { token } = request.query;
    return reply.redirect(
      token === undefined ? CONFIRM_PAGES.watch : `${CONFIRM_PAGES.watch}?token=${encodeURIComponent(token)}`,
      303,
    );
  });

  const confirmations = {
    rateLimit: rateLimitConfig('watch-confirmations', WATCH.confirmationsPerHour, 'hour', config.rateLimit.disabled),
    validationError: validationFailedError,
  };
  app.post(WATCH_CONFIRM_PATH, { schema: watchConfirmSchema, config: confirmations }, async (request) => {
    const workId = await confirmWatchLink(deps, request.body.token);
    if (!workId) throw invalidLink();
    return { id: workId };
  });

  // GET from the link in an alert e-mail: a page whose button POSTs (a mail scanner opening the
  // link stops nothing). POST from that button, or from a mail client's one-click unsubscribe
  // (RFC 8058: a form body 'List-Unsubscribe=One-Click', read here only to be accepted).
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(WATCH_UNSUBSCRIBE_PATH, { schema: watchUnsubscribePageSchema }, async (request, reply) => {
      const { token } = request.query;
      if (token === undefined) return page(reply, 400, MESSAGES.watchLinkInvalid);
      return page(reply, 200, MESSAGES.watchUnsubscribePage, unsubscribeForm(token));
    });
    routes.post(WATCH_UNSUBSCRIBE_PATH, { schema: watchUnsubscribeSchema }, async (request, reply) => {
      const { token } = request.query;
      const stopped = token !== undefined && (await unsubscribeLink(deps, token));
      return page(reply, 200, stopped ? MESSAGES.watchStopped : MESSAGES.watchLinkInvalid);
    });
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
