// Value display for admin tables (dates: lib/dates.ts).
/** Pretty JSON for audit values; '—' when there is nothing. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}
