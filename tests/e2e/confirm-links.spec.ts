// The pages e-mailed confirmation links open (decision 0053), in the browser: opening the link
// confirms nothing (mail scanners open links); the button does, and the proof page says so. The
// links are read from the development outbox, as a developer would.
import type { APIRequestContext } from '@playwright/test';
import type { PublicWork } from '../../core/api-types';
import { MESSAGES } from '../../core/messages';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { linkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const RUN = Date.now();
const ARTIST = `confirm-artist-${RUN}@example.com`;
const WATCHER = `confirm-watcher-${RUN}@example.com`;

const registerOwnWork = (request: APIRequestContext) =>
  registerWork(request, { title: 'Lantern Street', artist_name: 'Confirm Tester', author_email: ARTIST });

const emailVerified = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`/api/submissions/${id}`)).json()) as PublicWork).email_verified;

test('the verification e-mail opens a page whose button verifies the address', async ({ page, request }) => {
  const work = await registerOwnWork(request);
  const link = new URL(await linkFromOutbox(ARTIST, '/confirm-email'));

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.emailConfirmPage.title })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await emailVerified(request, work.id)).toBe(false);

  await page.getByRole('button', { name: MESSAGES.emailConfirmButton.title }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${work.id}\\?email=verified$`));
  await expect(page.getByRole('status').filter({ hasText: 'E-mail address verified.' })).toBeVisible();
  expect(await emailVerified(request, work.id)).toBe(true);

  // The link again: the page says it was used.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: MESSAGES.emailConfirmButton.title }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.emailLinkInvalid.description);
});

test('a watch confirmation link of an older e-mail opens the page; its button starts the watch', async ({ page, request }) => {
  const work = await registerOwnWork(request);
  const asked = await request.post(`/api/submissions/${work.id}/watch`, { data: { email: WATCHER } });
  expect(asked.status()).toBe(202);
  const link = new URL(await linkFromOutbox(WATCHER, '/watch/confirm'));

  // The API link older e-mails carry lands on the same page and confirms nothing by itself.
  await page.goto(`/api/watch/confirm${link.search}`);
  await expect(page).toHaveURL(new RegExp(`/watch/confirm\\${link.search}$`));
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.watchConfirmPage.title })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: MESSAGES.watchConfirmButton.title }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${work.id}\\?watch=confirmed$`));
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.watchConfirmed.description })).toBeVisible();
});
