// Every date the web app shows, in one place: each format says what it is for. English
// throughout, like the rest of the UI; an unreadable value is shown as stored rather than as
// 'Invalid Date'.

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const UTC_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const ADMIN_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function readable(value: string | Date, format: (date: Date) => string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : format(date);
}

/** Cards, Quick View and proof headers: 'Mar 4, 2025'. */
export function formatDate(iso: string): string {
  return readable(iso, (date) => SHORT_DAY.format(date));
}

/**
 * A work's history and the manage page: '4 March 2025', the day in UTC, as the transparency
 * log records it, so the same event reads the same day for every visitor.
 */
export function formatUtcDay(value: string | Date): string {
  return readable(value, (date) => UTC_DAY.format(date));
}

/** The creation time in the visitor's own time zone and locale (the proof page's details). */
export function formatLocalDateTime(iso: string): string {
  return readable(iso, (date) => date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' }));
}

/**
 * Admin tables: one fixed, unambiguous format (e.g. "Mar 5, 2026, 2:07 PM") in the admin's own
 * time zone; the exact UTC value stays available as the element's title. '—' when there is none.
 */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? readable(iso, (date) => ADMIN_DATE_TIME.format(date)) : '—';
}
