// Issue 35, item 1: the PDF report an artist sends to a client or a gallery looks like one
// document. A work with the longest fields (200-character title in Cyrillic, Japanese and emoji,
// 100-character artist name, 5,000-character prompt, ten long tags) on a site with a long host
// name (a long log key) gives at most two pages, none of them less than a quarter full, with every
// label on the same page as its value. The pages are rendered with pdftoppm and read with pdftotext.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWork } from '../../../core/api-types';
import type { ProofBundle } from '../../../server/tlog/proofs';
import { LIMITS, TAGS } from '../../../core/constants';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from './proof-kit';

const run = promisify(execFile);
const HOST = 'a-registry-with-a-rather-long-host-name-to-test-the-report-layout.ledger.test';
/** Dots per inch of the rendered pages, and the report's page margin (50 pt) in pixels. */
const DPI = 36;
const MARGIN_PX = Math.round((50 * DPI) / 72);

const fill = (text: string, length: number) => [...text.repeat(Math.ceil(length / text.length))].slice(0, length).join('');
const LONGEST = {
  title: fill('Зимний сад 冬の庭 🌸 Winter garden ', LIMITS.title),
  artist_name: fill('雪 Юки Artist 🌸 ', LIMITS.artistName),
  author_full_name: fill('Юки Полное Имя ', LIMITS.fullName),
  prompt: fill('冬の庭の静けさ, Зимний сад at dawn, soft light 🌸, wide angle, film grain, ', LIMITS.prompt),
  tool: 'Other',
  tool_other: fill('Некий инструмент ツール ', LIMITS.toolOther).trim(),
  tags: Array.from({ length: TAGS.max - 1 }, (_, i) => fill(`тег${i} タグ `, TAGS.maxLength).trim()),
};

let t: TestApp;
let dir = '';

interface Report {
  file: string;
  proof: ProofBundle;
  work: PublicWork;
}

async function report(overrides: Record<string, unknown>, name: string): Promise<Report> {
  const { created } = await registerWork(t.app, overrides);
  const res = await t.app.inject({ method: 'GET', url: `/api/submissions/${created.id}/report.pdf` });
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  await fs.writeFile(file, res.rawPayload);
  const proof = (await t.app.inject({ method: 'GET', url: `/api/submissions/${created.id}/proof.json` })).json<ProofBundle>();
  const work = (await t.app.inject({ method: 'GET', url: `/api/submissions/${created.id}` })).json<PublicWork>();
  return { file, proof, work };
}

async function pageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages: +(\d+)$/m.exec(stdout)![1]);
}

/** How full each page is: the last inked row's share of the writing area between the margins. */
async function pageFills(file: string): Promise<number[]> {
  const prefix = path.join(dir, path.basename(file, '.pdf'));
  await run('pdftoppm', ['-r', String(DPI), '-gray', '-png', file, prefix]);
  const pages = (await fs.readdir(dir)).filter((f) => f.startsWith(`${path.basename(prefix)}-`) && f.endsWith('.png')).sort();
  const fills: number[] = [];
  for (const page of pages) {
    const { data, info } = await sharp(path.join(dir, page)).raw().toBuffer({ resolveWithObject: true });
    let lastInked = 0;
    for (let y = 0; y < info.height; y++) {
      const row = data.subarray(y * info.width * info.channels, (y + 1) * info.width * info.channels);
      if (row.some((v) => v < 200)) lastInked = y;
    }
    fills.push((lastInked - MARGIN_PX) / (info.height - 2 * MARGIN_PX));
  }
  return fills;
}

/**
 * Text without white space and hyphens: long values wrap anywhere, and pdftotext drops the hyphen
 * of a line that ends in one ('report-' + 'layout' comes back as 'reportlayout').
 */
const squeeze = (text: string) => text.replace(/[\s-]+/g, '');

async function pageText(file: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']);
  return squeeze(stdout);
}

/** The page (1-based) whose text holds `needle` (white space and hyphens ignored), or 0. */
async function pageOf(file: string, pages: number, needle: string): Promise<number> {
  const squeezed = squeeze(needle);
  for (let page = 1; page <= pages; page++) if ((await pageText(file, page)).includes(squeezed)) return page;
  return 0;
}

let longest: Report;
let typical: Report;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: `http://${HOST}` } });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-pages-'));
  longest = await report(LONGEST, 'longest');
  typical = await report({}, 'typical');
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('report.pdf pages', () => {
  it('holds the longest fields in at most two pages, none of them less than a quarter full', async () => {
    const pages = await pageCount(longest.file);
    expect(pages).toBeLessThanOrEqual(2);
    const fills = await pageFills(longest.file);
    expect(fills).toHaveLength(pages);
    for (const [i, f] of fills.entries()) expect(f, `page ${i + 1} is ${Math.round(f * 100)}% full`).toBeGreaterThanOrEqual(0.25);
  });

  it('keeps every label on the page of its value, the long log key wrapped in one piece', async () => {
    const pages = await pageCount(longest.file);
    expect(longest.proof.vkey.startsWith(`${HOST}/log+`)).toBe(true);
    const pairs: [string, string][] = [
      ['Verifier key', longest.proof.vkey],
      ['Log origin', longest.proof.log_origin],
      ['Log entry', `#${longest.proof.leaf_index}`],
      ['Check a proof', `open http://${HOST}/verify-proof and drop the bundle (.zip) or proof.json on the page`],
      ['Signed checkpoint', longest.proof.checkpoint.split('\n').slice(0, 3).join('')],
      ['Cite as', `[AI-generated artwork]. VeriWork Registry`],
      ['Tags', LONGEST.tags[0]],
    ];
    for (const [label, value] of pairs) {
      const labelPage = await pageOf(longest.file, pages, `${label}`);
      expect(labelPage, label).toBeGreaterThan(0);
      expect(await pageOf(longest.file, pages, value), `${label}: ${value}`).toBe(labelPage);
    }
  });

  it('prints the start of a 5,000-character prompt, up to 1,500 characters, and says how much more is where', async () => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', longest.file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    const note = / … \[(\d),(\d{3}) more characters: the full prompt is on the proof page and in report\.txt\]/.exec(text);
    expect(note).not.toBeNull();
    const printed = text.slice(text.indexOf('Prompt ') + 'Prompt '.length, note!.index);
    const more = Number(note![1] + note![2]);
    expect([...printed].length).toBeLessThanOrEqual(1500);
    // What is printed, without its line breaks, is the stored prompt's start; the count is of the rest.
    const prompt = [...longest.work.prompt!];
    expect(squeeze(prompt.join('')).startsWith(squeeze(printed))).toBe(true);
    let kept = 0;
    while (squeeze(prompt.slice(0, kept).join('')) !== squeeze(printed)) kept += 1;
    expect(more).toBe(prompt.length - kept);
  });

  it('gives a typical work at most two pages, none of them less than a quarter full', async () => {
    const pages = await pageCount(typical.file);
    expect(pages).toBeLessThanOrEqual(2);
    for (const f of await pageFills(typical.file)) expect(f).toBeGreaterThanOrEqual(0.25);
  });
});
