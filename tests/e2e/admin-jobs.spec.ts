// The admin queue page (decision 0058): a verification e-mail that cannot be written (the e2e server
// writes mail to DATA_DIR/outbox, here replaced by a plain file) fails its tries and shows on
// /admin/jobs with its error; once the outbox is back, the admin's retry sends it and the page
// shows the job completed. Checked with axe at 1280 and 375 px.
import fs from 'node:fs';
import path from 'node:path';
import { expect, signInAsAdmin, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { linkFromOutbox } from './outbox';
import { registerWork } from './register-work';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

test('a failed e-mail job shows on the queue page with its error, and the retry sends it', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const address = `queue-${stamp}@example.com`;
  const aside = `${outbox()}-aside-${stamp}`;
  // The outbox becomes a file: writing a message into it fails (ENOTDIR) until it is a folder again.
  if (fs.existsSync(outbox())) fs.renameSync(outbox(), aside);
  fs.writeFileSync(outbox(), 'not a folder');
  try {
    await registerWork(page.request, { title: `Queued Mail ${stamp}`, artist_name: 'Queue Tester', author_email: address });

    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin links' }).getByRole('link', { name: 'Job Queue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Job Queue' })).toBeVisible();

    // The page reloads itself; the job fails its two tries within a few seconds.
    const failed = page.getByRole('region', { name: 'Failed jobs' });
    await expect(failed.getByRole('row').filter({ hasText: 'ENOTDIR' }).first()).toBeVisible({ timeout: 30_000 });
    const row = failed.getByRole('row').filter({ hasText: 'ENOTDIR' }).first();
    await expect(row.getByRole('cell').nth(0)).toHaveText('mail');
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    const mailKind = page.getByRole('region', { name: 'Jobs per kind' }).getByRole('row', { name: /^mail / });
    await expect(mailKind.getByRole('cell').nth(2)).not.toHaveText('0');
    // The job's data (the address) is never shown.
    await expect(page.getByText(address)).toHaveCount(0);

    await expect(page.locator('[aria-busy="true"], [role="status"]')).toHaveCount(0);
    await saveScreenshot(page, 'admin-jobs-failed', 1280);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-jobs-failed', 375);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The outbox is a folder again: every failed job's retry now succeeds.
    fs.rmSync(outbox());
    if (fs.existsSync(aside)) fs.renameSync(aside, outbox());
    const before = await failed.getByRole('row').count();
    await row.getByRole('button', { name: 'Retry failed mail job' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Job queued again', { exact: true })).toBeVisible();
    await expect(failed.getByRole('row').or(page.getByText('No job has failed.'))).not.toHaveCount(before, { timeout: 20_000 });
    await linkFromOutbox(address, '/confirm-email');
  } finally {
    if (fs.existsSync(outbox()) && fs.statSync(outbox()).isFile()) fs.rmSync(outbox());
    if (fs.existsSync(aside)) fs.renameSync(aside, outbox());
  }
});
