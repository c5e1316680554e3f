// Shared Playwright fixtures. Specs import `test` and `expect` from here instead of
// '@playwright/test'.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { expect };

export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** WCAG 2.1 A and AA rules: the level the app promises. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now and fails with a readable list of violations.
 * `exclude` takes CSS selectors to leave out (e.g. third-party widgets).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
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

/** The admin account scripts/e2e.mjs creates before the server starts. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-1' } as const;

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
