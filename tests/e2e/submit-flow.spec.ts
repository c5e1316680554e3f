// The artist's registration flow: the home page's quick-start form, the 7-step /fast-submit
// wizard, and the browser's own refusal of files the server would refuse (decisions 0007, 0008).
// Everything runs against the real server; images are real PNGs made with sharp.
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import type { FeaturedResponse, LedgerResponse, PublicWork, SubmissionCreated } from '../../core/api-types';
import { submissionRegisteredMessage } from '../../core/messages';
import { expect, expectNoAxeViolations, test, dismissToasts, screenshotsAtBothWidths } from './fixtures';
import { proveLink, startLinkSite, type LinkSite } from './link-pages';
import { registerWork } from './register-work';

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A PNG of random noise: a new SHA-256 every run, so no test meets an earlier run's duplicate. */
async function noisePng(name: string, width = 480, height = 360): Promise<FilePayload> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const SVG: FilePayload = {
  name: 'vector.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
};

/** 11 MB that start like a PNG: refused for its size, before the bytes are even looked at. */
const ELEVEN_MB: FilePayload = (() => {
  const buffer = Buffer.alloc(11 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return { name: 'huge.png', mimeType: 'image/png', buffer };
})();

/** A PNG signature followed by garbage: passes the type check, but no decoder can read it. */
const BROKEN_PNG: FilePayload = (() => {
  const buffer = Buffer.alloc(4096, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return { name: 'broken.png', mimeType: 'image/png', buffer };
})();

/** The toast with exactly this title and description; `type` is sonner's data-type ('error' = destructive). */
function toast(page: Page, title: string, description: string): Locator {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) })
    .filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) })
    .first();
}

async function expectErrorToast(page: Page, title: string, description: string): Promise<void> {
  const t = toast(page, title, description);
  await expect(t).toBeVisible();
  await expect(t).toHaveAttribute('data-type', 'error');
}

async function expectSuccessToast(page: Page, title: string, description: string): Promise<void> {
  const t = toast(page, title, description);
  await expect(t).toBeVisible();
  await expect(t).toHaveAttribute('data-type', 'success');
}

const imageInput = (page: Page) => page.getByTestId('image-file-input');
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue to Verification' });
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
const stepHeading = (page: Page) => page.locator('#wizard-step-title');

async function expectStep(page: Page, n: number, title: string): Promise<void> {
  await expect(page.getByTestId('wizard-step-indicator')).toHaveText(`Step ${n} of 7`);
  await expect(stepHeading(page)).toHaveText(title);
  const dots = page.getByRole('list', { name: 'Wizard progress' }).getByRole('listitem');
  await expect(dots).toHaveCount(7);
  await expect(dots.nth(n - 1)).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
}

test.describe('home quick-start form', () => {
  test('checks image, e-mail, e-mail pattern, name and title in that order, with a live title counter', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#submit');
    await expect(form.getByRole('heading', { name: "Submit Your Creation (It's Free!)" })).toBeVisible();
    await expect(form.getByText('Minimum verification threshold required')).toBeVisible();
    await expect(form.getByText('Supported: JPG, PNG, WebP (max 10MB)')).toBeVisible();
    await expect(form.getByText('Shown publicly as the artist name.')).toBeVisible();
    await expect(form.getByText("We'll send a verification link to this address.")).toBeVisible();
    await expect(form.getByText('Next step: add your prompt, select the AI tools you used and complete verification.')).toBeVisible();
    await expect(imageInput(page)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');

    await continueButton(page).click();
    await expectErrorToast(page, 'Image required', 'Please upload an image of your artwork.');

    const png = await noisePng('order-check.png');
    await imageInput(page).setInputFiles(png);
    await expectSuccessToast(page, 'Image loaded', `order-check.png (${Math.round(png.buffer.length / 1024)} KB)`);
    await expect(form.getByRole('img', { name: 'Preview of your artwork' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Change Image' })).toBeVisible();

    await continueButton(page).click();
    await expectErrorToast(page, 'Email required', 'Please provide your email address.');

    await form.getByLabel('Email Address').fill('not-an-email');
    await continueButton(page).click();
    await expectErrorToast(page, 'Invalid email', 'Please enter a valid email address.');

    await form.getByLabel('Email Address').fill('artist@example.com');
    await continueButton(page).click();
    await expectErrorToast(page, 'Name required', 'Please provide your name or artist name.');

    await form.getByLabel('Your Name').fill('Order Checker');
    await continueButton(page).click();
    await expectErrorToast(page, 'Title required', 'Please provide a title for your artwork.');

    const title = form.getByLabel('Artwork Title');
    await expect(form.getByText('0/200')).toBeVisible();
    await title.fill('Dusk');
    await expect(form.getByText('4/200')).toBeVisible();
    await title.fill('x'.repeat(250));
    await expect(title).toHaveValue('x'.repeat(200));
    await expect(form.getByText('200/200')).toBeVisible();
  });

  test("an image no decoder can read shows 'Processing failed' and continuing stops at 'Image required'", async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#submit');
    await imageInput(page).setInputFiles(BROKEN_PNG);
    await expectErrorToast(page, 'Processing failed', 'Could not process image. Please try again.');
    await expect(form.getByRole('img', { name: 'Preview of your artwork' })).toHaveCount(0);
    await form.getByLabel('Email Address').fill('artist@example.com');
    await form.getByLabel('Your Name').fill('Broken File');
    await form.getByLabel('Artwork Title').fill('Never processed');
    await continueButton(page).click();
    await expectErrorToast(page, 'Image required', 'Please upload an image of your artwork.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the browser refuses an SVG and an 11 MB file before anything is processed or uploaded', async ({ page }) => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uploads')) uploads.push(request.url());
    });

    await page.goto('/');
    await imageInput(page).setInputFiles(SVG);
    await expectErrorToast(page, 'Unsupported image type', 'Please upload a JPG, PNG or WebP image.');
    await imageInput(page).setInputFiles(ELEVEN_MB);
    await expectErrorToast(page, 'Image too large', 'Images can be at most 10 MB.');
    await expect(page.locator('#submit').getByRole('img', { name: 'Preview of your artwork' })).toHaveCount(0);

    await page.goto('/fast-submit');
    await expectStep(page, 1, 'Upload Your Artwork');
    await imageInput(page).setInputFiles(SVG);
    await expectErrorToast(page, 'Unsupported image type', 'Please upload a JPG, PNG or WebP image.');
    await imageInput(page).setInputFiles(ELEVEN_MB);
    await expectErrorToast(page, 'Image too large', 'Images can be at most 10 MB.');
    await nextButton(page).click();
    await expectErrorToast(page, 'Image required', 'Please upload an image first.');
    await expectStep(page, 1, 'Upload Your Artwork');
    expect(uploads).toEqual([]);
  });
});

test.describe('home featured works', () => {
  let site: LinkSite;
  test.beforeAll(async () => {
    site = await startLinkSite();
  });
  test.afterAll(async () => {
    await site.close();
  });

  test('shows up to 5 verified works linking to their proof pages and refetches when a work is proven to Verified', async ({
    page,
    request,
    baseUrl,
  }) => {
    test.setTimeout(60_000);
    // Seeded works prove no link, so none is Verified; works proven by other tests may be.
    const verifiedBefore = ((await (await request.get('/api/ledger')).json()) as LedgerResponse).total_verified;
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Verified Art' });
    await expect(featured.getByRole('heading', { name: 'Featured Verified Art' })).toBeVisible();
    await expect(featured.getByRole('link', { name: 'View all in the ledger' })).toHaveAttribute('href', '/ledger');
    const cards = page.getByTestId('featured-works').getByRole('link');
    if (verifiedBefore === 0) {
      await expect(featured.getByText('No verified works to feature yet.', { exact: true })).toBeVisible();
    } else {
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      expect(count).toBeLessThanOrEqual(5);
      for (let i = 0; i < count; i++) await expect(cards.nth(i)).toHaveAttribute('href', /^\/verify\/[0-9a-f-]{36}$/);
    }

    // Registered elsewhere with a prompt and a link to the artist's site: not Verified until the
    // link is proven, so the open page has nothing to fetch again yet.
    const title = `Live Lighthouse ${Date.now()}`;
    const email = `live-${Date.now()}@example.com`;
    const work = await registerWork(request, {
      title,
      prompt: 'a red lighthouse on a basalt cliff at sunset, dramatic storm clouds, crashing waves, oil on canvas',
      author_email: email,
      artist_name: 'Live Artist',
      profile_links: [site.url('/live-artist')],
    });
    expect(work.trust_meter).toBeLessThan(62);
    await expect(featured.getByText(title)).toHaveCount(0);

    // Its link proven, the work reaches Verified and the open home page fetches its list again.
    const refetch = page.waitForResponse((r) => r.url().endsWith('/api/featured'));
    const proved = await proveLink(baseUrl, site, '/live-artist', { id: work.id, registry_id: work.registry_id, author_email: email });
    expect(proved.trust_meter).toBeGreaterThanOrEqual(62);
    const { items } = (await (await refetch).json()) as FeaturedResponse;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    for (const item of items) expect(item.trust_meter).toBeGreaterThanOrEqual(62);
    // Up to 5 are drawn at random from all Verified works: this one is sure to be among them
    // while there are at most 5.
    if (verifiedBefore < 5) {
      expect(items.map((w) => w.id)).toContain(work.id);
      await expect(cards.filter({ hasText: title })).toHaveAttribute('href', `/verify/${work.id}`);
    }
    await expect(cards).toHaveCount(items.length);
  });
});

test.describe('fast-submit wizard', () => {
  test('a visitor registers a work from the home form through all seven steps and lands on its proof page', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Quiet Harbour ${Date.now()}`;
    const artist = `E2E Painter ${Date.now()}`;

    await page.goto('/');
    await screenshotsAtBothWidths(page, 'submit-home');
    const form = page.locator('#submit');
    await imageInput(page).setInputFiles(await noisePng('harbour.png', 640, 480));
    await expect(form.getByRole('img', { name: 'Preview of your artwork' })).toBeVisible();
    await form.getByLabel('Email Address').fill('painter@example.com');
    await form.getByLabel('Your Name').fill(artist);
    await form.getByLabel('Artwork Title').fill(title);
    await screenshotsAtBothWidths(page, 'submit-home-filled');
    await continueButton(page).click();

    // The draft skips step 1 and its image uploads at once.
    await expect(page).toHaveURL(/\/fast-submit$/);
    await expectStep(page, 2, 'Title and Prompt');
    await expectSuccessToast(page, 'Image uploaded', 'Ready for verification!');

    // Step 2: the title came with the draft; clearing it is refused.
    const titleInput = page.getByLabel('Artwork Title');
    await expect(titleInput).toHaveValue(title);
    await expect(page.getByText(`${title.length}/200`)).toBeVisible();
    await titleInput.fill('   ');
    await nextButton(page).click();
    await expectErrorToast(page, 'Title required', 'Please give your artwork a title.');
    await expectStep(page, 2, 'Title and Prompt');
    await titleInput.fill(title);
    const prompt = 'A quiet harbour at dusk, fishing boats with red sails, soft volumetric fog, oil painting';
    await page.getByLabel('Prompt (optional)').fill(prompt);
    await expect(page.getByText(`${prompt.length}/5000`)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
    await screenshotsAtBothWidths(page, 'submit-step-2');
    // Enter in a text field moves on one step, never submits the whole wizard; focus goes to the new heading.
    await titleInput.press('Enter');
    await expectStep(page, 3, 'Your Story');
    await expect(stepHeading(page)).toBeFocused();

    // Step 3: optional story.
    await page.getByLabel('Story and context').fill('Painted after a week by the sea.');
    await expect(page.getByText('32/2000')).toBeVisible();
    await screenshotsAtBothWidths(page, 'submit-step-3');
    await nextButton(page).click();

    // Step 4: a tool is required; 'Other' needs a name.
    await expectStep(page, 4, 'AI Tool');
    const toolSelect = page.getByLabel('AI tool used');
    await expect(toolSelect.locator('option')).toHaveCount(43); // placeholder + 42 tools
    await nextButton(page).click();
    await expectErrorToast(page, 'AI Tool required', 'Please select the AI tool you used to create this artwork.');
    await toolSelect.selectOption('Other');
    await nextButton(page).click();
    await expectErrorToast(page, 'Tool specification required', "Please specify which AI tool you used since you selected 'Other'.");
    await page.getByLabel('Which AI tool?').fill('Krea');
    await screenshotsAtBothWidths(page, 'submit-step-4');
    await nextButton(page).click();

    // Step 5: six boxes with their defaults, and the licence they give.
    await expectStep(page, 5, 'Permissions');
    for (const [label, checked] of [
      ['Allow AI training', false],
      ['Restrict usage', false],
      ['Remix allowed', false],
      ['No commercial use', false],
      ['Sensitive content', false],
      ['Must give credit', true],
    ] as const) {
      const box = page.getByRole('checkbox', { name: label });
      if (checked) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    await expect(page.getByTestId('derived-license')).toHaveText('CC BY-ND 4.0');
    await page.getByRole('checkbox', { name: 'No commercial use' }).check();
    await expect(page.getByTestId('derived-license')).toHaveText('CC BY-NC-ND 4.0');
    await page.getByRole('checkbox', { name: 'Remix allowed' }).check();
    await expect(page.getByTestId('derived-license')).toHaveText('CC BY-NC-SA 4.0');
    await screenshotsAtBothWidths(page, 'submit-step-5');
    await nextButton(page).click();

    // Step 6: contact, prefilled from the draft; each check once.
    await expectStep(page, 6, 'Contact and Profile Links');
    const email = page.getByLabel('Email Address');
    const artistName = page.getByLabel('Artist name');
    await expect(email).toHaveValue('painter@example.com');
    await expect(artistName).toHaveValue(artist);
    await email.fill('');
    await nextButton(page).click();
    await expectErrorToast(page, 'Email required', 'Please provide your email address for verification.');
    await email.fill('painter@example');
    await nextButton(page).click();
    await expectErrorToast(page, 'Invalid email', 'Please enter a valid email address.');
    await email.fill('painter@example.com');
    await artistName.fill('');
    await nextButton(page).click();
    await expectErrorToast(page, 'Name required', 'Please provide either your full name or artist name.');
    await page.getByLabel('Full name').fill('Erin Example');
    await artistName.fill(artist);

    // Profile links: 2 to start, up to 5, remove only while more than 2.
    const links = page.getByRole('textbox', { name: /^Profile link \d$/ });
    await expect(links).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Remove profile link/ })).toHaveCount(0);
    const addLink = page.getByRole('button', { name: 'Add profile link' });
    for (let i = 0; i < 3; i++) await addLink.click();
    await expect(links).toHaveCount(5);
    await expect(addLink).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove profile link 5' }).click();
    await expect(links).toHaveCount(4);
    await links.nth(0).fill('not a link');
    await nextButton(page).click();
    await expectErrorToast(
      page,
      'Invalid profile link',
      'Profile links must be full web addresses starting with https:// or http://.',
    );
    await links.nth(0).fill('https://portfolio.example/erin');
    await page.getByRole('button', { name: 'Add co-author' }).click();
    await page.getByRole('textbox', { name: 'Co-author 1' }).fill('Sam Second');
    await screenshotsAtBothWidths(page, 'submit-step-6');
    await nextButton(page).click();

    // Step 7: review everything, then submit.
    await expectStep(page, 7, 'Review and Submit');
    const review = page.locator('dl').last();
    for (const text of [
      title,
      prompt,
      'Krea',
      'CC BY-NC-SA 4.0',
      'painter@example.com',
      'Erin Example',
      artist,
      'https://portfolio.example/erin',
      'Sam Second',
    ]) {
      await expect(review.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await screenshotsAtBothWidths(page, 'submit-step-7');
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/submissions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();

    // The toast names the status the server gave the work (issue 17; its wording is unit-tested).
    const reached = submissionRegisteredMessage(((await (await registered).json()) as SubmissionCreated).trust_meter);
    await expectSuccessToast(page, reached.title, reached.description);
    await expect(page).toHaveURL(/\/verify\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const id = page.url().split('/verify/')[1]!;

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await screenshotsAtBothWidths(page, 'submit-proof-page');

    // What the server stored, through the public API.
    const work = (await (await request.get(`/api/submissions/${id}`)).json()) as PublicWork;
    expect(work.title).toBe(title);
    expect(work.artist_name).toBe(artist);
    expect(work.author_full_name).toBe('Erin Example');
    expect(work.tool).toBe('Krea');
    expect(work.artwork_license).toBe('CC BY-NC-SA 4.0');
    expect(work.prompt).toBe(prompt);
    expect(work.co_authors).toEqual(['Sam Second']);
    expect(work.permissions).toMatchObject({ no_commercial: true, remix_allowed: true, must_give_credit: true });
  });

  test("starting at step 1: 'Image required', upload progress and server facts, and 'Upload incomplete' while the upload runs", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/fast-submit');
    await expectStep(page, 1, 'Upload Your Artwork');
    await expect(page.getByText('Supported: JPG, PNG, WebP (max 10MB)')).toBeVisible();
    await screenshotsAtBothWidths(page, 'submit-step-1');
    await nextButton(page).click();
    await expectErrorToast(page, 'Image required', 'Please upload an image first.');

    // Hold the real upload until the wizard has reached the review step.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/uploads', async (route) => {
      await held;
      await route.continue();
    });

    await imageInput(page).setInputFiles(await noisePng('slow.png'));
    await expect(page.getByRole('progressbar', { name: 'Uploading image…' })).toBeVisible();
    await nextButton(page).click();
    await expectStep(page, 2, 'Title and Prompt');
    await page.getByLabel('Artwork Title').fill(`Slow Upload ${Date.now()}`);
    await nextButton(page).click();
    await nextButton(page).click();
    await page.getByLabel('AI tool used').selectOption('Midjourney');
    await nextButton(page).click();
    await nextButton(page).click();
    await page.getByLabel('Email Address').fill('slow@example.com');
    await page.getByLabel('Artist name').fill('Slow Uploader');
    await nextButton(page).click();
    await expectStep(page, 7, 'Review and Submit');
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();
    await expectErrorToast(page, 'Upload incomplete', 'Please wait for your image to finish uploading before submitting.');
    await expect(page).toHaveURL(/\/fast-submit$/);

    release();
    await expectSuccessToast(page, 'Image uploaded', 'Ready for verification!');
    await expect(page.getByText('SHA-256', { exact: true })).toBeVisible();

    // A refusal by the server is shown as 'Submission failed' with the server's own words. To get
    // one from the real server, the request names an upload that does not exist.
    await page.route('**/api/submissions', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, upload_id: '00000000-0000-4000-8000-000000000000' }) });
    });
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();
    await expectErrorToast(page, 'Submission failed', 'Please wait for your image to finish uploading before submitting.');
    await expect(page).toHaveURL(/\/fast-submit$/);
    await expect(page.getByRole('button', { name: 'Submit to Ledger' })).toBeEnabled();
  });

  test("a file the server cannot read shows 'Upload failed' with the server's message, and the server's facts for a good one", async ({
    page,
  }) => {
    await page.goto('/fast-submit');
    await imageInput(page).setInputFiles(BROKEN_PNG);
    await expectErrorToast(page, 'Upload failed', 'The file could not be read as an image. It may be damaged or incomplete.');
    await nextButton(page).click();
    await expectErrorToast(page, 'Upload failed', 'The file could not be read as an image. It may be damaged or incomplete.');
    await expectStep(page, 1, 'Upload Your Artwork');

    await dismissToasts(page);
    await imageInput(page).setInputFiles(await noisePng('good.png', 300, 200));
    await expectSuccessToast(page, 'Image uploaded', 'Ready for verification!');
    const status = page.getByTestId('upload-status');
    await expect(status.getByText('300 × 200 px')).toBeVisible();
    await expect(status.locator('dd.font-mono')).toHaveText(/^[0-9a-f]{24}…$/);
    await expect(status.getByText('Metadata found')).toBeVisible();
  });

  test('home and every wizard step have no axe violations at 375 px and 1280 px', async ({ freshPage: page }) => {
    test.setTimeout(90_000);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.locator('#submit form')).toBeVisible();
      await expectNoAxeViolations(page);

      // The previous width's draft is kept in the tab (issue 17): start this pass without it.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/fast-submit');
      await expectStep(page, 1, 'Upload Your Artwork');
      await expectNoAxeViolations(page);
      await imageInput(page).setInputFiles(await noisePng(`axe-${width}.png`, 200, 150));
      await expect(page.getByTestId('upload-status').getByText('Image uploaded', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      const fill: Record<number, () => Promise<void>> = {
        2: () => page.getByLabel('Artwork Title').fill('Axe check'),
        4: async () => {
          await page.getByLabel('AI tool used').selectOption('Other');
          await page.getByLabel('Which AI tool?').fill('Krea');
        },
        6: async () => {
          await page.getByLabel('Email Address').fill('axe@example.com');
          await page.getByLabel('Artist name').fill('Axe');
          await page.getByRole('button', { name: 'Add profile link' }).click();
          await page.getByRole('button', { name: 'Add co-author' }).click();
        },
      };
      for (let step = 2; step <= 7; step++) {
        await nextButton(page).click();
        await expect(page.getByTestId('wizard-step-indicator')).toHaveText(`Step ${step} of 7`);
        await fill[step]?.();
        await dismissToasts(page);
        await expectNoAxeViolations(page);
      }
    }
  });
});
