// /verify-proof (issues 15, 35): a person drops the downloaded bundle (.zip) or proof.json, and
// the image, on the page's drop zone; the browser checks the proof against the site's published
// key (and witness policy) and says so in words. A genuine proof passes every check, whichever
// way it comes; a tampered one, or another image, fails. This deployment has no witnesses, so the
// page names no witness check.
import type { Page } from '@playwright/test';
import yazl from 'yazl';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';
import { noisePng } from './register-work';

const RUN = Date.now().toString(36);
let image: Buffer;
let proofJson: string;
let bundleZip: Buffer;
let work: SubmissionCreated;

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
    work = (await created.json()) as SubmissionCreated;
    const proof = await request.get(`/api/submissions/${work.id}/proof.json`);
    expect(proof.status()).toBe(200);
    proofJson = await proof.text();
    const bundle = await request.get(`/api/submissions/${work.id}/bundle.zip`);
    expect(bundle.status()).toBe(200);
    bundleZip = await bundle.body();
  } finally {
    await request.dispose();
  }
});

interface DroppedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Drops the files on the page's drop zone, as a person dragging them from their folder does. */
async function dropFiles(page: Page, files: DroppedFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (items) => {
      const transfer = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
  );
  await page.getByTestId('proof-drop-zone').dispatchEvent('drop', { dataTransfer });
}

/** A zip of the given files, as an artist may make one. */
function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const zipFile = (name: string, buffer: Buffer): DroppedFile => ({ name, mimeType: 'application/zip', buffer });
const proofFile = (text: string): DroppedFile => ({ name: 'proof.json', mimeType: 'application/json', buffer: Buffer.from(text) });
const imageFile = (buffer: Buffer): DroppedFile => ({ name: 'work.png', mimeType: 'image/png', buffer });

/** The inclusion check's item: its mark, the words for screen readers, and the sentence. */
const ENTRY_CHECK =
  /^✓Passed: The record is log entry #\d+ in the public log; the proof’s checkpoint covers \d+ entries \(#0 to #\d+\)\.$/;

async function checkProof(page: Page, files: DroppedFile[]): Promise<void> {
  await page.goto('/verify-proof');
  await expect(page.getByRole('heading', { level: 1, name: 'Check a Proof' })).toBeVisible();
  await dropFiles(page, files);
  await page.getByRole('button', { name: 'Check the proof' }).click();
}

test('a genuine proof bundle and its image pass every check, in plain words', async ({ page }) => {
  await checkProof(page, [proofFile(proofJson), imageFile(image)]);
  await expect(page.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  const result = page.getByTestId('proof-result');
  await expect(result.getByText('The registration record in the proof is intact (its fingerprint matches).')).toBeVisible();
  await expect(result.locator('[data-check="inclusion"][data-ok="true"]')).toHaveText(ENTRY_CHECK);
  await expect(result.getByText('The log’s state is signed with this registry’s published key.')).toBeVisible();
  await expect(result.getByText('Your image file is exactly the registered file.')).toBeVisible();
  await expect(result.locator('[data-ok="false"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a tampered bundle fails: a changed record and another image are each named', async ({ page }) => {
  const bundle = JSON.parse(proofJson) as { leaf_canonical_json: string };
  const entry = JSON.parse(bundle.leaf_canonical_json) as { image_sha256: string };
  const forged = { ...bundle, leaf_canonical_json: bundle.leaf_canonical_json.replace(entry.image_sha256, 'f'.repeat(64)) };
  await checkProof(page, [proofFile(JSON.stringify(forged)), imageFile(await noisePng())]);
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
  await checkProof(page, [proofFile(JSON.stringify({ ...bundle, checkpoint: lines.join('\n') }))]);
  await expect(page.getByRole('heading', { name: 'The proof does not hold' })).toBeVisible();
  await expect(page.getByTestId('proof-result').locator('[data-check="signature"][data-ok="false"]')).toHaveCount(1);
});

test('the bundle zip as downloaded passes; the image dropped after it is checked too', async ({ page }) => {
  const zipName = `${work.registry_id}-bundle.zip`;
  await page.goto('/verify-proof');
  // No witness is configured here, so the page claims no witness check.
  await expect(page.getByText(/^Drop the bundle \(\.zip\) or the proof\.json/)).toHaveText(
    'Drop the bundle (.zip) or the proof.json from a work’s downloads on this page, with the image file if you have it. ' +
      'Your browser checks that the record is in the public log, that the log is signed with this registry’s published key, ' +
      'and, if you add it, that the image is the registered file. Nothing is uploaded.',
  );
  await expect(page.getByText(/witness/i)).toHaveCount(0);
  await expect(page.getByTestId('proof-drop-zone')).toContainText('Drop the bundle (.zip), proof.json and the image here');

  await dropFiles(page, [zipFile(zipName, bundleZip)]);
  await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveText(`Proof: proof.json (from ${zipName})`);
  await page.getByRole('button', { name: 'Check the proof' }).click();
  const result = page.getByTestId('proof-result');
  await expect(result.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  await expect(result.locator('[data-check="inclusion"]')).toHaveText(ENTRY_CHECK);
  await expect(result.locator('[data-check]')).toHaveCount(3);
  await expect(result.locator('[data-check="witnesses"]')).toHaveCount(0);
  await expect(page.getByText(/witness/i)).toHaveCount(0);

  await dropFiles(page, [imageFile(image)]);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveText([
    `Proof: proof.json (from ${zipName})`,
    'Image: work.png',
  ]);
  await page.getByRole('button', { name: 'Check the proof' }).click();
  await expect(result.getByText('Your image file is exactly the registered file.')).toBeVisible();
  await expect(result.locator('[data-ok="false"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'verify-proof-bundle', 375);
  await saveScreenshot(page, 'verify-proof-bundle', 1280);
});

test('proof.json alone passes, with no image check', async ({ page }) => {
  await checkProof(page, [proofFile(proofJson)]);
  const result = page.getByTestId('proof-result');
  await expect(result.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  await expect(result.locator('[data-check="image"]')).toHaveCount(0);
  await expect(result.locator('[data-ok="true"]')).toHaveCount(3);
});

test('a zip holding proof.json and the image checks both; one with a changed record or another image fails', async ({ page }) => {
  await checkProof(page, [zipFile('mine.zip', await zipOf({ 'proof.json': Buffer.from(proofJson), 'artwork.png': image }))]);
  const result = page.getByTestId('proof-result');
  await expect(result.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  await expect(result.getByText('Your image file is exactly the registered file.')).toBeVisible();

  const bundle = JSON.parse(proofJson) as { leaf_canonical_json: string };
  const forged = JSON.stringify({ ...bundle, leaf_canonical_json: bundle.leaf_canonical_json.replace('"created"', '"purged"') });
  await checkProof(page, [zipFile('forged.zip', await zipOf({ 'proof.json': Buffer.from(forged), 'artwork.png': await noisePng() }))]);
  await expect(result.getByRole('heading', { name: 'The proof does not hold' })).toBeVisible();
  await expect(result.locator('[data-check="entry"][data-ok="false"]')).toHaveCount(1);
  await expect(result.locator('[data-check="image"][data-ok="false"]')).toHaveCount(1);
});

test('a zip without a proof is named, and nothing is checked', async ({ page }) => {
  await page.goto('/verify-proof');
  await dropFiles(page, [zipFile('photos.zip', await zipOf({ 'notes.txt': Buffer.from('hello') }))]);
  await expect(page.getByRole('alert')).toHaveText('photos.zip holds no proof.json: use the bundle from a work’s downloads.');
  await expect(page.getByRole('button', { name: 'Check the proof' })).toBeDisabled();
});

test('the proof page offers proof.json on its own, and the downloaded file passes the check', async ({ page }) => {
  await page.goto(`/verify/${work.id}`);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Proof (.json) for the proof checker' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${work.registry_id}-proof.json`);
  const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  await checkProof(page, [proofFile(text)]);
  await expect(page.getByTestId('proof-result').getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
});
