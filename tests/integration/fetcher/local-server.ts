// HTTP servers on loopback for the guarded fetcher's tests, counting what reaches them: a test
// that expects a refusal asserts that its server saw no connection at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  port: number;
  /** 'http://127.0.0.1:<port>' (or '[::1]'). */
  origin: string;
  connections: number;
  requests: Array<{ path: string; userAgent: string | undefined }>;
  close(): Promise<void>;
}

export async function startLocalServer(handler: http.RequestListener, host = '127.0.0.1'): Promise<LocalServer> {
  const server = http.createServer((req, res) => {
    state.requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    handler(req, res);
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const state: LocalServer = {
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
