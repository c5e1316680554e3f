#!/usr/bin/env node
// `npm test`: every test suite, as stages of one run. The browser tests, which mostly wait, run
// beside the CPU-bound stages (the integration suite on the embedded database and on PostgreSQL, the
// unit tests), which run one at a time: on a 2-core machine two of them at once take longer than
// one after the other. The tests that wait minutes for periodic jobs run beside them, taking no
// place. The tests that measure time (the time-measuring hostile-input files, once per database,
// and the timed unit tests) run alone at the end. `--checks` (what `npm run validate` and CI run) adds
// the typecheck, lint and format check as stages of the same run. Ends with a table of each stage's
// time, one line 'N passed, N failed', and a non-zero exit code if anything failed.
//
// Settings (environment): TEST_DATABASE_URL runs the integration suite on that PostgreSQL server
// too; TEST_SECOND_NODE=/path/to/node runs the unit tests once more and the PostgreSQL pass under
// that Node.js (CI: Node 24 beside the machine's Node 20); TEST_CONCURRENCY (default 2) is how many
// stages run at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runStages } from './test-stages.mjs';

const checks = process.argv.includes('--checks');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-report-'));
const postgresUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _ignored, ...envWithoutPostgres } = process.env;

// TEST_SECOND_NODE: first in PATH, it is the `node` that npx, Vitest's workers and the processes the
// tests start (CLI commands, `npm start`) run on.
const secondNode = process.env.TEST_SECOND_NODE;
const secondNodeVersion = secondNode ? spawnSync(secondNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() : undefined;
const onSecondNode = (env) =>
  secondNodeVersion ? { ...env, PATH: `${path.dirname(path.resolve(secondNode))}${path.delimiter}${env.PATH ?? ''}` } : env;
const secondNodeLabel = secondNodeVersion ? ` (Node.js ${secondNodeVersion})` : '';

/** A Vitest stage: its JSON report counts the tests. */
function vitest(name, projects, env, options = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  return {
    name,
    command: 'npx',
    args: ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    report: { kind: 'vitest', file: report },
    ...options,
  };
}

const npmScript = (name, script) => ({ name, command: 'npm', args: ['run', '-s', script], env: process.env });

// In order of priority: a free place goes to the first stage whose needs have passed and whose
// kind has room. The browser tests mostly wait (on the page, the server, timers): they run beside
// the CPU-bound stages, which run one at a time (`heavy`), longest first.
const stages = [
  // The built web app is served by `npm start` (tested as a real process) and the browser tests;
  // the server's bundles are the processes and commands the suites start (tests/helpers/built-server.ts).
  { name: 'build', command: 'node', args: ['scripts/build-if-stale.mjs'], env: process.env },
  {
    name: 'browser',
    command: 'node',
    args: ['scripts/e2e.mjs'],
    env: { ...envWithoutPostgres, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'playwright.json') },
    needs: ['build'],
    report: { kind: 'playwright', file: path.join(reportDir, 'playwright.json') },
  },
  // With a PostgreSQL pass, the files whose result the database cannot change run there only
  // (vitest.config.ts, DATABASE_INDEPENDENT_TESTS).
  vitest(
    'integration, embedded database',
    ['integration'],
    postgresUrl ? { ...envWithoutPostgres, TEST_DATABASE_INDEPENDENT_ELSEWHERE: '1' } : envWithoutPostgres,
    { needs: ['build'], heavy: true },
  ),
  ...(postgresUrl
    ? [
        vitest(`integration, PostgreSQL${secondNodeLabel}`, ['integration'], onSecondNode(process.env), {
          needs: ['build'],
          heavy: true,
        }),
      ]
    : []),
  // Server processes over real minutes: they mostly wait on the clock, so they take no place of
  // the CPU-bound stages (`waits`) and run beside them, once per database.
  vitest('minutes, embedded database', ['minutes'], envWithoutPostgres, { needs: ['build'], waits: true }),
  ...(postgresUrl
    ? [vitest(`minutes, PostgreSQL${secondNodeLabel}`, ['minutes'], onSecondNode(process.env), { needs: ['build'], waits: true })]
    : []),
  ...(checks
    ? [
        // After the build only, so that the browser tests and the integration suite, listed
        // first, take the two places as soon as the build is done (they are the longest). One
        // core each (tsc, ESLint): they run in the place the browser tests leave, beside the
        // PostgreSQL pass, rather than waiting for it.
        { ...npmScript('typecheck', 'typecheck'), needs: ['build'] },
        { ...npmScript('lint', 'lint'), needs: ['build'] },
        { ...npmScript('format check', 'format:check'), needs: ['build'] },
      ]
    : []),
  // Also after the build (6 s), for the same reason as the checks above.
  vitest('unit', ['unit'], envWithoutPostgres, { needs: ['build'] }),
  ...(secondNodeVersion ? [vitest(`unit${secondNodeLabel}`, ['unit'], onSecondNode(envWithoutPostgres), { needs: ['build'] })] : []),
  // Alone, after everything else: these tests measure how fast the server answers under attack, and
  // how long parsers and threads take.
  vitest('timed unit tests and timed hostile, embedded database', ['timed', 'hostile'], envWithoutPostgres, { alone: true }),
  ...(postgresUrl
    ? [vitest(`timed hostile, PostgreSQL${secondNodeLabel}`, ['hostile'], onSecondNode(process.env), { alone: true })]
    : []),
];

const problems = [];
if (secondNode && !secondNodeVersion)
  problems.push(`TEST_SECOND_NODE=${secondNode} does not run: the tests meant for it are not run.`);

const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const { passed, failed, ok } = await runStages(stages, { concurrency, problems });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
