// The job queue per kind (decision 0058): how many jobs wait, run, failed and completed.
import type { AdminJobs } from '#core/api/admin-jobs';
import { AdminTable } from './AdminTable';
import { td } from './TableRegion';

const COLUMNS = ['Kind', 'Queued', 'Running', 'Failed', 'Completed'];
const number = `${td} tabular-nums`;

export function JobKindsTable({ kinds }: { kinds: AdminJobs['kinds'] }) {
  return (
    <AdminTable label="Jobs per kind" columns={COLUMNS} minWidthClass="min-w-[520px]">
      {kinds.map((row) => (
        <tr key={row.kind}>
          <th scope="row" className={`${td} text-left font-mono font-medium`}>
            {row.kind}
          </th>
          <td className={number}>{row.queued}</td>
          <td className={number}>{row.running}</td>
          <td className={`${number} ${row.failed > 0 ? 'font-semibold text-red-800' : ''}`}>{row.failed}</td>
          <td className={number}>{row.completed}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
