// Browser tests against the real server serving the built app (npm run build first, or use
// `node scripts/e2e.mjs`, which builds when needed). Chromium is the system package: this
// project never downloads browsers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server/node-flags';

/** Asks the OS for a free TCP port (synchronously, because the config is evaluated eagerly). */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Playwright evaluates this file again in each worker process; the values go into the
// environment on first evaluation so every process agrees on one server and one data folder.
process.env.E2E_PORT ??= freePort();
// The port of the artist's own site that link-proof tests serve (tests/e2e/link-pages.ts).
process.env.E2E_LINK_PORT ??= freePort();
// The webhook spec's receiver listens here; the server may deliver to it (FETCH_ALLOW_HOSTS is the
// test-only exception to the public-address rule, one host and port).
process.env.E2E_WEBHOOK_PORT ??= freePort();
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'veriwork-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Created here (not by scripts/e2e.mjs), so removed here when the test run ends.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const port = process.env.E2E_PORT;
/** The name under which the link-proof page server is reached (tests/e2e/link-pages.ts says it too). */
const LINK_SITE_HOST = 'artist-site.test';
const baseURL = `http://127.0.0.1:${port}`;
// Debian's chromium-headless-shell when installed: the same Blink as the full browser (which
// Playwright's own headless runs use too), at about two thirds of the CPU per test, which is
// what the browser tests are bound by on a 2-core machine. Otherwise the full Chromium.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count results.
  reporter: [['list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  use: {
    baseURL,
    // A trace records every action's DOM and a screencast of every test, kept only when it fails:
    // that recording took more CPU than the pages themselves (the browser's GPU process and the
    // test worker), on the two cores the other stages share. On when asked: E2E_TRACE=1.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // The built server, as `npm start` runs it (scripts/e2e.mjs builds it when its sources changed).
    command: `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The first start of the embedded database runs initdb (several seconds on 2 cores).
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...SERVER_ENV,
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: baseURL,
      RATE_LIMIT_DISABLED: '1',
      // A message that cannot be written is retried once, a second later, then shown as failed on
      // the admin queue page (tests/e2e/admin-jobs.spec.ts), rather than retried for a day.
      MAIL_RETRY_LIMIT: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
      // Makes the footer's sponsor form render, so tests can see and audit it.
      SPONSOR_URL: process.env.E2E_SPONSOR_URL ?? 'https://sponsor.example/pay',
      // Link checks (issue 33) reach one test name, the artist's site a spec serves on loopback
      // (tests/e2e/link-pages.ts); every other name a test types (live-artist.example, …) is not
      // resolved at all, so the server under test never asks a DNS server and those links are
      // simply 'unreachable'.
      FETCH_TEST_RESOLVE: `${LINK_SITE_HOST}=127.0.0.1`,
      // The test-only exceptions to the public-address rule: that site, and the webhook spec's receiver.
      FETCH_ALLOW_HOSTS: `${LINK_SITE_HOST}:${process.env.E2E_LINK_PORT},127.0.0.1:${process.env.E2E_WEBHOOK_PORT}`,
    },
  },
});
