// Issue 33: the guarded fetcher, against HTTP servers on loopback. The servers are reached only
// through FETCH_ALLOW_HOSTS-style exceptions (host:port); every refusal is shown to happen at the
// address check, before undici opens any connection, and the server behind a refused address to
// receive nothing. No test sends traffic to an address that is not loopback.
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_FETCH_LIMITS } from '../../../core/link-proof-limits';
import { createFetcher, type Fetcher, type FetcherOptions } from '../../../server/fetcher/fetcher';
import { loadConfig } from '../../../server/config';
import { fetcherFromConfig } from '../../../server/fetcher/from-config';
import type { Resolve } from '../../../server/fetcher/resolve';
import { startLocalServer, type LocalServer } from './local-server';

const SITE = 'https://registry.test';
const PAGE = '<!doctype html><p>Hello</p>';

// Every connection undici starts or completes during a test, by host:port.
const connecting: string[] = [];
const connected: string[] = [];
type ConnectMessage = { connectParams: { hostname: string; port: string } };
const onBeforeConnect = (m: unknown) =>
  connecting.push(`${(m as ConnectMessage).connectParams.hostname}:${(m as ConnectMessage).connectParams.port}`);
const onConnected = (m: unknown) =>
  connected.push(`${(m as ConnectMessage).connectParams.hostname}:${(m as ConnectMessage).connectParams.port}`);

let site: LocalServer; // the allowed server: pages, redirects, slow answers
let behind: LocalServer; // a server that must never be reached (not allowed)
const fetchers: Fetcher[] = [];

function fetcher(options: Partial<FetcherOptions> = {}): Fetcher {
  const f = createFetcher({ siteUrl: SITE, allowHosts: [`127.0.0.1:${site.port}`], ...options });
  fetchers.push(f);
  return f;
}

beforeAll(async () => {
  diagnosticsChannel.subscribe('undici:client:beforeConnect', onBeforeConnect);
  diagnosticsChannel.subscribe('undici:client:connected', onConnected);
  site = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(302, { location: to }).end();
    } else if (url.pathname.startsWith('/hops/')) {
      const n = Number(url.pathname.slice('/hops/'.length));
      if (n > 0) res.writeHead(301, { location: `/hops/${n - 1}` }).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (url.pathname === '/huge') {
      // 10 MB, chunked: the fetcher has to stop reading, not refuse from a header.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = Infinity));
      pump();
    } else if (url.pathname === '/silent') {
      // Answers after 30 s, unless the client gives up first.
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE), 30_000);
      res.on('close', () => clearTimeout(timer));
    } else if (url.pathname === '/trickle') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>'), 50);
      res.on('close', () => clearInterval(timer));
    } else if (url.pathname === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    }
  });
  behind = await startLocalServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
});

beforeEach(() => {
  connecting.length = 0;
  connected.length = 0;
  site.requests.length = 0;
});

afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((f) => f.close()));
});

afterAll(async () => {
  diagnosticsChannel.unsubscribe('undici:client:beforeConnect', onBeforeConnect);
  diagnosticsChannel.unsubscribe('undici:client:connected', onConnected);
  await Promise.all([site.close(), behind.close()]);
});

describe('the guarded fetcher', () => {
  it('reaches a loopback server that FETCH_ALLOW_HOSTS names', async () => {
    const allowed = fetcherFromConfig(loadConfig({ SITE_URL: SITE, FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}` }));
    fetchers.push(allowed);
    expect(await allowed.fetchPage(`${site.origin}/page`)).toMatchObject({ kind: 'ok', status: 200, body: PAGE });
  });

  it('reads an allowed page, naming the registry and its address in the User-Agent', async () => {
    expect(await fetcher().fetchPage(`${site.origin}/page`)).toEqual({
      kind: 'ok',
      url: `${site.origin}/page`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: PAGE,
    });
    expect(site.requests).toEqual([{ path: '/page', userAgent: 'VeriWork-LinkCheck/1.0 (+https://registry.test)' }]);
  });

  it('without the test-only setting, refuses the same loopback server before connecting to it', async () => {
    const plain = fetcherFromConfig(loadConfig({ SITE_URL: SITE }));
    fetchers.push(plain);
    expect(await plain.fetchPage(`${site.origin}/page`)).toEqual({
      kind: 'blocked_address',
      url: `${site.origin}/page`,
      host: '127.0.0.1',
      address: '127.0.0.1',
      range: 'loopback',
    });
    expect(connecting).toEqual([]);
    expect(site.requests).toEqual([]);
  });

  describe('refuses a redirect to an address that is not public, before connecting to it', () => {
    const privateNames: Resolve = async (hostname) => {
      if (hostname === 'internal.test') return [{ address: '10.0.0.1', family: 4 }];
      if (hostname === 'rebind.test') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('unknown'), { code: 'ENOTFOUND' });
    };

    it.each([
      ['loopback IPv4, another port', () => `${behind.origin}/`, '127.0.0.1', '127.0.0.1', 'loopback'],
      ['a private network', () => 'http://10.0.0.1/', '10.0.0.1', '10.0.0.1', 'private'],
      [
        'the cloud metadata service',
        () => 'http://169.254.169.254/latest/meta-data/',
        '169.254.169.254',
        '169.254.169.254',
        'linkLocal',
      ],
      ['loopback IPv6', () => `http://[::1]:${behind.port}/`, '::1', '::1', 'loopback'],
      ['a name resolving to a private address', () => 'http://internal.test/', 'internal.test', '10.0.0.1', 'private'],
      ['a name resolving to loopback', () => `http://rebind.test:${behind.port}/`, 'rebind.test', '127.0.0.1', 'loopback'],
    ])('%s', async (_name, target, host, address, range) => {
      const start = `${site.origin}/redirect?to=${encodeURIComponent(target())}`;
      expect(await fetcher({ resolve: privateNames }).fetchPage(start)).toEqual({
        kind: 'blocked_address',
        url: new URL(target()).href,
        host,
        address,
        range,
      });
      // Only the allowed server was ever connected to; the refused target never reached undici.
      expect(connecting).toEqual([`127.0.0.1:${site.port}`]);
      expect(behind.connections).toBe(0);
    });
  });

  it('refuses at connection time a name whose second answer is loopback (DNS rebinding)', async () => {
    // The first answer (checked before the request) is public, the second (when connecting) is
    // loopback: the connection is refused in the resolver hook, so no address is ever dialled.
    let calls = 0;
    const rebinding: Resolve = async () => [{ address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    expect(await fetcher({ resolve: rebinding }).fetchPage(`http://flip.test:${behind.port}/`)).toEqual({
      kind: 'blocked_address',
      url: `http://flip.test:${behind.port}/`,
      host: 'flip.test',
      address: '127.0.0.1',
      range: 'loopback',
    });
    expect(calls).toBe(2);
    expect(connecting).toEqual([`flip.test:${behind.port}`]);
    expect(connected).toEqual([]);
    expect(behind.connections).toBe(0);
  });

  it('follows 3 redirects and refuses the 4th', async () => {
    expect(await fetcher().fetchPage(`${site.origin}/hops/3`)).toMatchObject({ kind: 'ok', url: `${site.origin}/hops/0`, body: PAGE });
    site.requests.length = 0;
    expect(await fetcher().fetchPage(`${site.origin}/hops/4`)).toEqual({ kind: 'too_many_redirects', url: `${site.origin}/hops/1` });
    expect(site.requests.map((r) => r.path)).toEqual(['/hops/4', '/hops/3', '/hops/2', '/hops/1']);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    expect(await fetcher().fetchPage(`${site.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)).toEqual({
      kind: 'unsupported_url',
      url: 'file:///etc/passwd',
    });
  });

  it('reads a 10 MB page only to 1 MB and reports it too large', async () => {
    const outcome = await fetcher().fetchPage(`${site.origin}/huge`);
    expect(outcome).toEqual({ kind: 'too_large', url: `${site.origin}/huge`, bytesRead: expect.any(Number) });
    const { bytesRead } = outcome as { bytesRead: number };
    expect(bytesRead).toBeGreaterThan(LINK_FETCH_LIMITS.maxBytes);
    expect(bytesRead).toBeLessThanOrEqual(LINK_FETCH_LIMITS.maxBytes + 64 * 1024);
  });

  it('gives up on a page that answers in 30 s after the default 5 s', async () => {
    const started = performance.now();
    expect(await fetcher().fetchPage(`${site.origin}/silent`)).toEqual({ kind: 'too_slow', url: `${site.origin}/silent` });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(LINK_FETCH_LIMITS.timeoutMs - 10);
    expect(elapsed).toBeLessThan(LINK_FETCH_LIMITS.timeoutMs + 1_000);
  });

  it('counts the body in the deadline: a page that never finishes is too slow', async () => {
    expect(await fetcher({ timeoutMs: 300 }).fetchPage(`${site.origin}/trickle`)).toEqual({
      kind: 'too_slow',
      url: `${site.origin}/trickle`,
    });
  });

  it('reports an error status and a page that is not HTML', async () => {
    expect(await fetcher().fetchPage(`${site.origin}/missing`)).toEqual({
      kind: 'http_error',
      url: `${site.origin}/missing`,
      status: 404,
    });
    expect(await fetcher().fetchPage(`${site.origin}/json`)).toEqual({
      kind: 'not_html',
      url: `${site.origin}/json`,
      contentType: 'application/json',
    });
  });

  it('reports a closed port as unreachable', async () => {
    const gone = await startLocalServer(() => {});
    await gone.close();
    expect(await fetcher({ allowHosts: [`127.0.0.1:${gone.port}`] }).fetchPage(`${gone.origin}/`)).toEqual({
      kind: 'unreachable',
      url: `${gone.origin}/`,
      code: 'ECONNREFUSED',
    });
  });
});

describe('concurrency', () => {
  let slow: LocalServer;
  let inFlight = 0;
  let most = 0;
  let mostPerPort = new Map<number, number>();
  const perPort = new Map<number, number>();

  beforeAll(async () => {
    const handler = (port: () => number) => (_req: unknown, res: ServerResponse) => {
      inFlight++;
      perPort.set(port(), (perPort.get(port()) ?? 0) + 1);
      most = Math.max(most, inFlight);
      mostPerPort.set(port(), Math.max(mostPerPort.get(port()) ?? 0, perPort.get(port())!));
      setTimeout(() => {
        inFlight--;
        perPort.set(port(), perPort.get(port())! - 1);
        res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      }, 100);
    };
    slow = await startLocalServer(handler(() => slow.port));
  });

  beforeEach(() => {
    most = 0;
    mostPerPort = new Map();
  });

  afterAll(() => slow.close());

  it('sends at most 2 requests at once to one host', async () => {
    const f = fetcher({ allowHosts: [`127.0.0.1:${slow.port}`] });
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => f.fetchPage(`${slow.origin}/${i}`)));
    expect(outcomes.map((o) => o.kind)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(most).toBe(LINK_FETCH_LIMITS.perHostConcurrency);
  });

  it('keeps to the global budget across hosts', async () => {
    // Two names for the same server are two hosts to the fetcher; the global budget is 3.
    const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const f = fetcher({
      resolve,
      globalConcurrency: 3,
      allowHosts: [`127.0.0.1:${slow.port}`, `alias.test:${slow.port}`],
    });
    const urls = Array.from({ length: 8 }, (_, i) => `http://${i % 2 ? 'alias.test' : '127.0.0.1'}:${slow.port}/${i}`);
    const outcomes = await Promise.all(urls.map((u) => f.fetchPage(u)));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(8).fill('ok'));
    expect(most).toBe(3);
  });
});
