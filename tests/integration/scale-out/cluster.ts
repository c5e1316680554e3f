// A scale-out deployment for tests: server processes (each with its own data folder) on one
// PostgreSQL database, one S3-compatible store (s3rver) and one log key, behind Debian's haproxy
// running deploy/haproxy.cfg. haproxy's request log (option httplog) names the process that
// answered each request, so tests can show where their requests landed.
//   const group = new ProcessGroup();              // afterAll(() => group.close())
//   const cluster = await startCluster(group, { RATE_LIMIT_REMOVALS_PER_DAY: '3' });
//   const { res, servedBy } = await cluster.request('GET', '/api/site');
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../server/node-flags';
import { generateKeyPair, keyPairToPem } from '../../../server/tlog/keys';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SITE_URL = 'http://ledger.test';
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why these tests cannot run here, or undefined when they can. */
export function scaleOutUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) {
    return 'needs a PostgreSQL server (set TEST_DATABASE_URL); the embedded PGlite database serves one process only';
  }
  return undefined;
}

/** The programs these tests run: the balancer, and PostgreSQL's client tools for the backup. */
export function missingToolsError(): Error | undefined {
  const tools = [
    ['haproxy', '-v', 'haproxy'],
    ['pg_dump', '--version', 'postgresql-client'],
    ['pg_restore', '--version', 'postgresql-client'],
    ['createdb', '--version', 'postgresql-client'],
  ];
  const missing = tools.filter(([tool, flag]) => spawnSync(tool, [flag]).error);
  if (missing.length === 0) return undefined;
  const names = missing.map(([tool]) => tool).join(', ');
  const packages = [...new Set(missing.map(([, , pkg]) => pkg))].join(' ');
  return new Error(`${names} not installed (Debian packages: ${packages}; .ci/run installs haproxy)`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForStatus(url: string, status: number, timeoutMs: number, exited?: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = exited?.();
    if (failure !== undefined) throw new Error(failure);
    try {
      if ((await fetch(url)).status === status) return;
    } catch {
      // not listening yet
    }
    await pause(250);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
}

/** Everything a test started (processes, folders, databases, stores), stopped by close() even after a failure. */
export class ProcessGroup {
  private readonly children: ChildProcess[] = [];
  private readonly folders: string[] = [];
  private readonly closers: (() => Promise<void>)[] = [];

  track(child: ChildProcess): ChildProcess {
    this.children.push(child);
    return child;
  }

  onClose(closer: () => Promise<void>): void {
    this.closers.push(closer);
  }

  tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-scale-'));
    this.folders.push(dir);
    return dir;
  }

  async createDatabase(): Promise<TestDatabase> {
    const db = await createTestDatabase();
    this.onClose(() => db.drop());
    return db;
  }

  async startS3(): Promise<TestS3Server> {
    const s3 = await startS3Server();
    this.onClose(() => s3.close());
    return s3;
  }

  async close(): Promise<void> {
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(this.children.map((child) => (child.exitCode === null && child.signalCode === null ? onceExited(child) : null)));
    // Newest first: databases and stores after the processes that used them.
    for (const closer of this.closers.reverse()) await closer().catch(() => undefined);
    for (const dir of this.folders) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function onceExited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

let built: Promise<unknown> | undefined;

/**
 * The server as deployed: `npm start` runs dist/server/main.mjs, built here when it is missing or
 * older than its sources (scripts/build-if-stale.mjs). It also starts in a fraction of the time
 * that compiling the sources on the fly takes, in every one of the processes.
 */
function buildServer(): Promise<unknown> {
  built ??= promisify(execFile)(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { cwd: ROOT });
  return built;
}

/** One server process (the built `server/main.ts`) with a data folder of its own, answering /api/ready. */
export async function startServer(group: ProcessGroup, env: Record<string, string>): Promise<ServerProcess> {
  await buildServer();
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    ...env,
    PORT: String(port),
    DATA_DIR: group.tempDir(),
    HOST: '127.0.0.1',
  };
  const child = group.track(
    spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.mjs'], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = onceExited(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForStatus(`${url}/api/ready`, 200, 180_000, () =>
    child.exitCode === null && child.signalCode === null ? undefined : `server exited while starting: ${stderr}`,
  );
  return { port, url, child, exited };
}

/** One request of haproxy's log: which process (app1…app3) answered it, with what. */
export interface LoggedRequest {
  server: string;
  status: number;
  method: string;
  uri: string;
  /** Connections that process had open through haproxy when this request was logged (%sc). */
  serverConnections: number;
}

// option httplog: `<client> [<date>] web veriwork/app2 0/0/0/3/3 200 1234 - - ---- 2/2/1/0/0 0/0 "GET /api/site HTTP/1.1"`
// (timers, status, bytes, cookies, termination state, then actconn/feconn/beconn/srv_conn/retries,
// the retries with a '+' when the request went to another process after all).
const LOG_LINE = / web veriwork\/(\S+) \S+ (\d{3}) \S+ \S+ \S+ \S+ \d+\/\d+\/\d+\/(\d+)\/\+?\d+ \S+ "(\S+) (\S+) HTTP\/[\d.]+"$/;

export interface Answer {
  res: Response;
  body: Buffer;
  /** The process that answered (haproxy's server name, app1…app3). */
  servedBy: string;
}

export interface Cluster {
  /** The balancer's address. */
  balancer: string;
  servers: ServerProcess[];
  db: TestDatabase;
  s3: TestS3Server;
  keyFile: string;
  /** The environment every server process shares. */
  env: Record<string, string>;
  /** Every request haproxy has logged so far, in the order they finished. */
  logged(): LoggedRequest[];
  /** Sends a request through the balancer, reads the whole answer and finds its log line. */
  request(method: string, uri: string, init?: { headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer>;
  /** The process that answered a request the test made itself: waits for its log line. */
  servedBy(method: string, uri: string): Promise<string>;
}

/**
 * Three server processes behind haproxy (deploy/haproxy.cfg). `env` is added to the shared
 * environment (e.g. a small rate limit). Everything started is stopped by group.close().
 */
export async function startCluster(group: ProcessGroup, env: Record<string, string> = {}): Promise<Cluster> {
  const db = await group.createDatabase();
  const s3 = await group.startS3();
  const keyFile = path.join(group.tempDir(), 'tlog-key.pem');
  fs.writeFileSync(keyFile, keyPairToPem(generateKeyPair()), { mode: 0o600 });
  const shared: Record<string, string> = {
    ...s3.env,
    DATABASE_URL: db.url!,
    DATABASE_POOL_SIZE: '3',
    SITE_URL,
    TLOG_SIGNING_KEY_FILE: keyFile,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '5000',
    ...env,
  };
  // In parallel: the processes agree on the log's key under a database lock (log-identity.ts).
  const servers = await Promise.all([0, 1, 2].map(() => startServer(group, shared)));

  const listen = await freePort();
  const haproxy = group.track(
    spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
      cwd: ROOT,
      env: {
        ...process.env,
        LEDGER_LISTEN: `127.0.0.1:${listen}`,
        LEDGER_APP1: `127.0.0.1:${servers[0].port}`,
        LEDGER_APP2: `127.0.0.1:${servers[1].port}`,
        LEDGER_APP3: `127.0.0.1:${servers[2].port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let log = '';
  haproxy.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  haproxy.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const balancer = `http://127.0.0.1:${listen}`;
  await waitForStatus(`${balancer}/api/ready`, 200, 20_000);

  const logged = (): LoggedRequest[] =>
    log.split('\n').flatMap((line) => {
      const m = LOG_LINE.exec(line);
      return m ? [{ server: m[1], status: Number(m[2]), serverConnections: Number(m[3]), method: m[4], uri: m[5] }] : [];
    });
  // Log lines already matched to a request, so two identical requests each find their own.
  const claimed = new Set<number>();
  const servedBy = async (method: string, uri: string, timeoutMs = 5000): Promise<string> => {
    // haproxy writes the line when the answer is complete, a moment after the client has it.
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
      const index = logged().findIndex((r, i) => !claimed.has(i) && r.method === method && r.uri === uri);
      if (index >= 0) {
        claimed.add(index);
        return logged()[index].server;
      }
      await pause(50);
    }
    throw new Error(`haproxy logged no ${method} ${uri}; its log:\n${log}`);
  };
  const request: Cluster['request'] = async (method, uri, init = {}) => {
    const body = typeof init.body === 'string' || init.body === undefined ? init.body : Uint8Array.from(init.body);
    const res = await fetch(`${balancer}${uri}`, { method, headers: init.headers, body });
    return { res, body: Buffer.from(await res.arrayBuffer()), servedBy: await servedBy(method, uri) };
  };
  return { balancer, servers, db, s3, keyFile, env: shared, logged, request, servedBy };
}
