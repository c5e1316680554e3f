// `npm run bench:rescore-statements -- --database NAME [--batches N]`: where a re-scoring batch's
// time goes. On a database `bench:scale --build-only --keep` kept, marks the first works as scored
// under an older rubric, runs N batches of the rubric re-scoring job's own code (200 works each,
// as RESCORE_BATCH), and prints works a second and each statement's total time, dearest first.
// It found the JIT compilation of the counters' triggers (decision 0077). It changes the kept
// database's scores, as the re-scoring job would.
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import type { DB } from '../../server/db/types';
import { rescoreNextBatch } from '../../server/submissions/rubric-rescore-job';
import { keepFingerprintsInMemory } from '../../server/works/fingerprint-memory';

const BATCH = 200;
const { values } = parseArgs({
  options: { database: { type: 'string' }, batches: { type: 'string', default: '5' } },
  strict: true,
});
if (!values.database) throw new Error('--database names a database `bench:scale --build-only --keep` kept.');
const url = `postgres://postgres@127.0.0.1:5432/${values.database}`;
const batches = Number(values.batches);

const pool = new pg.Pool({ connectionString: url, max: 4 });
const statements = new Map<string, { count: number; ms: number }>();
let timing = false;
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log(event) {
    if (!timing) return;
    const text = event.query.sql.replace(/\s+/g, ' ').trim().slice(0, 100);
    const entry = statements.get(text) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += event.queryDurationMillis;
    statements.set(text, entry);
  },
});
const config = loadConfig({ ...process.env, DATABASE_URL: url });
// As the server does once it listens: near-duplicate searches answer from memory.
await keepFingerprintsInMemory(db);
await pool.query(`UPDATE submissions SET trust_rubric_version = 'bench-older' WHERE registry_seq <= $1`, [batches * BATCH * 2]);
await pool.query(`DELETE FROM rescore_runs`);

timing = true;
const started = performance.now();
for (let i = 0; i < batches; i++) await rescoreNextBatch({ db, config, now: () => new Date() }, BATCH, async () => undefined);
const ms = performance.now() - started;
timing = false;

const works = batches * BATCH;
const sqlMs = [...statements.values()].reduce((sum, s) => sum + s.ms, 0);
console.log(
  `${works} works in ${ms.toFixed(0)} ms: ${(works / (ms / 1000)).toFixed(1)} works a second; statements ${sqlMs.toFixed(0)} ms`,
);
for (const [text, s] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
  console.log(`${s.ms.toFixed(0).padStart(7)} ms ${String(s.count).padStart(6)}×  ${text}`);
await db.destroy();
