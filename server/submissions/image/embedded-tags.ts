// Reads EXIF, XMP and IPTC with exifr, per segment, for the three accepted formats.
// exifr reads JPEG and PNG files directly; for WebP (which it does not know) sharp hands us the
// raw EXIF and XMP blocks. GPS is never parsed: we must not keep location data.
import * as exifrModule from 'exifr';
import sharp from 'sharp';
import type { ImageMime } from './detect';

type Exifr = Pick<typeof exifrModule, 'parse' | 'sidecar'>;
// exifr ships a UMD build (what Node loads: every function on the default export) and an ESM
// build (what Vite and Vitest load: named exports, and a default export without `sidecar`).
// Take the functions from whichever form this runtime gave us.
const exifr: Exifr = typeof exifrModule.sidecar === 'function'
  ? exifrModule
  : (exifrModule as unknown as { default: Exifr }).default;

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

/**
 * EXIF/XMP/IPTC tags of an image. `pngXmp` is the XMP packet from a PNG iTXt chunk, which
 * exifr misses when it is compressed.
 */
export async function readTagGroups(bytes: Buffer, mime: ImageMime, pngXmp?: string): Promise<TagGroups> {
  if (mime === 'image/webp') {
    const { exif, xmp } = await sharp(bytes).metadata();
    const groups: TagGroups = {};
    if (exif) {
      const tiff = exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? exif.subarray(EXIF_HEADER.length) : exif;
      mergeGroups(groups, await parse(tiff).catch((): TagGroups => ({})));
    }
    if (xmp) mergeGroups(groups, await parseXmp(xmp).catch((): TagGroups => ({})));
    return groups;
  }
  const groups: TagGroups = await parse(bytes).catch(() => ({}));
  if (pngXmp && !groups.xmp) mergeGroups(groups, await parseXmp(Buffer.from(pngXmp, 'utf8')).catch((): TagGroups => ({})));
  return groups;
}

/** Text of an EXIF UserComment: an 8-byte charset prefix, then ASCII or UTF-16 text. */
export function decodeUserComment(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!(value instanceof Uint8Array) || value.length < 8) return undefined;
  const prefix = Buffer.from(value.subarray(0, 8)).toString('latin1');
  const body = Buffer.from(value.subarray(8));
  let text: string;
  if (prefix.startsWith('UNICODE')) {
    const units = body.subarray(0, body.length - (body.length % 2));
    // The writer's byte order is not recorded; piexif (used by A1111) writes big-endian.
    const bigEndian = units.length >= 2 && units[0] === 0 && units[1] !== 0;
    text = (bigEndian ? units.swap16() : units).toString('utf16le');
  } else {
    text = body.toString('utf8');
  }
  return text.replace(/\0+$/, '').trim() || undefined;
}
