// Reads EXIF, XMP and IPTC with exifr, per segment, for the three accepted formats.
// exifr reads JPEG files directly, where no segment can pass 64 KB. For PNG and WebP, whose
// blocks can be as large as the file, it is handed the blocks one by one, each within a budget:
// its XMP parser is quadratic on hostile markup, and on a whole PNG it would inflate any iCCP
// chunk without limit. WebP blocks come from sharp, PNG ones from our own chunk walker.
// GPS is never parsed: we must not keep location data.
import * as exifrModule from 'exifr';
import sharp from 'sharp';
import type { ImageMime } from './detect';
import { exifEntriesWithinBudget } from './exif-entries';
import { MAX_EXIF_BYTES, MAX_METADATA_TEXT_BYTES } from './limits';
import { pngExifBlock } from './png-chunks';
import { withoutTrailingNuls } from './trailing-nuls';

type Exifr = Pick<typeof exifrModule, 'parse' | 'sidecar'>;
// exifr ships a UMD build (what Node loads: every function on the default export) and an ESM
// build (what Vite and Vitest load: named exports, and a default export without `sidecar`).
// Take the functions from whichever form this runtime gave us.
const exifr: Exifr = typeof exifrModule.sidecar === 'function' ? exifrModule : (exifrModule as unknown as { default: Exifr }).default;

/** exifr output with mergeOutput off: segment or XMP namespace prefix → tag → value. */
export type TagGroups = Record<string, Record<string, unknown>>;

const EXIFR_OPTIONS = {
  mergeOutput: false,
  reviveValues: false, // keep EXIF dates as written; exifr would guess a time zone
  tiff: true,
  exif: true,
  gps: false,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: true, // Automatic1111 writes its settings here in JPEG and WebP files
  xmp: true,
  iptc: true,
  icc: false,
  jfif: false,
  ihdr: false,
};

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

async function parse(input: Buffer): Promise<TagGroups> {
  return ((await exifr.parse(input, EXIFR_OPTIONS)) as TagGroups | undefined) ?? {};
}

async function parseXmp(xmp: Buffer): Promise<TagGroups> {
  return ((await exifr.sidecar(xmp, { xmp: true }, 'xmp')) as TagGroups | undefined) ?? {};
}

/** Merges XMP namespaces into the groups without overwriting EXIF values of the same group. */
function mergeGroups(into: TagGroups, from: TagGroups): TagGroups {
  for (const [group, tags] of Object.entries(from)) {
    if (tags && typeof tags === 'object' && !ArrayBuffer.isView(tags)) into[group] = { ...tags, ...into[group] };
    else if (!(group in into)) into[group] = tags;
  }
  return into;
}

/** Tags of separate EXIF and XMP blocks; a block over its budget (bytes, or EXIF entries) is not read at all. */
async function readBlocks(exif: Buffer | undefined, xmp: Buffer | undefined): Promise<TagGroups> {
  const groups: TagGroups = {};
  if (exif && exif.length <= MAX_EXIF_BYTES) {
    const tiff = exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? exif.subarray(EXIF_HEADER.length) : exif;
    if (exifEntriesWithinBudget(tiff)) mergeGroups(groups, await parse(tiff).catch((): TagGroups => ({})));
  }
  if (xmp && xmp.length <= MAX_METADATA_TEXT_BYTES) mergeGroups(groups, await parseXmp(xmp).catch((): TagGroups => ({})));
  return groups;
}

/**
 * EXIF/XMP/IPTC tags of an image. `pngXmp` is the XMP packet from a PNG iTXt chunk, read
 * (within its budget) by png-text.ts, which also inflates it when it is compressed.
 */
export async function readTagGroups(bytes: Buffer, mime: ImageMime, pngXmp?: string): Promise<TagGroups> {
  if (mime === 'image/webp') {
    const { exif, xmp } = await sharp(bytes).metadata();
    return readBlocks(exif, xmp);
  }
  if (mime === 'image/png') return readBlocks(pngExifBlock(bytes), pngXmp === undefined ? undefined : Buffer.from(pngXmp, 'utf8'));
  return parse(bytes).catch(() => ({}));
}

/**
 * Text of an EXIF UserComment: an 8-byte charset prefix, then ASCII or UTF-16 text. At most
 * the first 64 K characters: it is read for Automatic1111 settings, which are a few KB.
 */
export function decodeUserComment(value: unknown): string | undefined {
  if (typeof value === 'string') return value.slice(0, MAX_METADATA_TEXT_BYTES);
  if (!(value instanceof Uint8Array) || value.length < 8) return undefined;
  const prefix = Buffer.from(value.subarray(0, 8)).toString('latin1');
  // Two bytes per character at most (UTF-16); UTF-8 is cut to the character count below.
  const body = Buffer.from(value.subarray(8, 8 + 2 * MAX_METADATA_TEXT_BYTES));
  let text: string;
  if (prefix.startsWith('UNICODE')) {
    const units = body.subarray(0, body.length - (body.length % 2));
    // The writer's byte order is not recorded; piexif (used by A1111) writes big-endian.
    const bigEndian = units.length >= 2 && units[0] === 0 && units[1] !== 0;
    text = (bigEndian ? units.swap16() : units).toString('utf16le');
  } else {
    text = body.toString('utf8');
  }
  return withoutTrailingNuls(text.slice(0, MAX_METADATA_TEXT_BYTES)).trim() || undefined;
}
