// The public removal-request form: its checks, the /verify/ link of a real work, the success
// screen with the 48-72 hour vetting time everywhere (decision 0006), and accessibility.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { LedgerResponse } from '../../core/api-types';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

function toast(page: Page, title: string, description: string): Locator {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) })
    .filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) })
    .first();
}

async function expectToast(page: Page, type: 'error' | 'success', title: string, description: string): Promise<void> {
  const t = toast(page, title, description);
  await expect(t).toBeVisible();
  await expect(t).toHaveAttribute('data-type', type);
}

/** A public work of the seeded ledger. */
async function seededWorkId(request: APIRequestContext): Promise<string> {
  const ledger = (await (await request.get('/api/ledger')).json()) as LedgerResponse;
  const [first] = ledger.items;
  if (!first) throw new Error('The ledger is empty: run the e2e suite through scripts/e2e.mjs, which seeds it');
  return first.id;
}

/** Screenshots at both widths, from the top, without toasts over the form. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page
    .locator('[data-sonner-toast] [data-close-button]')
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, 375);
  await saveScreenshot(page, name, 1280);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('removal request', () => {
  test('files a request for a seeded work by its proof URL, after the missing-field and e-mail checks', async ({
    page,
    request,
    baseUrl,
  }) => {
    const id = await seededWorkId(request);
    const proofUrl = `${baseUrl}/verify/${id}`;
    // The proof page can link here with its own address.
    await page.goto(`/removal-request?url=${encodeURIComponent(proofUrl)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Request Artwork Removal' })).toBeVisible();
    await expect(field(page, 'Artwork URL or Registry ID')).toHaveValue(proofUrl);
    await expect(page.getByText(`Registry ID detected: ${id}`)).toBeVisible();
    await expect(page.getByText('Legal notice')).toBeVisible();

    const submit = page.getByRole('button', { name: 'Submit Removal Request' });
    await submit.click();
    await expectToast(page, 'error', 'Missing Information', 'Please fill in all required fields.');

    await field(page, 'Full Name').fill('Rita Rights');
    await field(page, 'Email Address').fill('rita@example');
    await field(page, 'Reason for Removal').fill('I am the artist and did not register this work.');
    // Missing fields are reported before the e-mail pattern.
    await field(page, 'Artwork URL or Registry ID').fill('   ');
    await submit.click();
    await expect(toast(page, 'Missing Information', 'Please fill in all required fields.')).toBeVisible();
    await field(page, 'Artwork URL or Registry ID').fill(proofUrl);
    await submit.click();
    await expectToast(page, 'error', 'Invalid Email', 'Please enter a valid email address.');
    await field(page, 'Email Address').fill('rita@example.com');
    await field(page, 'Additional Information (optional)').fill('My portfolio shows the original from last year.');
    await screenshots(page, 'removal-form');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/removal-requests') && r.request().method() === 'POST'),
      submit.click(),
    ]);
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { submission_id: string | null }).submission_id).toBe(id);

    await expectToast(
      page,
      'success',
      'Request Submitted Successfully',
      'Our moderators will review your request within 48-72 hours.',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Request Submitted Successfully' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    const steps = page.getByRole('list').filter({ hasText: 'Moderator review' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(page.getByText('A moderator reviews your request and the artwork within 48-72 hours.')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('24 hours');
    await expect(page.getByRole('link', { name: 'Browse Verified Art' })).toHaveAttribute('href', '/ledger');
    await screenshots(page, 'removal-success');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    for (const label of [
      'Artwork URL or Registry ID',
      'Full Name',
      'Email Address',
      'Reason for Removal',
      'Additional Information (optional)',
    ]) {
      await expect(field(page, label)).toHaveValue('');
    }
  });

  test('the form has no axe violations at 375 px and 1280 px', async ({ freshPage: page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/removal-request');
      await expect(page.getByRole('heading', { level: 1, name: 'Request Artwork Removal' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
