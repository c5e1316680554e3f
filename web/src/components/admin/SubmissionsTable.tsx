// The dashboard table (SPEC §2 columns) with a Remove action per row.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { AdminSubmissionRow } from '../../../../core/admin-api-types';
import { adminTrustLabel } from '../../../../core/status';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { AdminThumb } from './AdminThumb';
import { formatDateTime } from './format';
import { ReasonDialog } from './ReasonDialog';
import { TableRegion, td, th } from './TableRegion';
import { useRemoveSubmission } from './useModeration';

// The Actions column stays in view while the wide table scrolls sideways.
const stickyEnd = 'sticky right-0 border-l border-border';

const COLUMNS = [
  'ID',
  'Title',
  'Author',
  'Author e-mail',
  'Trust',
  'Created',
  'Tool',
  'Platform',
  'Visibility',
  'Image',
  'Prompt',
  'Artist name',
  'Actions',
];

export function SubmissionsTable({ rows }: { rows: readonly AdminSubmissionRow[] }) {
  const [removing, setRemoving] = useState<AdminSubmissionRow | null>(null);
  const remove = useRemoveSubmission();

  return (
    <>
      <TableRegion label="Submissions">
        <table className="w-full min-w-[1200px] border-collapse">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'Actions' ? `${th} ${stickyEnd}` : th}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => {
              const label = adminTrustLabel(row.trust_meter);
              return (
                <tr key={row.id}>
                  <td className={`${td} whitespace-nowrap font-mono text-xs`} title={row.id}>
                    {row.registry_id}
                  </td>
                  <td className={`${td} min-w-40 max-w-56 font-medium`}>{row.title}</td>
                  <td className={`${td} min-w-28`}>{row.author_full_name || '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>{row.author_email}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge variant={label === 'Verified' ? 'success' : 'warning'}>{label}</Badge>
                    <span className="ml-1 text-xs text-muted-foreground tabular-nums">{row.trust_meter}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
                  </td>
                  <td className={td}>{row.tool || '—'}</td>
                  <td className={td}>{row.platform || '—'}</td>
                  <td className={td}>
                    <Badge variant={row.is_public ? 'outline' : 'secondary'}>{row.is_public ? 'Public' : 'Private'}</Badge>
                  </td>
                  <td className={td}>
                    <AdminThumb src={row.admin_image_url} title={row.title} />
                  </td>
                  <td className={`${td} max-w-72`}>
                    <p className="line-clamp-3 text-xs" title={row.prompt}>
                      {row.prompt || '—'}
                    </p>
                    {row.prompt && row.prompt_visibility === 'private' && (
                      <span className="text-xs text-muted-foreground">(private prompt)</span>
                    )}
                  </td>
                  <td className={td}>{row.artist_name || '—'}</td>
                  <td className={`${td} ${stickyEnd} bg-background`}>
                    <Button
                      variant="destructive"
                      size="sm"
                      aria-label={`Remove ${row.registry_id} ${row.title}`}
                      onClick={() => setRemoving(row)}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this submission?"
        description={
          removing && (
            <>
              “{removing.title}” (<span className="font-mono">{removing.registry_id}</span>) will disappear from the ledger,
              its proof page and the public API. This is a soft delete: it can be restored from Deleted Records.
            </>
          )
        }
        confirmLabel="Remove submission"
        busy={remove.isPending}
        onConfirm={(reason) =>
          removing && remove.mutate({ ref: removing.id, reason }, { onSuccess: () => setRemoving(null) })
        }
      />
    </>
  );
}
