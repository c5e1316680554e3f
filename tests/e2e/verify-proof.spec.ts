// /verify-proof (issue 15): a person drops a downloaded proof.json and the image; the browser
// checks the proof against the site's published key (and witness policy) and says so in words.
// A genuine bundle passes every check; a tampered one, or another image, fails.
import type { Page } from '@playwright/test';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { noisePng } from './register-work';

const RUN = Date.now().toString(36);
let image: Buffer;
let proofJson: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    image = await noisePng();
    const upload = await request.post('/api/uploads', {
      multipart: { file: { name: 'work.png', mimeType: 'image/png', buffer: image } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { upload_id } = (await upload.json()) as UploadResponse;
    const created = await request.post('/api/submissions', {
      data: {
        upload_id,
        title: `Proof check ${RUN}`,
        tool: 'Midjourney',
        author_email: 'e2e-artist@example.com',
        artist_name: `Prover ${RUN}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const work = (await created.json()) as SubmissionCreated;
    const proof = await request.get(`/api/submissions/${work.id}/proof.json`);
    expect(proof.status()).toBe(200);
    proofJson = await proof.text();
  } finally {
    await request.dispose();
  }
});

async function checkProof(page: Page, proof: string, img?: Buffer): Promise<void> {
  await page.goto('/verify-proof');
  await expect(page.getByRole('heading', { level: 1, name: 'Check a Proof' })).toBeVisible();
  await page
    .getByLabel('Proof file (proof.json)')
    .setInputFiles({ name: 'proof.json', mimeType: 'application/json', buffer: Buffer.from(proof) });
  if (img) await page.getByLabel('Image file (optional)').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: img });
  await page.getByRole('button', { name: 'Check the proof' }).click();
}

test('a genuine proof bundle and its image pass every check, in plain words', async ({ page }) => {
  await checkProof(page, proofJson, image);
  await expect(page.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  const result = page.getByTestId('proof-result');
  await expect(result.getByText('The registration record in the proof is intact (its fingerprint matches).')).toBeVisible();
  await expect(result.getByText(/The record is entry \d+ of the public log of \d+ entries\./)).toBeVisible();
  await expect(result.getByText('The log’s state is signed with this registry’s published key.')).toBeVisible();
  await expect(result.getByText('Your image file is exactly the registered file.')).toBeVisible();
  await expect(result.locator('[data-ok="false"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a tampered bundle fails: a changed record and another image are each named', async ({ page }) => {
  const bundle = JSON.parse(proofJson) as { leaf_canonical_json: string };
  const entry = JSON.parse(bundle.leaf_canonical_json) as { image_sha256: string };
  const forged = { ...bundle, leaf_canonical_json: bundle.leaf_canonical_json.replace(entry.image_sha256, 'f'.repeat(64)) };
  await checkProof(page, JSON.stringify(forged), await noisePng());
  await expect(page.getByRole('heading', { name: 'The proof does not hold' })).toBeVisible();
  const result = page.getByTestId('proof-result');
  await expect(result.getByText('The registration record in the proof was changed: its fingerprint no longer matches.')).toBeVisible();
  await expect(result.getByText('Your image file is not the registered file (its SHA-256 differs).')).toBeVisible();
  await expect(result.locator('[data-check="entry"][data-ok="false"]')).toHaveCount(1);
});

test('a checkpoint signed by another key is refused', async ({ page }) => {
  const bundle = JSON.parse(proofJson) as { checkpoint: string };
  // Flip one character of the log's signature: the note no longer verifies with the site's key.
  const lines = bundle.checkpoint.split('\n');
  const sig = lines.findIndex((l) => l.startsWith('— '));
  const last = lines[sig].length - 5;
  lines[sig] = lines[sig].slice(0, last) + (lines[sig][last] === 'A' ? 'B' : 'A') + lines[sig].slice(last + 1);
  await checkProof(page, JSON.stringify({ ...bundle, checkpoint: lines.join('\n') }));
  await expect(page.getByRole('heading', { name: 'The proof does not hold' })).toBeVisible();
  await expect(page.getByTestId('proof-result').locator('[data-check="signature"][data-ok="false"]')).toHaveCount(1);
});
