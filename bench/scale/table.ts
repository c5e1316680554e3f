// A plain-text table: columns padded to their widest cell, numbers right-aligned.
export type Row = string[];

export function printTable(header: Row, rows: Row[], print: (line: string) => void = console.log): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string) => /^[\d.,\s/×()a-z-]*$/.test(cell) && /\d/.test(cell);
  const line = (r: Row) =>
    r
      .map((cell, i) => (i > 0 && numeric(cell) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join(' | ')
      .trimEnd();
  print(line(header));
  print(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) print(line(r));
}
