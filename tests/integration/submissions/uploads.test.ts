// POST /api/uploads: accepted images are processed and stored; refused ones leave no trace.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../core/constants';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import {
  makeGif,
  makeHtml,
  makeJpeg,
  makePixelBombPng,
  makePng,
  makeSvg,
  makeText,
  makeTruncatedPng,
  xmpPacket,
} from '../../fixtures/images';
import { imageFiles, multipart, uploadFile } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function rowCounts() {
  const uploads = await t.deps.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const works = await t.deps.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { uploads: Number(uploads.n), submissions: Number(works.n) };
}

describe('POST /api/uploads refuses what is not an acceptable image and keeps nothing', () => {
  const cases: {
    name: string;
    make: () => Promise<Buffer> | Buffer;
    filename: string;
    type: string;
    status: number;
    title: string;
    message: string;
  }[] = [
    {
      name: 'an SVG',
      make: makeSvg,
      filename: 'art.svg',
      type: 'image/svg+xml',
      status: 415,
      title: 'Unsupported image type',
      message: 'Please upload a JPG, PNG or WebP image.',
    },
    {
      name: 'a GIF',
      make: () => makeGif(),
      filename: 'art.gif',
      type: 'image/gif',
      status: 415,
      title: 'Unsupported image type',
      message: 'Please upload a JPG, PNG or WebP image.',
    },
    {
      name: 'an HTML page',
      make: makeHtml,
      filename: 'art.html',
      type: 'text/html',
      status: 415,
      title: 'Unsupported image type',
      message: 'Please upload a JPG, PNG or WebP image.',
    },
    {
      name: 'a text file renamed .png',
      make: makeText,
      filename: 'art.png',
      type: 'image/png',
      status: 415,
      title: 'Unsupported image type',
      message: 'Please upload a JPG, PNG or WebP image.',
    },
    {
      name: 'a truncated PNG',
      make: () => makeTruncatedPng(),
      filename: 'art.png',
      type: 'image/png',
      status: 422,
      title: 'Unreadable image',
      message: 'The file could not be read as an image. It may be damaged or incomplete.',
    },
    {
      name: 'a 400-megapixel PNG bomb',
      make: () => makePixelBombPng(),
      filename: 'bomb.png',
      type: 'image/png',
      status: 422,
      title: 'Image too large',
      message: 'The image has too many pixels (at most 50 megapixels).',
    },
    {
      name: 'a file of 10 MB + 1 byte',
      // A real PNG header followed by padding: the size check must not depend on the content.
      make: async () => {
        const png = await makePng({ width: 64, height: 64 });
        return Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
      },
      filename: 'big.png',
      type: 'image/png',
      status: 413,
      title: 'Image too large',
      message: 'Images can be at most 10 MB.',
    },
    {
      name: 'an empty file',
      make: () => Buffer.alloc(0),
      filename: 'empty.png',
      type: 'image/png',
      status: 400,
      title: 'Image required',
      message: 'Please upload an image of your artwork.',
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.name} with ${c.status} '${c.title}' and stores nothing`, async () => {
      const res = await uploadFile(t.app, await c.make(), c.filename, c.type);
      expect(res.statusCode).toBe(c.status);
      expect(res.json().error).toMatchObject({ title: c.title, message: c.message });
      expect(await rowCounts()).toEqual({ uploads: 0, submissions: 0 });
      expect(imageFiles(t.dataDir)).toEqual([]);
    });
  }

  it("refuses a form without a 'file' field with 400 'Image required'", async () => {
    const form = multipart([{ name: 'title', data: 'no file here' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'image_required',
      title: 'Image required',
      message: 'Please upload an image of your artwork.',
    });
    expect(await rowCounts()).toEqual({ uploads: 0, submissions: 0 });
    expect(imageFiles(t.dataDir)).toEqual([]);
  });

  it('refuses an image sent in a field with another name with 400', async () => {
    const form = multipart([
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: await makePng({ width: 32, height: 32 }) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload an image of your artwork.');
  });

  for (const [label, headers, payload] of [
    ['raw image bytes (image/png)', { 'content-type': 'image/png' }, Buffer.from('89504e47', 'hex')],
    ['a JSON body', { 'content-type': 'application/json' }, JSON.stringify({ file: 'x' })],
    ['no body at all', {}, undefined],
  ] as const) {
    it(`refuses ${label} with 415 and says to send multipart/form-data`, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers, payload });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toEqual({
        code: 'unsupported_media_type',
        title: 'Upload failed',
        message: "Please send the image as multipart/form-data, in a field named 'file'.",
      });
      expect(imageFiles(t.dataDir)).toEqual([]);
    });
  }
});

describe('POST /api/uploads accepts a JPG, PNG or WebP and reports what the server found', () => {
  it('accepts a file of exactly 10 MB (the limit is inclusive)', async () => {
    // Noise does not compress, so a 1900 x 1840 PNG of it is close to 10 MB; pad the rest with a
    // private chunk before IEND, which every decoder skips.
    const noise = crypto.randomBytes(1800 * 1800 * 3);
    const png = await sharp(noise, { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const iend = png.length - 12;
    const filler = MAX_IMAGE_BYTES - png.length - 12;
    expect(filler).toBeGreaterThan(0);
    const chunk = Buffer.alloc(12 + filler);
    chunk.writeUInt32BE(filler, 0);
    chunk.write('prVt', 4, 'latin1');
    const { crc32 } = await import('node:zlib');
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + filler)), 8 + filler);
    const exact = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
    expect(exact.length).toBe(MAX_IMAGE_BYTES);

    const res = await uploadFile(t.app, exact, 'exact.png');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      image_file_size: MAX_IMAGE_BYTES,
      image_dimensions: '1800,1800',
      image_file_type: 'image/png',
    });
  });

  it('returns the SHA-256 of the bytes sent, the size, type and the XMP found in a JPEG', async () => {
    const jpeg = await makeJpeg({ width: 900, height: 600, seed: 7, xmp: xmpPacket({ creatorTool: 'Adobe Firefly' }) });
    const res = await uploadFile(t.app, jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      upload_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      image_url: expect.stringMatching(/^\/artworks\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/),
      image_hash: crypto.createHash('sha256').update(jpeg).digest('hex'),
      image_dimensions: '900,600',
      image_file_type: 'image/jpeg',
      image_file_size: jpeg.length,
      metadata_found: ['XMP CreatorTool'],
      exact_matches: 0,
    });
    // The uploader can see the pending derivative before submitting.
    const image = await t.app.inject({ method: 'GET', url: body.image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).height).toBe(360);
  });

  it('identifies the type by its bytes, not by the file name or declared type', async () => {
    const webp = await sharp(await makePng({ width: 300, height: 200, seed: 8 }))
      .webp()
      .toBuffer();
    const res = await uploadFile(t.app, webp, 'misnamed.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.json().image_file_type).toBe('image/webp');
  });
});

describe('POST /api/uploads when the database refuses the row', () => {
  it("answers 500 'Upload failed' and removes the two files it had written", async () => {
    const before = imageFiles(t.dataDir);
    await sql`CREATE FUNCTION refuse_test_upload() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated upload insert failure'; END $$`.execute(t.deps.db);
    await sql`CREATE TRIGGER refuse_test_upload_trg BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION refuse_test_upload()`.execute(
      t.deps.db,
    );
    try {
      const res = await uploadFile(t.app, await makePng({ width: 200, height: 200, seed: 99 }));
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({
        code: 'upload_failed',
        title: 'Upload failed',
        message: 'Could not upload image. Please try again.',
      });
      expect(imageFiles(t.dataDir)).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_test_upload_trg ON uploads`.execute(t.deps.db);
      await sql`DROP FUNCTION refuse_test_upload()`.execute(t.deps.db);
    }
  });
});
