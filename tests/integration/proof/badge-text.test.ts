// The badges are XML (SVG, and the PNG rendered from it): an artist's title with markup or a
// control character must neither become markup nor break the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

const TITLE = 'Bell\u0007 <b>&amp;</b>';

let t: TestApp;
let work: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  work = await insertWork(t.deps.db, { title: TITLE, artist_name: 'Ctrl\u001B Artist', trust_meter: 70 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('badges for a title with markup and control characters', () => {
  it('serves SVG badges that parse, with the markup as text and U+FFFD for the control characters', async () => {
    for (const url of [`/api/submissions/${work.registry_id}/badge.svg`, `/badge/${work.registry_id}.svg`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(XMLValidator.validate(res.body), url).toBe(true);
      expect(res.body, url).not.toContain('<b>');
      const svg = new XMLParser({ parseTagValue: false }).parse(res.body).svg;
      expect(svg.title, url).toBe(
        `VeriWork badge: Bell\uFFFD <b>&amp;</b> by Ctrl\uFFFD Artist, Documented 70/100, ${work.registry_id}`,
      );
    }
  });

  it('renders the PNG badges (large 800×300 and small 400×150) instead of failing', async () => {
    for (const [size, width, height] of [
      ['large', 800, 300],
      ['small', 400, 150],
    ] as const) {
      const res = await get(`/api/submissions/${work.registry_id}/badge.png?size=${size}`);
      expect(res.statusCode, size).toBe(200);
      expect(res.headers['content-type'], size).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], size).toEqual(['png', width, height]);
    }
  });
});
