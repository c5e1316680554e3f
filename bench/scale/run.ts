// `npm run bench:scale [-- --works N --seconds S --keep]`: builds a PostgreSQL database of N
// works (default 1,000,000), starts the app on it and measures the questions of issue 13 next to
// two references run in this same script: a plain `pg` route sending the same SQL, and a bare
// Node server answering a constant. Each is measured quiet and under a steady stream of
// registrations (2 clients registering real images through the HTTP API); 8 registering clients
// are measured quiet and under a saturating read load (registrations-under-reads.ts). Machines are shared
// and noisy: read the ratios, not the absolute numbers. README.md § Benchmarks explains the table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { seed } from '../../server/cli/seed';
import { loadConfig } from '../../server/config';
import type { DB } from '../../server/db/types';
import { processImage } from '../../server/image';
import { openRuntime } from '../../server/runtime';
import { FingerprintMemory } from '../../server/works/fingerprint-memory';
import { closeFingerprintsQuery } from '../../server/works/works-repository';
import { bandIndexesAndBuffers, createBenchDatabase, DEFAULT_SERVER_URL, type BenchDatabase } from './database';
import { get, load, percentiles, timeEach, type Latencies, type Load } from './measure';
import { checkGeneratedLeaves, multiplyWorks } from './multiply';
import { replay } from './plain-routes';
import { ImagePool, makeImages, registerOne, registrationRate, startRegistrations, type BenchImage } from './registrations';
import { registrationsUnderReads, SHARE_CLIENTS } from './registrations-under-reads';
import { httpScenarios, type HttpScenario } from './scenarios';
import { LOOKUP_WARM_UP, measureLookups, type LookupLatencies } from './lookups';
import { EXPORT_FORMATS, measureColdExports, type ColdExports } from './exports-cold';
import {
  constantServer,
  killAppServers,
  listen,
  settledMemory,
  startApp,
  startUpSnapshot,
  type AppServer,
  type LocalServer,
} from './servers';
import { printTable, type Row } from './table';
import { MEASURED_ROUTES, NOT_YET_MEASURED, routeOfPath } from './route-coverage';
import { appEnv } from './app-env';
import { untilQueueDrained } from '../queue-drain';

function options() {
  const { values } = parseArgs({
    options: {
      works: { type: 'string', default: '1000000' },
      'seed-works': { type: 'string', default: '200' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      search: { type: 'string', default: 'light' },
      keep: { type: 'boolean', default: false },
      // Reuse a database (and its image folder) a run built and kept, instead of building one.
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      'build-only': { type: 'boolean', default: false },
      // POST /api/lookup is also measured when the database being built reaches this size (default
      // a quarter of --works), so its cost at the full size ÷ this one comes from one run.
      'lookup-first-at': { type: 'string' },
    },
    strict: true,
  });
  const int = (name: keyof typeof values, min: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}.`);
    return n;
  };
  return {
    works: int('works', 1),
    seedWorks: int('seed-works', 10),
    seconds: int('seconds', 1),
    connections: int('connections', 1),
    search: values.search as string,
    keep: values.keep as boolean,
    database: values.database,
    dataDir: values['data-dir'],
    buildOnly: values['build-only'] as boolean,
    lookupFirstAt: values['lookup-first-at'] === undefined ? Math.floor(Number(values.works) / 4) : int('lookup-first-at', 0),
  };
}

/** How long the 2-client stream runs before the first load under writes is measured. */
const STREAM_WARM_UP_SECONDS = 10;
/** Registrations a second the stream's stock is made for (2 clients reached about 14 at 1,000,000 works). */
const STREAM_STOCK_PER_SECOND = 40;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (line: string) => console.log(line);

/** Everything to undo on exit, Ctrl-C included. */
const cleanup: { database?: BenchDatabase; dataDir?: string; keep: boolean; local: LocalServer[]; pool?: pg.Pool } = {
  keep: false,
  local: [],
};

async function cleanUp(): Promise<void> {
  killAppServers();
  await Promise.all(cleanup.local.map((s) => s.close().catch(() => undefined)));
  if (cleanup.dataDir && !cleanup.keep) fs.rmSync(cleanup.dataDir, { recursive: true, force: true });
  if (cleanup.dataDir && cleanup.keep) log(`Kept image folder ${cleanup.dataDir}`);
  // A query still running (Ctrl-C) keeps its client: the drop below ends that connection.
  await Promise.race([cleanup.pool?.end(), new Promise((r) => setTimeout(r, 1000))]).catch(() => undefined);
  if (cleanup.database && !cleanup.keep) await cleanup.database.drop().catch((err: Error) => console.error(err.message));
  if (cleanup.database && cleanup.keep) log(`Kept database ${cleanup.database.url}`);
}

/** The environment of the app processes and of the in-process seeding. */
async function seedRealWorks(env: NodeJS.ProcessEnv, count: number): Promise<void> {
  const deps = await openRuntime(loadConfig(env));
  try {
    await seed(deps, { count, seed: 13, concurrency: 2 }, (line) => log(`  ${line.trim()}`));
  } finally {
    await deps.database.close();
  }
}

/** Plain-pg answers for every scenario: the first scenario that recognises the request answers it. */
async function plainServer(pool: pg.Pool, scenarios: HttpScenario[]): Promise<LocalServer> {
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const queries = scenarios.map((s) => s.plain(url)).find((q) => q !== undefined);
    if (!queries) {
      res.writeHead(404).end();
      return;
    }
    replay(pool, queries).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(body),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
}

interface Compared {
  app: Load;
  plain: Load;
  bare: Load;
  /** The app's first answer to this path in the condition, ms: cold in the quiet round (nothing cached yet). */
  firstMs: number;
}

async function compare(app: AppServer, plain: LocalServer, scenario: HttpScenario, o: ReturnType<typeof options>): Promise<Compared> {
  const started = performance.now();
  const body = await get(`${app.url}${scenario.path}`);
  const firstMs = performance.now() - started;
  const bare = await constantServer(body, 'application/json');
  try {
    const run = (base: string) =>
      load(`${base}${scenario.path}`, { connections: o.connections, seconds: o.seconds, distinctPath: scenario.distinctPath });
    return { app: await run(app.url), plain: await run(plain.url), bare: await run(bare.url), firstMs };
  } finally {
    await bare.close();
  }
}

function loadRow(scenario: string, condition: string, c: Compared): Row {
  const bad = c.app.bad ? ` (${c.app.bad} bad)` : '';
  return [
    scenario,
    condition,
    `${fmt(c.app.rps)}${bad}`,
    `${c.app.p50} / ${c.app.p99}`,
    `${fmt(c.plain.rps)}${c.plain.bad ? ` (${c.plain.bad} bad)` : ''}`,
    `${c.plain.p50} / ${c.plain.p99}`,
    fmt(c.bare.rps),
    (c.app.rps / c.plain.rps).toFixed(2),
    (c.app.rps / c.bare.rps).toFixed(2),
    fmt(c.firstMs),
  ];
}

/** Each export format's uncached answers at limit=1000 against JSON's, as issue 38 asks (goal ≤ 2). */
function exportsCold(cold: ColdExports): Row[] {
  const json = cold.medianMs.json;
  return EXPORT_FORMATS.filter((format) => format !== 'json').map((format) => [
    `GET /api/v1/ledger?limit=1000&format=${format} uncached, median of ${cold.rounds} pages ÷ JSON's, ms (goal <= 2)`,
    fmt(cold.medianMs[format]),
    `JSON ${fmt(json)}`,
    (cold.medianMs[format] / json).toFixed(2),
  ]);
}

/** Random fingerprints, half of them a few bits away from a registered work's, so some lookups find neighbours. */
async function lookupProbes(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ phash: string }>(
    `SELECT image_phash AS phash FROM submissions TABLESAMPLE SYSTEM (5) WHERE image_phash IS NOT NULL LIMIT $1`,
    [count],
  );
  return Array.from({ length: count }, (_, i) => {
    const near = rows[i % Math.max(1, rows.length)]?.phash;
    let value = near && i % 2 === 0 ? BigInt(`0x${near}`) : BigInt.asUintN(64, BigInt(Math.floor(Math.random() * 2 ** 53)) << 11n);
    for (let b = 0; b < i % 6; b++) value ^= 1n << BigInt(Math.floor(Math.random() * 64));
    return value.toString(16).padStart(16, '0');
  });
}

/**
 * The app's near-duplicate search (closeFingerprints from the memory it loads once it listens,
 * reading the works registered since before each search) and the band-index query it replaced,
 * against a scan of every fingerprint; checks all three agree first.
 */
async function nearDuplicateLatency(
  pool: pg.Pool,
  probes: string[],
): Promise<{ memory: Latencies; banded: Latencies; brute: Latencies; loadMs: number }> {
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }),
  });
  const bruteForce = (phashHex: string) =>
    pool.query<{ id: string }>(
      `SELECT submission_id AS id FROM image_fingerprints WHERE bit_count((phash # $1::bigint)::bit(64)) <= 10`,
      [BigInt.asIntN(64, BigInt(`0x${phashHex}`)).toString()],
    );
  const bandedQuery = (phashHex: string) => closeFingerprintsQuery(db, phashHex).execute();
  const memory = new FingerprintMemory();
  const started = performance.now();
  await memory.load(db);
  const loadMs = performance.now() - started;
  const fromMemory = async (phashHex: string) => {
    const found = await memory.close(db, phashHex);
    if (!found) throw new Error('The fingerprint memory was dropped during the measurement.');
    return found;
  };
  for (const probe of probes.slice(0, 20)) {
    const brute = (await bruteForce(probe)).rows.map((r) => r.id).sort();
    const banded = [...new Set((await bandedQuery(probe)).map((r) => r.submission_id))].sort();
    const inMemory = [...(await fromMemory(probe)).keys()].sort();
    if (banded.join() !== brute.join() || inMemory.join() !== brute.join())
      throw new Error(`The near-duplicate searches disagree with the scan for ${probe}.`);
  }
  const result = {
    memory: await timeEach(probes.length, (i) => fromMemory(probes[i])),
    banded: await timeEach(probes.length, (i) => bandedQuery(probes[i])),
    brute: await timeEach(Math.min(probes.length, 50), (i) => bruteForce(probes[i])),
    loadMs,
  };
  await db.destroy();
  return result;
}

/** The new pictures looked up at both sizes: the same files, so the ratio compares the same questions. */
const NEW_PICTURES_SEED = 21;
/** The new pictures looked up after the loads and uncached exports. */
const LOADED_NEW_PICTURES_SEED = 25;
const LOOKUP_KINDS = [
  ['a new picture', 'fresh'],
  ['a copy with 5 % cut from one side', 'cropped'],
  ['the centre 70 % of a work', 'centre'],
] as const;

/**
 * Images for measureLookups: 100 never registered after LOOKUP_WARM_UP more that are not counted,
 * and 100 to register (seed `registerSeed`, one per size: a work is registered once) and look up
 * cropped. A hundred of each, so a p95 is the fifth slowest answer, not the second of forty: on a
 * shared machine one stall would otherwise be the figure.
 */
async function lookupImages(registerSeed: number, newSeed = NEW_PICTURES_SEED): Promise<[BenchImage[], BenchImage[]]> {
  return [await makeImages(100 + LOOKUP_WARM_UP, newSeed), await makeImages(100, registerSeed)];
}

/**
 * POST /api/lookup on a server started right after a build, as at both sizes: once its start-up
 * loads and the dataset snapshot are done, the same new pictures, then copies of works it
 * registers (seed `registerSeed`). Measured the same way at both sizes, so the ratio compares what
 * the ledger's size adds, not what the loads run before a measurement left in the caches.
 */
async function lookupsAfterBuild(
  app: AppServer,
  works: number,
  registerSeed: number,
): Promise<LookupLatencies & { snapshotWaitMs: number }> {
  // Once the perceptual hashes are in its memory, and the dataset snapshot it builds once is done.
  await settledMemory(app);
  const snapshotWaitMs = await startUpSnapshot(app.url);
  const lookups = await measureLookups(app.url, ...(await lookupImages(registerSeed)));
  const { fresh, cropped, centre, croppedFound, imageWork } = lookups;
  log(
    `POST /api/lookup at ${fmt(works)} works, p50 / p95 ms: new picture ${fmt(fresh.p50, 1)} / ${fmt(fresh.p95, 1)}, ` +
      `5 % cut ${fmt(cropped.p50, 1)} / ${fmt(cropped.p95, 1)} (found ${croppedFound}/${cropped.count}), ` +
      `centre 70 % ${fmt(centre.p50, 1)} / ${fmt(centre.p95, 1)}; the image work alone ${fmt(imageWork.p50, 1)} / ${fmt(imageWork.p95, 1)}.`,
  );
  return { ...lookups, snapshotWaitMs };
}

/**
 * Images per second when 8 callers run the upload pipeline's image work on these files in this
 * process, after a first pass over a few of them (the app's image code is warm by then too).
 */
async function rawImageRate(images: BenchImage[], clients: number): Promise<number> {
  for (const image of images.slice(0, 2 * clients)) await processImage(image.bytes);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < images.length) await processImage(images[next++].bytes);
    }),
  );
  return images.length / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const o = options();
  cleanup.keep = o.keep;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
  const onSignal = () => {
    log('\nStopping: removing the servers and the bench database…');
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let env: NodeJS.ProcessEnv;
  let pool: pg.Pool;
  let small: AppServer | undefined;
  // POST /api/lookup measured the same way at a quarter of the size and at full size (lookupsAfterBuild).
  let lookupsSmaller: LookupLatencies | undefined;
  let lookupsFull: (LookupLatencies & { snapshotWaitMs: number }) | undefined;
  if (o.database) {
    // A kept database: never dropped here, whatever --keep says.
    if (!o.dataDir) throw new Error('--database needs --data-dir, the image folder kept with it.');
    cleanup.keep = true;
    const url = new URL(serverUrl);
    url.pathname = `/${o.database}`;
    env = appEnv(url.toString(), o.dataDir);
    pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
    pool.on('error', () => undefined);
    cleanup.pool = pool;
    log(`Reusing database ${o.database} and image folder ${o.dataDir}.`);
  } else {
    cleanup.database = await createBenchDatabase(serverUrl);
    cleanup.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-scale-'));
    env = appEnv(cleanup.database.url, cleanup.dataDir);
    log(`Database ${cleanup.database.name}: seeding ${fmt(o.seedWorks)} real works through the seed code…`);
    let t = performance.now();
    await seedRealWorks(env, o.seedWorks);
    const seedSeconds = (performance.now() - t) / 1000;

    if (!fs.existsSync('web/dist/index.html'))
      spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
    small = await startApp(env);
    await small.stop();

    log(`Multiplying to ${fmt(o.works)} works in SQL…`);
    pool = new pg.Pool({ connectionString: cleanup.database.url, max: 12 });
    // Connections ended by the final DROP DATABASE … WITH (FORCE) are expected, not a crash.
    pool.on('error', () => undefined);
    cleanup.pool = pool;
    t = performance.now();
    if (o.lookupFirstAt > o.seedWorks && o.lookupFirstAt < o.works) {
      const first = await multiplyWorks(pool, o.lookupFirstAt, log);
      if (first.generated > 0) await checkGeneratedLeaves(pool, first.firstGeneratedSeq);
      const smaller = await startApp(env);
      lookupsSmaller = await lookupsAfterBuild(smaller, o.lookupFirstAt, 22);
      await smaller.stop();
      log(`Multiplying on to ${fmt(o.works)}…`);
    }
    const grown = await multiplyWorks(pool, o.works, log);
    const multiplySeconds = (performance.now() - t) / 1000;
    if (grown.generated > 0) await checkGeneratedLeaves(pool, grown.firstGeneratedSeq);
    log(
      `Built in ${fmt(seedSeconds + multiplySeconds, 1)} s (seed ${fmt(seedSeconds, 1)} s, multiply ${fmt(multiplySeconds, 1)} s); leaves and counters checked.`,
    );
    if (o.buildOnly) return;
  }

  const app = await startApp(env);
  log(
    `App answering /api/health ${fmt(app.healthMs)} ms after start${small ? ` (${fmt(small.healthMs)} ms on the ${fmt(o.seedWorks)}-work database)` : ''}.`,
  );
  // The log grew in SQL without a checkpoint: the first proof of its newest leaf signs one over
  // the whole log, hashing every leaf once (no subtree hash is stored yet). After that, proofs
  // read stored subtrees, as on a registry that grew one registration at a time.
  const treeSize = Number((await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM tlog_leaves')).rows[0].n);
  const t = performance.now();
  await get(`${app.url}/api/log/proof/inclusion?leaf_index=${treeSize - 1}`);
  const firstCheckpointMs = performance.now() - t;
  const firstCheckpointPeak = app.memory().peak;
  // At full size as at a quarter, before any load and before this process draws its images.
  if (lookupsSmaller) lookupsFull = await lookupsAfterBuild(app, o.works, 23);

  const scenarios = await httpScenarios(pool, { search: o.search, leaves: treeSize });
  // Every route said to be measured has a scenario (route-coverage.ts; its test checks the rest).
  // POST /api/lookup is measured by measureLookups (lookups.ts), every run, below.
  const benched = new Set([...scenarios.map((scenario) => routeOfPath('GET', scenario.path)), 'POST /api/lookup']);
  const unbenched = MEASURED_ROUTES.filter((route) => !benched.has(route));
  if (unbenched.length) throw new Error(`Routes said to be measured without a scenario: ${unbenched.join(', ')}`);
  // Every registered image is made before the measurements: drawing one blocks this process's
  // event loop, which autocannon shares, for up to 17 ms. The stream's stock covers its 2
  // clients at STREAM_STOCK_PER_SECOND for as long as the loads under writes last; should it
  // run out, it draws more as it goes and the run says so.
  const images = await makeImages(160 * o.seconds + 40, 7);
  const imagePool = new ImagePool(images);
  const streamSeconds = STREAM_WARM_UP_SECONDS + scenarios.length * 3 * o.seconds + 10;
  log(`Drawing ${fmt(STREAM_STOCK_PER_SECOND * streamSeconds)} images for the registration stream…`);
  const streamPool = new ImagePool(await makeImages(STREAM_STOCK_PER_SECOND * streamSeconds, 8), {
    seed: 8,
    onRunOut: () => log('Note: the registration stream used every image made up front; it now draws more while measuring.'),
  });
  const afterPool = new ImagePool(await makeImages(10, 9));
  const snapshotWaitMs = lookupsFull ? lookupsFull.snapshotWaitMs : await startUpSnapshot(app.url);
  const plain = await plainServer(pool, scenarios);
  cleanup.local.push(plain);

  const rows: Row[] = [];
  log(`\n${os.cpus().length} cores; ${o.connections} connections, ${o.seconds} s per measurement. Measuring…`);
  // The server's peak memory (VmHWM) as each part of the bench ends: which part raised it.
  const peaks: [string, number][] = [
    [lookupsFull ? 'before the loads (lookups after the build included)' : 'before the loads', app.memory().peak],
  ];
  const peakAfter = (part: string) => peaks.push([part, app.memory().peak]);
  const quiet: Compared[] = [];
  for (const scenario of scenarios) quiet.push(await compare(app, plain, scenario, o));
  peakAfter('quiet loads');
  scenarios.forEach((scenario, i) => rows.push(loadRow(scenario.name, 'quiet', quiet[i])));
  const coldExports = await measureColdExports(app.url);
  peakAfter('uncached exports');
  // Other new pictures than lookupsAfterBuild's, whose leaves a cache might still hold.
  const lookups = await measureLookups(app.url, ...(await lookupImages(24, LOADED_NEW_PICTURES_SEED)));
  peakAfter('lookups');
  const stream = startRegistrations(app.url, streamPool, 2);
  // The loads under writes measure a steady stream: the first registrations after start run
  // cold code (the registration path and the image workers' are compiled as they get hot, and
  // the workers start with the first upload), which would land on whichever load came first.
  await new Promise((r) => setTimeout(r, STREAM_WARM_UP_SECONDS * 1000));
  const warmUpRegistrations = stream.done;
  for (const scenario of scenarios) rows.push(loadRow(scenario.name, '2 registering', await compare(app, plain, scenario, o)));
  const probes = await lookupProbes(pool, 200);
  const nearUnderLoad = await nearDuplicateLatency(pool, probes);
  await stream.stop();
  peakAfter('loads beside the 2-client stream');
  const registeredDuringStream = stream.done;
  if (stream.failures.length) log(`Registration failures: ${stream.failures.slice(0, 3).join(' | ')}`);
  const nearQuiet = await nearDuplicateLatency(pool, probes);

  // Registrations per second with 8 clients, with the raw image work measured just before and
  // just after on the files they register: the machine's speed may drift during the run (shared
  // machines), and the mean of the two is the baseline nearest to the registrations' time.
  // The stream's e-mails and link checks, which wait for the image work to pause (decision 0074), first.
  await untilQueueDrained(app.url);
  const before = imagePool.left;
  const upcoming = images.slice(images.length - before);
  const rawBefore = await rawImageRate(upcoming.slice(0, Math.min(upcoming.length, 60 * o.seconds)), 8);
  const eight = await registrationRate(app.url, imagePool, SHARE_CLIENTS, { seconds: o.seconds, warmUpSeconds: 1 });
  const regRate = eight.perSecond;
  const used = images.slice(images.length - before, images.length - before + Math.max(eight.done, 8));
  if (eight.ranOut) log('Note: the 8 clients used every prepared image before the time was up; the rate counts until the last one.');
  const rawAfter = await rawImageRate(used, 8);
  const rawRate = (rawBefore + rawAfter) / 2;
  peakAfter('8 registering clients');
  if (eight.failures.length) log(`Registration failures: ${eight.failures.slice(0, 3).join(' | ')}`);

  // The same 8 clients while page 1 is read as fast as this process can (issue 38).
  const share = await registrationsUnderReads(app.url, scenarios[0], imagePool, o);
  peakAfter('8 registering clients under page-1 reads');
  if (share.registrationsUnderReads.ranOut) log('Note: the 8 clients under reads used every prepared image before the time was up.');
  if (share.registrationsUnderReads.failures.length)
    log(`Registration failures under reads: ${share.registrationsUnderReads.failures.slice(0, 3).join(' | ')}`);

  // The first page-1 request right after a registration, against the plain route's time for it.
  const ledgerPage = scenarios[0];
  const afterRegistration: number[] = [];
  const plainSingle: number[] = [];
  let newestShown = 0;
  for (let i = 0; i < 10; i++) {
    const image = await afterPool.take();
    if (!image) break;
    const work = await registerOne(app.url, image);
    let started = performance.now();
    const page = (await get(`${app.url}${ledgerPage.path}`)).toString('utf8');
    afterRegistration.push(performance.now() - started);
    if (page.includes(work.id)) newestShown++;
    started = performance.now();
    await get(`${plain.url}${ledgerPage.path}`);
    plainSingle.push(performance.now() - started);
  }
  const after = percentiles(afterRegistration);
  const plainAfter = percentiles(plainSingle);
  peakAfter('first pages after registrations');
  const benchPeak = app.memory().peak;
  await app.stop();
  const restart = await startApp(env);
  // Issue 38's goals: at most 200 MB once started, 400 MB at the peak of the bench.
  const restartMemory = await settledMemory(restart);
  await restart.stop();
  const mb = (bytes: number) => fmt(bytes / 2 ** 20);

  log('');
  printTable(
    [
      'scenario',
      'condition',
      'app req/s',
      'app p50/p99 ms',
      'plain-pg req/s',
      'plain p50/p99 ms',
      'bare req/s',
      'app/plain',
      'app/bare',
      'first ms',
    ],
    rows,
  );
  log('');
  const ms = (n: number) => fmt(n, 1);
  printTable(
    ['measurement', 'app', 'reference', 'ratio'],
    [
      ...(
        [
          ['quiet', nearQuiet],
          ['2 registering', nearUnderLoad],
        ] as const
      ).flatMap(([condition, near]) => [
        [
          `near-duplicate search from memory (the app's) p50 / p95 ms (${condition})`,
          `${ms(near.memory.p50)} / ${ms(near.memory.p95)}`,
          `scan ${ms(near.brute.p50)} / ${ms(near.brute.p95)}`,
          `scan ÷ memory ${(near.brute.p50 / near.memory.p50).toFixed(1)}`,
        ],
        [
          `near-duplicate search by the band indexes p50 / p95 ms (${condition})`,
          `${ms(near.banded.p50)} / ${ms(near.banded.p95)}`,
          '',
          `scan ÷ bands ${(near.brute.p50 / near.banded.p50).toFixed(1)}`,
        ],
      ]),
      ['loading every fingerprint into memory (as the app does once it listens), ms', fmt(nearQuiet.loadMs), '', ''],
      ...exportsCold(coldExports),
      [
        'the image work of those files alone (fingerprintImage, what the route runs, in the bench process), p50 / p95 ms',
        `${ms(lookups.imageWork.p50)} / ${ms(lookups.imageWork.p95)} after the loads` +
          (lookupsFull ? `; ${ms(lookupsFull.imageWork.p50)} / ${ms(lookupsFull.imageWork.p95)} after the build` : ''),
        lookupsSmaller
          ? `${ms(lookupsSmaller.imageWork.p50)} / ${ms(lookupsSmaller.imageWork.p95)} at ${fmt(o.lookupFirstAt)} works`
          : '',
        '',
      ],
      ...LOOKUP_KINDS.map(([what, kind]) => {
        const found =
          kind === 'fresh'
            ? ''
            : `, its work found ${kind === 'cropped' ? lookups.croppedFound : lookups.centreFound}/${lookups[kind].count}`;
        return [
          `POST /api/lookup of ${what} after the loads and uncached exports, p50 / p95 ms (goal p95 <= 50${found})`,
          `${ms(lookups[kind].p50)} / ${ms(lookups[kind].p95)}`,
          '',
          '',
        ];
      }),
      ...LOOKUP_KINDS.flatMap(([what, kind]) => {
        const [full, smaller] = [lookupsFull?.[kind], lookupsSmaller?.[kind]];
        if (!full || !smaller || !lookupsFull) return [];
        const found =
          kind === 'fresh' ? '' : `, found ${kind === 'cropped' ? lookupsFull.croppedFound : lookupsFull.centreFound}/${full.count}`;
        return [
          [
            `POST /api/lookup of ${what} on a server started after the build, as at ${fmt(o.lookupFirstAt)} works, p50 / p95 ms (goal p95 <= 50${found})`,
            `${ms(full.p50)} / ${ms(full.p95)}`,
            `${ms(smaller.p50)} / ${ms(smaller.p95)} at ${fmt(o.lookupFirstAt)} works`,
            `p95 ratio ${(full.p95 / smaller.p95).toFixed(2)} (goal <= 1.5)`,
          ],
        ];
      }),
      [
        'registrations/s, 8 clients (HTTP upload + submit)',
        fmt(regRate, 1),
        `raw image work ${fmt(rawRate, 1)} images/s (${fmt(rawBefore, 1)} before, ${fmt(rawAfter, 1)} after)`,
        (regRate / rawRate).toFixed(2),
      ],
      [
        `registrations/s, 8 clients, while page 1 is read at ${o.connections} connections (goal ≥ 0.3 of quiet)`,
        fmt(share.registrationsUnderReads.perSecond, 1),
        `quiet ${fmt(regRate, 1)}`,
        (share.registrationsUnderReads.perSecond / regRate).toFixed(2),
      ],
      [
        `${ledgerPage.name} req/s while 8 clients register (goal ≥ 0.5 of quiet)`,
        `${fmt(share.readsUnderRegistrations.rps)}${share.readsUnderRegistrations.bad ? ` (${share.readsUnderRegistrations.bad} bad)` : ''}`,
        `quiet ${fmt(share.readsQuiet.rps)}`,
        (share.readsUnderRegistrations.rps / share.readsQuiet.rps).toFixed(2),
      ],
      [
        'first GET /api/ledger after a registration, p50 ms',
        `${ms(after.p50)} (new work shown ${newestShown}/${after.count})`,
        `plain-pg ${ms(plainAfter.p50)}`,
        (after.p50 / plainAfter.p50).toFixed(2),
      ],
      [
        '/api/health after start, ms',
        fmt(app.healthMs),
        small ? `${fmt(small.healthMs)} with ${fmt(o.seedWorks)} works` : '',
        small ? (app.healthMs / small.healthMs).toFixed(2) : '',
      ],
      ['first proof over the grown log (signs a checkpoint), ms', fmt(firstCheckpointMs), `${fmt(treeSize)} leaves`, ''],
      [
        `start-up dataset snapshot, still to wait for ${lookupsFull ? 'once started and settled' : 'after the images were drawn'}, ms`,
        fmt(snapshotWaitMs),
        '',
        '',
      ],
      ['/api/health after a restart on the same database, ms', fmt(restart.healthMs), '', ''],
      [
        'server resident memory after a restart, start-up loads done, MB (goal <= 200)',
        mb(restartMemory.rss),
        `its peak while starting ${mb(restartMemory.peak)}`,
        '',
      ],
      [
        'server resident memory at its peak, MB (goal <= 400)',
        `${mb(benchPeak)} over the whole bench`,
        `${mb(firstCheckpointPeak)} by the end of the first checkpoint`,
        '',
      ],
      ['the peak as each part of the bench ended, MB', peaks.map(([part, peak]) => `${part} ${mb(peak)}`).join('; '), '', ''],
      ['what the lookups ran with', await bandIndexesAndBuffers(env.DATABASE_URL!), '', ''],
      ...Object.entries(NOT_YET_MEASURED).map(([route, why]) => [`not measured yet: ${route}`, why, '', '']),
      [
        'works registered by the 2-client stream',
        `${fmt(registeredDuringStream)} (${fmt(warmUpRegistrations)} in its ${STREAM_WARM_UP_SECONDS} s before the loads)`,
        '',
        '',
      ],
    ],
  );
}

main()
  .catch((err: Error) => {
    console.error(err.stack ?? err.message);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
