// A real HTTP receiver of webhooks on loopback for tests: it records every request it gets (the
// raw body and headers, to verify with the standardwebhooks library) and answers with the next
// status of its script (200 when the script is empty). It can stop listening and come back on
// the same port, as a receiver that goes down and up.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
  /** The status this request was answered with. */
  answered: number;
}

export interface WebhookReceiver {
  port: number;
  url: string;
  received: ReceivedHook[];
  /** Statuses to answer with, first to last; then 200. */
  script: number[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const script: number[] = [];
  const makeServer = () =>
    http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answered = script.shift() ?? 200;
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
        received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        response.writeHead(answered, { 'content-type': 'text/plain', connection: 'close' }).end(answered < 300 ? 'ok' : 'no');
      });
    });
  let server = makeServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    port,
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script,
    down: stop,
    async up() {
      server = makeServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
