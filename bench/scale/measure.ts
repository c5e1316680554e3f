// Load and latency measurements: autocannon for throughput, a plain loop for the latency of
// single questions asked one after another.
import autocannon from 'autocannon';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors. */
  bad: number;
}

export async function load(
  url: string,
  options: { connections: number; seconds: number; distinctPath?: (n: number) => string },
): Promise<Load> {
  let n = 0;
  const { distinctPath } = options;
  const requests = distinctPath ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: distinctPath(n++) }) }] : undefined;
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors };
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  count: number;
}

export function percentiles(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

/** Runs `task(i)` one after another for `count` times, timing each (milliseconds). */
export async function timeEach(count: number, task: (i: number) => Promise<unknown>): Promise<Latencies> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/** GET that fails on an unexpected status; the body is read so the timing includes it. */
export async function get(url: string): Promise<Buffer> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
  return body;
}
