// Issue 17, items 1 and 2: an artist gives tags and where the tool ran in the wizard; the ledger's
// Tag and Platform filters list exactly the values present, with counts, and find the new work;
// 'Clear Filters' leaves no filter set, from any empty state.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { LedgerResponse, PublicWork } from '../../core/api-types';
import { expect, expectNoAxeViolations, saveScreenshot, test, screenshotsAtBothWidths } from './fixtures';

const RUN = Date.now().toString(36);
const TITLE = `Discord portrait ${RUN}`;
const OWN_TAG = `harbour-${RUN}`;

async function noisePng(name: string, width = 480, height = 360) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
const stepIndicator = (page: Page) => page.getByTestId('wizard-step-indicator');
const chosenTags = (page: Page) => page.getByRole('list', { name: 'Your tags' }).getByRole('listitem');
const results = (page: Page) => page.getByRole('list', { name: 'Submissions' }).locator(':scope > li');
const EMPTY = 'No submissions found matching your criteria';

async function openLedger(page: Page, query = ''): Promise<void> {
  await page.goto(`/ledger${query}`);
  await expect(page.getByText(/^Showing (\d+-\d+ of \d+ submissions|1 of 1 submission)$/).or(page.getByText(EMPTY))).toBeVisible();
}

/** The option labels of a filter select, e.g. ['All Tags', 'AI Art (31)', 'portrait (1)']. */
async function optionLabels(page: Page, label: string): Promise<string[]> {
  return page.getByLabel(label, { exact: true }).locator('option').allTextContents();
}

test.describe.configure({ mode: 'serial' });

test("a work registered with tag 'portrait' and platform 'Discord' is offered and found by the ledger's filters", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/fast-submit');
  await page.getByTestId('image-file-input').setInputFiles(await noisePng('portrait.png'));
  await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
  await nextButton(page).click();
  await page.getByLabel('Artwork Title').fill(TITLE);
  await nextButton(page).click();

  // Step 3: 'AI Art' is always there and cannot be removed; suggestions come from the ledger.
  await expect(stepIndicator(page)).toHaveText('Step 3 of 7');
  await expect(chosenTags(page)).toHaveText(['AI Art (always included)']);
  await expect(page.getByRole('button', { name: 'Remove tag AI Art' })).toHaveCount(0);
  const suggestions = page.getByRole('list', { name: 'Suggestions from the ledger' });
  await expect(suggestions.getByRole('button', { name: 'Add tag portrait' })).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'Add tag AI Art' })).toHaveCount(0);
  // Typing narrows the suggestions; a suggestion is added with one click.
  const tagBox = page.getByLabel('Add a tag');
  await tagBox.fill('port');
  await expect(suggestions.getByRole('button')).toHaveText(['portrait']);
  await suggestions.getByRole('button', { name: 'Add tag portrait' }).click();
  await expect(tagBox).toHaveValue('');
  // A tag of one's own: Enter adds it in its stored form; a repeat is not added twice.
  await tagBox.fill(`#${OWN_TAG.toUpperCase()}`);
  await tagBox.press('Enter');
  await expect(stepIndicator(page)).toHaveText('Step 3 of 7');
  await tagBox.fill('Portrait');
  await tagBox.press('Enter');
  await expect(chosenTags(page)).toHaveText(['AI Art (always included)', 'portrait', OWN_TAG]);
  // A tag with a comma inside a pasted list is split; one with a '<' is refused under the box.
  await tagBox.fill('fantasy, <b>');
  await page.getByRole('button', { name: 'Add tag', exact: true }).click();
  await expect(
    page.getByText("Tags start with a letter or number and may contain letters, numbers, spaces and - ' & . + only."),
  ).toBeVisible();
  await expect(tagBox).toHaveAttribute('aria-invalid', 'true');
  await tagBox.fill('fantasy');
  await expect(tagBox).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Add tag', exact: true }).click();
  await page.getByRole('button', { name: 'Remove tag fantasy' }).click();
  await expect(chosenTags(page)).toHaveText(['AI Art (always included)', 'portrait', OWN_TAG]);
  await screenshotsAtBothWidths(page, 'wizard-tags');
  await nextButton(page).click();

  // Step 4: where the tool ran, 'Web' unless changed.
  await expect(stepIndicator(page)).toHaveText('Step 4 of 7');
  const platforms = page.getByRole('group', { name: 'Where did the tool run?' }).getByRole('radio');
  await expect(platforms).toHaveCount(6);
  await expect(page.getByRole('radio', { name: /^Web/ })).toBeChecked();
  await page.getByLabel('AI tool used').selectOption('Midjourney');
  await page.getByRole('radio', { name: /^Discord/ }).check();
  await screenshotsAtBothWidths(page, 'wizard-platform');
  await nextButton(page).click();
  await nextButton(page).click();
  await page.getByLabel('Email Address').fill('portrait@example.com');
  await page.getByLabel('Artist name').fill(`Tag Tester ${RUN}`);
  await nextButton(page).click();

  const review = page.locator('dl').last();
  await expect(review.getByText(`AI Art, portrait, ${OWN_TAG}`, { exact: true })).toBeVisible();
  await expect(review.getByText('Discord', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit to Ledger' }).click();
  await expect(page).toHaveURL(/\/verify\/[0-9a-f-]{36}$/);
  const id = page.url().split('/verify/')[1]!;
  const work = (await (await request.get(`/api/submissions/${id}`)).json()) as PublicWork;
  expect(work.tags).toEqual(['AI Art', 'portrait', OWN_TAG]);
  expect(work.platform).toBe('Discord');

  // The ledger offers exactly the values present, with the counts the API gives.
  await openLedger(page);
  const ledger = (await (await request.get('/api/ledger')).json()) as LedgerResponse;
  expect(ledger.platform_options.some((o) => o.value === 'Discord')).toBe(true);
  await expect
    .poll(() => optionLabels(page, 'Platform'))
    .toEqual(['All Platforms', ...ledger.platform_options.map((o) => `${o.value} (${o.count})`)]);
  await expect
    .poll(() => optionLabels(page, 'Tag'))
    .toEqual(['All Tags', ...ledger.tag_options.map((o) => `${o.value} (${o.count})`)]);
  expect(await optionLabels(page, 'Tag')).toContain(`${OWN_TAG} (1)`);

  await page.getByLabel('Tag', { exact: true }).selectOption('portrait');
  await page.getByLabel('Platform', { exact: true }).selectOption('Discord');
  await expect(page).toHaveURL(/platform=Discord/);
  await expect(page).toHaveURL(/tag=portrait/);
  await expect(results(page).filter({ hasText: TITLE })).toHaveCount(1);
  await expect(page.getByText(EMPTY)).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'ledger-tag-platform-filter');
  await expectNoAxeViolations(page);
});

test('every platform and tag offered finds at least one work: no choice is a dead end', async ({ page }) => {
  test.setTimeout(120_000);
  await openLedger(page);
  for (const label of ['Platform', 'Tag']) {
    const values = (
      await page
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    ).filter(Boolean);
    expect(values.length, label).toBeGreaterThan(0);
    for (const value of values) {
      await page.getByLabel(label, { exact: true }).selectOption(value);
      await expect(results(page).first(), `${label} ${value}`).toBeVisible();
      await expect(page.getByText(EMPTY)).toHaveCount(0);
    }
    await page.getByLabel(label, { exact: true }).selectOption('');
  }
});

test.describe("'Clear Filters'", () => {
  const EMPTY_STATES: [name: string, query: string][] = [
    ['search, tool and sort', `?search=nothing-${RUN}&tool=Midjourney&sort=status`],
    ['tag and platform that exist but not together', `?tag=${OWN_TAG}&platform=Web`],
    ['tag, platform, date and page', `?tag=portrait&platform=API&date=week&page=3`],
    ['a tag no work has (an old shared link)', `?tag=no-such-tag-${RUN}&sort=oldest`],
    ['date and search', `?date=week&search=nothing-${RUN}`],
  ];

  for (const [name, query] of EMPTY_STATES) {
    test(`from an empty state of ${name}, clears every filter and shows results again`, async ({ page }) => {
      await openLedger(page, query);
      await expect(page.getByText(EMPTY)).toBeVisible();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(page).toHaveURL(/\/ledger$/);
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
      for (const label of ['Tool', 'Platform', 'Tag', 'Date'])
        await expect(page.getByLabel(label, { exact: true }), label).toHaveValue('');
      await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('newest');
      await expect(page.getByText(/^Showing 1-12 of \d+ submissions$/)).toBeVisible();
      await expect(results(page)).toHaveCount(12);
    });
  }

  test('the empty state and the cleared ledger have no axe violations at 375 and 1280 px', async ({ page }) => {
    // Four axe scans and four screenshots: over 30 s once, in a CI run whose every stage took twice its usual time.
    test.setTimeout(90_000);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openLedger(page, `?tag=${OWN_TAG}&platform=Web&date=year`);
      await expect(page.getByText(EMPTY)).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, 'ledger-empty-before-clear', width);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(results(page)).toHaveCount(12);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, 'ledger-after-clear', width);
    }
  });
});
