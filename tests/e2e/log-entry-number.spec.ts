// Issue 35, item 3 (decision 0052): one work's place in the transparency log reads the same on
// its proof page (the browser's check and the History), on /verify-proof, in report.txt and
// report.pdf, and in the JSON forms: 'log entry #N', N being the leaf index that proof.json and
// the public record carry. The checkpoint's size is said apart, so a later checkpoint changes
// nothing about the entry's number.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PublicWork } from '../../core/api-types';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { registerWork } from './register-work';

const run = promisify(execFile);
const RUN = Date.now().toString(36);

let work: PublicWork;
let proofJson: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    // Two works, so the one looked at is not entry #0 of a one-entry log.
    await registerWork(request, { title: `Entry neighbour ${RUN}`, artist_name: `Numberer ${RUN}` });
    const created = await registerWork(request, { title: `Entry number ${RUN}`, artist_name: `Numberer ${RUN}` });
    work = (await (await request.get(`/api/submissions/${created.id}`)).json()) as PublicWork;
    proofJson = await (await request.get(`/api/submissions/${created.id}/proof.json`)).text();
  } finally {
    await request.dispose();
  }
});

test('reads log entry #N on the proof page, its History, /verify-proof, TXT, PDF and JSON', async ({ page, request }) => {
  test.setTimeout(90_000);
  const n = work.log_index!;
  expect(n).toBeGreaterThan(0);
  // JSON: the public record and the proof bundle carry the number itself.
  expect((JSON.parse(proofJson) as { leaf_index: number }).leaf_index).toBe(n);

  await page.goto(`/verify/${work.id}`);
  const logPanel = page.getByRole('region', { name: 'Transparency Log' });
  await expect(logPanel.getByText(`Included in the public log as log entry #${n}, verified in your browser`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(logPanel.getByText(/Log entries are numbered from #0 in the order they were added/)).toBeVisible();
  await expect(logPanel.getByText(/position \d+ of/)).toHaveCount(0);
  const history = page.getByRole('list', { name: 'Registration and changes' });
  await expect(history.getByRole('listitem').first()).toHaveText(
    new RegExp(`^Registered on \\d{1,2} \\w+ \\d{4} \\(log entry #${n}\\)$`),
  );
  await history.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'log-entry-number', 375);
  await saveScreenshot(page, 'log-entry-number', 1280);
  await expectNoAxeViolations(page);

  await page.goto('/verify-proof');
  await page
    .getByLabel('Proof and image files')
    .setInputFiles({ name: 'proof.json', mimeType: 'application/json', buffer: Buffer.from(proofJson) });
  await page.getByRole('button', { name: 'Check the proof' }).click();
  await expect(page.getByTestId('proof-result').locator('[data-check="inclusion"]')).toContainText(
    `The record is log entry #${n} in the public log;`,
  );

  const txt = await (await request.get(`/api/submissions/${work.id}/report.txt`)).text();
  expect(txt).toContain(`Log entry:      #${n}\n`);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'log-entry-'));
  try {
    const pdfFile = path.join(dir, 'report.pdf');
    await fs.writeFile(pdfFile, await (await request.get(`/api/submissions/${work.id}/report.pdf`)).body());
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', pdfFile, '-']);
    expect(stdout).toMatch(new RegExp(`Log entry +#${n}\\n`));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
