// Optional OpenTelemetry traces (issue 39, decision 0070): the real app exports its spans over
// OTLP/HTTP (JSON) to a receiver started here on 127.0.0.1, and the exact spans arrive, with no
// query value, address or header among them; with no endpoint, or OTEL_TRACES_EXPORTER=none,
// nothing is sent at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestApp } from '../../helpers/test-app';

const CANARY = 'trace.canary.person@example.org';
const CLIENT_IP = '198.51.100.77';
const CANARY_HEADER = 'header-canary-3f9a';

interface Receiver {
  url: string;
  /** Each request received: its path, content type and raw body. */
  received: { path: string; contentType: string; body: string }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type AnyValue = { stringValue?: string; intValue?: number | string };
interface OtlpSpan {
  name: string;
  kind: number;
  attributes: { key: string; value: AnyValue }[];
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: AnyValue }[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

function plain(attributes: { key: string; value: AnyValue }[]): Record<string, string | number> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)] as [string, string | number]),
  );
}

/** Requests a public GET with an e-mail in its query, another GET, and two 404s: one the pages' catch-all answers, one no route matches. */
async function makeRequests(app: Awaited<ReturnType<typeof createTestApp>>['app']): Promise<void> {
  const headers = { 'x-canary': CANARY_HEADER };
  const ledger = await app.inject({ method: 'GET', url: `/api/ledger?search=${CANARY}`, remoteAddress: CLIENT_IP, headers });
  expect(ledger.statusCode).toBe(200);
  const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: CLIENT_IP, headers });
  expect(health.statusCode).toBe(200);
  const missing = await app.inject({ method: 'GET', url: `/api/no-such-route/${CANARY}`, remoteAddress: CLIENT_IP, headers });
  expect(missing.statusCode).toBe(404);
  const unrouted = await app.inject({ method: 'DELETE', url: `/api/health?who=${CANARY}`, remoteAddress: CLIENT_IP, headers });
  expect(unrouted.statusCode).toBe(404);
}

describe('OpenTelemetry traces with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set', () => {
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    const t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` } });
    await makeRequests(t.app);
    // Closing flushes the batch: the spans have arrived when close returns.
    await t.close();
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it('exports one server span per request, named by method and route pattern, in OTLP JSON', () => {
    expect(receiver.received.map(({ path, contentType }) => ({ path, contentType }))).toEqual([
      { path: '/v1/traces', contentType: 'application/json' },
    ]);
    const payload = JSON.parse(receiver.received[0]!.body) as OtlpExport;
    expect(payload.resourceSpans).toHaveLength(1);
    const [resourceSpans] = payload.resourceSpans;
    expect(plain(resourceSpans!.resource.attributes)['service.name']).toBe('veriwork');
    expect(resourceSpans!.scopeSpans.map((s) => s.scope.name)).toEqual(['veriwork-http']);
    const spans = resourceSpans!.scopeSpans[0]!.spans.map((span) => ({
      name: span.name,
      kind: span.kind,
      attributes: plain(span.attributes),
    }));
    // Kind 2 is SERVER in OTLP's enumeration.
    expect(spans).toEqual([
      {
        name: 'GET /api/ledger',
        kind: 2,
        attributes: {
          'http.request.method': 'GET',
          'http.route': '/api/ledger',
          'server.address': 'ledger.test',
          'http.response.status_code': 200,
        },
      },
      {
        name: 'GET /api/health',
        kind: 2,
        attributes: {
          'http.request.method': 'GET',
          'http.route': '/api/health',
          'server.address': 'ledger.test',
          'http.response.status_code': 200,
        },
      },
      // The web app's catch-all route answers the unknown /api/ path with a 404.
      {
        name: 'GET /*',
        kind: 2,
        attributes: {
          'http.request.method': 'GET',
          'http.route': '/*',
          'server.address': 'ledger.test',
          'http.response.status_code': 404,
        },
      },
      // No route at all: the span is named by the method alone, with no http.route.
      {
        name: 'DELETE',
        kind: 2,
        attributes: { 'http.request.method': 'DELETE', 'server.address': 'ledger.test', 'http.response.status_code': 404 },
      },
    ]);
  });

  it('sends no query value, path, header or client address', () => {
    const body = receiver.received.map((r) => r.body).join('\n');
    for (const secret of [
      CANARY,
      encodeURIComponent(CANARY),
      'trace.canary',
      CLIENT_IP,
      CANARY_HEADER,
      'no-such-route',
      '127.0.0.1',
    ]) {
      expect(body).not.toContain(secret);
    }
  });
});

describe('OpenTelemetry traces off', () => {
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it('reads no tracing configuration without the OTEL_* variables, or with OTEL_TRACES_EXPORTER=none', () => {
    expect(loadConfig({}).tracing).toBe(null);
    expect(loadConfig({ OTEL_SERVICE_NAME: 'ledger-a' }).tracing).toBe(null);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing).toBe(null);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBe(null);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_SERVICE_NAME: 'ledger-a' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'ledger-a',
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp/spans',
        OTEL_TRACES_EXPORTER: 'otlp',
      }).tracing,
    ).toEqual({ tracesUrl: 'https://traces.example/otlp/spans', serviceName: 'veriwork' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' })).toThrow(
      'Invalid configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL',
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      'Invalid configuration:\n  OTEL_TRACES_EXPORTER: OTEL_TRACES_EXPORTER must be otlp or none',
    );
  });

  it('sends nothing when OTEL_TRACES_EXPORTER is none, though an endpoint is set', async () => {
    const t = await createTestApp({
      env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, OTEL_TRACES_EXPORTER: 'none' },
    });
    expect(t.deps.config.tracing).toBe(null);
    await makeRequests(t.app);
    await t.close();
    expect(receiver.received).toEqual([]);
  });

  it('sends nothing without the variables, even when the exporter would find an endpoint in the process environment', async () => {
    // Were any OpenTelemetry exporter loaded, it would fall back to this variable of the process.
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${receiver.url}/v1/traces`;
    try {
      const t = await createTestApp();
      expect(t.deps.config.tracing).toBe(null);
      await makeRequests(t.app);
      await t.close();
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    }
    expect(receiver.received).toEqual([]);
  });
});
