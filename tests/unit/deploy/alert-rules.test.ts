// deploy/prometheus: the alert rules and the dashboard name only metrics the app exports, and
// promtool (Debian's `prometheus` package) accepts the rules and passes their unit tests.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../server/metrics/instruments';

const DEPLOY = path.resolve('deploy/prometheus');
const RULES = path.join(DEPLOY, 'veriwork-alerts.yml');
const RULE_TESTS = path.join(DEPLOY, 'veriwork-alerts.test.yml');
const DASHBOARD = path.resolve('deploy/grafana/veriwork-dashboard.json');

const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => fs.existsSync(p));
if (!PROMTOOL)
  console.warn(
    'promtool not found: install Debian\'s "prometheus" package to check the alert rules with it; those tests are skipped.',
  );

/** Every name the app's registry exposes, with a histogram's _bucket, _sum and _count series. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await createMetrics({ processMetrics: true }).registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** Every veriwork_… name a file mentions (expressions, comments and all). */
const namesIn = (text: string) => [...new Set(text.match(/\bveriwork_[a-z0-9_]+/g) ?? [])].sort();

function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(PROMTOOL!, args, { cwd: DEPLOY }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('the alert rules and the dashboard', () => {
  it('name only metrics the app exports', async () => {
    const exported = await exportedNames();
    for (const file of [RULES, RULE_TESTS, DASHBOARD]) {
      const named = namesIn(fs.readFileSync(file, 'utf8'));
      expect(named.length, file).toBeGreaterThan(5);
      expect(
        named.filter((name) => !exported.has(name)),
        file,
      ).toEqual([]);
    }
  });

  it('alert on each incident the operator must hear of', () => {
    const alerts = [...fs.readFileSync(RULES, 'utf8').matchAll(/^\s+- alert: (\S+)$/gm)].map((m) => m[1]);
    expect(alerts).toEqual([
      'VeriWorkCheckpointStale',
      'VeriWorkWitnessBehind',
      'VeriWorkJobsFailed',
      'VeriWorkJobsWaiting',
      'VeriWorkHigh5xxRate',
      'VeriWorkImageQueueRefusing',
      'VeriWorkMailFailing',
      'VeriWorkMetricsUnreadable',
    ]);
  });

  it.skipIf(!PROMTOOL)('are accepted by promtool check rules', async () => {
    const { code, output } = await promtool('check', 'rules', RULES);
    expect(output).toContain('SUCCESS: 8 rules found');
    expect(code).toBe(0);
  });

  it.skipIf(!PROMTOOL)('pass their unit tests (promtool test rules): each alert fires when, and only when, it should', async () => {
    const { code, output } = await promtool('test', 'rules', RULE_TESTS);
    expect(output).toContain('SUCCESS');
    expect(code).toBe(0);
  });
});
