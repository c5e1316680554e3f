// The bytes of C2SP tlog-tiles resources (see tile-path.ts), computed from the stored log.
//
// - Level-0 tile: the leaf hashes themselves, read as one indexed range of at most 256 rows.
// - Level-L tile (L ≥ 1): each hash is the root of a complete subtree of 256^L leaves; the
//   log's tree hasher (log-tree.ts) keeps every complete subtree of 256 or more leaves once
//   computed (the checkpoints compute them all), so such a tile costs lookups, not a pass over
//   the log.
// - Entry bundle: each leaf's entry as a big-endian uint16 length and its bytes, which are the
//   UTF-8 canonical JSON whose SHA-256(0x00 || entry) is the leaf hash (leaf.ts).
//
// Full tiles are immutable, so they are cached per process; a partial hash tile is a prefix of
// the full one and is cut from it when that is cached.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { currentLogSize, readLeafData, readLeafHashes } from './log-repository';
import { logTree } from './log-tree';
import { HASH_SIZE } from './merkle';
import { TileCache } from './tile-cache';
import { TILE_WIDTH, type TileCoordinate } from './tile-path';

/** Bytes of full tiles and bundles kept per process: 16 MiB, i.e. 2,048 hash tiles. */
const TILE_CACHE_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = 0xffff;

const caches = new WeakMap<Kysely<DB>, TileCache>();

function tileCache(db: Kysely<DB>): TileCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TileCache(TILE_CACHE_BYTES);
    caches.set(db, cache);
  }
  return cache;
}

/** How many hashes (or entries) tile `index` of `level` holds in a log of `size` leaves (0..256). */
export function tileWidthInLog(size: number, level: number | 'entries', index: number): number {
  let count = size;
  for (let l = 0; l < (level === 'entries' ? 0 : level); l++) count = Math.floor(count / TILE_WIDTH);
  return Math.max(0, Math.min(TILE_WIDTH, count - index * TILE_WIDTH));
}

async function hashTile(db: Kysely<DB>, level: number, index: number, width: number): Promise<Buffer> {
  const first = index * TILE_WIDTH;
  if (level === 0) {
    const hashes = await readLeafHashes(db, first, first + width);
    if (hashes.length !== width) throw new Error(`Transparency log has fewer than ${first + width} leaves`);
    return Buffer.concat(hashes);
  }
  const span = TILE_WIDTH ** level;
  const ranges = Array.from({ length: width }, (_, i) => [(first + i) * span, (first + i + 1) * span] as const);
  return Buffer.concat(await logTree(db).hashRanges(ranges));
}

async function entryBundle(db: Kysely<DB>, index: number, width: number): Promise<Buffer> {
  const first = index * TILE_WIDTH;
  const entries = await readLeafData(db, first, first + width);
  if (entries.length !== width) throw new Error(`Transparency log has fewer than ${first + width} leaves`);
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry, 'utf8');
    if (data.length > MAX_ENTRY_BYTES) throw new Error(`Leaf entry of ${data.length} bytes does not fit an entry bundle`);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(data.length);
    parts.push(length, data);
  }
  return Buffer.concat(parts);
}

/**
 * The tile's bytes, or undefined when the log does not (yet) hold enough leaves for it. A partial
 * tile of any width up to what the log holds is served, so every checkpoint's tiles stay
 * available after the log has grown.
 */
export async function readTile(db: Kysely<DB>, tile: TileCoordinate): Promise<Buffer | undefined> {
  const cache = tileCache(db);
  const key = `${tile.level}/${tile.index}`;
  const full = cache.get(key);
  if (full) return tile.level === 'entries' ? firstEntries(full, tile.width) : full.subarray(0, tile.width * HASH_SIZE);

  if (tile.width > tileWidthInLog(await currentLogSize(db), tile.level, tile.index)) return undefined;
  const data =
    tile.level === 'entries' ? await entryBundle(db, tile.index, tile.width) : await hashTile(db, tile.level, tile.index, tile.width);
  if (tile.width === TILE_WIDTH) cache.set(key, data);
  return data;
}

/** The first `width` entries of a full entry bundle. */
function firstEntries(bundle: Buffer, width: number): Buffer {
  let at = 0;
  for (let i = 0; i < width; i++) at += 2 + bundle.readUInt16BE(at);
  return bundle.subarray(0, at);
}
