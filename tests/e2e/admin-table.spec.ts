// Issue 17, item 10: the admin submissions table at 1280 px shows its columns (work, author, tool,
// trust, date, actions) without scrolling sideways, and the sticky Actions column covers no other
// cell. Where the table must still scroll (375 px) a visible hint says so.
import type { Locator, Page } from '@playwright/test';
import { expect, signInAsAdmin, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { registerWork } from './register-work';

const RUN = Date.now().toString(36);
const SCROLL_HINT = 'Scroll sideways to see every column.';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'cell has a box').not.toBeNull();
  return b!;
}

async function login(page: Page): Promise<void> {
  await signInAsAdmin(page);
}

// The table's scroll region (the section around it is a region named 'Submissions' too).
const region = (page: Page) => page.locator('[role="region"][aria-label="Submissions"]');

test.describe('admin submissions table', () => {
  test('at 1280 px every column is readable without scrolling, and Actions covers no Tool cell', async ({ page, request }) => {
    // A work with a long tool name (the issue saw 'Automatic1' and 'Leonardo.A' cut off).
    const work = await registerWork(request, {
      title: `Admin table ${RUN}`,
      artist_name: `Admin Table Artist ${RUN}`,
      tool: 'Automatic1111',
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await expect(region(page).getByRole('row').filter({ hasText: work.registry_id })).toBeVisible();

    const headers = region(page).getByRole('columnheader');
    await expect(headers).toHaveText(['Work', 'Author', 'Tool', 'Trust', 'Created', 'Actions']);
    const scroll = await region(page).evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scroll.scrollWidth, 'the table fits its region').toBeLessThanOrEqual(scroll.clientWidth);
    await expect(page.getByText(SCROLL_HINT)).toHaveCount(0);

    const rows = region(page).locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).getByRole('cell');
      const tool = cells.nth(2);
      const actions = cells.nth(5);
      const clipped = await tool.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(clipped, `row ${i + 1}: the Tool cell's text is cut off`).toBe(false);
      expect(overlaps(await box(tool), await box(actions)), `row ${i + 1}: Actions covers the Tool cell`).toBe(false);
      await expect(actions.getByRole('button', { name: /^Remove / })).toBeVisible();
    }
    const mine = rows.filter({ hasText: work.registry_id });
    await expect(mine.getByRole('cell').nth(2)).toContainText('Automatic1111');
    await expect(mine.getByText(`Admin Table Artist ${RUN}`)).toBeVisible();
    await expect(mine.getByText('Public', { exact: true })).toBeVisible();

    await saveScreenshot(page, 'admin-table', 1280);
    await expectNoAxeViolations(page);
  });

  test('at 375 px the table scrolls inside its region and says so', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await login(page);
    await expect(region(page).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(SCROLL_HINT)).toBeVisible();
    await expect(region(page)).toHaveAccessibleDescription(SCROLL_HINT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page itself does not scroll sideways').toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'admin-table', 375);
    await expectNoAxeViolations(page);
  });
});
