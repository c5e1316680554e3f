// Slow clients (issue 11): connections that send their request a byte at a time are closed by
// the server when its header deadline passes, and the server keeps answering everyone else.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const HEADERS_TIMEOUT_MS = 3_000;
const SLOW_CLIENTS = 200;
/** Node checks the deadline once a second (connectionsCheckingInterval), plus scheduling slack. */
const CHECK_SLACK_MS = 2_500;

/** Opens a socket that sends a request line, then one header byte every 300 ms, forever. */
function slowClient(port: number): Promise<{ closedAfterMs: number; response: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      drip = setInterval(() => socket.write('a'), 300);
    });
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ closedAfterMs: performance.now() - started, response });
    });
  });
}

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
    const clients = Array.from({ length: SLOW_CLIENTS }, () => slowClient(port));
    // While they drip, a normal visitor is still served.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const results = await Promise.all(clients);
    const latest = Math.max(...results.map((r) => r.closedAfterMs));
    expect(results.filter((r) => r.closedAfterMs < HEADERS_TIMEOUT_MS - 100)).toEqual([]);
    expect(latest).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_SLACK_MS);
    // Node answers a request whose headers came too late with 408 before closing.
    expect(results.filter((r) => !r.response.startsWith('HTTP/1.1 408'))).toEqual([]);
  });

  test('defaults close slow headers within 30 s and slow requests within 2 minutes', () => {
    const config = loadConfig({});
    expect(config.http.headersTimeoutMs).toBe(20_000);
    expect(config.http.requestTimeoutMs).toBe(120_000);
    expect(config.http.keepAliveTimeoutMs).toBe(5_000);
    expect(config.http.idleTimeoutMs).toBe(60_000);
  });
});
