// Slow clients (issue 11): connections that send their request a byte at a time are closed by
// the server when its header deadline passes, and the server keeps answering everyone else.
// Issue 34: bodies that drip are closed within one body window, and one address holds at most
// its share of open connections. Clients come from several loopback addresses (127.0.0.x).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const HEADERS_TIMEOUT_MS = 3_000;
const SLOW_CLIENTS = 200;
/** Node checks the deadline once a second (connectionsCheckingInterval), plus scheduling slack. */
const CHECK_SLACK_MS = 2_500;

interface Closed {
  closedAfterMs: number;
  response: string;
}

/** A raw socket from `localAddress`: writes `start` on connect, then `drip` every `everyMs` until closed. */
function dripClient(port: number, localAddress: string, start: string, drip: string, everyMs: number): Promise<Closed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(start);
      timer = setInterval(() => socket.write(drip), everyMs);
    });
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: performance.now() - started, response });
    });
  });
}

/** GET /api/health from another loopback address: an honest visitor. */
function healthFrom(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', localAddress, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  test('closes 200 connections that send headers a byte at a time once the header deadline passes', { timeout: 30_000 }, async () => {
    // Eight addresses of 25 each: within every address's share of connections.
    const clients = Array.from({ length: SLOW_CLIENTS }, (_, i) =>
      dripClient(port, `127.0.0.${10 + (i % 8)}`, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 'a', 300),
    );
    // While they drip, a normal visitor is still served.
    await pause(1_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const results = await Promise.all(clients);
    const latest = Math.max(...results.map((r) => r.closedAfterMs));
    expect(results.filter((r) => r.closedAfterMs < HEADERS_TIMEOUT_MS - 100)).toEqual([]);
    expect(latest).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_SLACK_MS);
    // Node answers a request whose headers came too late with 408 before closing.
    expect(results.filter((r) => !r.response.startsWith('HTTP/1.1 408'))).toEqual([]);
  });

  test('defaults close slow headers within 20 s, dripping bodies within 10 s more, slow requests within 2 minutes', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 60_000,
      bodyMinBytesPerSecond: 1024,
      bodyWindowMs: 10_000,
      maxConnectionsPerIp: 32,
    });
    expect(config.imageProcessing.perClient).toBe(3);
    // The goal: a dripping request is closed within 30 s, headers and body together.
    expect(config.http.headersTimeoutMs + config.http.bodyWindowMs).toBeLessThanOrEqual(30_000);
  });
});

describe('dripping bodies and connections per address, with the default settings', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  const MULTIPART_START =
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';

  /** Valid headers announcing a 100 KB body, its first bytes, then one byte every 5 s. */
  function dripBody(localAddress: string, path: string, contentType: string, first: string): Promise<Closed> {
    const head = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: 100000\r\n\r\n`;
    return dripClient(port, localAddress, head + first, 'a', 5_000);
  }

  test(
    'sixty bodies sent a byte every 5 s, JSON and multipart uploads, are all closed once one body window passes',
    { timeout: 30_000 },
    async () => {
      const { bodyWindowMs } = t.deps.config.http;
      const places = t.deps.config.imageProcessing.perClient;
      // Two addresses of 30 each (within their share of connections): 10 JSON registrations, 10
      // uploads and 10 lookups each. An address's image requests beyond its places are refused
      // with 429 at once, and their connections are closed with the others.
      const clients = ['127.0.0.20', '127.0.0.21'].flatMap((address) => [
        ...Array.from({ length: 10 }, () => dripBody(address, '/api/submissions', 'application/json', '{"title":"')),
        ...Array.from({ length: 10 }, () => dripBody(address, '/api/uploads', 'multipart/form-data; boundary=b', MULTIPART_START)),
        ...Array.from({ length: 10 }, () => dripBody(address, '/api/lookup', 'multipart/form-data; boundary=b', MULTIPART_START)),
      ]);
      await pause(1_000);
      expect(await healthFrom(port, '127.0.0.2')).toBe(200);

      const results = await Promise.all(clients);
      expect(results).toHaveLength(60);
      expect(results.filter((r) => r.closedAfterMs < bodyWindowMs - 100)).toEqual([]);
      expect(Math.max(...results.map((r) => r.closedAfterMs))).toBeLessThan(bodyWindowMs + CHECK_SLACK_MS);
      const statuses = results.map((r) => r.response.slice(0, 12));
      expect(statuses.filter((s) => s === 'HTTP/1.1 408')).toHaveLength(2 * (10 + places));
      expect(statuses.filter((s) => s === 'HTTP/1.1 429')).toHaveLength(2 * (20 - places));
      const timedOut = results.find((r) => r.response.startsWith('HTTP/1.1 408'))!;
      expect(JSON.parse(timedOut.response.slice(timedOut.response.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'request_timeout', message: MESSAGES.requestBodyTooSlow.description, title: MESSAGES.requestBodyTooSlow.title },
      });
      expect(await healthFrom(port, '127.0.0.20')).toBe(200);
    },
  );

  test('one address holds at most 32 open connections: one more is answered 429 and closed at once, other addresses are served', async () => {
    const cap = t.deps.config.http.maxConnectionsPerIp;
    const sockets: net.Socket[] = [];
    const refused: Promise<Closed>[] = [];
    for (let i = 0; i < cap; i++) {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.30' });
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(socket);
    }
    for (let i = 0; i < 3; i++) refused.push(dripClient(port, '127.0.0.30', '', '', 60_000));
    const answers = await Promise.all(refused);
    for (const { closedAfterMs, response } of answers) {
      expect(closedAfterMs).toBeLessThan(1_500);
      const [head, body] = response.split('\r\n\r\n');
      expect(head.split('\r\n')).toEqual([
        'HTTP/1.1 429 Too Many Requests',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Retry-After: 5',
        'Connection: close',
      ]);
      expect(JSON.parse(body)).toEqual({
        error: {
          code: 'too_many_connections',
          message: MESSAGES.tooManyConnections.description,
          title: MESSAGES.tooManyConnections.title,
        },
      });
    }
    // Another address is served; once one of the 32 closes, the first address gets a place again.
    expect(await healthFrom(port, '127.0.0.31')).toBe(200);
    const closed = new Promise((resolve) => sockets[0].once('close', resolve));
    sockets[0].destroy();
    await closed;
    await pause(50);
    expect(await healthFrom(port, '127.0.0.30')).toBe(200);
    for (const socket of sockets) socket.destroy();
  });
});
