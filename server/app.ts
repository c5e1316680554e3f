// buildApp(deps): the whole HTTP application without listening, used by main.ts and the tests.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { frameworkErrorHandler, installErrorHandling } from './http/errors';
import { installInputGate } from './http/input-gate';
import { installRouteTable } from './http/route-table';
import { installOpenApi } from './http/openapi';
import { installSecurityHeaders } from './http/security-headers';
import { installProxyWarning } from './http/proxy-warning';
import { installRateLimit } from './http/rate-limit';
import { installPages } from './http/pages';
import { installCompression } from './http/compression';
import { capConnectionsPerAddress } from './http/connection-cap';
import { watchBodyProgress } from './http/body-progress';
import { installArtworkServing } from './http/artworks';
import { siteRoutes } from './site/routes';
import { submissionsRoutes } from './submissions/routes';
import { ledgerRoutes } from './ledger/routes';
import { removalsRoutes } from './removals/routes';
import { removalAdminRoutes } from './removals/admin-routes';
import { manageRoutes } from './manage/routes';
import { rescoreWork } from './submissions/rescore';
import { publicWorkBundle } from './proof/work-bundle';
import { adminRoutes } from './admin/routes';
import { jobsRoutes } from './admin/jobs-routes';
import { proofRoutes } from './proof/routes';
import { tlogRoutes } from './tlog/routes';
import { realtimeRoutes } from './realtime/routes';
import { watchRoutes } from './watch/routes';
import { manageWatches } from './watch/manage-watches';
import { proofPageHeadProviders } from './proof/page-heads';
import { keepFingerprintsInMemory } from './works/fingerprint-memory';
import { keepSubtreesInMemory } from './tlog/log-tree';
import { JobQueue } from './jobs/job-queue';
import { createMailer } from './mail/mailer';
import { defineMailJob, type MailSender } from './mail/mail-queue';
import { defineWatchAlertsJob } from './watch/alert-scanner';
import { loginThrottleCleanupJob } from './admin/login-throttle';
import { rateLimitCounterCleanupJob } from './http/rate-limit';
import { manageCleanupJob } from './manage/routes';
import { uploadSweepJob } from './submissions/routes';

export interface BackgroundWork {
  jobs: JobQueue;
  mail: MailSender;
}

const backgroundOfApp = new WeakMap<FastifyInstance, BackgroundWork>();

/** The app's job queue and mail sender (tests and the admin routes read them). */
export function backgroundOf(app: FastifyInstance): BackgroundWork {
  const background = backgroundOfApp.get(app);
  if (!background) throw new Error('not an app made by buildApp');
  return background;
}

/**
 * The durable queue of all work after the request (decision 0058), started with the app (before
 * it listens: a registration queues its e-mail in the queue's tables) and stopped with it, after
 * the running jobs end.
 */
function installBackgroundWork(app: FastifyInstance, deps: AppDeps): BackgroundWork {
  const jobs = new JobQueue(deps.database, app.log, { pollingIntervalSeconds: deps.config.jobsPollSeconds });
  const mailer = createMailer(deps.config);
  const mail = defineMailJob(jobs, deps, mailer, app.log);
  defineWatchAlertsJob(jobs, deps, mail, app.log);
  // Clean-ups and sweeps, hourly, each by one process.
  for (const kind of [
    loginThrottleCleanupJob(deps.db, deps.now, app.log),
    rateLimitCounterCleanupJob(deps.db),
    manageCleanupJob(deps),
    uploadSweepJob(deps, app.log),
  ])
    jobs.define(kind);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.idle();
    mailer.close();
  });
  return { jobs, mail };
}

// JSON bodies are small forms; images arrive as multipart with their own 10 MB limit.
const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app: FastifyInstance = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy as boolean,
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    return503OnClosing: true,
    // Slow clients (a byte at a time, a body that never ends) are cut off; see config.http and
    // http/body-progress.ts, which watches bodies more closely than the whole request's deadline.
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // Node checks the two deadlines above on this tick (30 s by default, too coarse for them).
      connectionsCheckingInterval: 1_000,
    },
    frameworkErrors: frameworkErrorHandler,
  });
  // Below Fastify, on the HTTP server's sockets (issue 34): one address's share of connections,
  // and request bodies that stop coming.
  capConnectionsPerAddress(app.server, config.http.maxConnectionsPerIp, config.trustProxy);
  watchBodyProgress(app.server, { windowMs: config.http.bodyWindowMs, minBytesPerSecond: config.http.bodyMinBytesPerSecond });
  installRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installErrorHandling(app);
  installInputGate(app);
  installSecurityHeaders(app, config.sponsorUrl, config.s3?.publicUrl ?? null);
  installProxyWarning(app, config.trustProxy);
  await app.register(cookie);
  await installCompression(app);
  await installOpenApi(app, config.siteUrl);
  await installRateLimit(app, deps.db, { disabled: config.rateLimit.disabled, readsPerMinute: config.rateLimit.readsPerMinute });

  installArtworkServing(app, deps.db, deps.store, config.siteUrl);
  const background = installBackgroundWork(app, deps);
  backgroundOfApp.set(app, background);
  const { mail } = background;
  // The removals feature's admin routes live in the admin scope (its session and origin checks).
  // …and so do the job queue's (jobs-routes.ts, given this app's queue).
  const jobsAdmin = (scope: FastifyInstance, d: AppDeps) => jobsRoutes(scope, d, background.jobs);
  const adminWithFeatures = (scope: FastifyInstance, d: AppDeps) => adminRoutes(scope, d, [removalAdminRoutes, jobsAdmin]);
  // The manage feature re-scores works with the submissions feature's trust engine, zips the proof feature's bundles
  // and shows the watch feature's alerts.
  const manageWithTrustEngine = (scope: FastifyInstance, d: AppDeps) =>
    manageRoutes(scope, d, { rescore: rescoreWork, bundle: publicWorkBundle, watches: manageWatches }, mail);
  const submissionsWithMail = (scope: FastifyInstance, d: AppDeps) => submissionsRoutes(scope, d, mail);
  const watchWithMail = (scope: FastifyInstance, d: AppDeps) => watchRoutes(scope, d, mail);
  for (const routes of [
    siteRoutes,
    submissionsWithMail,
    ledgerRoutes,
    removalsRoutes,
    manageWithTrustEngine,
    adminWithFeatures,
    proofRoutes,
    tlogRoutes,
    realtimeRoutes,
    watchWithMail,
  ]) {
    await routes(app, deps);
  }
  await installPages(app, config.webDist, proofPageHeadProviders(deps));
  // Once the port is open, so that start-up (and /api/health) does not share the CPU with them;
  // until each load ends, near-duplicate searches (works/fingerprint-memory.ts) and proofs
  // (tlog/log-tree.ts) read what they need from the database.
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  // A server stopped during a load closes the database under it: nothing went wrong.
  const warnUnlessClosing = (what: string) => (err: Error) => {
    if (!closing) app.log.warn({ err }, what);
  };
  app.addHook('onListen', async () => {
    keepFingerprintsInMemory(deps.db).catch(
      warnUnlessClosing('loading the perceptual hashes into memory failed: near-duplicate searches stay with the database'),
    );
    keepSubtreesInMemory(deps.db).catch(
      warnUnlessClosing("loading the log's subtree hashes into memory failed: proofs read them from the database"),
    );
  });
  return app;
}
