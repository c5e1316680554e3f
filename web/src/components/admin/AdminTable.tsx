// The frame of the admin list tables: the scrollable region, a header row of column names and
// the row body. `minWidthClass` is the width below which the region scrolls sideways.
import type { ReactNode } from 'react';
import { TableRegion, th } from './TableRegion';

export function AdminTable({
  label,
  columns,
  minWidthClass,
  children,
}: {
  label: string;
  columns: readonly string[];
  minWidthClass: string;
  /** The <tr> rows. */
  children: ReactNode;
}) {
  return (
    <TableRegion label={label}>
      <table className={`w-full ${minWidthClass} border-collapse`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </TableRegion>
  );
}
