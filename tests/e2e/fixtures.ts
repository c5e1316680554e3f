// Shared Playwright fixtures. Specs import `test` and `expect` from here instead of
// '@playwright/test'.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { MESSAGES } from '../../core/messages';

export { expect };

export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** WCAG 2.1 A and AA rules: the level the app promises. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page once it is at rest and fails with a readable list of violations.
 * `exclude` takes CSS selectors to leave out (e.g. third-party widgets).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // A list still loading (aria-busy) shows its previous results dimmed, which axe rightly reports
  // as too little contrast: a person waits for the answer, and so does the check.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Toasts are left out: they fade in and out, and axe samples them mid-fade and reports the
  // blended colours as contrast failures.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('[data-sonner-toaster]');
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe found accessibility violations on ${page.url()}`).toEqual([]);
}

/** Saves a full-page screenshot at the given viewport width into tests/e2e/screenshots/. */
export async function saveScreenshot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

interface Fixtures {
  /** The app's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** A page in its own fresh context (what AxeBuilder needs), closed after the test. */
  freshPage: Page;
  /** console.error messages the page printed during the test. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  baseUrl: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured (see playwright.config.ts)');
    await use(baseURL.replace(/\/+$/, ''));
  },
  freshPage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
});

/**
 * The admin account scripts/e2e.mjs creates before the server starts, with an authenticator-app
 * secret (admin:create --totp-secret, decision 0068) from which the tests compute real codes.
 */
export const E2E_ADMIN = {
  email: 'admin@e2e.test',
  password: 'e2e-admin-password-1',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

const TOTP_STEP_MS = 30_000;
/**
 * The newest 30-second step whose code the run sent, per account. The server takes a code once
 * (decision 0068) and counts a refused one as a failed attempt, throttled like a wrong password: a
 * run that signs in dozens of times must never send a code twice, or it locks its own admin out.
 * Kept in the run's data folder, not in memory: Playwright replaces a worker after a failed test,
 * and the new one must not send the code its predecessor sent.
 */
// playwright.config.ts sets E2E_DATA_DIR for every process of the run.
const stepsFile = () => path.join(process.env.E2E_DATA_DIR!, 'authenticator-steps-sent.json');
const stepsSent = (): Record<string, number> =>
  fs.existsSync(stepsFile()) ? (JSON.parse(fs.readFileSync(stepsFile(), 'utf8')) as Record<string, number>) : {};
const lastStepUsed = {
  get: (email: string): number | undefined => stepsSent()[email],
  set: (email: string, step: number): void => fs.writeFileSync(stepsFile(), JSON.stringify({ ...stepsSent(), [email]: step })),
};

/** The second step of the admin sign-in, with a fresh code (the shared e2e admin's unless another account is given). */
export async function confirmWithAuthenticatorCode(
  page: Page,
  account: { email: string; totpSecret: string } = E2E_ADMIN,
): Promise<void> {
  await expect(page.getByRole('heading', { name: MESSAGES.adminVerifyPage.title })).toBeVisible();
  await page.getByLabel('Authenticator code').fill(await freshAuthenticatorCode(page, account));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();
}

/**
 * A code of `account`'s authenticator app that this worker never sent: this step's, else the next
 * step's (the server accepts one step of drift), else it waits until the step after that is near.
 */
export async function freshAuthenticatorCode(page: Page, account: { email: string; totpSecret: string }): Promise<string> {
  const nowStep = Math.floor(Date.now() / TOTP_STEP_MS);
  const step = Math.max(nowStep, (lastStepUsed.get(account.email) ?? -Infinity) + 1);
  if (step > nowStep + 1) {
    const wait = (step - 1) * TOTP_STEP_MS - Date.now() + 500;
    test.info().setTimeout(test.info().timeout + wait);
    await page.waitForTimeout(wait);
  }
  lastStepUsed.set(account.email, step);
  return generate({ secret: account.totpSecret, epoch: (step * TOTP_STEP_MS) / 1000 });
}

/**
 * The admin session of this worker's last sign-in: later tests start from it, as an admin who comes
 * back does. Each full sign-in spends an authenticator step (a code is taken once), so signing in
 * afresh for every test made the run wait for the clock.
 */
let adminCookies: Cookie[] | undefined;

/** The dashboard: the session of an earlier sign-in when it is still valid, else password and a code. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const welcome = page.getByText(`Welcome, ${E2E_ADMIN.email}`);
  const passwordField = page.getByLabel('Password', { exact: true });
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    await page.goto('/admin');
    await expect(welcome.or(passwordField).first()).toBeVisible();
    if (await welcome.isVisible()) return;
  } else await page.goto('/admin');
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await passwordField.fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await confirmWithAuthenticatorCode(page);
  adminCookies = await page.context().cookies();
}

/**
 * Closes every toast so screenshots and axe see the page itself. A pointer resting on the
 * toaster pauses its timers and expands the stack; a dispatched click closes a toast without
 * moving the pointer there.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  await page.mouse.move(0, 0);
  for (let i = 0; i < 20 && (await toasts.count()) > 0; i++) {
    await toasts
      .first()
      .locator('[data-close-button]')
      .dispatchEvent('click', undefined, { timeout: 1000 })
      .catch(() => undefined);
    await page.waitForTimeout(100);
  }
  await expect(toasts).toHaveCount(0);
}

/** The page from its top, without toasts, at phone (375 px) and desktop (1280 px) width. */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, 375);
  await saveScreenshot(page, name, 1280);
}
