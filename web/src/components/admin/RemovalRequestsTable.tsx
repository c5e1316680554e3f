// Removal requests (docs/product.md §2 columns): requestor, reason, status, requested date, 'Review'.
import type { AdminRemovalRequest } from '#core/admin-api-types';
import { Button } from '../ui/Button';
import { formatDateTime } from '../../lib/dates';
import { RemovalStatusBadge } from './RemovalStatusBadge';
import { AdminTable } from './AdminTable';
import { td } from './TableRegion';

const COLUMNS = ['Requestor', 'Reason', 'Status', 'Requested', 'Action'];

export function RemovalRequestsTable({
  rows,
  onReview,
}: {
  rows: readonly AdminRemovalRequest[];
  onReview: (request: AdminRemovalRequest) => void;
}) {
  return (
    <AdminTable label="Removal requests" columns={COLUMNS} minWidthClass="min-w-[760px]">
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
    </AdminTable>
  );
}
