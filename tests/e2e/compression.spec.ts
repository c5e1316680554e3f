// What a browser really downloads: the home page's scripts arrive brotli-compressed (the copies
// made at build time) and add up to at most 150 KB on the wire.
import { expect, test } from './fixtures';

test('the home page transfers its JavaScript brotli-compressed, at most 150 KB in all', async ({ page }) => {
  const scripts: Promise<{ encoding: string | undefined; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return { encoding: (await response?.allHeaders())?.['content-encoding'], bytes: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loaded = await Promise.all(scripts);
  const transferred = loaded.reduce((sum, s) => sum + s.bytes, 0);
  test.info().annotations.push({
    type: 'home JS transferred (brotli)',
    description: `${(transferred / 1024).toFixed(1)} KB in ${loaded.length} files`,
  });
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.every((s) => s.encoding === 'br')).toBe(true);
  expect(transferred).toBeLessThanOrEqual(150 * 1024);
});
