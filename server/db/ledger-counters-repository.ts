// The counter rows of migration 008 (ledger_counters), kept by triggers in each writer's
// transaction: the ledger's figures and the admin dashboard's counts without counting rows.
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

/** The counted figures of migration 008 (ledger_counters.kind). */
export type CounterKind =
  | 'public'
  | 'public_verified'
  | 'training'
  | 'tool'
  | 'platform'
  | 'tag'
  | 'active'
  | 'active_verified'
  | 'public_artist'
  | 'public_artist_verified';

/** An artist's public works and how many of them are Verified (migration 039), by the exact name. */
export async function readArtistCounters(db: Kysely<DB>, artistName: string): Promise<{ total: number; verified: number }> {
  const rows = await sql<{ kind: string; n: string }>`
    SELECT kind, n FROM ledger_counters
    WHERE kind IN ('public_artist', 'public_artist_verified') AND value = ${artistName}`.execute(db);
  const of = (kind: string) => Number(rows.rows.find((row) => row.kind === kind)?.n ?? 0);
  return { total: of('public_artist'), verified: of('public_artist_verified') };
}

/** The sum of counter rows of one kind over some values; `caseInsensitive` matches values in any case. */
export async function readCounter(
  db: Kysely<DB>,
  kind: CounterKind,
  values: readonly string[] = [''],
  caseInsensitive = false,
): Promise<number> {
  const lowered = values.map((v) => v.toLowerCase());
  const match = caseInsensitive ? sql`lower(value) = ANY(${lowered}::text[])` : sql`value = ANY(${[...values]}::text[])`;
  const row = await sql<{ n: string | null }>`SELECT sum(n) AS n FROM ledger_counters WHERE kind = ${kind} AND ${match}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
