// The API reference page is read from the server's OpenAPI document: what it lists is what the
// server serves.
import { test, expect } from './fixtures';

test.describe('API reference', () => {
  test('/api/docs lists the query parameters and every endpoint from /api/openapi.json', async ({ freshPage: page }) => {
    await page.goto('/api/docs');
    const parameters = page.getByRole('table', { name: 'Query parameters' });
    await expect(parameters.getByRole('rowheader', { name: 'min_trust_level', exact: true })).toBeVisible();
    await expect(parameters.getByRole('row', { name: /^format json \| jsonl \| csv \| xml \| rss/ })).toBeVisible();

    const log = page.getByRole('table', { name: 'Transparency log endpoints' });
    await expect(log.getByRole('rowheader', { name: 'GET /api/log/checkpoint', exact: true })).toBeVisible();

    const consent = page.getByRole('table', { name: 'Consent endpoints' });
    await expect(consent.getByRole('rowheader', { name: 'GET /opt-out/v1/full.csv', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AI training consent and the opt-out set' })).toBeVisible();
    await expect(page.getByRole('link', { name: '/opt-out/v1/full.csv' })).toHaveAttribute('href', /\/opt-out\/v1\/full\.csv$/);

    const admin = page.getByRole('table', { name: 'Admin endpoints' });
    const remove = admin.getByRole('row', { name: /^POST \/api\/admin\/submissions\/\{id\}\/remove / });
    await expect(remove.getByRole('cell', { name: 'Admin session' })).toBeVisible();
    await expect(admin.getByRole('row', { name: /^POST \/api\/admin\/login / }).getByRole('cell', { name: 'Public' })).toBeVisible();
  });
});
