#!/usr/bin/env node
// Runs the browser tests: skips cleanly without Chromium, builds the web app and the server when
// their sources are newer than the build, then runs Playwright and passes its exit code through.
// Extra arguments go to `playwright test` (e.g. a spec file or `--grep`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's headless shell when installed (lighter on the CPU, see playwright.config.ts), else
// the full Chromium; the config is told which, so both agree.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.log('Chromium not found: skipping browser tests (apt-get install chromium)');
  process.exit(0);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// The tests run the server and its commands as `npm start` does (dist/), not through tsx, which
// would compile every module again in each process and thread on the CPU the tests share.
process.chdir(root);
try {
  await buildIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

// A fresh data folder per run, removed afterwards; the config reads it from the environment.
// It is seeded with demo works and one admin account before the server starts, so the tests
// run against a ledger with several pages (tests/e2e/fixtures.ts holds the same credentials).
const dataDir = mkdtempSync(path.join(tmpdir(), 'veriwork-e2e-'));
const env = { ...process.env, E2E_DATA_DIR: dataDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn', CHROMIUM_PATH: chromium };
delete env.DATABASE_URL;
const command = (name, args) => run(process.execPath, [path.join('dist', 'server', `${name}.mjs`), ...args], env);
let status;
try {
  status = command('seed', ['--count', process.env.E2E_SEED_COUNT ?? '30']);
  if (status === 0) {
    // The authenticator-app secret tests/e2e/fixtures.ts computes sign-in codes from (decision 0068).
    const admin = [
      '--email',
      'admin@e2e.test',
      '--password',
      'e2e-admin-password-1',
      '--totp-secret',
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    ];
    status = command('admin-create', admin);
  }
  if (status === 0) status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], env);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
