// The public ledger, Quick View and the artist page, on the seeded ledger plus works this file
// registers through the real API (POST /api/uploads, POST /api/submissions).
import type { APIRequestContext, Page } from '@playwright/test';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { UNCLAIMED_NAME_TEXT } from '../../core/status';
import { picture } from '../fixtures/images';
import path from 'node:path';
import { SCREENSHOT_DIR, expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { linkSiteUrl, proveLink, startLinkSite } from './link-pages';

// One run id keeps this file's titles and artist unique in the shared e2e database.
const RUN = Date.now().toString(36);
const UNIQUE_WORD = `zephyr${RUN}`;
const ARTIST = `Ledger Tester ${RUN}`;
const FULL_NAME = 'Lena Ledger-Tester';
const EMAIL = `ledger-${RUN}@example.com`;
// The artist's own site (link-pages.ts): the target's page there links back, so it is proven.
const PORTFOLIO = linkSiteUrl(`/portfolio-${RUN}`);
const EXTERNAL = `https://social.example/@tester${RUN}`;
const TARGET_TITLE = `Lighthouse ${UNIQUE_WORD} study`;
const TARGET_PROMPT = `A lighthouse on a basalt cliff at dusk, volumetric fog, ${UNIQUE_WORD} palette`;
const PRIVATE_TITLE = `Private prompt piece ${RUN}`;
/** Works registered after the target, so that it sits on page 2 under 'newest' (12 per page). */
const LATER_WORKS = 13;
/** Every work this file registers: the target and the later ones, all by ARTIST. */
const RUN_WORKS = LATER_WORKS + 1;

interface CreatedWork extends SubmissionCreated {
  title: string;
}

let seedCounter = Number.parseInt(RUN.slice(-5), 36);

async function registerWork(
  request: APIRequestContext,
  fields: { title: string; prompt?: string; prompt_visibility?: 'public' | 'private' },
): Promise<CreatedWork> {
  seedCounter += 1;
  // A different picture per work, so no work is taken for a duplicate of another.
  const png = await picture({ width: 640, height: 480, seed: seedCounter }).png().toBuffer();
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: `work-${seedCounter}.png`, mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { upload_id } = (await upload.json()) as UploadResponse;

  const submission = await request.post('/api/submissions', {
    data: {
      upload_id,
      title: fields.title,
      prompt: fields.prompt ?? `Abstract study number ${seedCounter}, layered geometric shapes in saturated colours`,
      prompt_visibility: fields.prompt_visibility ?? 'public',
      tool: 'Midjourney',
      author_email: EMAIL,
      author_full_name: FULL_NAME,
      artist_name: ARTIST,
      profile_links: [PORTFOLIO, EXTERNAL],
    },
  });
  expect(submission.status(), await submission.text()).toBe(201);
  const created = { ...((await submission.json()) as SubmissionCreated), title: fields.title };
  runWorks.push(created);
  return created;
}

/** Every work this file registered, with the score the server gave it. */
const runWorks: CreatedWork[] = [];
/** The artist page's count line: all registered works, and those at or above the Verified threshold. */
const artistCountText = () =>
  `${RUN_WORKS} registered works, ${runWorks.filter((w) => w.trust_meter >= VERIFIED_THRESHOLD).length} verified`;

let target: CreatedWork;
let privateWork: CreatedWork;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(180_000);
  const baseUrl = testInfo.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL: baseUrl });
  const site = await startLinkSite();
  try {
    target = await registerWork(request, { title: TARGET_TITLE, prompt: TARGET_PROMPT });
    privateWork = await registerWork(request, { title: PRIVATE_TITLE, prompt_visibility: 'private' });
    for (let n = 1; n < LATER_WORKS; n++) await registerWork(request, { title: `Later work ${RUN} ${n}` });
    // The target's portfolio page links back to its proof page: proven, it reaches Verified (the
    // other works name the same page, which does not link to theirs).
    const proved = await proveLink(baseUrl, site, new URL(PORTFOLIO).pathname, { ...target, author_email: EMAIL });
    expect(proved.trust_meter).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);
    target.trust_meter = proved.trust_meter;
  } finally {
    await site.close();
    await request.dispose();
  }
});

/** The result cards of the ledger (not the chips inside them). */
const results = (page: Page) => page.getByRole('list', { name: 'Submissions' }).locator(':scope > li');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const cardTitle = (page: Page, title: string) => page.getByRole('link', { name: title, exact: true });

/** The card (list item) holding a work's title. */
function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: cardTitle(page, title) });
}

/** A toast with exactly this title and description (sonner renders both as text). */
async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast.last()).toBeVisible();
  await expect(toast.last().getByText(description, { exact: true })).toBeVisible();
}

async function openLedger(page: Page, query = ''): Promise<void> {
  await page.goto(`/ledger${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Public Verification Ledger' })).toBeVisible();
  await expect(
    page.getByText(/^Showing (\d+-\d+ of \d+ submissions|1 of 1 submission)$|^No submissions found matching your criteria$/),
  ).toBeVisible();
}

test.describe('ledger', () => {
  test('shows the header, its links, the counts and the status guide', async ({ page }) => {
    await openLedger(page);
    const links = page.getByRole('navigation', { name: 'Ledger' });
    await expect(links.getByRole('link', { name: 'Back to Submit' })).toHaveAttribute('href', '/');
    await expect(links.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/implementation');
    await expect(links.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');

    const ledger = (await (await page.request.get('/api/ledger')).json()) as { total: number; total_verified: number };
    // Seeded works prove no link: the Verified ones are those tests proved (this file's target at least).
    expect(ledger.total_verified).toBeGreaterThanOrEqual(1);
    const verifiedWorks = `${ledger.total_verified === 1 ? 'work' : 'works'}`;
    await expect(page.getByText(`${ledger.total_verified} verified ${verifiedWorks} in the ledger`)).toBeVisible();
    await expect(page.getByText(`Page 1 of ${Math.ceil(ledger.total / 12)}`)).toBeVisible();
    await expect(page.getByText(`Showing 1-12 of ${ledger.total} submissions`)).toBeVisible();
    await expect(results(page)).toHaveCount(12);

    const guide = page.getByRole('region', { name: 'Verification Status Guide' });
    for (const label of ['Provenance Strong', 'Traceable', 'Documented', 'Verified']) {
      await expect(guide.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(guide.getByText('Score 62-64')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('finds a work that sits on page 2 by searching a word of its title from page 1', async ({ page }) => {
    await openLedger(page);
    await expect(cardTitle(page, TARGET_TITLE)).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]cursor=[\w-]+/);
    await expect(cardTitle(page, TARGET_TITLE)).toBeVisible();
    await expect(page.getByText(/^Showing 13-\d+ of \d+ submissions$/)).toBeVisible();

    // Searching from page 2 goes back to page 1, over the whole ledger.
    await searchBox(page).fill(UNIQUE_WORD);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${UNIQUE_WORD}(&|$)`));
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByText('Showing 1 of 1 submission', { exact: true })).toBeVisible();
    // The header counts what the search found, and says the verified count is the whole ledger's (issue 35).
    await expect(page.getByText('1 work matches the search and filters', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ verified works? in the whole ledger$/)).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(cardTitle(page, TARGET_TITLE)).toHaveAttribute('href', `/verify/${target.id}`);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // The search is case-insensitive and matches the public prompt too.
    await searchBox(page).fill('BASALT ' + UNIQUE_WORD.toUpperCase());
    await expect(page).toHaveURL(/search=BASALT/);
    await expect(page.getByText('Showing 1 of 1 submission', { exact: true })).toBeVisible();
  });

  test('walks pages with Next and Previous through cursors in the URL, listing the works of the numbered pages', async ({ page }) => {
    const apiIds = async (n: number) =>
      ((await (await page.request.get(`/api/ledger?page=${n}`)).json()) as { items: { id: string }[] }).items.map(
        (w) => `/verify/${w.id}`,
      );
    const shownIds = async () => {
      const hrefs = await results(page)
        .locator('a[href^="/verify/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      return [...new Set(hrefs)];
    };
    const pager = page.getByRole('navigation', { name: 'Ledger pages' });
    const showsPage = async (n: number) => {
      await expect(page.getByText(new RegExp(`^Showing ${(n - 1) * 12 + 1}-${n * 12} of \\d+ submissions$`))).toBeVisible();
      await expect(pager.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'page');
      expect(await shownIds(), `page ${n}`).toEqual(await apiIds(n));
    };

    await openLedger(page);
    await showsPage(1);
    const cursors: string[] = [];
    for (const n of [2, 3]) {
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/ledger\?cursor=[\w-]+$/);
      await showsPage(n);
      cursors.push(new URL(page.url()).searchParams.get('cursor')!);
    }
    expect(new Set(cursors).size).toBe(2);

    // Back in the browser's history, then Previous, retrace the same pages.
    await page.goBack();
    await showsPage(2);
    await page.goForward();
    await showsPage(3);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await showsPage(2);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await showsPage(1);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // A cursor URL is shareable: opened afresh it shows the same page.
    await page.goto(`/ledger?cursor=${cursors[1]}`);
    await showsPage(3);
    await expectNoAxeViolations(page);
  });

  test('shows a card with status, tool, date, artist link, usage type, tag and its actions', async ({ page }) => {
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    const item = card(page, TARGET_TITLE);
    await expect(item.getByRole('link', { name: ARTIST })).toHaveAttribute('href', `/artist/${encodeURIComponent(ARTIST)}`);
    await expect(item.getByText('Midjourney')).toBeVisible();
    await expect(item.getByText('Personal Project')).toBeVisible();
    await expect(item.getByText('AI Art')).toBeVisible();
    await expect(item.getByRole('link', { name: /^Proof Page/ })).toHaveAttribute('href', `/verify/${target.id}`);
    await expect(item.getByRole('button', { name: /^Quick View/ })).toBeVisible();
    await expect(item.getByRole('button', { name: `Share ${TARGET_TITLE}` })).toBeVisible();
    await expect(item.getByRole('img', { name: TARGET_TITLE })).toHaveAttribute('width', /\d+/);
  });

  test('a filter or sort change resets the page to 1, and the view survives a reload', async ({ page }) => {
    await openLedger(page, '?page=2');
    await page.getByLabel('Sort by').selectOption('oldest');
    await expect(page).toHaveURL(/[?&]sort=oldest\b/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]cursor=[\w-]+/);
    await page.getByLabel('Tool').selectOption('Midjourney');
    await expect(page).toHaveURL(/[?&]tool=Midjourney\b/);
    await expect(page).not.toHaveURL(/[?&](page|cursor)=/);
    await searchBox(page).fill(RUN);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${RUN}\\b`));
    // The works of this run, oldest first: the target is the first card.
    await expect(page.getByText(`Showing 1-12 of ${RUN_WORKS} submissions`)).toBeVisible();
    await expect(results(page).first()).toContainText(TARGET_TITLE);

    await page.reload();
    await expect(page.getByText(`Showing 1-12 of ${RUN_WORKS} submissions`)).toBeVisible();
    await expect(searchBox(page)).toHaveValue(RUN);
    await expect(page.getByLabel('Tool')).toHaveValue('Midjourney');
    await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
    await expect(results(page).first()).toContainText(TARGET_TITLE);

    // Page 2 of the filtered view is a shareable URL too.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 13-${RUN_WORKS} of ${RUN_WORKS} submissions`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Showing 13-${RUN_WORKS} of ${RUN_WORKS} submissions`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test("shows the empty state, and 'Clear Filters' clears every filter (decision 0022)", async ({ page }) => {
    await openLedger(page);
    await searchBox(page).fill(`nothing-matches-${RUN}`);
    await page.getByLabel('Tool').selectOption('Midjourney');
    await page.getByLabel('Sort by').selectOption('status');
    await expect(page.getByText('No submissions found matching your criteria')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByLabel('Tool')).toHaveValue('');
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(page.getByText(/^Showing 1-12 of \d+ submissions$/)).toBeVisible();

    // Platform, tag and date are cleared too (tags-and-filters.spec.ts tries every empty state).
    await openLedger(page, `?search=nothing-${RUN}&tag=portrait&date=year&platform=API`);
    await expect(page.getByText('No submissions found matching your criteria')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('');
    await expect(page.getByText(/^Showing 1-12 of \d+ submissions$/)).toBeVisible();
  });

  test('share copies the proof link when the browser has no share sheet', async ({ page, context, baseUrl }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    await card(page, TARGET_TITLE)
      .getByRole('button', { name: `Share ${TARGET_TITLE}` })
      .click();
    await expectToast(page, 'Link copied', 'Share link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/verify/${target.id}`);
  });

  test('share opens the share sheet when there is one, and copies when it fails', async ({ page, context, baseUrl }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true });
      Object.defineProperty(Navigator.prototype, 'share', {
        value: async (data: unknown) => {
          calls.push(data);
          if (calls.length > 1) throw new DOMException('share failed', 'NotAllowedError');
        },
      });
    });
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    const share = card(page, TARGET_TITLE).getByRole('button', { name: `Share ${TARGET_TITLE}` });
    await share.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([{ url: `${baseUrl}/verify/${target.id}`, title: TARGET_TITLE }]);
    await expect(page.getByText('Link copied', { exact: true })).toHaveCount(0);

    await share.click();
    await expectToast(page, 'Link copied', 'Share link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/verify/${target.id}`);
  });
});

test.describe('Quick View', () => {
  test('shows every field after a short spinner, with copy actions and their toasts', async ({ page, context, baseUrl }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    const opener = card(page, TARGET_TITLE).getByRole('button', { name: /^Quick View/ });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Loading submission details' })).toBeVisible();
    await expectToast(page, 'Details loaded', 'Viewing comprehensive submission details');

    await expect(dialog.getByRole('img', { name: TARGET_TITLE })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: TARGET_TITLE })).toBeVisible();
    await expect(dialog.getByText(TARGET_PROMPT)).toBeVisible();
    await expect(dialog.getByRole('link', { name: ARTIST })).toHaveAttribute('href', `/artist/${encodeURIComponent(ARTIST)}`);
    await expect(dialog.getByText(FULL_NAME)).toBeVisible();
    await expect(dialog.getByText('Midjourney')).toBeVisible();
    await expect(dialog.getByText(target.id, { exact: true })).toBeVisible();
    await expect(dialog.getByText(target.registry_id, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Registered via Fast Submit')).toBeVisible();
    await expect(dialog.getByText('Public', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Personal Project')).toBeVisible();
    await expect(dialog.getByText('AI Art')).toBeVisible();
    await expect(dialog.getByRole('link', { name: new RegExp(`^${PORTFOLIO}`) })).toHaveAttribute('target', '_blank');
    await expect(dialog.getByRole('link', { name: new RegExp(`^${EXTERNAL}`) })).toHaveAttribute('rel', 'noopener noreferrer');
    const verifyUrl = `${baseUrl}/verify/${target.id}`;
    await expect(dialog.getByText(`Permanent link (ID ${target.id.slice(0, 8)}):`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: verifyUrl })).toHaveAttribute('href', verifyUrl);
    // 'Verified' may be claimed only at 62 or more: the target's proven link took it there.
    expect(target.trust_meter).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);
    await expect(dialog.getByText('Trust Ledger Verified')).toBeVisible();

    await dialog.getByRole('button', { name: 'Copy submission ID' }).click();
    await expectToast(page, 'ID copied', 'Submission ID copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(target.id);

    await dialog.getByRole('button', { name: 'Copy permanent link' }).click();
    await expectToast(page, 'DOI link copied', 'Permanent verification link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verifyUrl);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("says 'Failed to copy' when the clipboard refuses", async ({ page }) => {
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    await card(page, TARGET_TITLE)
      .getByRole('button', { name: /^Quick View/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await expect(dialog.getByText(target.id, { exact: true })).toBeVisible();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await dialog.getByRole('button', { name: 'Copy submission ID' }).click();
    await expectToast(page, 'Failed to copy', 'Please try again');
    // Shown as an error ('destructive'), not as a success.
    await expect(page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Failed to copy' })).toBeVisible();
  });

  test('shows the private-prompt notice instead of a private prompt', async ({ page }) => {
    await openLedger(page, `?search=${encodeURIComponent(PRIVATE_TITLE)}`);
    await card(page, PRIVATE_TITLE)
      .getByRole('button', { name: /^Quick View/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await expect(dialog.getByText(privateWork.id, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Prompt kept private by artist')).toBeVisible();
    await expect(dialog.getByText('Abstract study number')).toHaveCount(0);
  });
});

test.describe('artist page', () => {
  test('opens from a card and pages through 12 works at a time with sliding numbered buttons', async ({ page }) => {
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    await card(page, TARGET_TITLE).getByRole('link', { name: ARTIST }).click();
    await expect(page).toHaveURL(`/artist/${encodeURIComponent(ARTIST)}`);
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
    await expect(page.getByText(artistCountText())).toBeVisible();
    // Nobody proved this name (the address was never confirmed, decision 0061): the page says so,
    // and shows neither the full name nor the links typed with the works as the artist's.
    await expect(page.getByText(UNCLAIMED_NAME_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByText(FULL_NAME)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Portfolio/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^External Link/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Ledger' })).toHaveAttribute('href', '/ledger');

    const works = page.getByRole('region', { name: 'Artworks' }).getByRole('listitem');
    await expect(works).toHaveCount(12);
    await expect(works.first().getByRole('meter', { name: 'Signal Strength' })).toBeVisible();
    await expect(works.first().getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', /^\/verify\//);

    const pager = page.getByRole('navigation', { name: 'Artist pages' });
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(works).toHaveCount(2);
    // The target is the artist's oldest work: last on the last page.
    await expect(works.last().getByRole('link', { name: TARGET_TITLE, exact: true })).toHaveAttribute('href', `/verify/${target.id}`);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.reload();
    await expect(works).toHaveCount(2);
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(`/artist/${encodeURIComponent(ARTIST)}`);
    await expect(works).toHaveCount(12);
  });

  test("shows '0 registered works, 0 verified' and the empty text for an unknown artist", async ({ page }) => {
    await page.goto(`/artist/${encodeURIComponent(`Nobody ${RUN}`)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Nobody ${RUN}` })).toBeVisible();
    await expect(page.getByText('No registered works found for this artist.')).toBeVisible();
    await expect(page.getByText('0 registered works, 0 verified')).toBeVisible();
  });
});

test.describe('accessibility and layout', () => {
  test('the ledger has no axe violations at 1280 px and 375 px', async ({ freshPage: page }) => {
    await openLedger(page);
    await saveScreenshot(page, 'ledger', 1280);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'ledger', 375);
    await expectNoAxeViolations(page);
  });

  test('the Quick View dialog has no axe violations at 1280 px and 375 px', async ({ freshPage: page }) => {
    await openLedger(page, `?search=${UNIQUE_WORD}`);
    await card(page, TARGET_TITLE)
      .getByRole('button', { name: /^Quick View/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await expect(dialog.getByText('Registered via Fast Submit')).toBeVisible();
    // The dialog is fixed to the viewport: a viewport shot shows it as the visitor sees it.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ledger-quick-view-${width}.png`) });
      await expectNoAxeViolations(page);
    }
  });

  test('the artist page has no axe violations at 1280 px and 375 px', async ({ freshPage: page }) => {
    await page.goto(`/artist/${encodeURIComponent(ARTIST)}`);
    await expect(page.getByText(artistCountText())).toBeVisible();
    await saveScreenshot(page, 'artist', 1280);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'artist', 375);
    await expectNoAxeViolations(page);
  });
});
