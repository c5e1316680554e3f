// Issue 17, items 8 and 4 (wizard): a reload keeps the draft (everything but the e-mail, with the
// uploaded image's preview) at the same step until it is submitted or discarded; a failed check
// is shown under each field at fault (aria-invalid, aria-describedby), focus moves to the first
// of them, and the toast still says it.
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import type { PublicWork } from '../../core/api-types';
import { expect, expectNoAxeViolations, test, screenshotsAtBothWidths } from './fixtures';

const RUN = Date.now().toString(36);

async function noisePng(name: string, width = 480, height = 360) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
const imageInput = (page: Page) => page.getByTestId('image-file-input');

async function expectStep(page: Page, n: number, title: string): Promise<void> {
  await expect(page.getByTestId('wizard-step-indicator')).toHaveText(`Step ${n} of 7`);
  await expect(page.locator('#wizard-step-title')).toHaveText(title);
}

/** The error toast with exactly this title and description. */
async function expectErrorToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) })
    .filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) })
    .first();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'error');
}

/** The field is marked invalid and described by a visible message with exactly this text, and has focus. */
async function expectFieldError(field: Locator, message: string, { focused = true } = {}): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const errorId = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'aria-describedby names the error message').toBeTruthy();
  const messageElement = field.page().locator(`[id="${errorId}"]`);
  await expect(messageElement).toHaveText(message);
  await expect(messageElement).toBeVisible();
  if (focused) await expect(field).toBeFocused();
}

async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/** The preview <img> has really loaded (from the object URL or, after a reload, the server's copy). */
async function expectPreviewLoaded(page: Page): Promise<void> {
  const img = page.getByRole('img', { name: 'Preview of your artwork' });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('the wizard keeps its draft across a reload', () => {
  test('every field but the e-mail, the step and the image preview come back; after submitting, a new wizard is empty', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Draft survives ${RUN}`;
    const prompt = 'A lantern-lit alley after rain, reflections on wet cobblestones, cinematic';
    await page.goto('/fast-submit');
    await imageInput(page).setInputFiles(await noisePng('draft.png', 600, 400));
    await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
    await nextButton(page).click();
    await page.getByLabel('Artwork Title').fill(title);
    await page.getByLabel('Prompt (optional)').fill(prompt);
    await page.getByRole('radio', { name: /^Private/ }).check();
    await nextButton(page).click();
    await page.getByLabel('Story and context').fill('Painted in one night.');
    await page.getByLabel('Add a tag').fill('night scene');
    await page.getByLabel('Add a tag').press('Enter');
    // Typed but not added: kept too.
    await page.getByLabel('Add a tag').fill('rain');

    // A reload in the middle of step 3.
    await page.reload();
    await expectStep(page, 3, 'Your Story');
    await expect(page.getByTestId('draft-restored')).toHaveText('Your draft was restored.');
    await expect(page.getByLabel('Story and context')).toHaveValue('Painted in one night.');
    await expect(page.getByRole('list', { name: 'Your tags' }).getByRole('listitem')).toHaveText([
      'AI Art (always included)',
      'night scene',
    ]);
    await expect(page.getByLabel('Add a tag')).toHaveValue('rain');
    await nextButton(page).click();

    await expectStep(page, 4, 'AI Tool');
    await page.getByLabel('AI tool used').selectOption('Other');
    await page.getByLabel('Which AI tool?').fill('Krea');
    await page.getByRole('radio', { name: /^Mobile/ }).check();
    await nextButton(page).click();
    await page.getByRole('checkbox', { name: 'Remix allowed' }).check();
    await nextButton(page).click();
    await expectStep(page, 6, 'Contact and Profile Links');
    await page.getByLabel('Email Address').fill('draft@example.com');
    await page.getByLabel('Full name').fill('Dora Draft');
    await page.getByLabel('Artist name').fill(`Draft Artist ${RUN}`);
    await page.getByRole('textbox', { name: 'Profile link 1' }).fill('https://dora.example/portfolio');
    await page.getByRole('button', { name: 'Add co-author' }).click();
    await page.getByRole('textbox', { name: 'Co-author 1' }).fill('Sam Second');

    // The e-mail address is personal data: never in the tab's storage.
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    expect(stored).toContain(title);
    expect(stored).not.toContain('draft@example.com');

    await page.reload();
    await expectStep(page, 6, 'Contact and Profile Links');
    await expect(page.getByTestId('draft-restored')).toHaveText(
      'Your draft was restored. For your privacy the e-mail address is not kept: please enter it again at step 6.',
    );
    await expect(page.getByLabel('Email Address')).toHaveValue('');
    await expect(page.getByLabel('Full name')).toHaveValue('Dora Draft');
    await expect(page.getByLabel('Artist name')).toHaveValue(`Draft Artist ${RUN}`);
    await expect(page.getByRole('textbox', { name: 'Profile link 1' })).toHaveValue('https://dora.example/portfolio');
    await expect(page.getByRole('textbox', { name: 'Co-author 1' })).toHaveValue('Sam Second');
    await screenshotsAtBothWidths(page, 'wizard-draft-restored');

    // Next without the e-mail: the message stands under it and focus is there.
    await nextButton(page).click();
    await expectErrorToast(page, 'Email required', 'Please provide your email address for verification.');
    await expectFieldError(page.getByLabel('Email Address'), 'Please provide your email address for verification.');
    await page.getByLabel('Email Address').fill('draft@example.com');
    await nextButton(page).click();

    await expectStep(page, 7, 'Review and Submit');
    await expectPreviewLoaded(page);
    const review = page.locator('dl').last();
    for (const text of [
      title,
      prompt,
      'Private',
      'Painted in one night.',
      'AI Art, night scene, rain',
      'Krea',
      'Mobile',
      'CC BY 4.0',
      'draft@example.com',
      'Dora Draft',
      `Draft Artist ${RUN}`,
      'https://dora.example/portfolio',
      'Sam Second',
    ]) {
      await expect(review.getByText(text, { exact: true }), text).toBeVisible();
    }
    await expect(page.getByText('SHA-256', { exact: true })).toBeVisible();

    // A reload on the review step comes back to it, preview included (the server's copy).
    await page.reload();
    await expectStep(page, 7, 'Review and Submit');
    await expectPreviewLoaded(page);
    await expect(page.getByRole('img', { name: 'Preview of your artwork' })).toHaveAttribute('src', /^\/artworks\//);
    await screenshotsAtBothWidths(page, 'wizard-draft-review-after-reload');

    // Submitting without the e-mail (lost with the reload) opens step 6 at the e-mail field.
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();
    await expectErrorToast(page, 'Email required', 'Please provide your email address for verification.');
    await expectStep(page, 6, 'Contact and Profile Links');
    await expectFieldError(page.getByLabel('Email Address'), 'Please provide your email address for verification.');
    await page.getByLabel('Email Address').fill('draft@example.com');
    await nextButton(page).click();
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();

    await expect(page).toHaveURL(/\/verify\/[0-9a-f-]{36}$/);
    const id = page.url().split('/verify/')[1]!;
    const work = (await (await request.get(`/api/submissions/${id}`)).json()) as PublicWork;
    expect(work).toMatchObject({
      title,
      tool: 'Krea',
      platform: 'Mobile',
      tags: ['AI Art', 'night scene', 'rain'],
      author_full_name: 'Dora Draft',
      co_authors: ['Sam Second'],
      prompt_visibility: 'private',
    });

    // A new wizard, even after a reload, starts empty at step 1.
    await page.goto('/fast-submit');
    await expectStep(page, 1, 'Upload Your Artwork');
    await expect(page.getByRole('img', { name: 'Preview of your artwork' })).toHaveCount(0);
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('veriwork:submission-draft'))).toBeNull();
    await page.reload();
    await expectStep(page, 1, 'Upload Your Artwork');
    await imageInput(page).setInputFiles(await noisePng('second.png', 300, 200));
    await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByLabel('Artwork Title')).toHaveValue('');
  });

  test("'Discard draft' asks first, then empties the wizard for good", async ({ page }) => {
    await page.goto('/fast-submit');
    await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
    await imageInput(page).setInputFiles(await noisePng('discard.png', 320, 240));
    await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
    await nextButton(page).click();
    await page.getByLabel('Artwork Title').fill('To be discarded');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this draft?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Artwork Title')).toHaveValue('To be discarded');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard draft' }).click();
    await expectStep(page, 1, 'Upload Your Artwork');
    await expect(page.locator('#wizard-step-title')).toBeFocused();
    await expect(page.getByRole('img', { name: 'Preview of your artwork' })).toHaveCount(0);
    await page.reload();
    await expectStep(page, 1, 'Upload Your Artwork');
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  });
});

test.describe('wizard errors stand under the field at fault', () => {
  test('each step marks its invalid fields, describes them with the message and focuses the first; the toasts stay', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/fast-submit');

    // Step 1: no image.
    await nextButton(page).click();
    await expectErrorToast(page, 'Image required', 'Please upload an image first.');
    const picker = page.getByRole('button', { name: /Click to upload your artwork/ });
    await expectFieldError(picker, 'Please upload an image first.');
    await screenshotsAtBothWidths(page, 'wizard-error-image');
    await expectNoAxeViolations(page);
    await imageInput(page).setInputFiles(await noisePng('errors.png', 320, 240));
    await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
    await expect(page.getByText('Please upload an image first.', { exact: true })).toHaveCount(0);
    await nextButton(page).click();

    // Step 2: a blank title.
    const title = page.getByLabel('Artwork Title');
    await title.fill('   ');
    await nextButton(page).click();
    await expectErrorToast(page, 'Title required', 'Please give your artwork a title.');
    await expectFieldError(title, 'Please give your artwork a title.');
    // The message leaves as soon as the field is edited.
    await title.fill('Errors in place');
    await expectNoFieldError(title);
    await expect(page.getByText('Please give your artwork a title.', { exact: true })).toHaveCount(0);
    await nextButton(page).click();
    await nextButton(page).click();

    // Step 4: no tool, then 'Other' without a name.
    await nextButton(page).click();
    await expectErrorToast(page, 'AI Tool required', 'Please select the AI tool you used to create this artwork.');
    await expectFieldError(page.getByLabel('AI tool used'), 'Please select the AI tool you used to create this artwork.');
    await page.getByLabel('AI tool used').selectOption('Other');
    await nextButton(page).click();
    await expectFieldError(page.getByLabel('Which AI tool?'), "Please specify which AI tool you used since you selected 'Other'.");
    await expectNoFieldError(page.getByLabel('AI tool used'));
    await page.getByLabel('Which AI tool?').fill('Krea');
    await nextButton(page).click();
    await nextButton(page).click();

    // Step 6: three fields at fault at once; focus on the first in check order.
    await page.getByRole('textbox', { name: 'Profile link 2' }).fill('not a link');
    await nextButton(page).click();
    await expectErrorToast(page, 'Email required', 'Please provide your email address for verification.');
    await expectFieldError(page.getByLabel('Email Address'), 'Please provide your email address for verification.');
    await expectFieldError(page.getByLabel('Full name'), 'Please provide either your full name or artist name.', { focused: false });
    await expectFieldError(
      page.getByRole('textbox', { name: 'Profile link 2' }),
      'Profile links must be full web addresses starting with https:// or http://.',
      { focused: false },
    );
    await expectNoFieldError(page.getByRole('textbox', { name: 'Profile link 1' }));
    await screenshotsAtBothWidths(page, 'wizard-error-contact');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }

    // Fixing the first leaves the others; the next check focuses the first one still wrong.
    await page.getByLabel('Email Address').fill('errors@example.com');
    await nextButton(page).click();
    await expectErrorToast(page, 'Name required', 'Please provide either your full name or artist name.');
    await expectFieldError(page.getByLabel('Full name'), 'Please provide either your full name or artist name.');
    await page.getByLabel('Artist name').fill('Erin Errors');
    await page.getByRole('textbox', { name: 'Profile link 2' }).fill('https://erin.example');
    await nextButton(page).click();
    await expectStep(page, 7, 'Review and Submit');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  });
});
