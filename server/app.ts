// buildApp(deps): the whole HTTP application without listening, used by main.ts and the tests.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { imageWorkIdleForMs } from './image';
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
import { rescoreWorkAt } from './submissions/rescore';
import { publicWorkBundle } from './proof/work-bundle';
import { adminRoutes } from './admin/routes';
import { jobsRoutes } from './admin/jobs-routes';
import { proofRoutes } from './proof/routes';
import { transparencyRoutes } from './transparency/routes';
import { realtimeRoutes } from './realtime/routes';
import { watchRoutes } from './watch/routes';
import { manageWatches } from './watch/manage-watches';
import { proofPageHeadProviders } from './proof/page-heads';
import { keepFingerprintsInMemory } from './works/fingerprint-memory';
import { collectStartUpGarbage } from './start-up-garbage';
import { keepSubtreesInMemory } from './tlog/log-tree';
import { JobQueue } from './jobs/job-queue';
import { createMailer } from './mail/mailer';
import { defineMailJob, type MailSender } from './mail/mail-queue';
import { defineWatchAlertsJob } from './watch/alert-scanner';
import { loginThrottleCleanupJob } from './admin/login-throttle';
import { rateLimitCounterCleanupJob } from './http/rate-limit';
import { manageCleanupJob } from './manage/routes';
import { uploadSweepJob } from './submissions/routes';
import { fetcherFromConfig } from './fetcher/from-config';
import { NO_LINK_CHECKS, type LinkChecks } from './link-proofs/link-checks';
import { defineIdentityRescoreJob, type IdentityRescores } from './submissions/identity-rescore-job';
// Issue 33, decision 0063: disputes of claimed artist names.
import { disputeRoutes } from './disputes/routes';
import { disputeAdminRoutes } from './disputes/admin-routes';
import { disputeCleanupJob } from './disputes/dispute-service';
import { defineLinkCheckJob } from './submissions/link-check-job';
import { linkRecheckJob } from './submissions/link-recheck-job';
import { defineRubricRescoreJob } from './submissions/rubric-rescore-job';
import { checkpointJob } from './tlog/checkpoints';
import { witnessJob } from './tlog/witnessing/witnessing';
import { ledgerSnapshotJob } from './ledger/snapshot/ledger-snapshots';
import { createAppMetrics, meteredMailer, type AppMetrics } from './metrics';
// Issue 39, decision 0070: optional OpenTelemetry traces.
import { installTracing } from './metrics/tracing';
import { createFetcher, type Fetcher } from './fetcher/fetcher';
import { defineWebhookJob, type WebhookDeliveries } from './webhooks/delivery-job';
import { webhookFetcherOptions } from './webhooks/webhook-fetcher';
import { webhooksRoutes } from './admin/webhooks-routes';
// Issue 33: domain proofs (decision 0062).
import { NO_DOMAIN_CHECKS, type DomainChecks } from './link-proofs/domain-checks';
import { txtLookupFromConfig } from './link-proofs/txt-lookup';
import { defineDomainCheckJob } from './submissions/domain-check-job';
import { domainRecheckJob } from './submissions/domain-recheck-job';

/** How long one start-up step may take before the start fails (Fastify's pluginTimeout). */
const START_UP_STEP_TIMEOUT_MS = 60_000;

export interface BackgroundWork {
  jobs: JobQueue;
  mail: MailSender;
  linkChecks: LinkChecks;
  /** Checks of domain proofs (decision 0062); off with LINK_CHECKS. */
  domainChecks: DomainChecks;
  /** Webhook events of work changes, and their deliveries (decision 0069). */
  webhooks: WebhookDeliveries;
  /** The guarded fetcher the deliveries go through, with its webhook budgets. */
  webhookFetcher: Fetcher;
  /** Re-scoring of the works under an artist name (a claim made, released or transferred). */
  identity: IdentityRescores;
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
function installBackgroundWork(app: FastifyInstance, deps: AppDeps, metrics: AppMetrics): BackgroundWork {
  const jobs = new JobQueue(deps.database, app.log, {
    pollingIntervalSeconds: deps.config.jobsPollSeconds,
    maintenanceIntervalSeconds: deps.config.jobsMaintenanceSeconds,
    // Link checks and e-mails wait for a moment without image work (decision 0074).
    registrationsIdleForMs: () => imageWorkIdleForMs(deps.config.imageProcessing),
    onRunEnded: metrics.onJobRunEnded,
  });
  const mailer = meteredMailer(createMailer(deps.config), metrics.metrics);
  const mail = defineMailJob(jobs, deps, mailer, app.log);
  defineWatchAlertsJob(jobs, deps, mail, app.log);
  // Issue 33: links proven in the background; names claimed; works re-scored (decision 0061).
  const identity = defineIdentityRescoreJob(jobs, deps, app.log);
  const fetcher = deps.fetcher ?? fetcherFromConfig(deps.config);
  app.addHook('onClose', async () => fetcher.close());
  const definedChecks = defineLinkCheckJob(jobs, { ...deps, fetcher }, identity, app.log);
  const linkChecks = deps.config.linkChecks ? definedChecks : NO_LINK_CHECKS;
  const lookupTxt = txtLookupFromConfig(deps.config);
  const definedDomainChecks = defineDomainCheckJob(jobs, { ...deps, fetcher, lookupTxt }, identity, app.log);
  const domainChecks = deps.config.linkChecks ? definedDomainChecks : NO_DOMAIN_CHECKS;
  const rubric = defineRubricRescoreJob(jobs, deps, deps.config.rescore.batchSize, app.log);
  const webhookFetcher = createFetcher(webhookFetcherOptions(deps.config));
  const webhooks = defineWebhookJob(jobs, deps, webhookFetcher, app.log);
  // Clean-ups and sweeps, hourly, each by one process.
  for (const kind of [
    loginThrottleCleanupJob(deps.db, deps.now, app.log),
    rateLimitCounterCleanupJob(deps.db),
    manageCleanupJob(deps),
    disputeCleanupJob(deps),
    uploadSweepJob(deps, app.log),
    ...(deps.config.linkChecks ? [linkRecheckJob(deps, linkChecks), domainRecheckJob(deps, domainChecks)] : []),
    // The log's checkpoint each minute and the dataset snapshot's look every ten (decision 0065).
    checkpointJob(deps),
    ledgerSnapshotJob(deps, app.log),
  ])
    jobs.define(kind);
  // Witness cosignature requests, queued with each new checkpoint (decision 0065).
  if (deps.config.tlogWitnessing.witnesses.length > 0) jobs.define(witnessJob(deps, jobs, app.log));
  app.addHook('onReady', async () => {
    await jobs.start();
    if (deps.config.rescore.onStart) await rubric.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.idle();
    mailer.close();
    await webhookFetcher.close();
  });
  return { jobs, mail, linkChecks, domainChecks, webhooks, webhookFetcher, identity };
}

// JSON bodies are small forms; images arrive as multipart with their own 10 MB limit.
const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  // The operator's metrics (server/metrics/, decision 0067), made first: they count Fastify's own refusals too.
  const metrics = createAppMetrics(deps);
  const app: FastifyInstance = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy as boolean,
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    return503OnClosing: true,
    // Each start-up step (a plugin, an onReady hook: the job queue's tables and schedules, the
    // upload sweep, the first checkpoint) may take this long. Fastify's 10 s default failed a
    // start of three processes at once on one PostgreSQL on a loaded machine (their queue set-ups
    // wait on each other's locks); a step that hangs still fails the start, after a minute.
    pluginTimeout: START_UP_STEP_TIMEOUT_MS,
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
    frameworkErrors: metrics.countFrameworkErrors(frameworkErrorHandler),
  });
  // Below Fastify, on the HTTP server's sockets (issue 34): one address's share of connections,
  // and request bodies that stop coming.
  capConnectionsPerAddress(app.server, config.http.maxConnectionsPerIp, config.trustProxy);
  watchBodyProgress(app.server, { windowMs: config.http.bodyWindowMs, minBytesPerSecond: config.http.bodyMinBytesPerSecond });
  installRouteTable(app);
  // Before every route, so that each request is counted by its route.
  metrics.install(app);
  // A span per request when OTEL_* names a collector (decision 0070); else nothing is loaded.
  await installTracing(app, config.tracing, config.siteUrl);
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
  const background = installBackgroundWork(app, deps, metrics);
  backgroundOfApp.set(app, background);
  const { mail, webhooks } = background;
  // The removals feature's admin routes live in the admin scope (its session and origin checks).
  // …and so do the job queue's (jobs-routes.ts, given this app's queue).
  const jobsAdmin = (scope: FastifyInstance, d: AppDeps) => jobsRoutes(scope, d, background.jobs);
  const removalsAdmin = (scope: FastifyInstance, d: AppDeps) => removalAdminRoutes(scope, d, webhooks);
  const webhooksAdmin = (scope: FastifyInstance, d: AppDeps) =>
    webhooksRoutes(scope, d, { deliveries: webhooks, fetcher: background.webhookFetcher });
  const disputesAdmin = (scope: FastifyInstance, d: AppDeps) => disputeAdminRoutes(scope, d, mail, background.identity);
  // Each feature folder is a Fastify plugin, registered in this order in a scope of its own: its
  // hooks, parsers and decorators stay its own, and it sees everything installed above.
  await app.register(siteRoutes, { deps });
  await app.register(submissionsRoutes, {
    deps,
    mail,
    linkChecks: background.linkChecks,
    events: webhooks,
    turns: metrics.registrationTurns,
  });
  await app.register(ledgerRoutes, { deps });
  await app.register(removalsRoutes, { deps });
  // The manage feature re-scores works with the submissions feature's trust engine, zips the proof feature's bundles
  // and shows the watch feature's alerts.
  const manageFeatures = {
    rescore: rescoreWorkAt(config.siteUrl),
    bundle: publicWorkBundle,
    watches: manageWatches,
    linkChecks: background.linkChecks,
    domainChecks: background.domainChecks,
    events: webhooks,
  };
  await app.register(manageRoutes, { deps, features: manageFeatures, mailer: mail });
  await app.register(adminRoutes, { deps, events: webhooks, featureRoutes: [removalsAdmin, jobsAdmin, webhooksAdmin, disputesAdmin] });
  await app.register(proofRoutes, { deps });
  await app.register(transparencyRoutes, { deps });
  await app.register(realtimeRoutes, { deps });
  await app.register(watchRoutes, { deps, mailer: mail });
  await app.register(disputeRoutes, { deps, mailer: mail });
  await app.register(metrics.routes, { deps, jobKinds: () => background.jobs.kindNames() });
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
    // One load after the other, then one full collection: the loads leave garbage in the old
    // generation (about 55 MB at a million works) that an idle process may not collect for
    // minutes (issue 38's memory goal; start-up-garbage.ts).
    void (async () => {
      await keepSubtreesInMemory(deps.db).catch(
        warnUnlessClosing("loading the log's subtree hashes into memory failed: proofs read them from the database"),
      );
      await keepFingerprintsInMemory(deps.db).catch(
        warnUnlessClosing('loading the perceptual hashes into memory failed: near-duplicate searches stay with the database'),
      );
      if (!closing) collectStartUpGarbage();
    })();
  });
  return app;
}
