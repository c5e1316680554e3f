// The reads behind the consent files (tdmrep.json and the opt-out set): public works only
// (public_submissions), read in pages by registry number so no single query holds the ledger.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

const PAGE = 5000;

export interface OptedInWork {
  id: string;
  registry_id: string;
  image_key: string | null;
}

export interface ReservedWork {
  registry_id: string;
  image_hash: string;
  image_phash: string | null;
  created_at: Date;
}

/** Public works whose artist allowed AI training (the minority: the checkbox defaults off). */
export async function readOptedInWorks(db: Kysely<DB>): Promise<OptedInWork[]> {
  const all: OptedInWork[] = [];
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('public_submissions')
      .select(['registry_seq', 'id', 'registry_id', 'image_key'])
      .where('allow_ai_training', '=', true)
      .where('registry_seq', '>', after)
      .orderBy('registry_seq', 'asc')
      .limit(PAGE)
      .execute();
    for (const r of rows) all.push({ id: r.id, registry_id: r.registry_id, image_key: r.image_key });
    if (rows.length < PAGE) return all;
    after = String(rows[rows.length - 1].registry_seq);
  }
}

/**
 * Public works whose artist reserved AI training and whose image hash is known, in registry
 * order; `from`/`to` (UTC instants) narrow it to works registered in that interval.
 */
export async function readReservedWorks(db: Kysely<DB>, range?: { from: Date; to: Date }): Promise<ReservedWork[]> {
  const all: ReservedWork[] = [];
  let after = '0';
  for (;;) {
    let query = db
      .selectFrom('public_submissions')
      .select(['registry_seq', 'registry_id', 'image_hash', 'image_phash', 'created_at'])
      .where('allow_ai_training', '=', false)
      .where('image_hash', 'is not', null)
      .where('registry_seq', '>', after);
    if (range) query = query.where('created_at', '>=', range.from).where('created_at', '<', range.to);
    const rows = await query.orderBy('registry_seq', 'asc').limit(PAGE).execute();
    for (const r of rows) {
      all.push({
        registry_id: r.registry_id,
        image_hash: r.image_hash as string,
        image_phash: r.image_phash,
        created_at: new Date(r.created_at),
      });
    }
    if (rows.length < PAGE) return all;
    after = String(rows[rows.length - 1].registry_seq);
  }
}
