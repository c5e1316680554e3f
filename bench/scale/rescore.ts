// `npm run bench:rescore -- --database NAME --data-dir PATH`: the re-scoring job (a new trust
// rubric re-scores every work, server/submissions/rubric-rescore-job.ts) on a database
// `npm run bench:scale -- --build-only --keep` built, as issue 33 asks: page 1 of the ledger
// while the job runs against page 1 quiet, the job's pace, and that it resumes after kill -9.
//
// Every live work is first marked as scored under an earlier rubric (and the current rubric's
// run forgotten), so the job has the whole ledger to do, as after a real rubric change. The app
// runs as `npm start` runs it. Read the ratio, not the absolute numbers: the machine is shared.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { RUBRIC_VERSION } from '../../server/submissions/trust';
import { DEFAULT_SERVER_URL } from './database';
import { load, type Load } from './measure';
import { appEnv } from './app-env';
import { killAppServers, startApp, type AppServer } from './servers';

const log = (line: string) => console.log(line);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function options() {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      // How long the job runs before the kill -9.
      'kill-after': { type: 'string', default: '120' },
      // Wait until the job has scored every work (else: stop after the resumption is seen).
      finish: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.database || !values['data-dir'])
    throw new Error('--database and --data-dir name a database and image folder `bench:scale --build-only --keep` kept.');
  return {
    database: values.database,
    dataDir: values['data-dir'],
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    killAfterSeconds: Number(values['kill-after']),
    finish: values.finish as boolean,
  };
}

interface Progress {
  lastSeq: number;
  changed: number;
  finished: boolean;
}

async function progress(pool: pg.Pool): Promise<Progress> {
  const { rows } = await pool.query<{ last_seq: string; changed: string; finished: boolean }>(
    'SELECT last_seq::text, changed::text, finished_at IS NOT NULL AS finished FROM rescore_runs WHERE rubric_version = $1',
    [RUBRIC_VERSION],
  );
  return rows[0]
    ? { lastSeq: Number(rows[0].last_seq), changed: Number(rows[0].changed), finished: rows[0].finished }
    : { lastSeq: 0, changed: 0, finished: false };
}

/** Works (live, in the ledger's order) at or below `seq`: how far the job has come. */
async function worksUpTo(pool: pg.Pool, seq: number): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM submissions WHERE registry_seq <= $1', [seq]);
  return Number(rows[0].n);
}

async function pageOne(app: AppServer, o: ReturnType<typeof options>): Promise<Load[]> {
  const rounds: Load[] = [];
  for (let i = 0; i < o.rounds; i++)
    rounds.push(await load(`${app.url}/api/ledger`, { connections: o.connections, seconds: o.seconds }));
  return rounds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const o = options();
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL);
  url.pathname = `/${o.database}`;
  const env = appEnv(url.toString(), o.dataDir);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  process.on('exit', killAppServers);

  const works = Number((await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM submissions')).rows[0].n);
  log(`Database ${o.database}: ${fmt(works)} works. Marking every work as scored under an earlier rubric…`);
  const t = performance.now();
  await pool.query(`UPDATE submissions SET trust_rubric_version = 'bench-earlier' WHERE trust_rubric_version = $1`, [RUBRIC_VERSION]);
  await pool.query('DELETE FROM rescore_runs WHERE rubric_version = $1', [RUBRIC_VERSION]);
  await pool.query('VACUUM ANALYZE submissions');
  log(`  done in ${fmt((performance.now() - t) / 1000, 1)} s.`);

  let app = await startApp({ ...env, RESCORE_ON_START: '0' });
  log(`Page 1 quiet (${o.rounds} × ${o.seconds} s, ${o.connections} connections)…`);
  const quiet = await pageOne(app, o);
  await app.stop();

  app = await startApp({ ...env, RESCORE_ON_START: '1' });
  const jobStarted = performance.now();
  log('Page 1 while the re-scoring job runs…');
  const before = await progress(pool);
  const underJob = await pageOne(app, o);
  const during = await progress(pool);
  const measuredSeconds = (performance.now() - jobStarted) / 1000;
  const rate = (await worksUpTo(pool, during.lastSeq)) / measuredSeconds;
  log(
    `  the job scored ${fmt(await worksUpTo(pool, during.lastSeq))} works in ${fmt(measuredSeconds)} s under that load (${fmt(rate, 1)} a second).`,
  );
  if (before.finished) throw new Error('The run was finished before it began: nothing was re-scored.');

  const left = Math.max(0, o.killAfterSeconds * 1000 - (performance.now() - jobStarted));
  await new Promise((resolve) => setTimeout(resolve, left));
  await app.kill();
  const atKill = await progress(pool);
  const doneAtKill = await worksUpTo(pool, atKill.lastSeq);
  log(
    `kill -9 after ${fmt((performance.now() - jobStarted) / 1000)} s: ${fmt(doneAtKill)} works scored (up to registry number ${fmt(atKill.lastSeq)}).`,
  );

  app = await startApp({ ...env, RESCORE_ON_START: '1' });
  const restarted = performance.now();
  let resumed: Progress | undefined;
  while (performance.now() - restarted < 20 * 60_000) {
    const now = await progress(pool);
    if (now.lastSeq > atKill.lastSeq) {
      resumed = now;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!resumed) throw new Error('The job did not resume within 20 minutes of the restart.');
  log(`Resumed ${fmt((performance.now() - restarted) / 1000, 1)} s after the restart, from registry number ${fmt(atKill.lastSeq)}.`);

  let finishedSeconds: number | undefined;
  if (o.finish) {
    for (;;) {
      const now = await progress(pool);
      if (now.finished) break;
      log(`  ${fmt(await worksUpTo(pool, now.lastSeq))} of ${fmt(works)} works scored…`);
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
    finishedSeconds = (performance.now() - jobStarted) / 1000;
    const stale = Number(
      (
        await pool.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM submissions WHERE trust_rubric_version <> $1 AND deleted_at IS NULL AND purged_at IS NULL',
          [RUBRIC_VERSION],
        )
      ).rows[0].n,
    );
    log(`Finished after ${fmt(finishedSeconds / 60, 1)} minutes; live works not under rubric ${RUBRIC_VERSION}: ${fmt(stale)}.`);
  }
  await app.stop();
  await pool.end();

  const quietRps = median(quiet.map((l) => l.rps));
  const jobRps = median(underJob.map((l) => l.rps));
  log('');
  log('| page 1 | req/s (median of rounds) | rounds | p99 ms (median) | non-2xx |');
  log('|---|--:|---|--:|--:|');
  for (const [name, rounds] of [
    ['quiet', quiet],
    ['while re-scoring', underJob],
  ] as const)
    log(
      `| ${name} | ${fmt(median(rounds.map((l) => l.rps)))} | ${rounds.map((l) => fmt(l.rps)).join(', ')} | ${fmt(median(rounds.map((l) => l.p99)))} | ${rounds.reduce((n, l) => n + l.bad, 0)} |`,
    );
  log('');
  log(`Page 1 while re-scoring ÷ quiet: ${fmt(jobRps / quietRps, 2)} (goal ≥ 0.5).`);
  log(
    `Re-scoring pace under that load: ${fmt(rate, 1)} works a second${finishedSeconds === undefined ? '' : `; the whole ledger in ${fmt(finishedSeconds / 60, 1)} minutes`}.`,
  );
}

main().catch((err) => {
  console.error(err);
  killAppServers();
  process.exit(1);
});
