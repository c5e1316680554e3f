// Finds the raw C2PA manifest store of a file: the JUMBF superbox that is served on its own with
// the media type application/c2pa. Each format embeds it its own way: JPEG in APP11 segments
// (JPEG XT boxes, a large store split over several segments), PNG in a caBX chunk, WebP in a
// C2PA RIFF chunk. c2pa-wasm reads stores but does not hand their bytes out, hence this parser.
// It never throws: a malformed, truncated or oversized store is simply not found.
import type { ImageMime } from './detect';
import { MAX_C2PA_MANIFEST_STORE_BYTES } from './limits';
import { pngChunks } from './png-chunks';

/** Type UUID of a C2PA manifest store's description box ('c2pa' + the ISO 19566-5 suffix). */
const C2PA_STORE_UUID = Buffer.from('6332706100110010800000aa00389b71', 'hex');
const C2PA_STORE_LABEL = 'c2pa';

interface BoxHeader {
  /** The whole box, header included (LBox, or XLBox when LBox is 1). */
  size: number;
  type: string;
  headerLength: number;
}

/** An ISO BMFF-style box header at `offset`; LBox 0 ("up to the end") gives size 0, which no check accepts. */
function boxHeader(bytes: Buffer, offset: number): BoxHeader | undefined {
  if (offset + 8 > bytes.length) return undefined;
  const lbox = bytes.readUInt32BE(offset);
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  if (lbox !== 1) return { size: lbox, type, headerLength: 8 };
  if (offset + 16 > bytes.length) return undefined;
  const xlbox = bytes.readBigUInt64BE(offset + 8);
  return xlbox > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : { size: Number(xlbox), type, headerLength: 16 };
}

/**
 * True when `box` is exactly one JUMBF superbox ('jumb') whose description box ('jumd') has the
 * C2PA manifest store UUID and the label 'c2pa'. Its contents are left to c2pa-rs.
 */
export function isC2paManifestStore(box: Buffer): boolean {
  const outer = boxHeader(box, 0);
  if (!outer || outer.type !== 'jumb' || outer.size !== box.length) return false;
  const description = boxHeader(box, outer.headerLength);
  if (!description || description.type !== 'jumd') return false;
  const start = outer.headerLength + description.headerLength;
  const end = outer.headerLength + description.size;
  // UUID (16 bytes), toggles (1 byte), then the label, NUL-terminated, when toggle bit 1 is set.
  if (end > box.length || start + 17 > end || !box.subarray(start, start + 16).equals(C2PA_STORE_UUID)) return false;
  const labelEnd = box.indexOf(0, start + 17);
  return (
    (box[start + 16] & 0x02) !== 0 &&
    labelEnd !== -1 &&
    labelEnd < end &&
    box.toString('utf8', start + 17, labelEnd) === C2PA_STORE_LABEL
  );
}

const APP11 = 0xeb;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

/** The marker segments before the image data: marker and payload (after the 2-byte length). */
function* jpegSegments(jpeg: Buffer): Generator<{ marker: number; data: Buffer }> {
  let offset = 2; // after SOI
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) return; // not a marker: a damaged file
    const marker = jpeg[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === START_OF_SCAN || marker === END_OF_IMAGE) return; // C2PA segments come before the scan
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // TEM and RSTn have no length
      continue;
    }
    const length = jpeg.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > jpeg.length) return; // truncated
    yield { marker, data: jpeg.subarray(offset + 4, offset + 2 + length) };
    offset += 2 + length;
  }
}

/** CI 'JP', En (box instance number, 2 bytes), Z (packet sequence number, 4 bytes, from 1). */
const JPEG_XT_HEADER_LENGTH = 8;

/**
 * Joins the packets of one box instance: the first carries the box header and the start of its
 * payload; each later one repeats the same header, then carries the next part of the payload.
 */
function joinJpegPackets(packets: Map<number, Buffer>): Buffer | undefined {
  const first = packets.get(1);
  const header = first && boxHeader(first, 0);
  if (!first || !header || header.size > MAX_C2PA_MANIFEST_STORE_BYTES || header.size < first.length) return undefined;
  const headerBytes = first.subarray(0, header.headerLength);
  const parts = [first];
  let length = first.length;
  for (let z = 2; z <= packets.size; z++) {
    const packet = packets.get(z);
    if (!packet || !packet.subarray(0, header.headerLength).equals(headerBytes)) return undefined;
    parts.push(packet.subarray(header.headerLength));
    length += packet.length - header.headerLength;
    if (length > header.size) return undefined;
  }
  return length === header.size ? Buffer.concat(parts, length) : undefined;
}

function jpegStore(jpeg: Buffer): Buffer | undefined {
  // Packets by box instance (En), then by sequence number (Z); null for an instance with a Z twice.
  const instances = new Map<number, Map<number, Buffer> | null>();
  for (const { marker, data } of jpegSegments(jpeg)) {
    if (marker !== APP11 || data.length <= JPEG_XT_HEADER_LENGTH || data.toString('latin1', 0, 2) !== 'JP') continue;
    const instance = data.readUInt16BE(2);
    const sequence = data.readUInt32BE(4);
    const packets = instances.has(instance) ? instances.get(instance) : new Map<number, Buffer>();
    if (!packets) continue;
    if (packets.has(sequence)) {
      instances.set(instance, null); // which of the two is right cannot be told
      continue;
    }
    instances.set(instance, packets.set(sequence, data.subarray(JPEG_XT_HEADER_LENGTH)));
  }
  for (const packets of instances.values()) {
    const box = packets && joinJpegPackets(packets);
    if (box && isC2paManifestStore(box)) return box;
  }
  return undefined;
}

function pngStore(png: Buffer): Buffer | undefined {
  for (const chunk of pngChunks(png)) if (chunk.type === 'caBX') return chunk.data;
  return undefined;
}

const RIFF_HEADER_LENGTH = 12; // 'RIFF', size, 'WEBP'

function webpStore(webp: Buffer): Buffer | undefined {
  let offset = RIFF_HEADER_LENGTH;
  while (offset + 8 <= webp.length) {
    const type = webp.toString('latin1', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    const dataStart = offset + 8;
    if (dataStart + size > webp.length) return undefined; // truncated
    if (type === 'C2PA') return webp.subarray(dataStart, dataStart + size);
    offset = dataStart + size + (size & 1); // chunks are padded to an even length
  }
  return undefined;
}

/**
 * The file's embedded C2PA manifest store as its own copy of the bytes, or undefined when it has
 * none, it is malformed or it is larger than MAX_C2PA_MANIFEST_STORE_BYTES.
 */
export function findC2paManifestStore(bytes: Buffer, mime: ImageMime): Buffer | undefined {
  try {
    const store = mime === 'image/jpeg' ? jpegStore(bytes) : mime === 'image/png' ? pngStore(bytes) : webpStore(bytes);
    if (!store || store.length > MAX_C2PA_MANIFEST_STORE_BYTES || !isC2paManifestStore(store)) return undefined;
    // A copy, so the store does not keep the whole file alive (or send it between threads).
    return Buffer.from(store);
  } catch {
    return undefined; // a parser bug must not fail the upload: the file simply has no store then
  }
}
