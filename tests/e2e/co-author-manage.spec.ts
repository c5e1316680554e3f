// Co-authors on the manage page (issue 33, decision 0064) in the browser: the artist signs in by
// the e-mailed link, sees the credited co-author "not invited", is told why a bad address is
// refused, asks the co-author by e-mail; the co-author opens the link from the development outbox
// and confirms; back on the manage page the co-author is "confirmed" and the score rose by the
// confirmed co-author points.
import type { Page } from '@playwright/test';
import { coAuthorAddressLabel, coAuthorManageStateText, MESSAGES } from '../../core/messages';
import { MESH_LINKAGE } from '../../server/submissions/trust/rubric';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromOutbox, newLinkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const RUN = Date.now();
const ARTIST = `co-author-artist-${RUN}@example.com`;
const CO_AUTHOR = `co-author-${RUN}@example.net`;

const scoreOf = async (page: Page) => Number((await page.getByTestId('trust-score').textContent())!.replace(/\D+/g, ''));

test('an artist asks a co-author from the manage page, who confirms by the e-mailed link', async ({ page, request }) => {
  test.setTimeout(60_000);
  const work = await registerWork(request, {
    title: 'Two Hands at Dusk',
    prompt: 'two painters at one easel at dusk, warm light, oil painting',
    author_email: ARTIST,
    artist_name: 'Duo Painter',
    co_authors: ['Nia Stone'],
  });

  await page.goto('/manage');
  await page.getByLabel('The e-mail address you registered with').fill(ARTIST);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.manageLinkSent.title })).toBeVisible();
  await page.goto(await linkFromOutbox(ARTIST, '/manage'));
  await page.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();

  const coAuthors = page.getByRole('region', { name: 'Co-authors of Two Hands at Dusk' });
  const row = coAuthors.getByTestId('co-author').filter({ hasText: 'Nia Stone' });
  await expect(row.getByTestId('co-author-state')).toHaveText(coAuthorManageStateText('not_invited'));
  const before = await scoreOf(page);
  expect(before).toBe(work.trust_meter);
  await expectNoAxeViolations(page);

  // A bad address: the server's words under the field, nothing sent.
  const address = row.getByLabel(coAuthorAddressLabel('Nia Stone'));
  await address.fill('not an address');
  await row.getByRole('button', { name: MESSAGES.coAuthorAsk.title }).click();
  await expect(row.getByText(MESSAGES.coAuthorEmailInvalid.description)).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  const link = await newLinkFromOutbox(CO_AUTHOR, '/co-author/confirm', async () => {
    await address.fill(CO_AUTHOR);
    await row.getByRole('button', { name: MESSAGES.coAuthorAsk.title }).click();
    await expect(page.locator('[data-sonner-toast]').getByText(MESSAGES.coAuthorInviteSent.title, { exact: true })).toBeVisible();
  });
  await expect(row.getByTestId('co-author-state')).toHaveText(coAuthorManageStateText('invited'));
  await expect(row.getByRole('button', { name: MESSAGES.coAuthorResend.title })).toBeVisible();
  // The address typed is not shown back, even to the artist.
  await expect(page.getByText(CO_AUTHOR)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The co-author opens the link (a new tab: the artist's session stays in this one) and confirms.
  const coAuthorPage = await page.context().newPage();
  await coAuthorPage.goto(link);
  await expect(coAuthorPage.getByText('I co-authored “Two Hands at Dusk”')).toBeVisible();
  await coAuthorPage.getByRole('button', { name: MESSAGES.coAuthorConfirmButton.title }).click();
  await expect(coAuthorPage.getByText(MESSAGES.coAuthorConfirmedDone.title)).toBeVisible();
  await expectNoAxeViolations(coAuthorPage);
  await coAuthorPage.close();

  await page.reload();
  await expect(row.getByTestId('co-author-state')).toHaveText(coAuthorManageStateText('confirmed'));
  await expect(row.getByRole('textbox')).toHaveCount(0);
  expect(await scoreOf(page)).toBe(before + MESH_LINKAGE.confirmedCoAuthors);
  await expectNoAxeViolations(page);

  // The proof page marks the co-author confirmed.
  await page.goto(`/verify/${work.id}`);
  await expect(page.getByText('(confirmed)')).toBeVisible();
});
