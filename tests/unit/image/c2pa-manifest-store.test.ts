import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifestStoreActiveLabel, readC2paManifestStore } from '../../../server/image/c2pa';
import { findC2paManifestStore, isC2paManifestStore } from '../../../server/image/c2pa-jumbf';
import { MAX_C2PA_MANIFEST_STORE_BYTES } from '../../../server/image/limits';
import { processImage } from '../../../server/image/process';
import { signImage, type SignedImage } from '../../fixtures/c2pa-signing';
import { insertPngChunks, makeJpeg, makePng, picture, pngChunk } from '../../fixtures/images';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** JPEG XT APP11 segments carrying `box` as instance `instance`, `payloadSize` box bytes per segment. */
function app11Segments(box: Buffer, payloadSize: number, instance = 1): Buffer[] {
  const header = box.subarray(0, 8); // LBox and TBox, repeated in every segment
  const payload = box.subarray(8);
  const segments: Buffer[] = [];
  for (let offset = 0, z = 1; offset < payload.length; offset += payloadSize, z++) {
    const part = payload.subarray(offset, offset + payloadSize);
    const body = Buffer.concat([Buffer.from('JP', 'latin1'), u16(instance), u32(z), header, part]);
    segments.push(Buffer.concat([Buffer.from([0xff, 0xeb]), u16(body.length + 2), body]));
  }
  return segments;
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** A JPEG with these segments right after SOI. */
function jpegWith(jpeg: Buffer, segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** A WebP (simple format) with a C2PA chunk after its image chunk, and the RIFF size fixed up. */
function webpWith(webp: Buffer, chunkData: Buffer, declaredSize = chunkData.length): Buffer {
  const chunk = Buffer.concat([Buffer.from('C2PA', 'latin1'), Buffer.alloc(4), chunkData, Buffer.alloc(chunkData.length & 1)]);
  chunk.writeUInt32LE(declaredSize, 4);
  const out = Buffer.concat([webp, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** The same store grown to `size` bytes by a 'free' box at its end (the LBox follows). */
function paddedStore(store: Buffer, size: number): Buffer {
  const padding = size - store.length;
  const out = Buffer.concat([store, u32(padding), Buffer.from('free', 'latin1'), Buffer.alloc(padding - 8)]);
  out.writeUInt32BE(size, 0);
  return out;
}

let plainJpeg: Buffer;
let plainPng: Buffer;
let plainWebp: Buffer;
let signedJpeg: SignedImage;
let signedPng: SignedImage;
let signedWebp: SignedImage;

beforeAll(async () => {
  plainJpeg = await makeJpeg({ width: 48, height: 32, seed: 3 });
  plainPng = await makePng({ width: 48, height: 32, seed: 3 });
  plainWebp = await picture({ width: 48, height: 32, seed: 3 }).webp().toBuffer();
  signedJpeg = await signImage(plainJpeg, 'image/jpeg');
  signedPng = await signImage(plainPng, 'image/png');
  signedWebp = await signImage(plainWebp, 'image/webp');
});

describe('finding the C2PA manifest store a file carries', () => {
  it('finds, byte for byte, the store c2pa-rs embedded in a JPEG (APP11), a PNG (caBX) and a WebP (C2PA chunk)', () => {
    expect(sha256(findC2paManifestStore(signedJpeg.asset, 'image/jpeg')!)).toBe(sha256(signedJpeg.store));
    expect(sha256(findC2paManifestStore(signedPng.asset, 'image/png')!)).toBe(sha256(signedPng.store));
    expect(sha256(findC2paManifestStore(signedWebp.asset, 'image/webp')!)).toBe(sha256(signedWebp.store));
    expect(isC2paManifestStore(signedJpeg.store)).toBe(true);
  });

  it('finds nothing in files without a store', () => {
    expect(findC2paManifestStore(plainJpeg, 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(plainPng, 'image/png')).toBeUndefined();
    expect(findC2paManifestStore(plainWebp, 'image/webp')).toBeUndefined();
  });

  it('joins a store split over several APP11 segments, whatever their order in the file', async () => {
    const segments = app11Segments(signedJpeg.store, 200);
    expect(segments.length).toBe(Math.ceil((signedJpeg.store.length - 8) / 200));
    const inOrder = jpegWith(plainJpeg, segments);
    const shuffled = jpegWith(plainJpeg, [...segments].reverse());
    expect(findC2paManifestStore(inOrder, 'image/jpeg')!.equals(signedJpeg.store)).toBe(true);
    expect(findC2paManifestStore(shuffled, 'image/jpeg')!.equals(signedJpeg.store)).toBe(true);
    // And c2pa-rs reads the joined store with the same active manifest as the store itself.
    const label = await manifestStoreActiveLabel(signedJpeg.store);
    expect(label).toMatch(/^urn:c2pa:/);
    expect(await manifestStoreActiveLabel((await readC2paManifestStore(inOrder, 'image/jpeg'))!)).toBe(label);
  });

  it('picks the C2PA box out of other JUMBF boxes in the same JPEG', () => {
    const other = Buffer.from(signedJpeg.store);
    other.write('ffffffff', 24, 'hex'); // another description UUID: not a C2PA manifest store
    const jpeg = jpegWith(plainJpeg, [...app11Segments(other, 300, 1), ...app11Segments(signedJpeg.store, 300, 2)]);
    expect(findC2paManifestStore(jpeg, 'image/jpeg')!.equals(signedJpeg.store)).toBe(true);
    expect(findC2paManifestStore(jpegWith(plainJpeg, app11Segments(other, 300)), 'image/jpeg')).toBeUndefined();
  });

  it('finds no store, and throws nothing, in malformed or truncated files', () => {
    const segments = app11Segments(signedJpeg.store, 200);
    const missingMiddle = jpegWith(
      plainJpeg,
      segments.filter((_, i) => i !== 2),
    );
    const sequenceTwice = jpegWith(plainJpeg, [...segments, segments[1]]);
    const longerThanData = Buffer.from(signedJpeg.store);
    longerThanData.writeUInt32BE(signedJpeg.store.length + 100, 0);
    const cutInSegment = jpegWith(plainJpeg, segments).subarray(0, 2 + 4 + 200 + 100);
    const badPng = insertPngChunks(plainPng, [pngChunk('caBX', Buffer.from('not a JUMBF box at all'))]);
    const cutPng = signedPng.asset.subarray(0, 33 + 12 + 100);
    const webpChunkPastEnd = webpWith(plainWebp, signedWebp.store.subarray(0, 100), signedWebp.store.length);

    expect(findC2paManifestStore(missingMiddle, 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(sequenceTwice, 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(jpegWith(plainJpeg, app11Segments(longerThanData, 200)), 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(cutInSegment, 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(badPng, 'image/png')).toBeUndefined();
    expect(findC2paManifestStore(cutPng, 'image/png')).toBeUndefined();
    expect(findC2paManifestStore(webpChunkPastEnd, 'image/webp')).toBeUndefined();
    // Every prefix of each signed file: the store is found whole or not at all, never an exception.
    for (const [signed, mime] of [
      [signedJpeg, 'image/jpeg'],
      [signedPng, 'image/png'],
      [signedWebp, 'image/webp'],
    ] as const) {
      for (let end = 0; end < signed.asset.length; end += 97) {
        const found = findC2paManifestStore(signed.asset.subarray(0, end), mime);
        if (found) expect(found.equals(signed.store)).toBe(true);
      }
    }
  });

  it('keeps a store only when c2pa-rs reads it on its own', async () => {
    // A well-formed C2PA superbox with nothing in it: it looks right, but holds no manifest.
    const description = Buffer.concat([
      u32(30),
      Buffer.from('jumd', 'latin1'),
      Buffer.from('6332706100110010800000aa00389b71', 'hex'),
      Buffer.from([0x03]),
      Buffer.from('c2pa\0', 'latin1'),
    ]);
    const empty = Buffer.concat([u32(38), Buffer.from('jumb', 'latin1'), description]);
    const png = insertPngChunks(plainPng, [pngChunk('caBX', empty)]);
    expect(findC2paManifestStore(png, 'image/png')!.equals(empty)).toBe(true);
    expect(await readC2paManifestStore(png, 'image/png')).toBeUndefined();
    expect((await readC2paManifestStore(signedPng.asset, 'image/png'))!.equals(signedPng.store)).toBe(true);
  });

  it(`does not keep a store larger than ${MAX_C2PA_MANIFEST_STORE_BYTES} bytes`, () => {
    const atCap = paddedStore(signedPng.store, MAX_C2PA_MANIFEST_STORE_BYTES);
    const overCap = paddedStore(signedPng.store, MAX_C2PA_MANIFEST_STORE_BYTES + 1);
    expect(findC2paManifestStore(insertPngChunks(plainPng, [pngChunk('caBX', atCap)]), 'image/png')!.length).toBe(
      MAX_C2PA_MANIFEST_STORE_BYTES,
    );
    expect(findC2paManifestStore(insertPngChunks(plainPng, [pngChunk('caBX', overCap)]), 'image/png')).toBeUndefined();
    expect(findC2paManifestStore(webpWith(plainWebp, overCap), 'image/webp')).toBeUndefined();
    expect(findC2paManifestStore(jpegWith(plainJpeg, app11Segments(overCap, 65000)), 'image/jpeg')).toBeUndefined();
    expect(findC2paManifestStore(jpegWith(plainJpeg, app11Segments(atCap, 65000)), 'image/jpeg')!.length).toBe(
      MAX_C2PA_MANIFEST_STORE_BYTES,
    );
  });

  it('gives the processed image the store of a signed file, and none for an unsigned one', async () => {
    const signed = await processImage(signedJpeg.asset);
    expect(sha256(signed.c2paManifestStore!)).toBe(sha256(signedJpeg.store));
    expect(signed.metadata.c2pa?.digitalSourceType).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia');
    expect((await processImage(plainJpeg)).c2paManifestStore).toBeUndefined();
  });
});
