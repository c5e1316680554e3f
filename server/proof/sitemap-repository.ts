// The reads behind the sitemap: public works and artist names with their last change, in a
// stable order so the parts of a large sitemap never overlap (public_submissions only).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export async function publicWorkDates(db: Kysely<DB>, offset: number, limit: number): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .selectFrom('public_submissions')
    .select(['id', 'updated_at'])
    .orderBy('registry_seq', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.updated_at) }));
}

export async function publicArtistDates(
  db: Kysely<DB>,
  offset: number,
  limit: number,
): Promise<{ artist_name: string; lastmod: Date }[]> {
  const rows = await db
    .selectFrom('public_submissions')
    .select(['artist_name', sql<Date>`max(updated_at)`.as('lastmod')])
    .where('artist_name', '<>', '')
    .groupBy('artist_name')
    .orderBy('artist_name', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ artist_name: r.artist_name, lastmod: new Date(r.lastmod) }));
}

export async function publicWorkAndArtistCounts(db: Kysely<DB>): Promise<{ works: number; artists: number }> {
  const row = await db
    .selectFrom('public_submissions')
    .select([
      (eb) => eb.fn.countAll<string>().as('works'),
      sql<string>`count(DISTINCT artist_name) FILTER (WHERE artist_name <> '')`.as('artists'),
    ])
    .executeTakeFirstOrThrow();
  return { works: Number(row.works), artists: Number(row.artists) };
}
