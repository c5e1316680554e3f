// report.pdf writes every script with embedded fonts: titles in Cyrillic, Greek, Japanese, Korean
// and emoji come back exactly from pdftotext (poppler) and in the PDF's Title metadata (pdfinfo).
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
const KOREAN_TITLE = 'Лунный свет 月の光 달빛';
const KOREAN_ARTIST = '김하늘';

let t: TestApp;
let dir = '';
let pdfFile = '';
let koreanPdfFile = '';

async function savedReport(title: string, artist: string, file: string): Promise<string> {
  const { created } = await registerWork(t.app, { title, artist_name: artist });
  const res = await t.app.inject({ method: 'GET', url: `/api/submissions/${created.id}/report.pdf` });
  expect(res.statusCode).toBe(200);
  const filePath = path.join(dir, file);
  await fs.writeFile(filePath, res.rawPayload);
  return filePath;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-pdf-'));
  pdfFile = await savedReport(TITLE, ARTIST, 'report.pdf');
  koreanPdfFile = await savedReport(KOREAN_TITLE, KOREAN_ARTIST, 'report-ko.pdf');
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

  it('pdftotext returns a Korean, Japanese and Cyrillic title and a Korean artist exactly', async () => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', koreanPdfFile, '-']);
    expect(stdout).toContain(`${KOREAN_TITLE} by ${KOREAN_ARTIST}`);
    expect(stdout).not.toContain('[U+');
    expect(stdout).not.toContain('?');
  });

  it('has the Korean title in its Title metadata and embeds the Korean font as a subset', async () => {
    const { stdout: info } = await run('pdfinfo', [koreanPdfFile]);
    expect(info).toMatch(new RegExp(`^Title: +VeriWork Authentication Report: ${KOREAN_TITLE} by ${KOREAN_ARTIST}$`, 'm'));
    const { stdout: fonts } = await run('pdffonts', [koreanPdfFile]);
    const rows = fonts.trim().split('\n').slice(2);
    const korean = rows.filter((row) => /^[A-Z]{6}\+NotoSansKR-/.test(row));
    expect(korean.length).toBeGreaterThanOrEqual(1);
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
    expect(textRuns('달빛 月の光', 'bold')).toEqual([
      { font: 'korean-bold', text: '달빛' },
      { font: 'latin-bold', text: ' ' },
      { font: 'cjk-bold', text: '月の光' },
    ]);
    // Jamo, compatibility jamo and enclosed Hangul are Korean too; kana stays Japanese.
    expect(textRuns('ᄀㄱ㉠ア', 'regular')).toEqual([
      { font: 'korean-regular', text: 'ᄀㄱ㉠' },
      { font: 'cjk-regular', text: 'ア' },
    ]);
    expect(textRuns('\u0F00', 'bold')).toEqual([{ font: 'latin-bold', text: '[U+0F00]' }]);
  });
});
