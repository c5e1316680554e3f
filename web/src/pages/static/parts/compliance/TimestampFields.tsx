export const EXAMPLE_TIMESTAMP = '2026-11-22T01:49:59.000Z';

const FIELDS: Array<{ field: string; where: string; example: string }> = [
  { field: 'created_at', where: 'Public API records and the proof export: when the work was registered', example: EXAMPLE_TIMESTAMP },
  { field: 'dateCreated', where: 'schema.org VisualArtwork JSON-LD on proof pages', example: EXAMPLE_TIMESTAMP },
  {
    field: 'prov:generatedAtTime',
    where: 'W3C PROV term in the proof export: when the record was generated',
    example: EXAMPLE_TIMESTAMP,
  },
  {
    field: 'generated_at',
    where: 'Public API response metadata: when the response was produced',
    example: '2026-11-22T02:00:00.000Z',
  },
  { field: 'Temporal precision', where: 'All of the above: UTC, marked by the trailing Z', example: 'milliseconds or finer (.000)' },
];

/** Table of the timestamp fields the product emits, with example values. */
export function TimestampFields() {
  return (
    <div className="overflow-x-auto rounded-card border border-border" tabIndex={0} role="region" aria-label="Timestamp fields">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Timestamp fields and example values</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Field
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Where it appears
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Example
            </th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((row) => (
            <tr key={row.field} className="border-t border-border">
              <th scope="row" className="px-4 py-2 font-mono font-medium">
                {row.field}
              </th>
              <td className="px-4 py-2 text-muted-foreground">{row.where}</td>
              <td className="px-4 py-2 font-mono">{row.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
