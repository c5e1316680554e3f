// 'Register several works' (/fast-submit/batch): fifty images chosen at once, one of them a
// corrupt file. The corrupt one is reported on its row; the other 49 are registered, each with
// its own Registry ID, and the summary's CSV lists them.
import fs from 'node:fs';
import sharp from 'sharp';
import type { PublicWork } from '../../core/api-types';
import { expect, expectNoAxeViolations, test } from './fixtures';

const RUN = Date.now().toString(36);

/** A small distinct picture: its own colours, so no two are taken for duplicates. */
async function picture(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="hsl(${hue},70%,50%)"/><circle cx="${20 + ((index * 13) % 120)}" cy="${20 + ((index * 29) % 80)}" r="${10 + (index % 30)}" fill="hsl(${(hue + 180) % 360},80%,40%)"/><text x="8" y="110" font-size="18">${RUN}-${index}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('registers 49 of 50 chosen images, reports the corrupt one, and offers a CSV of the Registry IDs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const files = [];
  for (let i = 0; i < 49; i++) files.push({ name: `batch-${RUN}-${i + 1}.png`, mimeType: 'image/png', buffer: await picture(i) });
  // A PNG signature followed by garbage: the browser's first-bytes check passes it, the server cannot decode it.
  const corrupt = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
  files.splice(20, 0, { name: `broken-${RUN}.png`, mimeType: 'image/png', buffer: corrupt });

  await page.goto('/fast-submit');
  await page.getByRole('link', { name: 'Register several works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register several works' })).toBeVisible();

  await page.getByLabel('Choose images (JPG, PNG or WebP)').setInputFiles(files);
  await expect(page.getByTestId('batch-row')).toHaveCount(50);
  await expect(page.getByText('50 of 50 chosen · 49 uploaded')).toBeVisible({ timeout: 120_000 });
  const brokenRow = page.getByTestId('batch-row').filter({ hasText: `broken-${RUN}.png` });
  await expect(brokenRow.getByText(/^Not registered: /)).toBeVisible();

  // Natural order of the names (…-2 before …-10); titles start empty, each showing its file's name as a hint.
  await expect(page.getByTestId('batch-row').nth(1)).toContainText(`2. batch-${RUN}-2.png`);
  await expect(page.getByTestId('batch-row').nth(9)).toContainText(`10. batch-${RUN}-10.png`);
  await expect(page.getByLabel('Title of image 2', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Title of image 2', { exact: true })).toHaveAttribute('placeholder', `batch ${RUN} 2`);

  // Nothing filled in yet: the toast says nothing was sent and the fields say what is missing.
  await page.getByRole('button', { name: 'Register 49 works' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Nothing sent yet', { exact: true })).toBeVisible();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .getByText('Some details are missing or need a change: see the marked fields. No work has been registered.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^Registered as VW-/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Use the file names as titles' }).click();
  await expect(page.getByLabel('Title of image 2', { exact: true })).toHaveValue(`batch ${RUN} 2`);
  await page.getByLabel('Title of image 1', { exact: true }).fill(`Batch opener ${RUN}`);
  await page.getByLabel('Prompt of image 1 (optional)', { exact: true }).fill('a lighthouse in a storm, ink wash');
  await page.getByLabel('AI tool used').selectOption('Midjourney');
  await page.getByLabel('Email Address').fill('batch-artist@example.com');
  await page.getByLabel('Artist name').fill(`Batch Artist ${RUN}`);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Register 49 works' }).click();
  await expect(page.getByTestId('batch-summary')).toHaveText('49 of 50 works registered, 1 not registered (see the reasons above).', {
    timeout: 120_000,
  });
  await expect(page.getByText(/^Registered as VW-/)).toHaveCount(49);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Registry IDs' }).click();
  const csv = fs
    .readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('file,title,registry_id,trust_score,status,proof_url,error');
  expect(csv).toHaveLength(51);
  const registeredLines = csv.slice(1).filter((line) => /,VW-\d{4}-\d{6},/.test(line));
  expect(registeredLines).toHaveLength(49);
  expect(csv.find((line) => line.startsWith(`broken-${RUN}.png`))).toMatch(/,,,,,/);

  // The first work carries its own title and prompt and the shared artist.
  const first = /,(VW-\d{4}-\d{6}),/.exec(csv[1])![1];
  const work = (await (await request.get(`/api/submissions/${first}`)).json()) as PublicWork;
  expect([work.title, work.artist_name, work.tool]).toEqual([`Batch opener ${RUN}`, `Batch Artist ${RUN}`, 'Midjourney']);
});
