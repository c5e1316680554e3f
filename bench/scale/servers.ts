// The three servers every scenario is measured on: the app itself (a child process on the bench
// database), a plain `pg` route running the very SQL the app's repository functions send, and a
// bare Node server answering a constant body. The last two run in this process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/node-flags';
import { get } from './measure';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  /** Milliseconds from spawning the process to the first 200 from /api/health. */
  healthMs: number;
  stop(): Promise<void>;
  /** kill -9: the process ends at once, whatever it was doing. */
  kill(): Promise<void>;
  /** The process's resident memory now and its peak so far, in bytes (Linux's /proc). */
  memory(): ProcessMemory;
}

export interface ProcessMemory {
  rss: number;
  peak: number;
}

/** VmRSS and VmHWM (the most it was resident) of a process, from /proc/<pid>/status. */
function processMemory(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * The resident memory once start-up's background loads (the perceptual hashes, the log's subtree
 * hashes) are over and it no longer moves, up or down: sampled every 500 ms until the last 10 s of
 * samples lie within 2 % of each other (at most 180 s). Measured while it still grew, it counted
 * the loads' garbage that the next collection returns (212-239 MB against 170 MB at rest, at a
 * million works); the start-up peak is the `peak` returned beside it.
 */
export async function settledMemory(app: AppServer): Promise<ProcessMemory> {
  const SAMPLES_IN_WINDOW = 20;
  const samples: number[] = [];
  for (let i = 0; i < 360; i++) {
    samples.push(app.memory().rss);
    const window = samples.slice(-SAMPLES_IN_WINDOW);
    if (window.length === SAMPLES_IN_WINDOW && Math.max(...window) <= Math.min(...window) * 1.02) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return app.memory();
}

const children = new Set<ChildProcess>();

/** Ends every app process still running (on exit or Ctrl-C). */
export function killAppServers(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

/** The server bundle `npm start` runs, built first when its sources are newer. */
function buildServer(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the server failed.');
}

export async function startApp(env: NodeJS.ProcessEnv): Promise<AppServer> {
  buildServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // As in production (npm start): the built bundle, not the TypeScript sources through tsx.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.mjs'], {
    env: { ...SERVER_ENV, ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const ender = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null) {
      child.kill(signal);
      await new Promise((r) => child.once('exit', r));
    }
    children.delete(child);
  };
  const stop = ender('SIGTERM');
  const kill = ender('SIGKILL');
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up.');
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return { url, healthMs: performance.now() - started, stop, kill, memory: () => processMemory(child.pid!) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error('The server did not answer /api/health within 60 s.');
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

export async function listen(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The ceiling for this machine now: a bare Node server answering `body` to every request. */
export function constantServer(body: Buffer, contentType: string): Promise<LocalServer> {
  return listen((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
}

/**
 * Waits until the app has the dataset snapshot it builds once after start (every public work,
 * gzipped: minutes of work at a million works), so that no load runs beside that build.
 * Returns the milliseconds waited.
 */
export async function startUpSnapshot(baseUrl: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      // Answers once the snapshot exists; a request may give up first (fetch waits 5 minutes at most).
      await get(`${baseUrl}/api/v1/croissant.json`);
      return performance.now() - started;
    } catch (err) {
      if (performance.now() - started > 30 * 60_000) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
