// Best-effort reading of what a file says about itself: EXIF/XMP/IPTC, PNG text chunks with AI
// generation settings, and C2PA manifests. Never throws: a file with broken metadata is still
// a valid upload. Location data is never returned (privacy): only the fields below are copied.
import { findAiParameters } from './ai-parameters';
import { readC2pa } from './c2pa';
import type { ImageMime } from './detect';
import { decodeUserComment, readTagGroups, type TagGroups } from './embedded-tags';
import { readPngTexts } from './png-text';
import { PNG_XMP_KEYWORD } from './png-text-budget';
import { withoutTrailingNuls } from './trailing-nuls';
import type { EmbeddedMetadata } from './types';

const MAX_FIELD_CHARS = 2_000;

/** A candidate value and the label it is reported under in `found`. */
type Candidate = [label: string, value: unknown];

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return text(value.map(text).filter(Boolean).join(', '));
  // XMP language alternatives come out of exifr as { lang, value }.
  if (value && typeof value === 'object' && 'value' in value) return text((value as { value: unknown }).value);
  if (typeof value !== 'string') return undefined;
  const trimmed = withoutTrailingNuls(value).trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_FIELD_CHARS);
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 form of an EXIF ('2024:01:02 03:04:05') or XMP date; undefined for junk like '0000:00:00'. */
export function normaliseDate(value: unknown, offset?: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  const exif = EXIF_DATE.exec(raw);
  let iso = exif ? `${exif[1]}-${exif[2]}-${exif[3]}T${exif[4]}:${exif[5]}:${exif[6]}` : raw;
  const zone = text(offset);
  if (exif && zone && /^[+-]\d{2}:\d{2}$/.test(zone)) iso += zone;
  if (!ISO_DATE.test(iso) || Number.isNaN(Date.parse(iso.slice(0, 10))) || iso.startsWith('0000')) return undefined;
  // With a zone we can state the instant exactly; without one we keep the local time as written.
  return ZONE.test(iso) && !Number.isNaN(Date.parse(iso)) ? new Date(iso).toISOString() : iso;
}

export async function extractMetadata(bytes: Buffer, mime: ImageMime): Promise<EmbeddedMetadata> {
  const found = new Set<string>();
  const pngTexts = new Map<string, string>();
  let groups: TagGroups = {};
  try {
    if (mime === 'image/png')
      for (const { keyword, text: value } of readPngTexts(bytes)) if (!pngTexts.has(keyword)) pngTexts.set(keyword, value);
    groups = await readTagGroups(bytes, mime, pngTexts.get(PNG_XMP_KEYWORD));
  } catch {
    // keep whatever was read so far
  }
  const { ifd0 = {}, exif = {}, xmp = {}, dc = {}, photoshop = {}, Iptc4xmpExt: iptcExt = {}, iptc = {} } = groups;
  const png = (keyword: string) => pngTexts.get(keyword);

  /** First present value wins; every present one is listed in `found`. */
  const pick = (...candidates: Candidate[]): string | undefined => {
    let chosen: string | undefined;
    for (const [label, value] of candidates) {
      const present = text(value);
      if (present === undefined) continue;
      found.add(label);
      chosen ??= present;
    }
    return chosen;
  };
  const pickDate = (...candidates: [label: string, value: unknown, offset?: unknown][]): string | undefined =>
    pick(...candidates.map(([label, value, offset]): Candidate => [label, normaliseDate(value, offset)]));

  const metadata: EmbeddedMetadata = {
    software: pick(['EXIF Software', ifd0.Software], ['PNG Software', png('Software')]),
    creatorTool: pick(['XMP CreatorTool', xmp.CreatorTool]),
    digitalSourceType: pick(['XMP DigitalSourceType', iptcExt.DigitalSourceType]),
    createDate: pickDate(
      ['EXIF DateTimeOriginal', exif.DateTimeOriginal, exif.OffsetTimeOriginal],
      ['EXIF CreateDate', exif.CreateDate, exif.OffsetTimeDigitized],
      ['XMP CreateDate', xmp.CreateDate],
      ['XMP DateCreated', photoshop.DateCreated],
      ['PNG Creation Time', png('Creation Time')],
    ),
    modifyDate: pickDate(['EXIF ModifyDate', ifd0.ModifyDate, exif.OffsetTime], ['XMP ModifyDate', xmp.ModifyDate]),
    make: pick(['EXIF Make', ifd0.Make]),
    model: pick(['EXIF Model', ifd0.Model]),
    artist: pick(
      ['EXIF Artist', ifd0.Artist],
      ['XMP creator', dc.creator],
      ['IPTC By-line', iptc.Byline],
      ['PNG Author', png('Author')],
    ),
    description: pick(
      ['EXIF ImageDescription', ifd0.ImageDescription],
      ['XMP description', dc.description],
      ['IPTC Caption', iptc.Caption],
      ['PNG Description', png('Description')],
    ),
    found: [],
  };

  const ai = findAiParameters(pngTexts, decodeUserComment(groups.userComment ?? exif.UserComment));
  if (ai) {
    metadata.aiParameters = ai.parameters;
    ai.found.forEach((label) => found.add(label));
  }

  const c2pa = await readC2pa(bytes, mime).catch(() => undefined);
  if (c2pa) {
    metadata.c2pa = c2pa;
    metadata.digitalSourceType ??= c2pa.digitalSourceType;
    found.add('C2PA manifest');
  }

  metadata.found = [...found];
  // Drop absent fields so the stored JSON holds only what the file said.
  for (const key of Object.keys(metadata) as (keyof EmbeddedMetadata)[]) if (metadata[key] === undefined) delete metadata[key];
  return metadata;
}
