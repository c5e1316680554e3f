// Issue 39 (decision 0068): an admin without a second factor enrols one at the first sign-in and
// signs in with it afterwards — a passkey, made by Chromium's virtual authenticator, and an
// authenticator app, whose codes the test computes from the secret the page shows. WebAuthn
// refuses an IP address as relying-party ID, and the shared e2e server is reached at 127.0.0.1,
// so this spec runs its own server whose SITE_URL is http://localhost:<port>, on its own
// embedded database with two admins created by the admin:create command before it starts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { AdminSessionResponse } from '../../core/admin-api-types';
import { ADMIN_RECOVERY_CODE_COUNT } from '../../core/api/admin-factors';
import { MESSAGES } from '../../core/messages';
import { ROOT, freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { confirmWithAuthenticatorCode, expect, expectNoAxeViolations, freshAuthenticatorCode, test } from './fixtures';

const PASSKEY_ADMIN = { email: 'passkey-admin@e2e.test', password: 'passkey-admin-password-1' };
const TOTP_ADMIN = { email: 'totp-admin@e2e.test', password: 'totp-admin-password-1' };
const NOT_LOGGED_IN = 'You must be logged in as an admin to access this page.';

let dir = '';
let server: ServerProcess;
/** http://localhost:<port>: the origin the server's SITE_URL names, so WebAuthn's RP ID is `localhost`. */
let site = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The first use of the embedded database runs initdb (several seconds on 2 cores).
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-passkey-e2e-'));
  const dataDir = path.join(dir, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // Admins without a factor (no --totp-secret): they must set one up at their first sign-in.
  for (const admin of [PASSKEY_ADMIN, TOTP_ADMIN]) {
    const args = ['dist/server/admin-create.mjs', '--email', admin.email, '--password', admin.password];
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, env });
    expect(stdout).toMatch(new RegExp(`^Admin created: ${admin.email.replace(/\./g, '\\.')} \\(id `));
  }
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = await startServerProcess({
    dataDir,
    port,
    readyPath: '/api/health',
    startTimeoutMs: 120_000,
    env: { HOST: '127.0.0.1', SITE_URL: site },
  });
});

test.afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The session as the server sees it (the page's own cookie). */
async function session(page: Page): Promise<{ status: number; body: AdminSessionResponse | null }> {
  const response = await page.request.get(`${site}/api/admin/session`);
  return { status: response.status(), body: response.ok() ? ((await response.json()) as AdminSessionResponse) : null };
}

/** The first step of the sign-in form on /admin. */
async function signInWithPassword(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.goto(`${site}/admin`);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A password alone does not open the console: no welcome line, and the console's API refuses. */
async function expectConsoleClosed(page: Page, email: string): Promise<void> {
  await expect(page.getByText(`Welcome, ${email}`)).toHaveCount(0);
  const submissions = await page.request.get(`${site}/api/admin/submissions`);
  expect(submissions.status()).toBe(401);
  expect(await submissions.json()).toEqual({
    error: {
      code: 'unauthorized',
      title: MESSAGES.adminSecondFactorRequired.title,
      message: MESSAGES.adminSecondFactorRequired.description,
    },
  });
}

/** The recovery codes, shown once after the first factor: checked, audited, then continued past. */
async function saveRecoveryCodes(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: MESSAGES.adminRecoveryCodesShown.title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(ADMIN_RECOVERY_CODE_COUNT);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText(NOT_LOGGED_IN)).toBeVisible();
  expect((await session(page)).status).toBe(401);
}

test('an admin enrols a passkey with the virtual authenticator, signs out, and signs in with password and passkey', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signInWithPassword(page, PASSKEY_ADMIN);
  await expect(page.getByRole('heading', { name: MESSAGES.adminEnrolPage.title })).toBeVisible();
  await expectConsoleClosed(page, PASSKEY_ADMIN.email);
  expect((await session(page)).body).toMatchObject({ stage: 'enrol', second_factor: null, enrolled: [] });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await saveRecoveryCodes(page);
  await expect(page.getByText(`Welcome, ${PASSKEY_ADMIN.email}`)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => c.rpId)).toEqual(['localhost']);
  expect((await session(page)).body).toMatchObject({ stage: 'signed_in', second_factor: 'passkey', enrolled: ['passkey'] });

  await signOut(page);
  await signInWithPassword(page, PASSKEY_ADMIN);
  await expect(page.getByRole('heading', { name: MESSAGES.adminVerifyPage.title })).toBeVisible();
  await expectConsoleClosed(page, PASSKEY_ADMIN.email);
  expect((await session(page)).body).toMatchObject({ stage: 'verify', second_factor: null, enrolled: ['passkey'] });
  // Only the factors this admin has are offered.
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expect(page.getByLabel('Authenticator code')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(`Welcome, ${PASSKEY_ADMIN.email}`)).toBeVisible();
  expect((await session(page)).body).toMatchObject({ stage: 'signed_in', second_factor: 'passkey', enrolled: ['passkey'] });
  expect((await page.request.get(`${site}/api/admin/submissions`)).status()).toBe(200);
});

test('an admin enrols an authenticator app from the secret shown, signs out, and signs in with a generated code', async ({ page }) => {
  await signInWithPassword(page, TOTP_ADMIN);
  await expect(page.getByRole('heading', { name: MESSAGES.adminEnrolPage.title })).toBeVisible();
  await expectConsoleClosed(page, TOTP_ADMIN.email);

  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await expect(page.getByText(MESSAGES.adminTotpSetup.description)).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totpAccount = { email: TOTP_ADMIN.email, totpSecret: secret };
  await page.getByLabel('Code from the app').fill(await freshAuthenticatorCode(page, totpAccount));
  await page.getByRole('button', { name: 'Confirm the app' }).click();
  await saveRecoveryCodes(page);
  await expect(page.getByText(`Welcome, ${TOTP_ADMIN.email}`)).toBeVisible();
  expect((await session(page)).body).toMatchObject({ stage: 'signed_in', second_factor: 'totp', enrolled: ['totp'] });

  await signOut(page);
  await signInWithPassword(page, TOTP_ADMIN);
  await expect(page.getByRole('heading', { name: MESSAGES.adminVerifyPage.title })).toBeVisible();
  await expectConsoleClosed(page, TOTP_ADMIN.email);
  expect((await session(page)).body).toMatchObject({ stage: 'verify', second_factor: null, enrolled: ['totp'] });
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The code used to enrol is spent: the helper sends the next time step's.
  await confirmWithAuthenticatorCode(page, totpAccount);
  expect((await session(page)).body).toMatchObject({ stage: 'signed_in', second_factor: 'totp', enrolled: ['totp'] });
  expect((await page.request.get(`${site}/api/admin/submissions`)).status()).toBe(200);
});
