// Removal requests (SPEC §2 columns): requestor, reason, status, requested date, 'Review'.
import type { AdminRemovalRequest } from '../../../../core/admin-api-types';
import { Button } from '../ui/Button';
import { formatDateTime } from './format';
import { RemovalStatusBadge } from './RemovalStatusBadge';
import { TableRegion, td, th } from './TableRegion';

export function RemovalRequestsTable({
  rows,
  onReview,
}: {
  rows: readonly AdminRemovalRequest[];
  onReview: (request: AdminRemovalRequest) => void;
}) {
  return (
    <TableRegion label="Removal requests">
      <table className="w-full min-w-[760px] border-collapse">
        <thead>
          <tr>
            {['Requestor', 'Reason', 'Status', 'Requested', 'Action'].map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((request) => (
            <tr key={request.id}>
              <td className={td}>
                <p className="font-medium">{request.requestor_name}</p>
                <p className="break-all text-xs text-muted-foreground">{request.requestor_email}</p>
              </td>
              <td className={`${td} max-w-md`}>
                <p className="line-clamp-2" title={request.reason}>
                  {request.reason}
                </p>
                {request.submission_registry_id && (
                  <p className="font-mono text-xs text-muted-foreground">{request.submission_registry_id}</p>
                )}
              </td>
              <td className={td}>
                <RemovalStatusBadge status={request.status} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
              </td>
              <td className={td}>
                <Button variant="outline" size="sm" onClick={() => onReview(request)}>
                  Review<span className="sr-only"> request from {request.requestor_name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
