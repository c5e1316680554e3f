// The proof page (/verify/{id}) on works this file registers through the real API: the record,
// the trust breakdown, the log inclusion checked in the browser, copy and download actions, a
// private prompt, an incomplete work's advice, and the not-found screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { PublicWork, SubmissionCreated, UploadResponse } from '../../core/api-types';
import { INCOMPLETE_ADVICE, trustStatus } from '../../core/status';
import { picture } from '../fixtures/images';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

const RUN = Date.now().toString(36);
const ARTIST = `Proof Tester ${RUN}`;
const PUBLIC_TITLE = `Proof page study ${RUN}`;
const PUBLIC_PROMPT = `A copper lighthouse above a frozen harbour, aurora overhead, long exposure, ${RUN} palette`;
const PRIVATE_TITLE = `Proof private prompt ${RUN}`;
const PRIVATE_PROMPT = `Secret recipe words quokka${RUN} zeppelin`;
const INCOMPLETE_TITLE = `Proof incomplete ${RUN}`;

// Seeds far from other spec files' seeds, so no picture is taken for another's near duplicate.
let seed = 3_000_000 + (Number.parseInt(RUN.slice(-4), 36) % 100_000) * 10;

async function registerWork(
  request: APIRequestContext,
  fields: { title: string; prompt: string; prompt_visibility: 'public' | 'private'; profile_links: string[] },
): Promise<PublicWork> {
  seed += 1;
  const png = await picture({ width: 640, height: 480, seed }).png().toBuffer();
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: `proof-${seed}.png`, mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { upload_id } = (await upload.json()) as UploadResponse;
  const submission = await request.post('/api/submissions', {
    data: {
      upload_id,
      ...fields,
      tool: 'Midjourney',
      author_email: `proof-${RUN}@example.com`,
      author_full_name: 'Pia Proof-Tester',
      artist_name: ARTIST,
    },
  });
  expect(submission.status(), await submission.text()).toBe(201);
  const { id } = (await submission.json()) as SubmissionCreated;
  const record = await request.get(`/api/submissions/${id}`);
  expect(record.status()).toBe(200);
  return (await record.json()) as PublicWork;
}

let publicWork: PublicWork;
let privateWork: PublicWork;
let incompleteWork: PublicWork;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const links = [`https://portfolio.example/${RUN}`, `https://social.example/@proof${RUN}`];
    publicWork = await registerWork(request, {
      title: PUBLIC_TITLE,
      prompt: PUBLIC_PROMPT,
      prompt_visibility: 'public',
      profile_links: links,
    });
    privateWork = await registerWork(request, {
      title: PRIVATE_TITLE,
      prompt: PRIVATE_PROMPT,
      prompt_visibility: 'private',
      profile_links: links,
    });
    incompleteWork = await registerWork(request, {
      title: INCOMPLETE_TITLE,
      prompt: '',
      prompt_visibility: 'private',
      profile_links: [],
    });
  } finally {
    await request.dispose();
  }
});

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast.last()).toBeVisible();
  await expect(toast.last().getByText(description, { exact: true })).toBeVisible();
}

/** The status badge (its tooltip trigger): 'Documented · 67/100'. */
function statusBadge(page: Page, score: number) {
  return page.getByRole('button', { name: new RegExp(`^${trustStatus(score).label}\\W*${score}/100$`) });
}

const LOG_VERIFIED = /^Included in the public log as log entry #(\d+), verified in your browser$/;

test('shows the work, its status, the trust breakdown and a log inclusion verified in the browser', async ({ page }) => {
  await page.goto(`/verify/${publicWork.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PUBLIC_TITLE })).toBeVisible();
  await expect(page).toHaveTitle(`${PUBLIC_TITLE} by ${ARTIST} | VeriWork`);
  await expect(page.getByRole('link', { name: ARTIST }).first()).toHaveAttribute('href', `/artist/${encodeURIComponent(ARTIST)}`);
  await expect(page.getByText(`ID ${publicWork.id.slice(0, 8)}`)).toBeVisible();
  await expect(page.getByText(publicWork.registry_id, { exact: true }).first()).toBeVisible();
  await expect(statusBadge(page, publicWork.trust_meter)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Signal Strength' })).toHaveAttribute('aria-valuenow', String(publicWork.trust_meter));

  // Details: the SHA-256 shortened to 24 characters, and the AI-training choice next to the licence.
  await expect(page.getByText(`${publicWork.image_hash!.slice(0, 24)}…`)).toBeVisible();
  await expect(page.getByText('Reserved by the artist (text and data mining rights reserved)')).toBeVisible();

  // Prompt, and at most 12 semantic tokens.
  await expect(page.getByText(PUBLIC_PROMPT)).toBeVisible();
  const tokens = page.getByRole('list', { name: 'Semantic tokens' }).getByRole('listitem');
  await expect(tokens.first()).toHaveText('copper');
  expect(await tokens.count()).toBeLessThanOrEqual(12);

  // Trust breakdown: five dimensions, each with score / max, and every reason with its points.
  const breakdown = page.getByRole('region', { name: 'Trust Score Breakdown' });
  for (const [key, label] of [
    ['claim_clarity', 'Claim clarity'],
    ['source_depth', 'Source depth'],
    ['verification_logic', 'Verification logic'],
    ['temporal_context', 'Temporal context'],
    ['mesh_linkage', 'Mesh linkage'],
  ] as const) {
    const dimension = publicWork.trust.dimensions[key];
    const row = breakdown.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
    await expect(row.getByText(`${dimension.score} / ${dimension.max}`)).toBeVisible();
    for (const reason of dimension.reasons) await expect(row.getByText(reason.text, { exact: true })).toBeVisible();
  }

  // Resources open in a new tab without passing this page on.
  const resource = page.getByRole('region', { name: 'Verification Resources' }).getByRole('link').first();
  await expect(resource).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(resource).toHaveAttribute('target', '_blank');

  // The browser verified the inclusion proof: the entry is numbered by its leaf index (decision 0052).
  const logPanel = page.getByRole('region', { name: 'Transparency Log' });
  const verified = logPanel.getByText(LOG_VERIFIED);
  await expect(verified).toBeVisible({ timeout: 15_000 });
  await expect(verified).toHaveText(`Included in the public log as log entry #${publicWork.log_index}, verified in your browser`);

  await expect(page.getByRole('heading', { name: 'Proof of Authorship' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request removal' })).toHaveAttribute(
    'href',
    `/removal-request?url=${encodeURIComponent(publicWork.verify_url)}`,
  );
});

test('Copy URL puts the proof link on the clipboard and confirms it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/verify/${publicWork.registry_id}`);
  await page.getByRole('button', { name: 'Copy URL' }).click();
  await expectToast(page, 'Verification URL copied', 'Share this link to prove your authorship');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicWork.verify_url);

  await page.getByRole('button', { name: 'Copy prompt' }).click();
  await expectToast(page, 'Prompt copied', 'Prompt copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PUBLIC_PROMPT);
});

test('Copy badge code copies the HTML embed and View Details opens the submission details', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/verify/${publicWork.id}`);
  await page.getByRole('button', { name: 'Copy badge code' }).click();
  await expectToast(page, 'Badge code copied', 'Paste it into your website or profile.');
  const html = await page.evaluate(() => navigator.clipboard.readText());
  expect(html).toContain(`<a href="${publicWork.verify_url}"`);
  expect(html).toContain(`/badge/${publicWork.registry_id}.svg`);

  await page.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submission Details' });
  await expect(dialog.getByRole('heading', { name: PUBLIC_TITLE })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('downloads the large PNG badge as an 800×300 file named after the registry ID', async ({ page }) => {
  await page.goto(`/verify/${publicWork.id}`);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG 800×300 badge (large)' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${publicWork.registry_id}-badge-large.png`);
  const metadata = await sharp(await readFile(await download.path())).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 800, 300]);
  await expectToast(page, 'PNG downloaded', 'Badge image saved.');
});

test('a private prompt shows only the private notice and no semantic tokens', async ({ page }) => {
  await page.goto(`/verify/${privateWork.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRIVATE_TITLE })).toBeVisible();
  await expect(page.getByText('Prompt kept private by artist')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Semantic tokens' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(`quokka${RUN}`);
});

test('an incomplete work shows the amber advice box with how to reach Verified', async ({ page }) => {
  expect(incompleteWork.trust_meter).toBeLessThan(62);
  await page.goto(`/verify/${incompleteWork.id}`);
  await expect(statusBadge(page, incompleteWork.trust_meter)).toContainText('Incomplete');
  const advice = page.getByRole('note').filter({ hasText: 'How to reach Verified' });
  await expect(advice.getByText(INCOMPLETE_ADVICE)).toBeVisible();
  for (const tip of incompleteWork.trust.advice) await expect(advice.getByText(tip, { exact: true })).toBeVisible();
});

test("an unknown registry ID shows 'Submission Not Found' with a way back to the ledger", async ({ page }) => {
  await page.goto('/verify/VW-2000-999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Submission Not Found' })).toBeVisible();
  await expect(page.getByText("This Registry ID doesn't exist or the submission is private.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Public Ledger' }).click();
  await expect(page).toHaveURL(/\/ledger$/);
});

test('the proof page passes axe and is captured at 375 and 1280 px', async ({ page }) => {
  await page.goto(`/verify/${publicWork.id}`);
  await expect(page.getByText(LOG_VERIFIED)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'proof-page', 375);
  await saveScreenshot(page, 'proof-page', 1280);

  await page.goto(`/verify/${incompleteWork.id}`);
  await expect(page.getByText(LOG_VERIFIED)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'proof-page-incomplete', 1280);

  await page.goto('/verify/VW-2000-999999');
  await expect(page.getByRole('heading', { name: 'Submission Not Found' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'proof-not-found', 375);
});
