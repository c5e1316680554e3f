// Issue 17, item 5: one toast at a time, placed where it hides nothing: at the bottom on a phone,
// in the bottom-right corner on a desktop, never over the wizard's 'Step N of 7' and heading or
// over Quick View's title and close button.
import type { Locator, Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR, expect, test } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The on-screen boxes of the toast and of the given elements, read at one instant: moving focus
 * to an invalid field may scroll the page between two separate reads.
 */
async function boxesWithToast(page: Page, selectors: string[]): Promise<{ toast: Box; others: Box[] }> {
  const all = await page.evaluate(
    (list) => {
      return list.map((selector) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
    },
    [TOAST, ...selectors],
  );
  return { toast: all[0], others: all.slice(1) };
}

/** The toast on screen: sonner keeps a dismissed one in the page while it fades out, marked data-removed. */
const TOAST = '[data-sonner-toast]:not([data-removed="true"])';
const shownToasts = (page: Page) => page.locator(TOAST);

async function expectOneToast(page: Page, title: string): Promise<Locator> {
  // Waits for this toast to come first (else the count below could see the previous toast alone,
  // just before this one is added), then for the dismissed one to finish fading out: then there is
  // exactly one toast in the page.
  await expect(shownToasts(page).filter({ hasText: title })).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  const toast = shownToasts(page);
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast).toHaveAttribute('data-visible', 'true');
  return toast;
}

function expectAtBottom(page: Page, b: Box, width: number): void {
  const viewport = page.viewportSize()!;
  expect(b.y + b.height, 'the toast sits at the bottom of the screen').toBeGreaterThan(viewport.height - 120);
  if (width < 600) expect(b.width, 'on a phone it spans the screen').toBeGreaterThan(width * 0.8);
  else expect(b.x, 'on a desktop it sits at the right').toBeGreaterThan(width / 2);
}

for (const viewport of VIEWPORTS) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('two wizard errors in a row leave one toast, clear of the step heading', async ({ page }) => {
      await page.goto('/fast-submit');
      const indicator = page.getByTestId('wizard-step-indicator');
      await expect(indicator).toHaveText('Step 1 of 7');

      // First error: no image yet. Second: a file the browser refuses.
      await page.getByRole('button', { name: 'Next' }).click();
      await expectOneToast(page, 'Image required');
      await page.getByTestId('image-file-input').setInputFiles({
        name: 'vector.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      });
      await expectOneToast(page, 'Unsupported image type');
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Image required' })).toHaveCount(0);

      const { toast, others } = await boxesWithToast(page, ['[data-testid="wizard-step-indicator"]', '#wizard-step-title']);
      expectAtBottom(page, toast, viewport.width);
      expect(overlaps(toast, others[0]), "the toast covers 'Step 1 of 7'").toBe(false);
      expect(overlaps(toast, others[1]), 'the toast covers the step heading').toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `toast-wizard-${viewport.width}.png`) });
    });

    test("'Details loaded' does not cover Quick View's title or close button", async ({ page }) => {
      await page.goto('/ledger');
      await page
        .getByRole('button', { name: /^Quick View/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Submission Details' });
      await expect(dialog).toBeVisible();
      await expectOneToast(page, 'Details loaded');
      await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Submission Details' })).toBeVisible();

      const { toast, others } = await boxesWithToast(page, ['[role="dialog"] button[aria-label="Close"]', '[role="dialog"] h2']);
      expectAtBottom(page, toast, viewport.width);
      expect(overlaps(toast, others[0]), 'the toast covers Close').toBe(false);
      expect(overlaps(toast, others[1]), 'the toast covers the title').toBe(false);
      // Fixed to the viewport like the toast: a viewport shot shows what the visitor sees.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `toast-quick-view-${viewport.width}.png`) });
    });
  });
}
