// The server under benchmark: the real entry point as a child process on the bench's database,
// one at a time (the embedded database belongs to one process).
import { spawn, type ChildProcess } from 'node:child_process';
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

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up.');
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not become healthy in 60 s.');
}

/** Starts the server with these settings on top of the bench's; resolves once it is healthy. */
export type ServerStarter = (extraEnv: NodeJS.ProcessEnv) => Promise<{ baseUrl: string; child: ChildProcess }>;

export function serverStarter(env: NodeJS.ProcessEnv): ServerStarter {
  return async (extraEnv) => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      await waitForHealth(baseUrl, child);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
    return { baseUrl, child };
  };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
