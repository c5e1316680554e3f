// Issue 17, item 4, for the home page's quick-start form and the removal request form: a failed
// check keeps its toast, and every field at fault shows its message under it, carries
// aria-invalid and points at the message with aria-describedby; focus moves to the first one.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { noisePng } from './register-work';

function toast(page: Page, title: string, description: string): Locator {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) })
    .filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) });
}

/** The control is invalid, its first description is `message`, and that message is shown right below it. */
async function expectFieldError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const errorId = ((await control.getAttribute('aria-describedby')) ?? '').split(' ')[0];
  expect(errorId, 'aria-describedby names the message first').not.toBe('');
  const error = control.page().locator(`[id="${errorId}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
  // Both boxes in one go: focus moving to the first field may scroll the page in between.
  const gap = await control.evaluate((element, id) => {
    const message = document.getElementById(id)!.getBoundingClientRect();
    return message.top - element.getBoundingClientRect().bottom;
  }, errorId);
  expect(gap, 'the message stands right under its field').toBeGreaterThanOrEqual(0);
  expect(gap, 'the message stands right under its field').toBeLessThan(24);
}

async function expectFieldValid(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute('aria-invalid', 'true');
}

test.describe('quick-start form on the home page', () => {
  for (const width of [375, 1280]) {
    test(`marks each failing field, keeps the toast and focuses the first one (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const form = page.locator('#submit');
      const imageButton = form.getByRole('button', { name: /Click to upload/i });
      const email = form.getByLabel('Email Address');
      const name = form.getByLabel('Your Name');
      const title = form.getByLabel('Artwork Title');
      const submit = form.getByRole('button', { name: 'Continue to Verification' });

      await submit.click();
      await expect(toast(page, 'Image required', 'Please upload an image of your artwork.')).toBeVisible();
      await expectFieldError(imageButton, 'Please upload an image of your artwork.');
      await expectFieldError(email, 'Please provide your email address.');
      await expectFieldError(name, 'Please provide your name or artist name.');
      await expectFieldError(title, 'Please provide a title for your artwork.');
      await expect(imageButton).toBeFocused();
      await saveScreenshot(page, `quick-start-errors`, width);
      await expectNoAxeViolations(page);

      // Fixing a field takes its message away at once; the next attempt marks only what is left.
      await page.getByTestId('image-file-input').setInputFiles({ name: 'quick.png', mimeType: 'image/png', buffer: await noisePng() });
      await expect(form.getByRole('button', { name: 'Change Image' })).toBeVisible();
      await email.fill('ada@example');
      await expectFieldValid(email);
      await name.fill('Ada');
      await title.fill('Harbour at night');
      await submit.click();
      await expect(toast(page, 'Invalid email', 'Please enter a valid email address.')).toBeVisible();
      await expectFieldError(email, 'Please enter a valid email address.');
      await expect(email).toBeFocused();
      for (const valid of [name, title]) await expectFieldValid(valid);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);

      await email.fill('ada@example.com');
      await submit.click();
      await expect(page).toHaveURL(/\/fast-submit$/);
    });
  }
});

test.describe('removal request form', () => {
  for (const width of [375, 1280]) {
    test(`marks each failing field, keeps the toast and focuses the first one (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/removal-request');
      const url = page.getByLabel('Artwork URL or Registry ID');
      const fullName = page.getByLabel('Full Name');
      const email = page.getByLabel('Email Address');
      const reason = page.getByLabel('Reason for Removal');
      const submit = page.getByRole('button', { name: 'Submit Removal Request' });

      await submit.click();
      await expect(toast(page, 'Missing Information', 'Please fill in all required fields.')).toBeVisible();
      await expectFieldError(url, 'Please enter the artwork URL or Registry ID.');
      await expectFieldError(fullName, 'Please enter your full name.');
      await expectFieldError(email, 'Please enter your email address.');
      await expectFieldError(reason, 'Please give the reason for the removal.');
      await expectFieldValid(page.getByLabel('Additional Information'));
      await expect(url).toBeFocused();
      // The field's hint is still read after its message.
      await expect(url).toHaveAccessibleDescription(
        'Please enter the artwork URL or Registry ID. The proof page address (…/verify/…) or the registry ID of the artwork.',
      );
      await saveScreenshot(page, 'removal-errors', width);
      await expectNoAxeViolations(page);

      await url.fill('VW-2025-000001');
      await fullName.fill('Rights Holder');
      await email.fill('holder@example');
      await reason.fill('I am the artist and did not register this work.');
      await submit.click();
      await expect(toast(page, 'Invalid Email', 'Please enter a valid email address.')).toBeVisible();
      await expectFieldError(email, 'Please enter a valid email address.');
      await expect(email).toBeFocused();
      await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(1);
      await email.fill('holder@example.com');
      await expectFieldValid(email);
    });
  }
});
