// Optional OpenTelemetry traces (issue 39, decision 0070): one server span per HTTP request, made
// here from Fastify's own hooks, exported over OTLP/HTTP (JSON) in batches and flushed when the app
// closes. Nothing patches a module: without an endpoint configured this file loads no
// OpenTelemetry package at all. A span carries the method, the route pattern, the status and the
// configured site's host name: never the address asked for, a query, a header, a body or the
// client's address (decision 0017).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span, Tracer } from '@opentelemetry/api';
import type { TracingConfig } from '../config';

/** The methods HTTP defines; any other a client sends is `_OTHER`, as the semantic conventions say. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/** The span of each request under way. */
const spans = new WeakMap<FastifyRequest, Span>();

function methodOf(request: FastifyRequest): string {
  return KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
}

/**
 * Starts the tracer when `tracing` is set (config.ts reads the OTEL_* variables); call before any
 * route is registered, so that every route's requests are traced. Returns whether it did.
 */
export async function installTracing(app: FastifyInstance, tracing: TracingConfig | null, siteUrl: string): Promise<boolean> {
  if (tracing === null) return false;
  const [
    { SpanKind, SpanStatusCode },
    { BasicTracerProvider, BatchSpanProcessor },
    { resourceFromAttributes, defaultResource },
    { OTLPTraceExporter },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': tracing.serviceName })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracing.tracesUrl }))],
  });
  // The app's own provider, not the process-wide one: no other code's spans, and two apps in
  // one process (the tests) each export their own.
  const tracer: Tracer = provider.getTracer('veriwork-http');
  // The configured host name, not the Host header a client sent.
  const serverAddress = new URL(siteUrl).hostname;

  app.addHook('onRequest', async (request) => {
    const method = methodOf(request);
    const route = request.routeOptions.url;
    spans.set(
      request,
      tracer.startSpan(route === undefined ? method : `${method} ${route}`, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          ...(route !== undefined && { 'http.route': route }),
          'server.address': serverAddress,
        },
      }),
    );
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute('http.response.status_code', reply.statusCode);
    // Only the server's own failures are errors of a server span; a 4xx is the client's.
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute('error.type', 'aborted');
    span.end();
  });
  // Sends the spans still in the batch before the process goes.
  app.addHook('onClose', async () => provider.shutdown());
  return true;
}
