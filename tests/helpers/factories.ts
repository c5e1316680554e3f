// Inserts rows directly, for tests of the read side (ledger, API, admin lists) that need many
// works in a known state. Tests of registration itself go through POST /api/uploads and
// POST /api/submissions instead.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ownWritesShown } from '../../server/db/ledger-stamps';
import type { DB, NewSubmission } from '../../server/db/types';
import { formatRegistryId } from '../../core/ids';

export type WorkOverrides = Partial<Omit<NewSubmission, 'registry_seq' | 'registry_id'>>;

let counter = 0;

export async function insertWork(db: Kysely<DB>, overrides: WorkOverrides = {}): Promise<{ id: string; registry_id: string }> {
  counter += 1;
  // The registry counter, as registrations draw numbers (migration 006).
  const seqRow = await sql<{ n: string }>`UPDATE registry_counter SET last_seq = last_seq + 1 RETURNING last_seq AS n`.execute(db);
  const seq = Number(seqRow.rows[0].n);
  const created = overrides.created_at ? new Date(overrides.created_at as string | Date) : new Date();
  const registryId = formatRegistryId(created.getUTCFullYear(), seq);
  const row: NewSubmission = {
    registry_seq: seq,
    registry_id: registryId,
    title: `Test work ${counter}`,
    artist_name: 'Test Artist',
    author_full_name: 'Test Author',
    author_email: `artist${counter}@example.com`,
    author_city: null,
    author_state: null,
    author_country: null,
    portfolio_link: null,
    external_link: null,
    tool: 'Midjourney',
    tool_other: null,
    usage_type: ['Personal Project'],
    tags: ['AI Art'],
    story_context: null,
    co_authors: [],
    image_url: null,
    image_key: null,
    original_key: null,
    image_hash: crypto.createHash('sha256').update(`image-${counter}-${crypto.randomUUID()}`).digest('hex'),
    image_phash: crypto.randomBytes(8).toString('hex'),
    image_dimensions: '640,360',
    image_file_type: 'image/png',
    image_file_size: 12345,
    embedded_metadata: JSON.stringify({ found: [] }),
    verification_resources: JSON.stringify([]),
    trust_meter: 70,
    trust_breakdown: JSON.stringify({}),
    prompt_specificity: JSON.stringify({}),
    duplicate_of: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
  const inserted = await db.insertInto('submissions').values(row).returning(['id', 'registry_id']).executeTakeFirstOrThrow();
  // As a registration does, back only once the process serves the new work (decision 0044).
  await ownWritesShown(db);
  return inserted;
}
