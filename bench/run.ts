// `npm run bench`: seeds a database, starts the built server, and for each scenario prints req/s
// and p99 latency next to a baseline (a bare Node http server with a same-size fixed body)
// measured in the same run. Machines are shared and noisy: read the ratios, not the numbers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, serverStarter, stopServer } from './bench-server';
import { measureLinkCheckCost } from './link-check-cost';
import { measureMailCost } from './mail-cost';
import { ImagePool, makeImages } from './scale/registrations';
import { LINK_CHECKS_OFFLINE, ONE_ADDRESS_LOAD } from './one-address-load';
import { BENCH_METRICS_TOKEN } from './queue-drain';
import { SCENARIOS, type Scenario } from './scenarios';

const SEED_COUNT = Number(process.env.BENCH_SEED_COUNT ?? 1000);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of each round of registrations (link checks off, then on, twice), and clients at once. */
const REGISTRATION_SECONDS = Number(process.env.BENCH_REGISTRATION_SECONDS ?? 15);
const REGISTRATION_CLIENTS = Number(process.env.BENCH_REGISTRATION_CLIENTS ?? 4);
/**
 * `--registrations`: only what link checks and e-mail cost registrations (skips the read
 * scenarios); `--registrations=links` or `=mail`: only that one.
 */
const REGISTRATIONS_ARG = process.argv.find((arg) => arg.startsWith('--registrations'));
const REGISTRATIONS_ONLY = REGISTRATIONS_ARG !== undefined;
const costMeasured = (which: 'links' | 'mail') =>
  !REGISTRATIONS_ARG?.includes('=') || REGISTRATIONS_ARG === `--registrations=${which}`;

interface Measurement {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string> = {}, distinctPath?: (n: number) => string): Promise<Measurement> {
  let n = 0;
  const requests = distinctPath ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: distinctPath(n++) }) }] : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers, requests });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** A bare Node server answering `body` with the same content type: the ceiling for this machine now. */
async function startBaseline(body: Buffer, contentType: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

async function runScenario(baseUrl: string, scenario: Scenario): Promise<void> {
  const url = `${baseUrl}${scenario.path}`;
  const headers = { ...scenario.headers, ...(await scenario.prepare?.(url)) };
  const sample = await fetch(url, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  const expected = scenario.expectStatus ?? 200;
  if (sample.status !== expected) throw new Error(`${scenario.name}: the server answered ${sample.status}, expected ${expected}`);
  const baseline = await startBaseline(body, sample.headers.get('content-type') ?? 'application/octet-stream');
  try {
    const base = await measure(baseline.url);
    const real = await measure(url, headers, scenario.distinctPath);
    // autocannon counts a 304 as non-2xx; only report answers other than the expected ones.
    const unexpected = expected >= 200 && expected < 300 ? real.non2xx : 0;
    const ratio = real.rps / base.rps;
    console.log(
      `${scenario.name.padEnd(44)} ${real.rps.toFixed(0).padStart(7)} req/s  p99 ${String(real.p99).padStart(4)} ms` +
        `  | baseline ${base.rps.toFixed(0).padStart(7)} req/s  p99 ${String(base.p99).padStart(4)} ms` +
        `  | ratio ${ratio.toFixed(2)}  (${body.length} B body${unexpected || real.errors ? `, ${unexpected} non-2xx, ${real.errors} errors` : ''})`,
    );
  } finally {
    await baseline.close();
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  // Always the embedded database: the benchmark measures this code, not a remote server.
  const { DATABASE_URL: _remote, ...inherited } = process.env;
  // All the load comes from this one address: its limits and shares are lifted (one-address-load.ts).
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...ONE_ADDRESS_LOAD,
    ...LINK_CHECKS_OFFLINE,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
  console.log(`Seeding ${SEED_COUNT} works into a fresh embedded database…`);
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--count', String(SEED_COUNT)], {
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('Seeding failed.');
  if (!fs.existsSync('web/dist/index.html'))
    spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });

  const startServer = serverStarter(env);
  try {
    if (!REGISTRATIONS_ONLY) {
      const { baseUrl, child: server } = await startServer({});
      try {
        console.log(`\n${os.cpus().length} cores; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per measurement\n`);
        for (const scenario of SCENARIOS) await runScenario(baseUrl, scenario);
      } finally {
        await stopServer(server);
      }
    }
    // Images made up front, each registered once, so no registration is a duplicate.
    const pool = new ImagePool(await makeImages(REGISTRATION_SECONDS * 30, 9_001), { seed: 9_002 });
    const rounds = { seconds: REGISTRATION_SECONDS, clients: REGISTRATION_CLIENTS, rounds: 3 };
    if (costMeasured('links')) await measureLinkCheckCost(startServer, pool, rounds);
    if (costMeasured('mail')) await measureMailCost(startServer, pool, rounds);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
