// The embedded databases of one test worker, handed from one test file to the next. Opening one
// from the migrated dump costs about a second of CPU (initdb's files unpacked, PostgreSQL started
// in WebAssembly), and a run opens about 140: a third of the embedded suite's CPU. Putting a used
// one back as the dump left it costs about 60 ms: every table emptied, the rows the migrations
// wrote put back, the sequences restarted, the session's state discarded. One whose schema a test
// changed (a column, a trigger, a function, a role, a setting) is closed instead of reused.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { JOB_SCHEMA } from '../../server/db/job-sql';

/** What a database fresh from the dump holds: read once per worker from the first one opened. */
interface Baseline {
  /** Every table of the application's and the job queue's schemas, quoted. */
  tables: string[];
  /** The rows the migrations wrote, per table, with the columns they can be written back to. */
  seeds: { table: string; columns: string; rows: string }[];
  /** Each sequence and the value it had (null: never used, so it starts again at its start). */
  sequences: { name: string; lastValue: string | null }[];
  catalog: string;
}

/** At most this many wait for the next file: a file rarely opens more than two databases. */
const MAX_PARKED = 2;
const parked: PGlite[] = [];
const baselines = new Map<string, Promise<Baseline>>();
const dumpOf = new WeakMap<PGlite, string>();
/** How many databases this worker handed out again (its tests check that the reset is complete). */
let reuses = 0;

export function pgliteReuses(): number {
  return reuses;
}

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_t%'`;

/**
 * A fingerprint of everything a test might change besides rows: relations and their columns,
 * constraints, triggers (and whether enabled), functions and their bodies, schemas, roles,
 * extensions, enum labels and per-database settings.
 */
const CATALOG_SIGNATURE = `
  SELECT md5(string_agg(item, ',' ORDER BY item)) AS signature FROM (
    SELECT format('rel %s %s', c.oid::regclass, c.relkind) AS item
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('col %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE a.attnum > 0 AND ${USER_SCHEMAS}
    UNION ALL SELECT format('con %s %s %s', co.conrelid::regclass, co.conname, co.contype)
      FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('trg %s %s %s', tgrelid::regclass, tgname, tgenabled) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT format('fn %s %s', p.oid::regprocedure, md5(p.prosrc))
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('schema %s', n.nspname) FROM pg_namespace n WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('role %s', rolname) FROM pg_roles
    UNION ALL SELECT format('ext %s %s', extname, extversion) FROM pg_extension
    UNION ALL SELECT format('enum %s %s', enumtypid, enumlabel) FROM pg_enum
    UNION ALL SELECT format('setting %s %s %s', setdatabase, setrole, setconfig) FROM pg_db_role_setting
  ) catalog`;

async function catalogSignature(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ signature: string }>(CATALOG_SIGNATURE)).rows[0]!.signature;
}

async function readBaseline(pglite: PGlite): Promise<Baseline> {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1`,
  );
  const seeds: Baseline['seeds'] = [];
  for (const { name } of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${name} t`);
    if (!rows[0]?.rows) continue;
    // Generated columns are computed again; every other one is written back as it was.
    const { rows: columns } = await pglite.query<{ list: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [name],
    );
    seeds.push({ table: name, columns: columns[0]!.list, rows: rows[0].rows });
  }
  const { rows: sequences } = await pglite.query<{ name: string; lastValue: string | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS "lastValue" FROM pg_sequences ORDER BY 1`,
  );
  return {
    tables: tables.map((t) => t.name),
    seeds,
    sequences,
    catalog: await catalogSignature(pglite),
  };
}

/** A database as the dump at `dumpPath` holds it: one a previous file gave back, or a new one. */
export async function takePglite(dumpPath: string): Promise<PGlite> {
  const reused = parked.findIndex((pglite) => dumpOf.get(pglite) === dumpPath);
  if (reused >= 0) {
    reuses += 1;
    return parked.splice(reused, 1)[0]!;
  }
  const pglite = await PGlite.create('memory://', {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(dumpPath)]),
  });
  dumpOf.set(pglite, dumpPath);
  if (!baselines.has(dumpPath)) baselines.set(dumpPath, readBaseline(pglite));
  await baselines.get(dumpPath);
  return pglite;
}

/** Takes back a database no one uses any more: reset for the next file, or closed. */
export async function givePgliteBack(pglite: PGlite): Promise<void> {
  const dumpPath = dumpOf.get(pglite);
  const baseline = dumpPath === undefined ? undefined : await baselines.get(dumpPath);
  try {
    if (!baseline || parked.length >= MAX_PARKED || !(await resetToBaseline(pglite, baseline))) {
      await pglite.close();
      return;
    }
  } catch {
    await pglite.close().catch(() => undefined);
    return;
  }
  parked.push(pglite);
}

/**
 * Puts the database's rows back as the dump left them; false when its schema still differs from
 * the dump's (a test added a column, disabled a trigger…): such a database is closed, not reused.
 */
async function resetToBaseline(pglite: PGlite, baseline: Baseline): Promise<boolean> {
  // Temporary tables, prepared statements, LISTENs, advisory locks and SET values go first.
  await pglite.exec('DISCARD ALL');
  await pglite.transaction(async (tx) => {
    // Each queue the job queue created has a partition of its own (pg-boss), dropped with the
    // queue once its jobs are gone.
    await tx.exec(`TRUNCATE ${JOB_SCHEMA}.job`);
    await tx.exec(`SELECT ${JOB_SCHEMA}.delete_queue(name) FROM ${JOB_SCHEMA}.queue`);
    await tx.exec(`TRUNCATE ${baseline.tables.join(', ')} RESTART IDENTITY CASCADE`);
    // The rows as the migrations left them: no trigger or foreign key check runs on them again.
    await tx.exec('SET LOCAL session_replication_role = replica');
    for (const seed of baseline.seeds) {
      await tx.query(
        `INSERT INTO ${seed.table} (${seed.columns}) OVERRIDING SYSTEM VALUE
          SELECT ${seed.columns} FROM json_populate_recordset(NULL::${seed.table}, $1::json)`,
        [seed.rows],
      );
    }
    for (const { name, lastValue } of baseline.sequences) {
      if (lastValue === null) await tx.exec(`ALTER SEQUENCE ${name} RESTART`);
      else await tx.query('SELECT setval($1::regclass, $2::bigint, true)', [name, lastValue]);
    }
  });
  return (await catalogSignature(pglite)) === baseline.catalog;
}
