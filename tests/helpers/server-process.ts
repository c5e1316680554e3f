// The real server as a child process, for tests that need what app.inject cannot give: signals,
// a real port, the process exiting. It runs on the embedded database in its own data folder
// unless a DATABASE_URL is given.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { builtEntry } from './built-server';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a new TCP connection to the port is accepted. */
export function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface ServerProcessOptions {
  dataDir: string;
  /** `npm start` as the README says to run it, or (unset) its bundle run directly with node. */
  command?: 'npm start';
  /** Unset: the embedded database in the data folder. */
  databaseUrl?: string;
  /** Added to the environment last. */
  env?: Record<string, string>;
  /** The address polled until it answers 200. */
  readyPath?: '/api/ready' | '/api/health';
  startTimeoutMs: number;
  /** Unset: a free port. Given when SITE_URL must name the port before the start. */
  port?: number;
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: () => string;
  stderr: () => string;
}

/** Starts the server and waits until it answers on readyPath; kills it if it never does. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(port),
    RATE_LIMIT_DISABLED: '1',
    LOG_LEVEL: 'warn',
    // Tests send traffic to this machine only: a test that checks links sets its own resolver.
    LINK_CHECKS: '0',
  };
  // The test runner's own settings must not leak into the server under test.
  delete env.DATABASE_URL;
  delete env.TRUST_PROXY;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  const [program, args] = options.command === 'npm start' ? ['npm', ['start']] : [process.execPath, [builtEntry('main')]];
  const child = spawn(program, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = { port, base, child, exited, stdout: () => stdout, stderr: () => stderr };
  const deadline = Date.now() + options.startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited while starting: ${stderr}`);
    try {
      if ((await fetch(`${base}${options.readyPath ?? '/api/ready'}`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready: ${stderr}`);
}
