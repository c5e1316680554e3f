// A claim dispute in the browser (decision 0063): an address proves its page and claims an
// artist name; someone disputes the claim from the artist page, confirms it by the e-mailed
// link's page, and an admin upholds it in the console: the name is unclaimed again.
import { MESSAGES } from '../../core/messages';
import { UNCLAIMED_NAME_TEXT } from '../../core/status';
import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures';
import { proveLink, startLinkSite, type LinkSite } from './link-pages';
import { linkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const RUN = Date.now();

let site: LinkSite;
test.beforeAll(async () => {
  site = await startLinkSite();
});
test.afterAll(async () => {
  await site.close();
});

test('a claim is disputed from the artist page, confirmed by e-mail, and upheld by an admin', async ({ page, request, baseUrl }) => {
  test.setTimeout(120_000);
  const claimant = `impostor-${RUN}@example.com`;
  const disputer = `real-artist-${RUN}@example.com`;
  const artist = `Disputed Painter ${RUN}`;
  const pagePath = `/impostor-${RUN}`;
  const work = await registerWork(request, {
    title: 'Borrowed Name',
    prompt: 'a quiet harbour at dawn, fishing boats, soft watercolour washes',
    author_email: claimant,
    artist_name: artist,
    profile_links: [site.url(pagePath)],
  });
  const confirm = new URL(await linkFromOutbox(claimant, '/confirm-email'));
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await page.getByRole('button', { name: MESSAGES.emailConfirmButton.title }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${work.id}\\?email=verified$`));
  expect(
    (await proveLink(baseUrl, site, pagePath, { id: work.id, registry_id: work.registry_id, author_email: claimant }))
      .artist_confirmed,
  ).toBe(true);

  // The dispute, from the claimed name's page.
  await page.goto(`/artist/${encodeURIComponent(artist)}`);
  await page.getByRole('button', { name: MESSAGES.claimDisputeOpen.title }).click();
  await page.getByLabel('Your e-mail address (never shown publicly)').fill(disputer);
  await page.getByLabel(/Links that prove who you are/).fill('https://real-artist.example/about');
  await page.getByLabel('Explanation').fill('This is my name; my studio site has shown it since 2019.');
  await page.getByRole('button', { name: 'Send dispute' }).click();
  await expect(page.getByText(MESSAGES.claimDisputeFiled.description)).toBeVisible();
  await expectNoAxeViolations(page);

  // Confirmed on the page the e-mailed link opens.
  const link = new URL(await linkFromOutbox(disputer, '/artist-dispute/confirm'));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Confirm my dispute' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.claimDisputeConfirmed.title })).toBeVisible();

  // The admin upholds it.
  await signInAsAdmin(page);
  await page.goto('/admin/claim-disputes');
  const row = page.getByRole('row').filter({ hasText: artist });
  await expect(row.getByText(disputer)).toBeVisible();
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(claimant, { exact: true })).toBeVisible();
  await dialog.getByLabel('Admin notes').fill('The studio site predates the claim.');
  await dialog.getByRole('button', { name: 'Uphold' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText(MESSAGES.claimDisputeUpheld.title, { exact: true })).toBeVisible();
  await expect(row.getByText('Upheld (released)')).toBeVisible();

  await page.goto(`/artist/${encodeURIComponent(artist)}`);
  await expect(page.getByText(UNCLAIMED_NAME_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.claimDisputeOpen.title })).toHaveCount(0);
});
