// Issue 39's "done when": a real Prometheus server (Debian's `prometheus` package) scrapes a real
// server process's /metrics with its bearer token and evaluates deploy/prometheus's alert rules.
// With the checkpoint signer stopped while the log grows, the stale-checkpoint alert fires; a
// witness that stopped answering raises the witness alert, for it alone.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { lastCosignedSize } from '../../../server/tlog/witnessing/cosignature-repository';
import { createSigner, generateKeyPair, keyPairToPem } from '../../../server/tlog/keys';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertLoggedWork } from '../tlog/log-fixtures';
import { startWitness, type WitnessProcess } from '../tlog/witness-processes';

const PROMETHEUS = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find((p) => fs.existsSync(p));
if (!PROMETHEUS) console.warn('prometheus not found: install Debian\'s "prometheus" package to run the scrape test; it is skipped.');

const TOKEN = crypto.randomBytes(24).toString('hex');
const RULES = path.resolve('deploy/prometheus/veriwork-alerts.yml');
const ORIGIN = 'ledger.test/log';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface PromSample {
  metric: Record<string, string>;
  value: [number, string];
}

describe.skipIf(!PROMETHEUS)('a Prometheus server scraping /metrics', () => {
  let t: TestApp;
  let prometheus: ChildProcess | undefined;
  let promUrl = '';
  let dir = '';
  const witnesses: WitnessProcess[] = [];
  /** The witnesses still running (a stopped one is not stopped again). */
  const running = new Set<WitnessProcess>();
  /** The app's clock runs this far ahead of the wall clock. */
  let aheadMs = 0;

  async function query(expr: string): Promise<PromSample[]> {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: PromSample[] } };
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data.result;
  }

  /** The value Prometheus last scraped for `expr`, once it equals `expected`. */
  const scraped = (expr: string, expected: number) =>
    waitFor(async () => {
      const [sample] = await query(expr);
      return sample && Number(sample.value[1]) === expected ? expected : undefined;
    }, `${expr} = ${expected}`);

  const alerts = async (name: string) =>
    (await query(`ALERTS{alertname="${name}"}`)).map((s) => ({ state: s.metric.alertstate, witness: s.metric.witness }));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometheus-test-'));
    const pair = generateKeyPair();
    const logVkey = createSigner(ORIGIN, pair).vkey;
    // One witness that cosigns, one that stops before it is asked: its address refuses connections.
    for (const name of ['up.test', 'down.test']) {
      const witness = await startWitness(name, path.join(dir, name), logVkey);
      witnesses.push(witness);
      running.add(witness);
    }
    await witnesses[1].stop();
    running.delete(witnesses[1]);
    t = await createTestApp({
      now: () => new Date(Date.now() + aheadMs),
      env: {
        METRICS_TOKEN: TOKEN,
        TLOG_ORIGIN: ORIGIN,
        TLOG_SIGNING_KEY: keyPairToPem(pair),
        TLOG_WITNESSES: witnesses.map((w) => `${w.vkey} ${w.url}`).join(', '),
        TLOG_WITNESS_QUORUM: '1',
      },
    });
    for (let i = 0; i < 2; i++) await insertLoggedWork(t.deps.db);
    await ensureCheckpoint(t.deps);
    await waitFor(async () => ((await lastCosignedSize(t.deps.db, witnesses[0].vkey)) === 2 ? true : undefined), 'the cosignature');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as net.AddressInfo).port;

    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    const config = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${RULES}']`,
        'scrape_configs:',
        '  - job_name: veriwork',
        '    metrics_path: /metrics',
        `    authorization: { type: Bearer, credentials: '${TOKEN}' }`,
        `    static_configs: [{ targets: ['127.0.0.1:${appPort}'] }]`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      PROMETHEUS!,
      [`--config.file=${config}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`],
      { stdio: 'ignore' },
    );
    await waitFor(async () => ((await fetch(`${promUrl}/-/ready`)).ok ? true : undefined), 'Prometheus to start');
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    await Promise.all([...running].map((w) => w.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the process with its token, and the stale-checkpoint alert stays quiet while the newest checkpoint covers the log', async () => {
    expect(await scraped('up{job="veriwork"}', 1)).toBe(1);
    expect(await scraped('veriwork_tlog_checkpoint_size', 2)).toBe(2);
    expect(await scraped('veriwork_tlog_witness_cosigned_size{witness="up.test"}', 2)).toBe(2);
    expect(await scraped('veriwork_tlog_witness_cosigned_size{witness="down.test"}', -1)).toBe(-1);
    expect(await alerts('VeriWorkCheckpointStale')).toEqual([]);
  });

  it('fires the stale-checkpoint alert once the log grows with the signer stopped for more than 5 minutes, and the witness alert for the silent witness only', async () => {
    // A leaf no checkpoint covers (the signer's next run is a minute away), then six minutes pass.
    await insertLoggedWork(t.deps.db);
    aheadMs = 6 * 60_000;
    expect(await scraped('veriwork_tlog_size', 3)).toBe(3);
    const firing = await waitFor(async () => {
      const found = await alerts('VeriWorkCheckpointStale');
      return found.length > 0 ? found : undefined;
    }, 'the stale-checkpoint alert');
    expect(firing).toEqual([{ state: 'firing', witness: undefined }]);
    const age = Number((await query('veriwork_tlog_checkpoint_age_seconds'))[0].value[1]);
    expect(age).toBeGreaterThan(360);
    expect(age).toBeLessThan(420);
    const witnessAlerts = await waitFor(async () => {
      const found = await alerts('VeriWorkWitnessBehind');
      return found.length > 0 ? found : undefined;
    }, 'the witness alert');
    expect(witnessAlerts).toEqual([{ state: 'firing', witness: 'down.test' }]);
    expect((await query('veriwork_tlog_witness_lag_seconds{witness="up.test"}')).map((s) => s.value[1])).toEqual(['0']);
  });
});
