// Failed jobs (decision 0058): kind, tries, when queued and when the last try failed, its error,
// and the retry that puts the job back in its queue. Never the job's data (a message's address).
import type { AdminJobs } from '#core/api/admin-jobs';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';
import { AdminTable } from './AdminTable';
import { td } from './TableRegion';

const COLUMNS = ['Kind', 'Tries', 'Queued', 'Failed', 'Last error', 'Action'];

export function FailedJobsTable({
  rows,
  retrying,
  onRetry,
}: {
  rows: AdminJobs['failed'];
  /** The id of the job whose retry is on its way: its button waits. */
  retrying: string | null;
  onRetry: (id: string) => void;
}) {
  return (
    <AdminTable label="Failed jobs" columns={COLUMNS} minWidthClass="min-w-[820px]">
      {rows.map((job) => (
        <tr key={job.id}>
          <td className={`${td} font-mono`}>{job.kind}</td>
          <td className={`${td} tabular-nums`}>{job.tries}</td>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {job.failed_at ? <time dateTime={job.failed_at}>{formatDateTime(job.failed_at)}</time> : '—'}
          </td>
          <td className={`${td} max-w-md`}>
            <p className="break-words font-mono text-xs">{job.last_error ?? 'No error was recorded.'}</p>
          </td>
          <td className={td}>
            <Button variant="outline" size="sm" disabled={retrying === job.id} onClick={() => onRetry(job.id)}>
              Retry<span className="sr-only"> failed {job.kind} job</span>
            </Button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
