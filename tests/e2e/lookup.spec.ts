// 'Verify a file' (/lookup): a visitor checks an image file against the ledger. Works are
// registered through the real API; the files checked are made here with sharp.
import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { picture } from '../fixtures/images';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

const RUN = Date.now().toString(36);
const TITLE = `Lookup original ${RUN}`;
const ARTIST = `Lookup Tester ${RUN}`;
// Seeds far from other spec files' seeds, so unrelated works never look alike.
const SEED = 5_000_000 + (Number.parseInt(RUN.slice(-4), 36) % 100_000) * 10;

let original: Buffer;
let work: SubmissionCreated;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    original = await picture({ width: 800, height: 600, seed: SEED }).png().toBuffer();
    const upload = await request.post('/api/uploads', {
      multipart: { file: { name: 'original.png', mimeType: 'image/png', buffer: original } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { upload_id } = (await upload.json()) as UploadResponse;
    const submission = await request.post('/api/submissions', {
      data: {
        upload_id,
        title: TITLE,
        prompt: 'Geometric study in overlapping translucent shapes',
        prompt_visibility: 'public',
        tool: 'Midjourney',
        author_email: `lookup-${RUN}@example.com`,
        author_full_name: 'Lou Lookup',
        artist_name: ARTIST,
        profile_links: [`https://portfolio.example/lookup-${RUN}`, `https://social.example/@lookup${RUN}`],
      },
    });
    expect(submission.status(), await submission.text()).toBe(201);
    work = (await submission.json()) as SubmissionCreated;
  } finally {
    await request.dispose();
  }
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function checkFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByTestId('lookup-file-input').setInputFiles(file);
}

test('a resized, re-encoded copy finds the registered original as a near duplicate', async ({ page }) => {
  const copy = await sharp(original).resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer();
  await page.goto('/lookup');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a File' })).toBeVisible();
  await expect(page.getByText('is not stored')).toBeVisible();
  await checkFile(page, { name: 'copy.jpg', mimeType: 'image/jpeg', buffer: copy });

  await expect(page.getByRole('heading', { name: 'Result for copy.jpg' })).toBeVisible();
  await expect(page.getByText(sha256(copy), { exact: true })).toBeVisible();
  const near = page.getByRole('list', { name: 'Near duplicates' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(near.getByRole('link', { name: TITLE })).toHaveAttribute('href', `/verify/${work.id}`);
  await expect(near.getByRole('link', { name: ARTIST })).toBeVisible();
  await expect(near.getByText(/differs in ([0-9]|10) of 64 bits/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Exact matches' })).toHaveCount(0);

  await saveScreenshot(page, 'lookup-near-duplicate', 375);
  await saveScreenshot(page, 'lookup-near-duplicate', 1280);
  await expectNoAxeViolations(page);
});

test('the original file is an exact match, marked as registered first', async ({ page }) => {
  await page.goto('/lookup');
  await checkFile(page, { name: 'original.png', mimeType: 'image/png', buffer: original });
  await expect(page.getByText(sha256(original), { exact: true })).toBeVisible();
  const exact = page.getByRole('list', { name: 'Exact matches' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(exact).toHaveCount(1);
  await expect(exact.getByText('Registered first')).toBeVisible();
  await expect(exact.getByText(work.registry_id)).toBeVisible();
});

test('an unrelated image matches nothing', async ({ page }) => {
  // Another seeded picture from this file's range, never registered: a different picture.
  const unrelated = await picture({ width: 640, height: 480, seed: SEED + 5 })
    .png()
    .toBuffer();
  await page.goto('/lookup');
  await checkFile(page, { name: 'unrelated.png', mimeType: 'image/png', buffer: unrelated });
  await expect(page.getByText('No registered work matches this image.')).toBeVisible();
  await saveScreenshot(page, 'lookup-no-match', 1280);
});

test('a file that is not a JPG, PNG or WebP is refused in the browser', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/lookup')) posted = true;
  });
  await page.goto('/lookup');
  await checkFile(page, {
    name: 'drawing.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Unsupported image type.' })).toContainText(
    'Please upload a JPG, PNG or WebP image.',
  );
  expect(posted).toBe(false);
});

test('the drop zone opens the file chooser from the keyboard', async ({ page }) => {
  // Listened for before the page loads: Playwright turns the browser's file-chooser interception on
  // when the first listener comes, without waiting, so a key pressed at once may reach a page not yet
  // intercepted and the chooser opens unseen (on a loaded machine it did).
  const chooser = page.waitForEvent('filechooser');
  await page.goto('/lookup');
  const zone = page.getByRole('button', { name: 'Choose an image, or drop it here' });
  await zone.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'original.png', mimeType: 'image/png', buffer: original });
  await expect(page.getByRole('list', { name: 'Exact matches' }).getByRole('link', { name: TITLE })).toBeVisible();
});
