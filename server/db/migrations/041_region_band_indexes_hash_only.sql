-- The crop-tolerant band indexes of migrations 038 and 040 without the work's id: (kind, band)
-- INCLUDE (hash) instead of INCLUDE (hash, submission_id), same names (decision 0086). A probe
-- still reads one leaf page and never the table: the distance is decided on the hash the index
-- carries. Only the few stored views within the distance go to the table for their work's id
-- (server/proof/region-match-repository.ts). Each entry loses its 16-byte uuid, so the indexes
-- are about a third smaller (1,986 MB to 1,266 MB at a million works), and what a lookup reads
-- from outside PostgreSQL's shared buffers is far more often still in the operating system's
-- cache: measured at a million works, the three statements of a new picture's lookup 12.5 ms at
-- the median against 46.5 with the wider entries, alternated on one database.
DROP INDEX image_region_hashes_wide_band_0;
DROP INDEX image_region_hashes_wide_band_1;
DROP INDEX image_region_hashes_wide_band_2;

CREATE INDEX image_region_hashes_wide_band_0 ON image_region_hashes (kind, (((hash >> 43) & 2097151)::int)) INCLUDE (hash);
CREATE INDEX image_region_hashes_wide_band_1 ON image_region_hashes (kind, (((hash >> 22) & 2097151)::int)) INCLUDE (hash);
CREATE INDEX image_region_hashes_wide_band_2 ON image_region_hashes (kind, ((hash & 4194303)::int)) INCLUDE (hash);

ANALYZE image_region_hashes;
