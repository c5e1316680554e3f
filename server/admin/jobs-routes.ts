// The operator's view of the job queue (decision 0058): counts per kind and state, the failed jobs
// with their last error, and a retry, recorded in the audit log like every admin change.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../core/app-error';
import type { AdminJobs } from '../../core/api/admin-jobs';
import { MESSAGES } from '../../core/messages';
import { writeAudit } from '../audit/write-audit';
import type { AppDeps } from '../deps';
import { actorOf, requestMeta, signedInAdmin } from '../http/request-context';
import type { JobQueue } from '../jobs/job-queue';
import { countJobs, failedJobs, jobKind, newestRescoreRun, type JobStateCount } from '../jobs/jobs-repository';
import { jobRetrySchema, jobsSchema } from './schemas';

const FAILED_SHOWN = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function kindCounts(kinds: readonly string[], counts: readonly JobStateCount[]): AdminJobs['kinds'] {
  const of = (kind: string, ...states: string[]) =>
    counts.filter((c) => c.name === kind && states.includes(c.state)).reduce((sum, c) => sum + c.count, 0);
  const names = [...new Set([...kinds, ...counts.map((c) => c.name)])].sort();
  return names.map((kind) => ({
    kind,
    queued: of(kind, 'created', 'retry'),
    running: of(kind, 'active'),
    failed: of(kind, 'failed'),
    completed: of(kind, 'completed'),
  }));
}

export async function jobsRoutes(fastify: FastifyInstance, deps: AppDeps, jobs: JobQueue): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();

  scope.get('/api/admin/jobs', { schema: jobsSchema }, async () => {
    const [counts, failed, rescore] = await Promise.all([
      countJobs(deps.db),
      failedJobs(deps.db, FAILED_SHOWN),
      newestRescoreRun(deps.db),
    ]);
    return {
      rescore: rescore
        ? {
            rubric_version: rescore.rubric_version,
            last_seq: Number(rescore.last_seq),
            changed: Number(rescore.changed),
            started_at: new Date(rescore.started_at).toISOString(),
            finished_at: rescore.finished_at ? new Date(rescore.finished_at).toISOString() : null,
          }
        : null,
      kinds: kindCounts(jobs.kindNames(), counts),
      failed: failed.map((job) => ({
        id: job.id,
        kind: job.name,
        tries: job.retry_count + 1,
        created_at: new Date(job.created_on).toISOString(),
        failed_at: job.completed_on ? new Date(job.completed_on).toISOString() : null,
        last_error: job.last_error,
      })),
    };
  });

  scope.post('/api/admin/jobs/:id/retry', { schema: jobRetrySchema }, async (request) => {
    const { id } = request.params;
    const admin = actorOf(signedInAdmin(request));
    const meta = requestMeta(request);
    const kind = UUID.test(id) ? await jobKind(deps.db, id) : undefined;
    const retried =
      kind !== undefined &&
      (await deps.db.transaction().execute(async (trx) => {
        if (!(await jobs.retry(trx, kind, id))) return false;
        await writeAudit(trx, {
          table_name: 'jobs',
          record_id: id,
          action_type: 'UPDATE',
          admin,
          reason: `retry of a failed '${kind}' job`,
          old_values: { state: 'failed' },
          new_values: { state: 'retry' },
          ip: meta.ip,
          user_agent: meta.user_agent,
          at: deps.now(),
        });
        return true;
      }));
    if (!retried || kind === undefined) throw notFound(MESSAGES.failedJobNotFound.description);
    jobs.wake(kind);
    return { id, kind, state: 'retry' as const };
  });
}
