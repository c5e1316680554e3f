#!/usr/bin/env node
// Runs the browser tests: skips cleanly without Chromium, builds the web app when its
// sources are newer than the build, then runs Playwright and passes its exit code through.
// Extra arguments go to `playwright test` (e.g. a spec file or `--grep`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Newest modification time of any file under `dir` (0 if it does not exist). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const mtime = statSync(path.join(entry.parentPath, entry.name)).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const web = path.join(root, 'web');
const builtIndex = path.join(web, 'dist', 'index.html');
const sourcesChanged = Math.max(
  newestMtime(path.join(web, 'src')),
  newestMtime(path.join(web, 'public')),
  newestMtime(path.join(root, 'core')),
  statSync(path.join(web, 'index.html')).mtimeMs,
  statSync(path.join(web, 'vite.config.ts')).mtimeMs,
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged) {
  console.log('Building the web app (web/dist is missing or older than its sources)…');
  const status = run('npx', ['vite', 'build', '--config', 'web/vite.config.ts']);
  if (status !== 0) process.exit(status);
}

// A fresh data folder per run, removed afterwards; the config reads it from the environment.
// It is seeded with demo works and one admin account before the server starts, so the tests
// run against a ledger with several pages (tests/e2e/fixtures.ts holds the same credentials).
const dataDir = mkdtempSync(path.join(tmpdir(), 'veriwork-e2e-'));
const env = { ...process.env, E2E_DATA_DIR: dataDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn', CHROMIUM_PATH: chromium };
delete env.DATABASE_URL;
const tsx = (script, args) => run(process.execPath, ['--import', 'tsx', script, ...args], env);
let status;
try {
  status = tsx('server/cli/seed.ts', ['--count', process.env.E2E_SEED_COUNT ?? '30']);
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
    status = tsx('server/cli/admin-create.ts', admin);
  }
  if (status === 0) status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], env);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
