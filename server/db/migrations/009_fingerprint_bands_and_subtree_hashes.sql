-- Near-duplicate search without reading every fingerprint (multi-index hashing). The 64-bit
-- hash is cut into four 16-bit bands, each indexed. Two hashes within 10 bits differ by at most
-- 2 bits in at least one band (four bands each 3 or more bits apart would be 12 or more bits
-- apart), so the search asks each index for the band values within that many bits of the new
-- hash's band, then keeps the exact distance. server/works/fingerprint-bands.ts names the bands
-- and writes the very same expressions, which is what lets the planner use these indexes.
-- Expression indexes need no new column, no backfill statement and no change to the trigger
-- of migration 005: building an index reads every existing row.
CREATE INDEX image_fingerprints_band_0 ON image_fingerprints (((phash >> 48) & 65535));
CREATE INDEX image_fingerprints_band_1 ON image_fingerprints (((phash >> 32) & 65535));
CREATE INDEX image_fingerprints_band_2 ON image_fingerprints (((phash >> 16) & 65535));
CREATE INDEX image_fingerprints_band_3 ON image_fingerprints ((phash & 65535));

-- Hashes of complete subtrees of the transparency log (2^level leaves starting at leaf
-- number * 2^level, level 8 and up), kept once computed (server/tlog/tree-hasher.ts). Such a
-- subtree never changes once its last leaf exists, so a proof or a checkpoint reads O(log n)
-- of these rows plus at most 255 leaves at the log's edge, in every process and after every
-- restart, instead of hashing the whole log again. Filled as they are first computed; rows are
-- only ever added, and any process computing one computes the same bytes.
CREATE TABLE tlog_subtrees (
  level  smallint NOT NULL CHECK (level BETWEEN 0 AND 62),
  number bigint   NOT NULL CHECK (number >= 0),
  hash   text     NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (level, number)
);
