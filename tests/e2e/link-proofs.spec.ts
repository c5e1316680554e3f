// Proving a link in the browser (issue 33): an artist registers a work with a link to their own
// site, sees it "Not proven" (the page does not link back) on the proof page and the manage page,
// puts the back-link the manage page gives on the site, presses "Check again" and sees the link
// "Proven" and the score rise to Verified; the proof page says the same. The site is a real HTTP
// server on loopback (link-pages.ts) that the server under test fetches through its guarded
// fetcher. A second test: after confirming the address, the proven page claims the artist name.
import type { Page } from '@playwright/test';
import type { PublicWork } from '../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { LINK_PROOF_REASON_TEXTS } from '../../core/link-proof-texts';
import { MESSAGES } from '../../core/messages';
import { ARTIST_CONFIRMED_TEXT, ARTIST_NOT_CONFIRMED_TEXT, trustStatus, UNCLAIMED_NAME_TEXT } from '../../core/status';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkState, plainPage, proveLink, startLinkSite, type LinkSite } from './link-pages';
import { linkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const RUN = Date.now();
const PROMPT = 'a lighthouse keeper reading by lamplight, storm outside the window, warm oil painting';
/** The day as pages write it ('28 November 2026', UTC), for "Proven, since …". */
const today = () =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

let site: LinkSite;
test.beforeAll(async () => {
  site = await startLinkSite();
});
test.afterAll(async () => {
  await site.close();
});

const record = async (baseUrl: string, page: Page, id: string) =>
  (await (await page.request.get(`${baseUrl}/api/submissions/${id}`)).json()) as PublicWork;

test('a link earns points once its page links back: not proven, back-link added, Check again, proven', async ({
  page,
  request,
  baseUrl,
}) => {
  // Two link checks, three pages checked by axe.
  test.setTimeout(90_000);
  const email = `link-proof-${RUN}@example.com`;
  const pagePath = `/portfolio-${RUN}`;
  const link = site.url(pagePath);
  site.setPage(pagePath, plainPage('Lamplight studio'));
  const work = await registerWork(request, {
    title: 'Keeper by Lamplight',
    prompt: PROMPT,
    author_email: email,
    artist_name: `Lamplight Painter ${RUN}`,
    profile_links: [link],
  });
  // At registration nothing is proven: a prompt and a typed link stay below Verified.
  expect(work.trust_meter).toBeLessThan(VERIFIED_THRESHOLD);
  // The check queued at registration fetched the page and found no link back.
  await expect.poll(() => linkState(baseUrl, work.id, link), { timeout: 20_000 }).toBe('not_proven');
  expect(site.hits(pagePath)).toBe(1);

  // The proof page says so, and that nobody proved the artist name.
  await page.goto(`/verify/${work.id}`);
  const notProven = `Not proven: ${LINK_PROOF_REASON_TEXTS.no_link_back}`;
  await expect(page.getByText(notProven, { exact: true })).toBeVisible();
  await expect(page.getByText(ARTIST_NOT_CONFIRMED_TEXT, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${trustStatus(work.trust_meter).label}\\W*${work.trust_meter}/100$`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The manage page: the link's state, the back-link to copy, and Check again.
  await page.getByRole('link', { name: 'Manage this work' }).click();
  await page.getByLabel('The e-mail address you registered with').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.manageLinkSent.title })).toBeVisible();
  await page.goto(await linkFromOutbox(email, '/manage'));
  await page.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();
  const card = page.getByRole('article').filter({ hasText: work.registry_id });
  await expect(card.getByRole('heading', { name: 'Keeper by Lamplight' })).toBeVisible();
  const score = card.getByTestId('trust-score');
  await expect(score).toHaveText(`Trust score ${work.trust_meter}`);
  await expect(card.getByText(notProven, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy the back-link' })).toBeVisible();
  // An unclaimed name: the back-link names the work's own proof page.
  const backlink = (await card.locator('code').textContent())!;
  expect(backlink).toBe(`<a rel="me" href="${baseUrl}/verify/${work.registry_id}">My registered works</a>`);
  await expectNoAxeViolations(page);

  // The artist puts the markup on their page, exactly as given, and presses Check again.
  site.setPage(
    pagePath,
    `<!doctype html><html><head><title>Lamplight studio</title></head><body><h1>Lamplight studio</h1>${backlink}</body></html>`,
  );
  await card.getByRole('button', { name: 'Check again' }).click();
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.getByText(MESSAGES.manageLinksChecked.title, { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(site.hits(pagePath)).toBe(2);
  const proven = `Proven, since ${today()}`;
  await expect(card.getByText(proven, { exact: true })).toBeVisible();
  const after = (await record(baseUrl, page, work.id)).trust_meter;
  expect(after).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);
  await expect(score).toHaveText(`Trust score ${after}`);
  await expect(card.getByText(new RegExp(`: 1 link proven, score ${work.trust_meter} → ${after}$`))).toBeVisible();
  await expect(card.getByText(notProven, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The proof page: proven, the new score and status, and the change in its history.
  await page.goto(`/verify/${work.id}`);
  await expect(page.getByText(proven, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${trustStatus(after).label}\\W*${after}/100$`) })).toBeVisible();
  expect(trustStatus(after).label).not.toBe(trustStatus(work.trust_meter).label);
  await expect(page.getByText(`1 link proven, score ${work.trust_meter} → ${after}`)).toBeVisible();
});

test('a confirmed address whose page proves a link claims the artist name, and the artist page shows it', async ({
  page,
  request,
  baseUrl,
}) => {
  test.setTimeout(90_000);
  const email = `claimant-${RUN}@example.com`;
  const artist = `Claimed Painter ${RUN}`;
  const pagePath = `/about-${RUN}`;
  const work = await registerWork(request, {
    title: 'Tidal Study',
    prompt: PROMPT,
    author_email: email,
    artist_name: artist,
    profile_links: [site.url(pagePath)],
  });

  // Unclaimed: the artist page says nobody proved the name.
  await page.goto(`/artist/${encodeURIComponent(artist)}`);
  await expect(page.getByText(UNCLAIMED_NAME_TEXT, { exact: true })).toBeVisible();

  // The address is confirmed (the button of the e-mailed page), then the page is proven.
  const confirm = new URL(await linkFromOutbox(email, '/confirm-email'));
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await page.getByRole('button', { name: MESSAGES.emailConfirmButton.title }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${work.id}\\?email=verified$`));
  const proved = await proveLink(baseUrl, site, pagePath, { id: work.id, registry_id: work.registry_id, author_email: email });
  expect(proved.trust_meter).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);
  // The claim is made by the same check that proved the link.
  expect(proved.artist_confirmed).toBe(true);

  await page.goto(`/verify/${work.id}`);
  await expect(page.getByText(ARTIST_CONFIRMED_TEXT, { exact: true })).toBeVisible();
  await page.goto(`/artist/${encodeURIComponent(artist)}`);
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await expect(page.getByText(UNCLAIMED_NAME_TEXT, { exact: true })).toHaveCount(0);
  const provenPages = page.getByRole('list', { name: 'Proven pages of the artist' });
  await expect(provenPages.getByRole('listitem')).toHaveCount(1);
  await expect(provenPages.getByRole('listitem')).toHaveText(`artist-site.test:${new URL(site.url('/')).port}✓ proven ${today()}`);
  await expect(page.getByText('1 registered work, 1 verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tidal Study', exact: true })).toHaveAttribute('href', `/verify/${work.id}`);
  await expectNoAxeViolations(page);
});
