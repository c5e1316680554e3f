// Issue 17, items 6 and 11: on a phone the proof page shows who made the work, its status and
// its licence (and the badge) before the long record sections; on a desktop the two columns
// stay. 'Copy prompt' is offered only when there is a prompt to copy.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { registerWork } from './register-work';

const RUN = Date.now().toString(36);
const PROMPT = `A lighthouse on a basalt cliff at dusk, volumetric fog, ${RUN} palette`;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  // Boxes are relative to the viewport: add the scroll offset to compare positions on the page.
  const scrollY = await locator.page().evaluate(() => window.scrollY);
  return { ...b!, y: b!.y + scrollY };
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('proof page order', () => {
  let workId = '';

  test.beforeAll(async ({ request }) => {
    const work = await registerWork(request, {
      title: `Order study ${RUN}`,
      artist_name: `Order Artist ${RUN}`,
      prompt: PROMPT,
      profile_links: ['https://portfolio.example/order'],
    });
    workId = work.id;
  });

  test('at 375 px the artist, status and licence come before the transparency log', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/verify/${workId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order study ${RUN}` })).toBeVisible();

    const log = await box(section(page, 'Transparency Log'));
    const artist = await box(section(page, 'Artist'));
    const licence = await box(section(page, 'Permissions and Licence'));
    const badge = await box(section(page, 'Verification Badge'));
    const status = await box(page.getByRole('meter', { name: 'Signal Strength' }));
    for (const [name, b] of [
      ['status', status],
      ['artist', artist],
      ['licence', licence],
      ['badge', badge],
    ] as const) {
      expect(b.y + b.height, `the ${name} block ends above the transparency log`).toBeLessThanOrEqual(log.y);
    }
    expect(artist.y, 'the artist comes first').toBeLessThan(licence.y);
    // What a visitor looks for is on the first screens, not about 4,000 px down.
    expect(licence.y).toBeLessThan(2000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'proof-order', 375);
    await expectNoAxeViolations(page);
  });

  test('at 1280 px the key facts stay in the right column beside the record', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/verify/${workId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order study ${RUN}` })).toBeVisible();

    const prompt = await box(section(page, 'Original Prompt'));
    const log = await box(section(page, 'Transparency Log'));
    const artist = await box(section(page, 'Artist'));
    const evidence = await box(section(page, 'Evidence Checked'));
    expect(artist.x, 'artist card in the right column').toBeGreaterThan(prompt.x + prompt.width);
    expect(Math.abs(artist.y - prompt.y), 'both columns start at the same height').toBeLessThan(2);
    expect(log.x).toBe(prompt.x);
    expect(evidence.x).toBe(artist.x);
    await saveScreenshot(page, 'proof-order', 1280);
    await expectNoAxeViolations(page);
  });
});

test.describe("'Copy prompt'", () => {
  test("is not offered for a work registered without a prompt ('No prompt provided')", async ({ page, request }) => {
    const work = await registerWork(request, { title: `No prompt ${RUN}`, artist_name: `Prompt Artist ${RUN}` });
    await page.goto(`/verify/${work.id}`);
    const prompt = section(page, 'Original Prompt');
    await expect(prompt.getByText('No prompt provided', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
    await expect(prompt.getByRole('list', { name: 'Semantic tokens' })).toHaveCount(0);
  });

  test('is offered, and copies the prompt, when the work has a public prompt', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const work = await registerWork(request, { title: `With prompt ${RUN}`, artist_name: `Prompt Artist ${RUN}`, prompt: PROMPT });
    await page.goto(`/verify/${work.id}`);
    await expect(section(page, 'Original Prompt').getByText(PROMPT, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Prompt copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PROMPT);
  });
});
