// /admin/jobs (decision 0058): the durable queue as the operator watches it. Totals, counts per
// kind, the failed jobs with their last error and a retry for each; reloads every few seconds on
// its own, since the queue moves without the admin doing anything.
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { JOBS_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { FailedJobsTable } from '../../components/admin/FailedJobsTable';
import { JobKindsTable } from '../../components/admin/JobKindsTable';
import { ListStatus } from '../../components/admin/ListStatus';
import { StatCards } from '../../components/admin/StatCards';
import { useAdminList } from '../../components/admin/useAdminList';
import { formatDateTime } from '../../lib/dates';
import { useAdminMutation } from '../../components/admin/useModeration';

const RELOAD_MS = 5_000;

export default function JobsPage() {
  return (
    <AdminShell
      title="Job Queue"
      description="Work done after the request: e-mail, alerts, clean-ups and other periodic runs. Failed jobs wait here for a retry."
      links={JOBS_LINKS}
    >
      {() => <Jobs />}
    </AdminShell>
  );
}

function Jobs() {
  const list = useAdminList(adminKeys.jobs, () => adminApi.jobs(), MESSAGES.loadJobsFailed, RELOAD_MS);
  const retry = useAdminMutation((id: string) => adminApi.retryJob(id), MESSAGES.jobRetried, MESSAGES.jobRetryFailed);
  const data = list.query.data;
  const total = (field: 'queued' | 'running' | 'failed') => data?.kinds.reduce((sum, kind) => sum + kind[field], 0);
  const failed = total('failed');

  return (
    <>
      <StatCards
        label="Job totals"
        stats={[
          { label: 'Queued', value: total('queued'), hint: 'Waiting to run, or for their next retry.' },
          { label: 'Running', value: total('running') },
          { label: 'Failed', value: failed, tone: failed ? 'warning' : 'default', hint: 'Out of tries; retry them below.' },
        ]}
      />
      <ListStatus
        loading={list.query.isPending}
        error={list.errorMessage}
        empty={false}
        emptyText=""
        onRetry={() => void list.query.refetch()}
      />
      {data && (
        <>
          <section aria-labelledby="job-kinds-heading" className="grid gap-3">
            <h2 id="job-kinds-heading" className="text-xl font-semibold">
              Jobs per kind
            </h2>
            <JobKindsTable kinds={data.kinds} />
          </section>
          {data.rescore && (
            <section aria-labelledby="rescore-heading" className="grid gap-1 text-sm">
              <h2 id="rescore-heading" className="text-xl font-semibold">
                Re-scoring under trust rubric {data.rescore.rubric_version}
              </h2>
              <p>
                {data.rescore.finished_at
                  ? `Finished ${formatDateTime(data.rescore.finished_at)}: ${data.rescore.changed} works changed.`
                  : `Under way: works up to registry number ${data.rescore.last_seq} done, ${data.rescore.changed} changed so far.`}
              </p>
            </section>
          )}
          <section aria-labelledby="failed-jobs-heading" className="grid gap-3">
            <h2 id="failed-jobs-heading" className="text-xl font-semibold">
              Failed jobs
            </h2>
            {data.failed.length === 0 ? (
              <p className="rounded-card border border-dashed border-border p-6 text-center text-muted-foreground">
                No job has failed.
              </p>
            ) : (
              <FailedJobsTable
                rows={data.failed}
                retrying={retry.isPending ? (retry.variables ?? null) : null}
                onRetry={(id) => retry.mutate(id)}
              />
            )}
          </section>
        </>
      )}
    </>
  );
}
