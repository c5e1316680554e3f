// The dashboard table (docs/product.md §2 columns) with a Remove action per row. The spec's thirteen
// columns are grouped into six (issue 17), so a 1280 px screen shows them all without scrolling
// sideways and the sticky Actions column covers nothing: the work (image, title, ID, visibility,
// prompt behind a disclosure), the author (artist name, full name, e-mail), the tool (with its
// platform), trust, date and actions. Narrower screens scroll the table inside its region.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { AdminSubmissionRow } from '#core/admin-api-types';
import { adminTrustLabel } from '#core/status';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { AdminThumb } from './AdminThumb';
import { formatDateTime } from '../../lib/dates';
import { ReasonDialog } from './ReasonDialog';
import { TableRegion, td, th } from './TableRegion';
import { useRemoveSubmission } from './useModeration';

// The Actions column stays in view while a narrow screen scrolls the table sideways; its shadow
// shows that other columns pass under it.
const stickyEnd = 'sticky right-0 border-l border-border shadow-[-6px_0_8px_-6px_rgb(15_23_42/0.25)]';

const COLUMNS = ['Work', 'Author', 'Tool', 'Trust', 'Created', 'Actions'];

export function SubmissionsTable({ rows }: { rows: readonly AdminSubmissionRow[] }) {
  const [removing, setRemoving] = useState<AdminSubmissionRow | null>(null);
  const remove = useRemoveSubmission();

  return (
    <>
      <TableRegion label="Submissions">
        <table className="w-full min-w-[56rem] border-collapse">
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
                  <td className={`${td} min-w-64`}>
                    <div className="flex items-start gap-3">
                      <span className="shrink-0">
                        <AdminThumb src={row.admin_image_url} title={row.title} />
                      </span>
                      <div className="grid min-w-0 gap-1">
                        <span className="font-medium break-words">{row.title}</span>
                        <span className="flex flex-wrap items-center gap-2">
                          <code className="font-mono text-xs" title={row.id}>
                            {row.registry_id}
                          </code>
                          <Badge variant={row.is_public ? 'outline' : 'secondary'}>{row.is_public ? 'Public' : 'Private'}</Badge>
                        </span>
                        <PromptDetails row={row} />
                      </div>
                    </div>
                  </td>
                  <td className={`${td} min-w-48`}>
                    <span className="block font-medium break-words">{row.artist_name || '—'}</span>
                    {row.author_full_name && row.author_full_name !== row.artist_name && (
                      <span className="block break-words">{row.author_full_name}</span>
                    )}
                    <span className="block text-xs break-all text-muted-foreground">{row.author_email}</span>
                  </td>
                  <td className={`${td} min-w-32`}>
                    <span className="block break-words">{row.tool || '—'}</span>
                    <span className="block text-xs break-words text-muted-foreground">{row.platform || '—'}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Badge variant={label === 'Verified' ? 'success' : 'warning'}>{label}</Badge>
                    <span className="ml-1 text-xs text-muted-foreground tabular-nums">{row.trust_meter}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
                  </td>
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
              “{removing.title}” (<span className="font-mono">{removing.registry_id}</span>) will disappear from the ledger, its proof
              page and the public API. This is a soft delete: it can be restored from Deleted Records.
            </>
          )
        }
        confirmLabel="Remove submission"
        busy={remove.isPending}
        onConfirm={(reason) => removing && remove.mutate({ ref: removing.id, reason }, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}

/** The prompt (private ones too: admins see them) behind a disclosure, so rows stay short. */
function PromptDetails({ row }: { row: AdminSubmissionRow }) {
  if (!row.prompt) return <span className="text-xs text-muted-foreground">No prompt</span>;
  return (
    <details className="text-xs">
      <summary className="w-fit cursor-pointer rounded font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {row.prompt_visibility === 'private' ? 'Prompt (private)' : 'Prompt'}
      </summary>
      <p className="mt-1 max-w-prose whitespace-pre-wrap break-words">{row.prompt}</p>
    </details>
  );
}
