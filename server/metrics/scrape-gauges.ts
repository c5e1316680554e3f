// Gauges read when Prometheus scrapes, rather than kept up to date on every change: the database
// pool, the image queue, the durable queue's jobs and the log. The queue and the log live in the
// database every process shares, so each process reports the same values for them (a dashboard
// takes their max across processes); the pool and the image queue are this process's own.
import type { AppDeps } from '../deps';
import type { ImagePoolLoad } from '../image';
import { countJobs } from '../jobs/jobs-repository';
import { currentLogSize } from '../tlog/log-repository';
import { lastCosignedSize } from '../tlog/witnessing/cosignature-repository';
import type { Metrics } from './instruments';
import { firstCheckpointAbove, newestCheckpointFacts, oldestDueJobWaits } from './metrics-repository';

/** pg-boss's states, as the operator counts them: a job waiting for its retry is still queued. */
const STATE_OF = { created: 'queued', retry: 'queued', active: 'active', failed: 'failed' } as const;
const STATES = ['queued', 'active', 'failed'] as const;

export interface ScrapeSources {
  deps: AppDeps;
  imageLoad: () => ImagePoolLoad;
  /** The kinds of job this app declared: only they are reported, each with every state (0 included). */
  jobKinds: () => string[];
}

/** The witness's name in a vkey (`<name>+<id>+<key>`): what the operator configured, nothing else. */
export function witnessName(vkey: string): string {
  return vkey.slice(0, vkey.indexOf('+'));
}

function readPool(metrics: Metrics, deps: AppDeps): void {
  const { pool } = deps.database;
  metrics.db.connections.set({ state: 'idle' }, pool.idleCount);
  metrics.db.connections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
  metrics.db.waiting.set(pool.waitingCount);
  // As the pool was made: DATABASE_POOL_SIZE on PostgreSQL, one connection on the embedded database.
  metrics.db.max.set(pool.options.max ?? deps.config.databasePoolSize);
}

function readImageQueue(metrics: Metrics, load: ImagePoolLoad): void {
  metrics.image.running.set(load.running);
  metrics.image.waiting.set(load.waiting);
  metrics.image.workers.set(load.workers);
  metrics.image.queueMax.set(load.queueMax);
}

async function readJobs(metrics: Metrics, sources: ScrapeSources): Promise<void> {
  const [counts, ages] = await Promise.all([countJobs(sources.deps.db), oldestDueJobWaits(sources.deps.db)]);
  const kinds = sources.jobKinds();
  metrics.jobs.count.reset();
  metrics.jobs.oldestQueuedAge.reset();
  for (const kind of kinds) {
    for (const state of STATES) metrics.jobs.count.set({ kind, state }, 0);
    metrics.jobs.oldestQueuedAge.set({ kind }, ages.get(kind) ?? 0);
  }
  for (const { name, state, count } of counts) {
    const reported = STATE_OF[state as keyof typeof STATE_OF];
    if (!reported || !kinds.includes(name)) continue;
    metrics.jobs.count.inc({ kind: name, state: reported }, count);
  }
}

async function readLog(metrics: Metrics, deps: AppDeps): Promise<void> {
  const [size, newest] = await Promise.all([currentLogSize(deps.db), newestCheckpointFacts(deps.db)]);
  const nowMs = deps.now().getTime();
  const ageOf = (at: Date) => Math.max(0, (nowMs - at.getTime()) / 1000);
  metrics.tlog.size.set(size);
  if (newest) {
    metrics.tlog.checkpointSize.set(newest.treeSize);
    metrics.tlog.checkpointAge.set(ageOf(newest.createdAt));
  }
  metrics.tlog.witnessLag.reset();
  metrics.tlog.witnessSize.reset();
  for (const { vkey } of deps.config.tlogWitnessing.witnesses) {
    const witness = witnessName(vkey);
    const cosigned = await lastCosignedSize(deps.db, vkey);
    metrics.tlog.witnessSize.set({ witness }, cosigned ?? -1);
    const behindSince = await firstCheckpointAbove(deps.db, cosigned ?? -1);
    metrics.tlog.witnessLag.set({ witness }, behindSince ? ageOf(behindSince) : 0);
  }
}

/** Brings every scrape-time gauge up to date; a database read that fails is counted, never thrown. */
export async function readScrapeGauges(metrics: Metrics, sources: ScrapeSources): Promise<void> {
  readPool(metrics, sources.deps);
  readImageQueue(metrics, sources.imageLoad());
  // A failed read leaves its gauges out of the scrape rather than report stale values as current.
  const guarded = (source: string, read: Promise<void>, gauges: { reset(): void }[]) =>
    read.catch(() => {
      metrics.scrape.errors.inc({ source });
      for (const gauge of gauges) gauge.reset();
    });
  const { jobs, tlog } = metrics;
  await guarded('jobs', readJobs(metrics, sources), [jobs.count, jobs.oldestQueuedAge]);
  await guarded('tlog', readLog(metrics, sources.deps), [tlog.witnessLag, tlog.witnessSize]);
}
