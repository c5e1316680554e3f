// The static pages: each renders its headline, passes axe, and is captured at both widths.
import { test, expect, expectNoAxeViolations, saveScreenshot } from './fixtures';

const PAGES: [path: string, headline: RegExp][] = [
  ['/features', /Features$/],
  ['/implementation', /^How It Works: Add Trust Badges to Your Site$/],
  ['/about', /^About /],
  ['/compliance', /^ISO 8601 Timestamp Compliance$/],
  ['/api/docs', /^Public Ledger API$/],
  ['/terms', /^Terms of Service$/],
  ['/privacy', /^Privacy Policy$/],
];

test.describe('static pages', () => {
  for (const [path, headline] of PAGES) {
    test(`${path} shows its headline and has no axe violations at 1280 px and 375 px`, async ({ freshPage: page }) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
        await expectNoAxeViolations(page);
        await saveScreenshot(page, `static${path.replaceAll('/', '-')}`, width);
      }
    });
  }

  test("copying the WordPress snippet shows 'Copied!' with the block's own description", async ({ browser, baseUrl }) => {
    const context = await browser.newContext({ baseURL: baseUrl, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/implementation');
    await page.getByRole('button', { name: /Copy WordPress PHP snippet/ }).click();
    await expect(page.getByText('Copied!')).toBeVisible();
    await expect(page.getByText('WordPress PHP snippet copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('veriwork_registry_id');
    await context.close();
  });
});
