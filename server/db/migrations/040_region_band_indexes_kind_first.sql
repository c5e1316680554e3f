-- The crop-tolerant band indexes of migration 038 keyed by the kind first, then the band:
-- (kind, band::int) instead of (band::int, kind), same INCLUDE (hash, submission_id), same names
-- (decision 0084). A lookup's three views are one of each kind, and each probes only views of its
-- own kind. With the band first, every kind's entries are spread over all of an index's leaves
-- (about 80,000 at a million works); with the kind first, each kind's are a run of their own:
-- the centre views (one a work) on a fourteenth of the leaves, the turned ones on three
-- fourteenths. The 718 band values a view probes then fall on fewer distinct leaves, which are
-- what a lookup reads from outside PostgreSQL's shared buffers. Measured at a million works
-- (random new pictures, the two layouts alternated): 1,030 blocks read a lookup instead of
-- 1,315, the three statements 20-30 % faster. The statements (server/proof/
-- region-match-repository.ts) do not change: they compare both columns. At a million works the
-- three indexes took 23 s to build here (writes to the table wait for it).
DROP INDEX image_region_hashes_wide_band_0;
DROP INDEX image_region_hashes_wide_band_1;
DROP INDEX image_region_hashes_wide_band_2;

CREATE INDEX image_region_hashes_wide_band_0 ON image_region_hashes (kind, (((hash >> 43) & 2097151)::int))
  INCLUDE (hash, submission_id);
CREATE INDEX image_region_hashes_wide_band_1 ON image_region_hashes (kind, (((hash >> 22) & 2097151)::int))
  INCLUDE (hash, submission_id);
CREATE INDEX image_region_hashes_wide_band_2 ON image_region_hashes (kind, ((hash & 4194303)::int))
  INCLUDE (hash, submission_id);

ANALYZE image_region_hashes;
