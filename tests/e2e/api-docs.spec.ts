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

    const admin = page.getByRole('table', { name: 'Admin endpoints' });
    const remove = admin.getByRole('row', { name: /^POST \/api\/admin\/submissions\/\{id\}\/remove / });
    await expect(remove.getByRole('cell', { name: 'Admin session' })).toBeVisible();
    await expect(admin.getByRole('row', { name: /^POST \/api\/admin\/login / }).getByRole('cell', { name: 'Public' })).toBeVisible();
  });
});
