// Tile coordinates of the C2SP tlog-tiles read API (https://c2sp.org/tlog-tiles), tile height 8:
//
//   tile/<L>/<N>[.p/<W>]        hashes at level L (0 = leaf hashes), 256 per full tile
//   tile/entries/<N>[.p/<W>]    entry bundles: the leaves' data, 256 per full bundle
//
// <L> is 0..63 without leading zeros; <N> is written in 3-digit groups, every group but the last
// prefixed with 'x' (1234067 → x001/x234/067); <W> is the width of a partial tile, 1..255.
// Only the canonical spelling of a coordinate is accepted, so one tile has one URL (and one
// cache entry in any CDN in front of us).
import { tileIndexInvalidText, tileLevelInvalidText, tileWidthInvalidText } from '../../core/api-error-texts';

/** Hashes (or entries) in a full tile: 2^8. */
export const TILE_WIDTH = 256;
export const MAX_TILE_LEVEL = 63;

export interface TileCoordinate {
  /** 'entries' for an entry bundle, else the hash level. */
  level: number | 'entries';
  index: number;
  /** TILE_WIDTH for a full tile, 1..255 for a partial one. */
  width: number;
}

export class TilePathError extends Error {}

/** The part of the request quoted back in an error, cut short: it is whatever the client sent. */
const quoted = (text: string) => `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;

const LEVEL_RE = /^(?:0|[1-9]\d?)$/;
const WIDTH_RE = /^[1-9]\d{0,2}$/;

/** "x001/x234/067" for 1234067. */
export function formatTileIndex(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`Invalid tile index ${index}`);
  const groups = [String(index % 1000).padStart(3, '0')];
  for (let rest = Math.floor(index / 1000); rest > 0; rest = Math.floor(rest / 1000)) {
    groups.unshift(`x${String(rest % 1000).padStart(3, '0')}`);
  }
  return groups.join('/');
}

export function formatTilePath({ level, index, width }: TileCoordinate): string {
  const partial = width < TILE_WIDTH ? `.p/${width}` : '';
  return `tile/${level}/${formatTileIndex(index)}${partial}`;
}

/**
 * Parses what follows "tile/" in a request path. Throws TilePathError, whose message says what
 * is wrong in words a person can act on, for anything that is not a canonical tile path.
 */
export function parseTilePath(rest: string): TileCoordinate {
  const segments = rest.split('/');
  const levelText = segments.shift() ?? '';
  let level: number | 'entries';
  if (levelText === 'entries') level = 'entries';
  else if (LEVEL_RE.test(levelText) && Number(levelText) <= MAX_TILE_LEVEL) level = Number(levelText);
  else throw new TilePathError(tileLevelInvalidText(quoted(levelText), MAX_TILE_LEVEL));

  let width = TILE_WIDTH;
  const last = segments.length - 1;
  if (last >= 1 && segments[last - 1].endsWith('.p')) {
    const widthText = segments.pop()!;
    if (!WIDTH_RE.test(widthText) || Number(widthText) >= TILE_WIDTH) {
      throw new TilePathError(tileWidthInvalidText(quoted(widthText), TILE_WIDTH - 1));
    }
    width = Number(widthText);
    segments[segments.length - 1] = segments[segments.length - 1].slice(0, -2);
  }

  const indexText = segments.join('/');
  let index = 0;
  segments.forEach((group, i) => {
    const digits = i < segments.length - 1 ? group.replace(/^x/, '') : group;
    if (!/^\d{3}$/.test(digits) || (i < segments.length - 1 && !group.startsWith('x'))) index = NaN;
    index = index * 1000 + Number(digits);
  });
  if (!Number.isSafeInteger(index) || formatTileIndex(index) !== indexText) {
    throw new TilePathError(tileIndexInvalidText(quoted(indexText)));
  }
  return { level, index, width };
}
