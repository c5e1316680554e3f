// Issue 35, item 4 (product decision 31): with two witnesses configured, /verify-proof says it
// checks their confirmation and lists that check, passed, for a proof whose checkpoint both
// cosigned; the About page says the log is witnessed. The default server of the other specs has
// no witnesses and mentions none (verify-proof.spec.ts). This spec runs its own server with two
// real witness processes (`npm run witness`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { generateKeyPair, keyPairToPem, createSigner } from '../../server/tlog/keys';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startWitness, type WitnessProcess } from '../integration/tlog/witness-processes';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { noisePng } from './register-work';

let dir = '';
let server: ServerProcess;
let witnesses: WitnessProcess[] = [];
let proofJson = '';

const cosignatures = (checkpoint: string) => checkpoint.split('\n').filter((line) => /^— witness[12]\.test /.test(line)).length;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witnessed-e2e-'));
  const pair = generateKeyPair();
  const origin = 'witnessed.test/log';
  witnesses = await Promise.all([
    startWitness('witness1.test', path.join(dir, 'w1'), createSigner(origin, pair).vkey),
    startWitness('witness2.test', path.join(dir, 'w2'), createSigner(origin, pair).vkey),
  ]);
  server = await startServerProcess({
    dataDir: path.join(dir, 'data'),
    readyPath: '/api/health',
    startTimeoutMs: 120_000,
    env: {
      TLOG_SIGNING_KEY: keyPairToPem(pair),
      TLOG_ORIGIN: origin,
      TLOG_WITNESSES: witnesses.map((w) => `${w.vkey} ${w.url}`).join(', '),
      TLOG_WITNESS_QUORUM: '2',
    },
  });
  const request = await playwright.request.newContext({ baseURL: server.base });
  try {
    const upload = await request.post('/api/uploads', {
      multipart: { file: { name: 'work.png', mimeType: 'image/png', buffer: await noisePng() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { upload_id } = (await upload.json()) as UploadResponse;
    const created = await request.post('/api/submissions', {
      data: { upload_id, title: 'Witnessed work', tool: 'Midjourney', author_email: 'w@example.com', artist_name: 'Witnessed' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as SubmissionCreated;
    // Proofs use the newest checkpoint both witnesses cosigned; they cosign in the background.
    const deadline = Date.now() + 90_000;
    do {
      const res = await request.get(`/api/submissions/${id}/proof.json`);
      proofJson = res.ok() ? await res.text() : '';
      if (proofJson.includes('"checkpoint"') && cosignatures((JSON.parse(proofJson) as { checkpoint: string }).checkpoint) === 2)
        break;
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < deadline);
    expect(cosignatures((JSON.parse(proofJson) as { checkpoint: string }).checkpoint)).toBe(2);
  } finally {
    await request.dispose();
  }
});

test.afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await Promise.all(witnesses.map((w) => w.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('/verify-proof names the witness check and lists it, passed, for a proof both witnesses cosigned', async ({ page }) => {
  await page.goto(`${server.base}/verify-proof`);
  await expect(page.getByText(/^Drop the bundle \(\.zip\) or the proof\.json/)).toHaveText(
    'Drop the bundle (.zip) or the proof.json from a work’s downloads on this page, with the image file if you have it. ' +
      'Your browser checks that the record is in the public log, that the log is signed with this registry’s published key, ' +
      'that all 2 independent witnesses of this registry confirmed the log’s state, and, if you add it, that the image is the ' +
      'registered file. Nothing is uploaded.',
  );
  await page
    .getByLabel('Proof and image files')
    .setInputFiles({ name: 'proof.json', mimeType: 'application/json', buffer: Buffer.from(proofJson) });
  await page.getByRole('button', { name: 'Check the proof' }).click();
  const result = page.getByTestId('proof-result');
  await expect(result.getByRole('heading', { name: 'The proof is genuine' })).toBeVisible();
  await expect(result.locator('[data-check="witnesses"][data-ok="true"]')).toContainText(
    'Independent witnesses confirmed this log state (witness1.test, witness2.test), as the registry’s policy requires.',
  );
  await expectNoAxeViolations(page);
});

test('the About page says the log is witnessed', async ({ page }) => {
  await page.goto(`${server.base}/about`);
  await expect(
    page.getByText(
      '2 independent witnesses cosign our log’s checkpoints, so that no single operator has to be trusted; the log’s policy at ' +
        '/log/policy names them, and proofs use only checkpoints they confirmed.',
    ),
  ).toBeVisible();
});
