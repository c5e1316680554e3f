// The admin webhook page (issue 39) in a real browser: register an endpoint, see its secret once,
// then a registration's delivery in the endpoint's log, received and verified by a receiver on
// loopback with the standardwebhooks library; no axe violations at each step.
import http from 'node:http';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, signInAsAdmin, expectNoAxeViolations, test } from './fixtures';
import { registerWork } from './register-work';

interface Received {
  headers: Record<string, string>;
  body: string;
}

async function login(page: Page): Promise<void> {
  await signInAsAdmin(page);
}

test.describe('admin webhooks', () => {
  const received: Received[] = [];
  let server: http.Server;
  const port = Number(process.env.E2E_WEBHOOK_PORT);
  const url = `http://127.0.0.1:${port}/hooks`;

  test.beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('registers an endpoint, shows its secret once, and shows a verified delivery in its log', async ({ page }) => {
    // A hang guard: the delivery goes through the job queue and a real receiver; 30 s ran out on a
    // loaded 2-core CI run.
    test.setTimeout(90_000);
    await login(page);
    await page.getByRole('navigation', { name: 'Admin links' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    // A private address is refused, with the reason under the field.
    await page.getByLabel('Endpoint URL').fill('http://10.0.0.5/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator('[data-field-error]')).toHaveText(
      'The address leads to a private or reserved network (private, 10.0.0.5), which the registry never sends to.',
    );

    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description (optional)').fill('E2E gallery');
    await page.getByLabel('work.updated').uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('region', { name: 'New signing secret' });
    await expect(shown.getByText('Copy the secret now: it is shown only once.', { exact: false })).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const endpoint = page.getByRole('listitem').filter({ hasText: url });
    await expect(endpoint.getByText('E2E gallery')).toBeVisible();
    await expect(endpoint.getByText('work.registered, work.withdrawn, work.removed, work.restored, consent.changed')).toBeVisible();
    await expectNoAxeViolations(page);

    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: url })).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    const work = await registerWork(page.request, { title: 'Hooked Lighthouse', artist_name: 'E2E Hooks' });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const payload = new Webhook(secret).verify(received[0].body, received[0].headers) as {
      type: string;
      data: { registry_id: string };
    };
    expect(payload.type).toBe('work.registered');
    expect(payload.data.registry_id).toBe(work.registry_id);

    await page.getByRole('listitem').filter({ hasText: url }).getByRole('button', { name: 'Show deliveries' }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${url}` });
    const row = log.getByRole('row').filter({ hasText: 'work.registered' });
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '204' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Deleted: the page has no endpoint left, so the next run starts clean.
    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
  });
});
