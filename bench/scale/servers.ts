// The three servers every scenario is measured on: the app itself (a child process on the bench
// database), a plain `pg` route running the very SQL the app's repository functions send, and a
// bare Node server answering a constant body. The last two run in this process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';

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
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    children.delete(child);
  };
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up.');
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return { url, healthMs: performance.now() - started, stop };
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
