// Manage my works (issue 18) in the browser: from a proof page the artist asks for a link, opens
// it from the development outbox, adds two resources (which earn nothing until proven), presses
// "Check again" (the one on the artist's own site links back: proven, the score rises), and the
// proof page shows both changes in its history; the log holds an 'updated' leaf whose inclusion
// proof verifies; the same link opened again is refused with a clear message.
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicWork } from '../../core/api-types';
import { LINK_PROOF_REASON_TEXTS } from '../../core/link-proof-texts';
import { MESSAGES } from '../../core/messages';
import { verifyProofBundle, type ProofBundle } from '../../core/tlog-verify';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { backlinkPage, startLinkSite, type LinkSite } from './link-pages';
import { linkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const RUN = Date.now();
const EMAIL = `manage-${RUN}@example.com`;
// The second test's artist: its link must not be taken for the first test's, which the outbox
// still holds (the link is mailed after the answer, so the newest message may not be there yet).
const WITHDRAWING_EMAIL = `withdraw-${RUN}@example.com`;

const registerOwnWork = (request: APIRequestContext, email = EMAIL) =>
  registerWork(request, {
    title: 'Harbour at Dawn',
    prompt: 'a quiet harbour at dawn, fishing boats, soft mist, oil painting',
    author_email: email,
    artist_name: 'Manage Tester',
    profile_links: ['https://www.instagram.com/manage-tester'],
  });

const scoreOf = async (page: Page) => Number((await page.getByTestId('trust-score').textContent())!.replace(/\D+/g, ''));

let site: LinkSite;
test.beforeAll(async () => {
  site = await startLinkSite();
});
test.afterAll(async () => {
  await site.close();
});

test('an artist manages a work through an e-mailed link', async ({ page, request, baseUrl }) => {
  // The whole journey (registration, three page states checked by axe, two log proofs): twice a
  // short test's time.
  test.setTimeout(60_000);
  const work = await registerOwnWork(request);

  await page.goto(`/verify/${work.id}`);
  await page.getByRole('link', { name: 'Manage this work' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await page.getByLabel('The e-mail address you registered with').fill(EMAIL);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.manageLinkSent.title })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await linkFromOutbox(EMAIL, '/manage');
  // A mail scanner opens the link first, scripts and all: that spends nothing (decision 0053).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: MESSAGES.manageOpenPage.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(link);
  await page.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();
  await expect(page.getByRole('heading', { name: 'Harbour at Dawn' })).toBeVisible();
  // The spent token leaves the address bar.
  await expect(page).toHaveURL(/\/manage$/);
  const before = await scoreOf(page);
  expect(before).toBe(work.trust_meter);

  // A post about the work on the artist's own site, whose page links back to the proof page, and
  // a profile the registry cannot reach. Added links earn nothing until proven (rubric v2).
  const post = site.url(`/harbour-at-dawn-${RUN}`);
  site.setPage(`/harbour-at-dawn-${RUN}`, backlinkPage(`${baseUrl}/verify/${work.registry_id}`, 'Harbour at Dawn'));
  for (const url of ['https://www.artstation.com/manage-tester', post]) {
    await page.getByLabel('Web address').fill(url);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Save resources' }).click();
  await expect(page.getByText(new RegExp(`Updated on .*: 2 resources added, score ${before}(?! →)`))).toBeVisible();
  expect(await scoreOf(page)).toBe(before);

  // "Check again" fetches the pages: the post is proven and the score rises.
  await page.getByRole('button', { name: 'Check again' }).click();
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.getByText(MESSAGES.manageLinksChecked.title, { exact: true })).toBeVisible({ timeout: 20_000 });
  const links = page.getByRole('region', { name: 'Resources of Harbour at Dawn' }).getByRole('listitem');
  await expect(links.filter({ hasText: post }).getByText(/^Proven, since \d{1,2} \w+ \d{4}$/)).toBeVisible();
  for (const unreachable of ['https://www.instagram.com/manage-tester', 'https://www.artstation.com/manage-tester'])
    await expect(links.filter({ hasText: unreachable }).getByText(`Not proven: ${LINK_PROOF_REASON_TEXTS.unreachable}`)).toBeVisible();
  await expect(page.getByText(/Updated on .*: 1 link proven, score \d+ → \d+/)).toBeVisible();
  const after = await scoreOf(page);
  expect(after).toBeGreaterThan(before);
  await page.getByText('Why this score').click();
  await expectNoAxeViolations(page);

  // Alerts are a setting, not a change to the record: the toast says what happened, not that it was logged (issue 35).
  await page.getByRole('button', { name: 'E-mail me about copies' }).click();
  await expect(toasts.getByText(MESSAGES.manageAlertsOn.title, { exact: true })).toBeVisible();
  await expect(toasts.getByText('We will e-mail you when someone registers a copy of this work.', { exact: true })).toBeVisible();
  await expect(toasts.getByText(/transparency log/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Stop e-mail alerts' }).click();
  await expect(toasts.getByText('We will no longer e-mail you about copies of this work.', { exact: true })).toBeVisible();

  // The proof page shows the history; the public record has the new score and reasons.
  await page.goto(`/verify/${work.id}`);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByText(new RegExp(`2 resources added, score ${before}(?! →)`))).toBeVisible();
  await expect(page.getByText(`1 link proven, score ${before} → ${after}`)).toBeVisible();
  const record = (await (await request.get(`/api/submissions/${work.id}`)).json()) as PublicWork;
  expect(record.trust_meter).toBe(after);
  expect(record.link_proofs.find((p) => p.url === post)?.state).toBe('proven');
  expect(record.trust.dimensions.source_depth.reasons.map((r) => r.text)).toEqual(
    expect.arrayContaining([
      '1 proven verification resource',
      '2 links not proven yet (the page does not link back to this registry)',
    ]),
  );

  // The log has an 'updated' leaf whose inclusion proof verifies against the signed checkpoint.
  const leafIndex = record.history[0].leaf_index!;
  const proof = (await (await request.get(`/api/log/proof/inclusion?leaf_index=${leafIndex}`)).json()) as ProofBundle;
  expect(JSON.parse(proof.leaf_canonical_json!)).toMatchObject({ event: 'updated', submission_id: work.id });
  const vkey = await (await request.get('/api/log/key')).text();
  expect(await verifyProofBundle(proof, vkey)).toMatchObject({ ok: true });

  // The same link again: refused, with the reason and the form to ask for a new one.
  await page.goto(link);
  // Opening the link spends nothing; the button does (decision 0053).
  await page.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.manageLinkUsed.description);
  await expect(page.getByLabel('The e-mail address you registered with')).toBeVisible();
});

test('withdrawing a work asks once more, and says what it did', async ({ page, request }) => {
  const work = await registerOwnWork(request, WITHDRAWING_EMAIL);
  await page.goto('/manage');
  await page.getByLabel('The e-mail address you registered with').fill(WITHDRAWING_EMAIL);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.manageLinkSent.title })).toBeVisible();
  await page.goto(await linkFromOutbox(WITHDRAWING_EMAIL, '/manage'));
  await page.getByRole('button', { name: MESSAGES.manageOpenButton.title }).click();

  const card = page.getByRole('article').filter({ hasText: work.registry_id });
  await card.getByText('Withdraw this work').click();
  await card.getByLabel(/^Why do you withdraw it\?/).fill('Registered twice by mistake');
  await card.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Withdraw this work?' })).toBeVisible();
  await expect(dialog).toContainText(
    'It leaves the public registry: its proof page, badge and API record are gone, and you cannot change it any more. ' +
      'The transparency log keeps its entries, so earlier proofs stay valid. An admin can restore it on request.',
  );
  await expectNoAxeViolations(page);
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep it public' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await request.get(`/api/submissions/${work.id}`)).status()).toBe(200);

  await card.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Withdraw ${work.registry_id}` })
    .click();
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.getByText('Work withdrawn', { exact: true })).toBeVisible();
  await expect(
    toasts.getByText('It is no longer in the public registry. The withdrawal is recorded in the transparency log.', { exact: true }),
  ).toBeVisible();
  expect((await request.get(`/api/submissions/${work.id}`)).status()).toBe(404);
});
