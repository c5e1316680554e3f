// Counts the entries of an EXIF block's directories before exifr parses it (issue 34): a block
// within its byte budget (1 MB) still holds up to 65,535 entries a directory, which cost exifr
// tens of milliseconds each time. Real files have a few dozen. Only the directories exifr is
// asked for are counted: IFD0 and the Exif IFD it points to.
import { MAX_EXIF_ENTRIES } from './limits';

const EXIF_IFD_POINTER = 0x8769;

/** Whether the TIFF-format block's IFD0 and Exif IFD together stay within MAX_EXIF_ENTRIES; false for a malformed block. */
export function exifEntriesWithinBudget(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const count = (ifd: number) => (ifd + 2 <= tiff.length ? u16(ifd) : 0);
  const ifd0 = u32(4);
  const entries = count(ifd0);
  if (entries > MAX_EXIF_ENTRIES) return false;
  let exifIfd = 0;
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === EXIF_IFD_POINTER) exifIfd = u32(entry + 8);
  }
  return entries + (exifIfd > 0 ? count(exifIfd) : 0) <= MAX_EXIF_ENTRIES;
}
