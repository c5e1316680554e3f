// Issue 17, item 3: no page calls a work below the Verified threshold (62) 'verified'. A work
// registered without prompt or links scores low; the toast after registering, its proof page,
// Quick View, its artist page, the crawler heads, the reports, the badge and oEmbed say what is
// true of it: registered, status Incomplete.
import type { Page } from '@playwright/test';
import type { SubmissionCreated } from '../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { noisePng, registerWork } from './register-work';

const RUN = Date.now().toString(36);

/**
 * Sentences that contain 'verified' without calling this work verified: the goal it has not
 * reached, facts about other things (an e-mail address, the log proof checked in the browser)
 * and the artist's count of verified works when it is zero.
 */
const TRUE_MENTIONS = [
  /how to reach verified/gi,
  /the verified threshold/gi,
  /below verified/gi,
  /e-mail verified/gi,
  /\b0 verified\b/g,
  /verified in your browser/gi,
];

/** Every 'verified' in the text that is not one of the true mentions above, with its context. */
function verifiedClaims(text: string): string[] {
  let rest = text;
  for (const mention of TRUE_MENTIONS) rest = rest.replace(mention, '');
  return [...rest.matchAll(/.{0,60}\bverified\b.{0,60}/gis)].map((m) => m[0].replace(/\s+/g, ' '));
}

/** The description meta tags and JSON-LD a crawler reads in the server-rendered HTML. */
function crawlerTexts(html: string): string {
  const metas = [...html.matchAll(/<meta (?:name|property)="(?:description|og:description|twitter:description)" content="([^"]*)"/g)];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return [...metas.map((m) => m[1]), ...jsonLd.map((m) => m[1]), html.replace(/<[^>]+>/g, ' ')].join('\n');
}

async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

function toast(page: Page, title: string, description: string) {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) })
    .filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) });
}

test.describe('status wording after registering a low-score work', () => {
  test("the toast says 'registered, status Incomplete', the proof page 'Registered via Fast Submit', the artist page 'N registered works, M verified'", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const artist = `Wording Artist ${RUN}`;
    const title = `Unverified study ${RUN}`;

    await page.goto('/fast-submit');
    // The wizard refuses to submit while the image is still uploading ('Upload incomplete').
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
    await page
      .getByTestId('image-file-input')
      .setInputFiles({ name: 'low-score.png', mimeType: 'image/png', buffer: await noisePng() });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Artwork Title').fill(title);
    // No prompt, no story, no links: the weakest honest registration.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('AI tool used').selectOption('Midjourney');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Email Address').fill('wording@example.com');
    await page.getByLabel('Artist name').fill(artist);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('wizard-step-indicator')).toHaveText('Step 7 of 7');

    expect((await uploaded).status()).toBe(201);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/submissions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit to Ledger' }).click();
    const created = (await (await response).json()) as SubmissionCreated;
    expect(created.trust_meter, 'a work without prompt or links stays below the Verified threshold').toBeLessThan(VERIFIED_THRESHOLD);
    expect(created.status).toBe('Incomplete');

    await expect(
      toast(page, 'Registered', 'Your artwork is registered, status Incomplete — see how to reach Verified.'),
    ).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /has been verified/ })).toHaveCount(0);

    // The proof page: the method, the status, and the way to Verified the toast points to.
    await expect(page).toHaveURL(`/verify/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details', exact: true });
    await expect(details.getByText('Registered via Fast Submit', { exact: true })).toBeVisible();
    await expect(page.getByText('How to reach Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Verified via Fast Submit')).toHaveCount(0);
    await saveScreenshot(page, 'status-wording-proof', 375);
    await saveScreenshot(page, 'status-wording-proof', 1280);

    // The artist page counts the work as registered, not verified.
    await page.getByRole('link', { name: artist }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
    await expect(page.getByText('1 registered work, 0 verified', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'status-wording-artist', 375);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'status-wording-artist', 1280);
    await expectNoAxeViolations(page);
  });

  test("no page, head, report, badge or oEmbed calls a work below 62 'verified'", async ({ page, request, baseUrl }) => {
    test.setTimeout(90_000);
    const artist = `Claims Artist ${RUN}`;
    const title = `Claims check ${RUN}`;
    const work = await registerWork(request, { title, artist_name: artist });
    expect(work.trust_meter).toBeLessThan(VERIFIED_THRESHOLD);

    // Proof page, as a visitor sees it once the log proof has been checked.
    await page.goto(`/verify/${work.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/verified in your browser/)).toBeVisible();
    await expect(page.getByText(/^Incomplete\b/).first()).toBeVisible();
    await expect(page.getByText('How to reach Verified', { exact: true })).toBeVisible();
    expect(verifiedClaims(await mainText(page)), 'proof page').toEqual([]);
    await expectNoAxeViolations(page);

    // Quick View from the proof page's 'View Details'.
    await page.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await expect(dialog.getByText('Trust Ledger: Incomplete')).toBeVisible();
    await expect(dialog.getByText('Registered via Fast Submit', { exact: true })).toBeVisible();
    expect(verifiedClaims(await dialog.innerText()), 'Quick View').toEqual([]);
    await page.keyboard.press('Escape');

    // Artist page.
    await page.goto(`/artist/${encodeURIComponent(artist)}`);
    await expect(page.getByText('1 registered work, 0 verified', { exact: true })).toBeVisible();
    expect(verifiedClaims(await mainText(page)), 'artist page').toEqual([]);

    // What crawlers, embedders and downloaders get.
    const proofUrl = `${baseUrl}/verify/${work.id}`;
    const texts: [string, string][] = [
      ['proof page head', crawlerTexts(await (await request.get(`/verify/${work.id}`)).text())],
      ['artist page head', crawlerTexts(await (await request.get(`/artist/${encodeURIComponent(artist)}`)).text())],
      ['oEmbed', await (await request.get(`/oembed?url=${encodeURIComponent(proofUrl)}&format=json`)).text()],
      ['text report', await (await request.get(`/api/submissions/${work.id}/report.txt`)).text()],
      ['JSON-LD export', await (await request.get(`/api/submissions/${work.id}/proof.jsonld`)).text()],
      ['bundle list', await (await request.get(`/api/submissions/${work.id}/bundle.txt`)).text()],
      ['live badge', await (await request.get(`/badge/${work.registry_id}.svg`)).text()],
    ];
    for (const [name, text] of texts) {
      expect(text.length, `${name} answered`).toBeGreaterThan(0);
      expect(verifiedClaims(text), name).toEqual([]);
    }
    expect(texts.find(([name]) => name === 'text report')?.[1]).toContain('Registered via Fast Submit');
  });
});
