import type { ReactNode } from 'react';

interface DataTableProps {
  caption: string;
  columns: string[];
  /** First cell of each row is its header (scope="row"). */
  rows: ReactNode[][];
  minWidth?: string;
}

/** A horizontally scrollable reference table that stays usable at 360 px. */
export function DataTable({ caption, columns, rows, minWidth = 'min-w-[40rem]' }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-card border border-border" tabIndex={0} role="region" aria-label={`${caption} table`}>
      <table className={`w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], index) => (
            <tr key={index} className="border-t border-border align-top">
              <th scope="row" className="px-4 py-2 font-mono font-medium whitespace-nowrap">
                {head}
              </th>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-4 py-2 text-muted-foreground">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
