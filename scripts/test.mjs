// `npm test`: unit and integration tests (Vitest), then browser tests (Playwright in Debian's
// Chromium; skipped with a clear message when Chromium is not installed). Ends with one line
// 'N passed, N failed' and a non-zero exit code if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-report-'));
let passed = 0;
let failed = 0;
let exitCode = 0;

const postgresUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _ignored, ...envWithoutPostgres } = process.env;

function run(label, cmd, args, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) exitCode = 1;
  return result.status;
}

function vitest(label, extraArgs, env, reportName) {
  const report = path.join(reportDir, reportName);
  const status = run(
    label,
    'npx',
    ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (!fs.existsSync(report)) {
    exitCode = 1;
    return;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  if (result.numTotalTests === 0) exitCode = 1;
  // Errors outside any test (e.g. an unhandled rejection) fail the run without failing a test:
  // count them so the closing line does not read '0 failed' for a red run.
  if (status !== 0 && result.numFailedTests === 0) {
    console.log(`${label}: errors outside the tests made Vitest fail (see above).`);
    failed += 1;
  }
}

// The built web app is served by `npm start` (tested as a real process) and the browser tests:
// built once here, before anything runs in parallel with it.
run('Building the web app when its sources changed', 'node', ['scripts/build-web-if-stale.mjs'], process.env);

// TEST_SECOND_NODE=/path/to/node (CI: Node 24 beside the machine's Node 20) runs the unit tests
// again and the PostgreSQL pass under that Node.js. First in PATH, it is the `node` that npx,
// Vitest's workers and the processes the tests start (CLI commands, `npm start`) run on.
const secondNode = process.env.TEST_SECOND_NODE;
const secondNodeVersion = secondNode ? spawnSync(secondNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() : undefined;
if (secondNode && !secondNodeVersion) {
  console.log(`TEST_SECOND_NODE=${secondNode} does not run: the tests meant for it are not run.`);
  exitCode = 1;
  failed += 1;
}
const onSecondNode = (env) =>
  secondNodeVersion ? { ...env, PATH: `${path.dirname(path.resolve(secondNode))}${path.delimiter}${env.PATH ?? ''}` } : env;
const secondNodeLabel = secondNodeVersion ? ` on Node.js ${secondNodeVersion}` : '';

// The integration suite runs on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server.
vitest('Unit and integration tests on the embedded database (Vitest)', [], envWithoutPostgres, 'vitest.json');
if (secondNodeVersion)
  vitest(
    `Unit tests${secondNodeLabel} (Vitest)`,
    ['--project', 'unit'],
    onSecondNode(envWithoutPostgres),
    'vitest-unit-second-node.json',
  );
if (postgresUrl) {
  vitest(
    `Integration tests on PostgreSQL${secondNodeLabel} (Vitest)`,
    ['--project', 'integration', '--project', 'hostile'],
    onSecondNode(process.env),
    'vitest-pg.json',
  );
}

const e2eReport = path.join(reportDir, 'playwright.json');
run('Browser tests (Playwright)', 'node', ['scripts/e2e.mjs'], { ...envWithoutPostgres, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
if (fs.existsSync(e2eReport)) {
  const stats = JSON.parse(fs.readFileSync(e2eReport, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
