// report.pdf writes every script with embedded fonts: a title in Cyrillic, Greek, Japanese and
// emoji comes back exactly from pdftotext (poppler) and in the PDF's Title metadata (pdfinfo).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { textRuns } from '../../../server/proof/pdf-fonts';
import { registerWork } from './proof-kit';

const run = promisify(execFile);
const TITLE = 'Зимний сад 冬の庭 Ωμέγα 🌸';
const ARTIST = 'Юки 雪';

let t: TestApp;
let dir = '';
let pdfFile = '';

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-pdf-'));
  const { created } = await registerWork(t.app, { title: TITLE, artist_name: ARTIST });
  const res = await t.app.inject({ method: 'GET', url: `/api/submissions/${created.id}/report.pdf` });
  expect(res.statusCode).toBe(200);
  pdfFile = path.join(dir, 'report.pdf');
  await fs.writeFile(pdfFile, res.rawPayload);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('report.pdf with Unicode text', () => {
  it('pdftotext returns the Cyrillic, Japanese, Greek and emoji title and artist exactly', async () => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']);
    expect(stdout).toContain(`${TITLE} by ${ARTIST}`);
    expect(stdout).not.toContain('?');
  });

  it('has the same text in its Title metadata, embedded fonts only, and is tagged', async () => {
    const { stdout: info } = await run('pdfinfo', [pdfFile]);
    expect(info).toMatch(new RegExp(`^Title: +VeriWork Authentication Report: ${TITLE} by ${ARTIST}$`, 'm'));
    expect(info).toMatch(/^Tagged: +yes$/m);
    const { stdout: fonts } = await run('pdffonts', [pdfFile]);
    const rows = fonts.trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // Columns: name, type…, encoding, emb, sub, uni, object ID: every font embedded and subset.
    for (const row of rows) expect(row, row).toMatch(/ yes yes yes +\d+ +0$/);
  });

  it('picks a font per run of script, and writes a character no font has as its code point', () => {
    expect(textRuns('Ab Жя 冬の 🌸!', 'regular')).toEqual([
      { font: 'latin-regular', text: 'Ab Жя ' },
      { font: 'cjk-regular', text: '冬の' },
      { font: 'latin-regular', text: ' ' },
      { font: 'emoji-regular', text: '🌸' },
      { font: 'latin-regular', text: '!' },
    ]);
    expect(textRuns('가', 'bold')).toEqual([{ font: 'latin-bold', text: '[U+AC00]' }]);
  });
});
