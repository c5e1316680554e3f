// The operator's metrics (issue 39, decision 0067): instruments, the hooks and observers that fill
// them, and GET /metrics. Wired by server/app.ts.
import type { FastifyInstance } from 'fastify';
import type { AppDeps, FeatureOptions } from '../deps';
import { observeImagePool } from '../image';
import type { JobQueueOptions } from '../jobs/job-queue';
import { createMetrics, type Metrics } from './instruments';
import { countFrameworkErrors, installHttpMetrics, type FrameworkErrorHandler } from './http-metrics';
import { metricsRoutes } from './routes';
import type { ScrapeSources } from './scrape-gauges';
import type { WritePacerObserver } from '../http/write-pacer';

export { meteredMailer } from './metered-mailer';
export type { Metrics } from './instruments';

export interface AppMetrics {
  metrics: Metrics;
  /** Wraps Fastify's handler of its own refusals before routing, which route hooks never see. */
  countFrameworkErrors(handler: FrameworkErrorHandler): FrameworkErrorHandler;
  /** Installs the request hooks and the observers: call before any route is registered. */
  install(app: FastifyInstance): void;
  /** For the registration steps' pacer (write-pacer.ts): how long each waited, and refusals. */
  registrationTurns: WritePacerObserver;
  /** For the job queue's options: counts each run's end. */
  onJobRunEnded: NonNullable<JobQueueOptions['onRunEnded']>;
  /** The plugin of GET /metrics; `jobKinds` names the kinds the app's queue declared. */
  routes(app: FastifyInstance, options: FeatureOptions & { jobKinds: () => string[] }): Promise<void>;
}

/** The app's metrics; made before the Fastify instance, whose framework-error handler they wrap. */
export function createAppMetrics(deps: AppDeps): AppMetrics {
  const metrics = createMetrics({ processMetrics: deps.config.metricsToken !== undefined });
  let imageLoad: ScrapeSources['imageLoad'] = () => ({ running: 0, waiting: 0, workers: 0, queueMax: 0 });
  return {
    metrics,
    countFrameworkErrors: (handler) => countFrameworkErrors(metrics, handler),
    install(app) {
      installHttpMetrics(app, metrics);
      imageLoad = observeImagePool(deps.config.imageProcessing, {
        waited: (seconds) => metrics.image.wait.observe(seconds),
        ran: (seconds, outcome) => metrics.image.run.observe({ outcome }, seconds),
        refused: (reason) => metrics.image.refusals.inc({ reason }),
      });
      const stopObservingQueries = deps.database.observeQueries(({ durationMs, failed }) =>
        metrics.db.query.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000),
      );
      app.addHook('onClose', async () => stopObservingQueries());
    },
    registrationTurns: {
      waited: (seconds) => metrics.registrations.turnWait.observe(seconds),
      refused: () => metrics.registrations.turnRefusals.inc(),
    },
    onJobRunEnded: ({ kind, seconds, failed }) => {
      metrics.jobs.runs.inc({ kind, outcome: failed ? 'failed' : 'completed' });
      metrics.jobs.runTime.observe({ kind }, seconds);
    },
    routes: async function metricsPlugin(scope, { deps: d, jobKinds }) {
      await metricsRoutes(scope, d, metrics, { deps: d, imageLoad: () => imageLoad(), jobKinds });
    },
  };
}
