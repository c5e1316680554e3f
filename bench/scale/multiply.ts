// Grows a seeded database to N works in SQL, in minutes rather than the hours real registrations
// would take. Each new work copies the public fields of one seeded work (so titles, tags, tools
// and images are real ones) and gets its own id, registry number, image SHA-256, perceptual hash,
// crop-tolerant views (14, in the kinds' proportions a picture has: 10 frames and windows, 1
// centre, 3 turned; copied views would put thousands of identical rows under one band value, as
// no real registry has) and 'created' log leaf. The leaf's canonical JSON and hash are written by PostgreSQL: every
// field of a 'created' entry is ASCII with a fixed shape, so string concatenation gives exactly
// the bytes canonicalLeafJson (server/tlog/leaf.ts) gives; checkGeneratedLeaves proves it on a
// sample after every build.
//
// The new works are dated before the seeded ones (spread over the years before them) so the
// newest pages still show the real seeded works; their registry numbers and leaves come after the
// seeded ones, so registry numbers do not follow registration time across the two sets.
//
// Speed: secondary indexes are dropped and rebuilt after the inserts, and the one per-row
// trigger that keeps a derived table (image_fingerprints, migration 005) is paused and replaced
// by a set-based backfill of the same rows. Every other trigger runs as usual: search_text, the
// ledger version, and migration 008's statement-level counters (set-based already).
import type pg from 'pg';
import { buildLeaf } from '../../server/tlog/leaf';

/**
 * Triggers this module replaces with a backfill of the same rows: the fingerprint table's, and
 * the ledger's page segments (migration 034), rebuilt in one pass instead of split chunk by chunk.
 */
const BACKFILLED_TRIGGERS = ['submissions_sync_image_fingerprint', 'submissions_segments_insert_trg'];
const CHUNK = 100_000;
/** Crop-tolerant views per generated work (about what a registered picture keeps). */
const REGION_VIEWS_PER_WORK = 14;
/** The generated works span this many days before the oldest seeded work. */
const SPAN_DAYS = 5 * 365;

/** Columns set here; every other column of submissions is copied from the seeded work. */
function generatedColumns(): Record<string, string> {
  return {
    id: 'n.id',
    registry_seq: 'n.seq',
    registry_id: 'n.registry_id',
    image_hash: 'n.image_hash',
    image_phash: 'n.image_phash',
    image_region_hashes: 'n.region_hashes',
    log_index: 'n.leaf_index',
    created_at: 'n.created_at',
    updated_at: 'n.created_at',
    duplicate_of: 'NULL',
    // Recomputed by the search_text trigger from the copied fields and the new registry id.
    search_text: "''",
  };
}

async function secondaryIndexes(client: pg.PoolClient, tables: string[]): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def
       FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  return rows;
}

export interface MultiplyResult {
  generated: number;
  firstGeneratedSeq: number;
}

export async function multiplyWorks(pool: pg.Pool, target: number, print: (line: string) => void): Promise<MultiplyResult> {
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '64MB'`);
    const templates = await client.query<{ n: string }>(`
      CREATE TEMP TABLE bench_templates AS
        SELECT (row_number() OVER (ORDER BY registry_seq) - 1) AS t, *
          FROM submissions WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL;
      SELECT count(*)::text AS n FROM bench_templates`);
    // A multi-statement query answers with one result per statement; the count is the last.
    const countRows = (Array.isArray(templates) ? templates[templates.length - 1] : templates) as pg.QueryResult<{ n: string }>;
    const templateCount = Number(countRows.rows[0].n);
    const existing = Number((await client.query<{ n: string }>('SELECT count(*)::text AS n FROM submissions')).rows[0].n);
    const generated = Math.max(0, target - existing);
    if (generated === 0 || templateCount === 0) return { generated: 0, firstGeneratedSeq: 0 };

    const base = (
      await client.query<{ seq: string; leaves: string; oldest: Date }>(`
        SELECT (SELECT last_seq FROM registry_counter)::text AS seq,
               (SELECT count(*) FROM tlog_leaves)::text AS leaves,
               (SELECT min(created_at) FROM submissions) AS oldest`)
    ).rows[0];
    const baseSeq = Number(base.seq);
    const baseLeaf = Number(base.leaves);
    const stepMs = (SPAN_DAYS * 86_400_000) / generated;

    const columns = (
      await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = 'submissions' ORDER BY ordinal_position`,
      )
    ).rows.map((r) => r.column_name);
    const set = generatedColumns();
    const selectList = columns.map((c) => set[c] ?? `tpl.${c}`).join(', ');
    const columnList = columns.join(', ');

    const indexes = await secondaryIndexes(client, ['submissions', 'image_fingerprints', 'image_region_hashes', 'tlog_leaves']);
    print(`  dropping ${indexes.length} secondary indexes for the bulk insert…`);
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    for (const trigger of BACKFILLED_TRIGGERS) await client.query(`ALTER TABLE submissions DISABLE TRIGGER ${trigger}`);

    const started = performance.now();
    for (let from = 0; from < generated; from += CHUNK) {
      const to = Math.min(from + CHUNK, generated);
      await client.query('BEGIN');
      // g = 0 is the oldest generated work; times are whole milliseconds, like the leaf's time.
      // Only numbers this function computed go into the text (CREATE TABLE AS takes no parameters).
      await client.query(
        `CREATE TEMP TABLE bench_new ON COMMIT DROP AS
           SELECT g, gen_random_uuid() AS id, ${baseSeq + 1} + g AS seq, ${baseLeaf} + g AS leaf_index,
                  date_trunc('milliseconds', '${base.oldest.toISOString()}'::timestamptz
                    - (${generated} - g) * ${stepMs.toFixed(3)} * interval '1 millisecond') AS created_at
             FROM generate_series(${from}::bigint, ${to - 1}::bigint) AS g`,
      );
      await client.query(`
        ALTER TABLE bench_new
          ADD COLUMN registry_id text, ADD COLUMN image_hash text, ADD COLUMN image_phash text, ADD COLUMN leaf_json text,
          ADD COLUMN region_hashes text;
        UPDATE bench_new SET
          registry_id = 'VW-' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(seq::text, greatest(6, length(seq::text)), '0'),
          image_hash = encode(sha256(convert_to(id::text || ':image', 'UTF8')), 'hex'),
          image_phash = substr(encode(sha256(convert_to(id::text || ':phash', 'UTF8')), 'hex'), 1, 16),
          region_hashes = (
            SELECT string_agg(CASE WHEN v <= 10 THEN 'f' WHEN v = 11 THEN 'c' ELSE 't' END || ':' ||
                              substr(encode(sha256(convert_to(id::text || ':view:' || v, 'UTF8')), 'hex'), 1, 16), ' ' ORDER BY v)
              FROM generate_series(1, ${REGION_VIEWS_PER_WORK}) AS v);
        UPDATE bench_new SET leaf_json =
          '{"event":"created","image_sha256":"' || image_hash || '","registry_id":"' || registry_id ||
          '","submission_id":"' || id::text || '","time":"' ||
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}';
        INSERT INTO tlog_leaves (leaf_index, leaf_hash, canonical_json, event_type, submission_id, created_at)
          SELECT leaf_index, encode(sha256('\\x00'::bytea || convert_to(leaf_json, 'UTF8')), 'hex'), leaf_json, 'created', id, created_at
            FROM bench_new ORDER BY leaf_index;`);
      await client.query(
        `INSERT INTO submissions (${columnList})
           SELECT ${selectList} FROM bench_new n JOIN bench_templates tpl ON tpl.t = n.g % $1`,
        [templateCount],
      );
      await client.query('COMMIT');
      const seconds = (performance.now() - started) / 1000;
      print(`  ${to.toLocaleString('en-US')} / ${generated.toLocaleString('en-US')} works generated (${Math.round(to / seconds)}/s)`);
    }

    print('  backfilling fingerprints and registry state…');
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO image_fingerprints (submission_id, phash)
         SELECT id, ('x' || image_phash)::bit(64)::bigint FROM submissions WHERE registry_seq > $1 AND image_phash IS NOT NULL`,
      [baseSeq],
    );
    await client.query(`UPDATE registry_counter SET last_seq = $1`, [baseSeq + generated]);
    // The generated works predate any watch: the scanner starts after them, as migration 014 does.
    await client.query(`UPDATE watch_scan_state SET last_seq = greatest(last_seq, $1)`, [baseSeq + generated]);
    await client.query('SELECT ledger_segments_rebuild()');
    for (const trigger of BACKFILLED_TRIGGERS) await client.query(`ALTER TABLE submissions ENABLE TRIGGER ${trigger}`);
    await client.query('COMMIT');

    print(`  rebuilding ${indexes.length} indexes…`);
    const indexStart = performance.now();
    for (const index of indexes) await client.query(index.def);
    print(`  indexes rebuilt in ${((performance.now() - indexStart) / 1000).toFixed(1)} s; analysing…`);
    await client.query('VACUUM ANALYZE');
    return { generated, firstGeneratedSeq: baseSeq + 1 };
  } finally {
    client.release();
  }
}

/**
 * Proves the generated data is what the app would have written: sampled leaves equal
 * buildLeaf's output, and the counters and page segments agree with a direct count. Throws on any
 * difference.
 */
export async function checkGeneratedLeaves(pool: pg.Pool, firstGeneratedSeq: number): Promise<void> {
  const sample = await pool.query<{
    registry_id: string;
    id: string;
    image_hash: string;
    created_at: Date;
    canonical_json: string;
    leaf_hash: string;
  }>(
    `SELECT s.registry_id, s.id, s.image_hash, s.created_at, l.canonical_json, l.leaf_hash
       FROM submissions s JOIN tlog_leaves l ON l.leaf_index = s.log_index
      WHERE s.registry_seq >= $1 ORDER BY random() LIMIT 20`,
    [firstGeneratedSeq],
  );
  for (const row of sample.rows) {
    const leaf = buildLeaf({
      registry_id: row.registry_id,
      submission_id: row.id,
      image_sha256: row.image_hash,
      event: 'created',
      time: row.created_at,
    });
    if (leaf.canonicalJson !== row.canonical_json || leaf.leafHashHex !== row.leaf_hash) {
      throw new Error(`Generated leaf of ${row.registry_id} differs from the app's: ${row.canonical_json}`);
    }
  }
  // Each generated work's views reached image_region_hashes through migration 017's trigger.
  const views = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM image_region_hashes WHERE submission_id = ANY($1::uuid[])`,
    [sample.rows.map((row) => row.id)],
  );
  if (views.rows[0].n !== sample.rows.length * REGION_VIEWS_PER_WORK)
    throw new Error(
      `${views.rows[0].n} crop-tolerant views for ${sample.rows.length} generated works, not ${REGION_VIEWS_PER_WORK} each.`,
    );
  const counts = await pool.query<{ counted: string; counter: string; fingerprints: string; hashed: string }>(`
    SELECT (SELECT count(*) FROM public_submissions)::text AS counted,
           (SELECT n FROM ledger_counters WHERE kind = 'public' AND value = '')::text AS counter,
           (SELECT count(*) FROM image_fingerprints)::text AS fingerprints,
           (SELECT count(*) FROM submissions WHERE image_phash IS NOT NULL)::text AS hashed`);
  const c = counts.rows[0];
  if (c.counted !== c.counter) throw new Error(`The public counter says ${c.counter}, the rows ${c.counted}.`);
  if (c.fingerprints !== c.hashed) throw new Error(`${c.fingerprints} fingerprints for ${c.hashed} hashed works.`);
  // The page segments rebuilt after the bulk insert (migration 034) count every public work in each order.
  const segments = await pool.query<{ kind: string; n: string }>(
    `SELECT kind, sum(n)::text AS n FROM ledger_page_segments GROUP BY kind ORDER BY kind`,
  );
  for (const row of segments.rows)
    if (row.n !== c.counted) throw new Error(`The '${row.kind}' page segments count ${row.n} public works, the rows ${c.counted}.`);
  if (segments.rows.length !== 3) throw new Error(`Page segments of ${segments.rows.length} orders, not 3.`);
}
