// The keyless opt-out set: the SHA-256 and perceptual hash of every public work whose artist
// reserved AI training, as static CSV files a dataset builder can download once and filter
// against offline (no account, no per-image lookups). The full file is authoritative; a daily
// delta lists the reserved works registered that UTC day, for a cheap daily top-up. A work that
// is deleted or made private disappears from the next full file (deltas only ever add).
import type { ReservedWork } from './consent-repository';

export const OPT_OUT_PREFIX = '/opt-out/v1';
export const OPT_OUT_CSV_HEADER = 'registry_id,sha256,phash,registered_at';

export function optOutCsv(works: ReservedWork[]): string {
  const lines = [OPT_OUT_CSV_HEADER];
  // Every field is a registry id, lowercase hex or an ISO instant: nothing needs CSV quoting.
  for (const w of works) lines.push(`${w.registry_id},${w.image_hash},${w.image_phash ?? ''},${w.created_at.toISOString()}`);
  return `${lines.join('\n')}\n`;
}

/** 'YYYY-MM-DD' of a real calendar day → that UTC day's [from, to); anything else → null. */
export function utcDay(name: string): { from: Date; to: Date } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(name)) return null;
  const from = new Date(`${name}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== name) return null;
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}
