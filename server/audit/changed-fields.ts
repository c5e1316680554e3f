// Which fields an audited change touched, computed from the values before and after, so the
// audit log's changed_fields can never disagree with its old/new values.
import { isDeepStrictEqual } from 'node:util';

export type AuditValues = Record<string, unknown>;

/** Dates become ISO strings and undefined becomes null: what the jsonb columns will hold. */
export function toAuditValues(values: AuditValues | null | undefined): AuditValues | null {
  if (!values) return null;
  return JSON.parse(JSON.stringify(values, (_key, v: unknown) => (v === undefined ? null : v))) as AuditValues;
}

/** Keys whose value differs between old and new (a key missing on one side counts as null). */
export function changedFields(oldValues: AuditValues | null, newValues: AuditValues | null): string[] {
  const keys = [...new Set([...Object.keys(newValues ?? {}), ...Object.keys(oldValues ?? {})])];
  return keys.filter((key) => !isDeepStrictEqual(oldValues?.[key] ?? null, newValues?.[key] ?? null));
}
