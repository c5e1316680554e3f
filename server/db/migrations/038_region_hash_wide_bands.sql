-- The crop-tolerant views are searched by three wide bands instead of migration 017's four
-- 16-bit ones (decision 0076, REGION_BANDS in server/works/fingerprint-bands.ts): bits 63-43,
-- 42-22 and 21-0 of the hash. At a million works (14.4 million views) a 16-bit band value holds
-- about 220 rows and a lookup read about 120,000 candidates; a 21-bit value holds about 7, and a
-- lookup reads about 4,000 though it probes more values (radius 2 in every band for 8 bits).
-- The kind is part of the key, since only views of the same kind are compared, and the hash and
-- work are carried in the index, so a probe reads one leaf page and never the table. The band is
-- kept as int (it fits in 22 bits), which keeps each entry at 40 bytes rather than 48. The lookup
-- (server/proof/region-match-repository.ts) writes these very expressions.
DROP INDEX image_region_hashes_band_0;
DROP INDEX image_region_hashes_band_1;
DROP INDEX image_region_hashes_band_2;
DROP INDEX image_region_hashes_band_3;

CREATE INDEX image_region_hashes_wide_band_0 ON image_region_hashes ((((hash >> 43) & 2097151)::int), kind)
  INCLUDE (hash, submission_id);
CREATE INDEX image_region_hashes_wide_band_1 ON image_region_hashes ((((hash >> 22) & 2097151)::int), kind)
  INCLUDE (hash, submission_id);
CREATE INDEX image_region_hashes_wide_band_2 ON image_region_hashes (((hash & 4194303)::int), kind)
  INCLUDE (hash, submission_id);

ANALYZE image_region_hashes;
