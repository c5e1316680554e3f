// Inserts many public works in one statement, for tests that need more rows than insertWork
// (one round trip each) inserts quickly: limit capping, cursor walks, rate-limit budgets.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/types';

export interface BulkWorksOptions {
  count: number;
  /** Title of work n (1-based) is `${titlePrefix} ${n}`. */
  titlePrefix?: string;
  /** created_at of work 1, as PostgreSQL timestamptz text (microseconds allowed). */
  firstCreatedAt?: string;
  /** Works 1..sameTime share one created_at, the next group is one microsecond older, and so on. */
  sameTime?: number;
  trustMeter?: number;
  tool?: string;
  artistName?: string;
}

/** Returns the number of rows inserted. Work n's e-mail is bulk<n>@example.com. */
export async function insertBulkWorks(db: Kysely<DB>, options: BulkWorksOptions): Promise<number> {
  const {
    count,
    titlePrefix = 'Bulk work',
    firstCreatedAt = '2026-03-01 10:00:00.123456+00',
    sameTime = 1,
    trustMeter = 70,
    tool = 'Midjourney',
    artistName = 'Bulk Artist',
  } = options;
  // Numbers from the registry counter, as registrations draw them (migration 006).
  const result = await sql`
    WITH counter AS (UPDATE registry_counter SET last_seq = last_seq + ${count}::int RETURNING last_seq)
    INSERT INTO submissions (registry_seq, registry_id, title, artist_name, author_full_name, author_email, tool,
      image_hash, image_phash, image_dimensions, trust_meter, created_at, updated_at)
    SELECT s.seq, 'VW-2026-' || lpad(s.seq::text, 6, '0'), ${titlePrefix} || ' ' || s.g, ${artistName}, 'Bulk Author',
      'bulk' || s.g || '@example.com', ${tool},
      md5('a' || s.seq) || md5('b' || s.seq), substr(md5('c' || s.seq), 1, 16), '640,360', ${trustMeter},
      s.at, s.at
    FROM (
      SELECT g, counter.last_seq - ${count}::int + g AS seq,
             ${firstCreatedAt}::timestamptz - ((g - 1) / ${sameTime}) * interval '1 microsecond' AS at
      FROM counter, generate_series(1, ${count}::int) AS g
    ) AS s`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
