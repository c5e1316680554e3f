// Deleted records (docs/product.md §2 columns): artwork, author, trust score, deleted date and by whom,
// reason; with Details, Restore and Purge per row. Purged rows are tombstones: details only.
import type { AdminDeletedSubmission } from '#core/admin-api-types';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { AdminThumb } from './AdminThumb';
import { formatDateTime } from '../../lib/dates';
import { AdminTable } from './AdminTable';
import { td } from './TableRegion';
import { TrustScoreBadge } from './TrustScoreBadge';

const COLUMNS = ['Artwork', 'Author', 'Trust score', 'Deleted', 'Reason', 'Actions'];

export type DeletedRowAction = 'details' | 'restore' | 'purge';

export function DeletedTable({
  rows,
  onAction,
}: {
  rows: readonly AdminDeletedSubmission[];
  onAction: (action: DeletedRowAction, row: AdminDeletedSubmission) => void;
}) {
  return (
    <AdminTable label="Deleted submissions" columns={COLUMNS} minWidthClass="min-w-[1000px]">
      {rows.map((row) => (
        <tr key={row.id}>
          <td className={td}>
            <div className="flex items-start gap-3">
              <AdminThumb src={row.admin_image_url} title={row.title} />
              <div className="min-w-0">
                <p className="font-medium">{row.title}</p>
                <p className="whitespace-nowrap font-mono text-xs text-muted-foreground">{row.registry_id}</p>
                {row.purged_at && <Badge variant="destructive">Purged</Badge>}
              </div>
            </div>
          </td>
          <td className={td}>
            <p>{row.author_full_name || row.artist_name || '—'}</p>
            <p className="whitespace-nowrap text-xs text-muted-foreground">{row.author_email}</p>
          </td>
          <td className={td}>
            <TrustScoreBadge score={row.trust_meter} />
          </td>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={row.deleted_at}>{formatDateTime(row.deleted_at)}</time>
            <p className="text-xs text-muted-foreground">by {row.deleted_by ?? 'unknown'}</p>
          </td>
          <td className={`${td} max-w-xs`}>
            <p className="line-clamp-3" title={row.deletion_reason ?? undefined}>
              {row.deletion_reason || '—'}
            </p>
          </td>
          <td className={td}>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => onAction('details', row)}>
                Details<span className="sr-only"> of {row.registry_id}</span>
              </Button>
              {!row.purged_at && (
                <>
                  <Button variant="secondary" size="sm" onClick={() => onAction('restore', row)}>
                    Restore<span className="sr-only"> {row.registry_id}</span>
                  </Button>
                  <Button variant="destructive" size="sm" onClick={() => onAction('purge', row)}>
                    Purge<span className="sr-only"> {row.registry_id}</span>
                  </Button>
                </>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
