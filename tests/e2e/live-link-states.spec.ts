// The receipts show each link's state live (issue 33). After the wizard, the proof page opens as
// the receipt: the link to the artist's (local) site turns "Not proven" by itself once the
// background check ends, with the back-link to copy and the way to Check again (the manage page:
// the receipt holds no manage capability). The artist puts the back-link on the site, presses
// Check again on the manage page in another tab, and the receipt, never reloaded, shows the link
// proven and the new score. The batch form's result list shows each work's links the same way.
import type { Page } from '@playwright/test';
import type { SubmissionCreated } from '../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { LINK_PROOF_REASON_TEXTS } from '../../core/link-proof-texts';
import { MESSAGES } from '../../core/messages';
import { trustStatus } from '../../core/status';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { backlinkPage, plainPage, proveLink, startLinkSite, type LinkSite } from './link-pages';
import { linkFromOutbox } from './outbox';
import { noisePng } from './register-work';

const RUN = Date.now();
const NOT_PROVEN = `Not proven: ${LINK_PROOF_REASON_TEXTS.no_link_back}`;
/** The day as pages write it ('28 November 2026', UTC), for "Proven, since …". */
const today = () =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
const scoreLine = (score: number) => `Trust score ${score}/100, ${trustStatus(score).label}`;

let site: LinkSite;
test.beforeAll(async () => {
  site = await startLinkSite();
});
test.afterAll(async () => {
  await site.close();
});

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test("the wizard's receipt shows the link not proven, live, then proven after Check again on the manage page", async ({
  page,
  context,
  baseUrl,
}) => {
  test.setTimeout(120_000);
  const email = `live-receipt-${RUN}@example.com`;
  const pagePath = `/receipt-${RUN}`;
  const link = site.url(pagePath);
  site.setPage(pagePath, plainPage('Harbour studio'));

  await page.goto('/fast-submit');
  await page.getByTestId('image-file-input').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await noisePng() });
  await expect(page.locator('[data-sonner-toast]').getByText('Ready for verification!', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await next(page);
  await page.getByLabel('Artwork Title').fill('Harbour at Dusk');
  await page.getByLabel('Prompt (optional)').fill('a quiet harbour at dusk, fishing boats, soft gouache');
  await next(page);
  await next(page);
  await page.getByLabel('AI tool used').selectOption('Midjourney');
  await next(page);
  await next(page);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Artist name').fill(`Harbour Painter ${RUN}`);
  await page.getByRole('textbox', { name: 'Profile link 1' }).fill(link);
  await next(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/submissions') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit to Ledger' }).click();
  const work = (await (await answered).json()) as SubmissionCreated;
  await expect(page).toHaveURL(`${baseUrl}/verify/${work.id}`);

  // The receipt: the state arrives by itself once the background check has fetched the page.
  const receipt = page.getByRole('region', { name: MESSAGES.receiptLinkStates.title });
  await expect(receipt.getByText(MESSAGES.receiptLinkStates.description, { exact: true })).toBeVisible();
  const links = receipt.getByRole('list', { name: `Links of ${work.registry_id}` });
  await expect(links.getByRole('listitem')).toHaveCount(1);
  await expect(links.getByText(link, { exact: true })).toBeVisible();
  await expect(links.getByText(NOT_PROVEN, { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(site.hits(pagePath)).toBe(1);
  await expect(receipt.getByTestId('live-trust-score')).toHaveText(scoreLine(work.trust_meter));
  expect(work.trust_meter).toBeLessThan(VERIFIED_THRESHOLD);
  // The back-link names the work's proof page; Check again is on the manage page.
  const backlink = `<a rel="me" href="${baseUrl}/verify/${work.registry_id}">My registered works</a>`;
  await expect(receipt.locator('code')).toHaveText(backlink);
  await expect(receipt.getByRole('button', { name: MESSAGES.backlinkHelp.title })).toBeVisible();
  await expect(receipt.getByText(MESSAGES.receiptCheckAgain.description, { exact: true })).toBeVisible();
  await expect(receipt.getByRole('link', { name: 'Check again on the manage page' })).toHaveAttribute('href', '/manage');
  await expectNoAxeViolations(page);

  // The artist puts the back-link on the site and presses Check again on the manage page, in another tab.
  site.setPage(pagePath, backlinkPage(`${baseUrl}/verify/${work.registry_id}`, 'Harbour studio'));
  const manage = await context.newPage();
  await manage.goto('/manage');
  await manage.getByLabel('The e-mail address you registered with').fill(email);
  await manage.getByRole('button', { name: 'Send me a link' }).click();
  await expect(manage.getByRole('heading', { name: MESSAGES.manageLinkSent.title })).toBeVisible();
  await manage.goto(await linkFromOutbox(email, '/manage'));
  await manage.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();
  const card = manage.getByRole('article').filter({ hasText: work.registry_id });
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(manage.locator('[data-sonner-toast]').getByText(MESSAGES.manageLinksChecked.title, { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  expect(site.hits(pagePath)).toBe(2);
  const after = Number((await card.getByTestId('trust-score').textContent())!.replace('Trust score ', ''));
  expect(after).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);

  // Back on the receipt, never reloaded: proven, the new score, and no back-link left to copy.
  await page.bringToFront();
  await expect(links.getByText(`Proven, since ${today()}`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(receipt.getByTestId('live-trust-score')).toHaveText(scoreLine(after));
  expect(trustStatus(after).label).not.toBe(trustStatus(work.trust_meter).label);
  await expect(links.getByText(NOT_PROVEN, { exact: true })).toHaveCount(0);
  await expect(receipt.locator('code')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the batch form's result list shows each work's links live, and one proven work's change alone", async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  const email = `live-batch-${RUN}@example.com`;
  const pagePath = `/batch-${RUN}`;
  const link = site.url(pagePath);
  site.setPage(pagePath, plainPage('Batch studio'));

  await page.goto('/fast-submit/batch');
  await page.getByLabel('Choose images (JPG, PNG or WebP)').setInputFiles([
    { name: `first-${RUN}.png`, mimeType: 'image/png', buffer: await noisePng() },
    { name: `second-${RUN}.png`, mimeType: 'image/png', buffer: await noisePng() },
  ]);
  await expect(page.getByText('2 of 50 chosen · 2 uploaded')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Use the file names as titles' }).click();
  await page.getByLabel('AI tool used').selectOption('Midjourney');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Artist name').fill(`Batch Painter ${RUN}`);
  await page.getByRole('textbox', { name: 'Profile link 1' }).fill(link);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/submissions/batch') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Register 2 works' }).click();
  const result = (await (await answered).json()) as { results: { status: string; work: SubmissionCreated }[] };
  const [first, second] = result.results.map((r) => r.work);
  await expect(page.getByTestId('batch-summary')).toHaveText('2 of 2 works registered.');

  const rowOf = (fileName: string) => page.getByTestId('batch-row').filter({ hasText: fileName });
  const firstLinks = rowOf(`first-${RUN}.png`).getByRole('list', { name: `Links of ${first.registry_id}` });
  const secondLinks = rowOf(`second-${RUN}.png`).getByRole('list', { name: `Links of ${second.registry_id}` });
  for (const links of [firstLinks, secondLinks]) {
    await expect(links.getByText(link, { exact: true })).toBeVisible();
    await expect(links.getByText(NOT_PROVEN, { exact: true })).toBeVisible({ timeout: 20_000 });
  }
  // Each work's own back-link, folded away under its row.
  const firstRow = rowOf(`first-${RUN}.png`);
  await firstRow.getByText(`How to prove the links of ${first.registry_id}`, { exact: true }).click();
  await expect(firstRow.locator('code')).toHaveText(
    `<a rel="me" href="${baseUrl}/verify/${first.registry_id}">My registered works</a>`,
  );
  await expect(firstRow.getByText(MESSAGES.receiptCheckAgain.description, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first work is proven (back-link to its proof page, Check again): its row changes by itself, the second's does not.
  const proved = await proveLink(baseUrl, site, pagePath, { id: first.id, registry_id: first.registry_id, author_email: email });
  await expect(firstLinks.getByText(`Proven, since ${today()}`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(firstRow.getByTestId('live-trust-score')).toHaveText(scoreLine(proved.trust_meter));
  await expect(secondLinks.getByText(NOT_PROVEN, { exact: true })).toBeVisible();
  await expect(rowOf(`second-${RUN}.png`).getByTestId('live-trust-score')).toHaveText(scoreLine(second.trust_meter));
  await expectNoAxeViolations(page);
});
