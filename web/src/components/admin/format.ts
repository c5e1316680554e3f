// Date display for admin tables: one fixed, unambiguous format (e.g. "Mar 5, 2026, 2:07 PM")
// in the admin's own time zone; the exact UTC value stays available as the element's title.
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Pretty JSON for audit values; '—' when there is nothing. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}
