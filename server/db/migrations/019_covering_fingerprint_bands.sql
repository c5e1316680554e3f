-- The band indexes of migration 009 carry the whole fingerprint row (the hash and its work), so
-- the near-duplicate search reads its few thousand candidates from the indexes alone, one band at
-- a time (server/works/works-repository.ts closeFingerprints), instead of fetching each
-- candidate's table row: at a million works those row fetches were most of the search's time.
-- The indexed expressions are unchanged; rebuilding them reads the table once.
DROP INDEX image_fingerprints_band_0;
DROP INDEX image_fingerprints_band_1;
DROP INDEX image_fingerprints_band_2;
DROP INDEX image_fingerprints_band_3;
CREATE INDEX image_fingerprints_band_0 ON image_fingerprints (((phash >> 48) & 65535)) INCLUDE (phash, submission_id);
CREATE INDEX image_fingerprints_band_1 ON image_fingerprints (((phash >> 32) & 65535)) INCLUDE (phash, submission_id);
CREATE INDEX image_fingerprints_band_2 ON image_fingerprints (((phash >> 16) & 65535)) INCLUDE (phash, submission_id);
CREATE INDEX image_fingerprints_band_3 ON image_fingerprints ((phash & 65535)) INCLUDE (phash, submission_id);
