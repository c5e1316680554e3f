-- The crop-tolerant fingerprint (server/image/region-hashes.ts): a dozen or so 64-bit hashes over
-- views of each picture (crop windows, centres, turned centres), so lookups find copies that
-- were cropped, turned a little or framed. An upload carries them as text until it is
-- registered; the work's row keeps the same text, and a trigger keeps the narrow, indexed table
-- below in step with it, exactly as migration 005 does for the whole-picture hash. Works
-- registered before this migration have none: they are found by their whole-picture hash only.
ALTER TABLE uploads ADD COLUMN region_hashes text NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN image_region_hashes text NOT NULL DEFAULT '';

-- kind: 'f' whole frames and crop windows, 'c' centre views, 't' upright and turned centres.
-- Only views of the same kind are compared.
CREATE TABLE image_region_hashes (
  submission_id uuid   NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  kind          "char" NOT NULL CHECK (kind IN ('f', 'c', 't')),
  hash          bigint NOT NULL,
  PRIMARY KEY (submission_id, kind, hash)
);

-- Multi-index hashing as in migration 009: four 16-bit bands, each indexed; the lookup writes
-- the very same expressions (server/proof/region-match-repository.ts).
CREATE INDEX image_region_hashes_band_0 ON image_region_hashes (((hash >> 48) & 65535));
CREATE INDEX image_region_hashes_band_1 ON image_region_hashes (((hash >> 32) & 65535));
CREATE INDEX image_region_hashes_band_2 ON image_region_hashes (((hash >> 16) & 65535));
CREATE INDEX image_region_hashes_band_3 ON image_region_hashes ((hash & 65535));

-- Items look like 'f:0123456789abcdef', separated by single spaces; anything else is skipped.
CREATE FUNCTION sync_image_region_hashes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM image_region_hashes WHERE submission_id = NEW.id;
  INSERT INTO image_region_hashes (submission_id, kind, hash)
    SELECT DISTINCT NEW.id, left(item, 1)::"char", ('x' || substr(item, 3))::bit(64)::bigint
    FROM unnest(string_to_array(NEW.image_region_hashes, ' ')) AS item
    WHERE item ~ '^[fct]:[0-9a-f]{16}$';
  RETURN NULL;
END $$;

CREATE TRIGGER submissions_sync_image_region_hashes
  AFTER INSERT OR UPDATE OF image_region_hashes ON submissions
  FOR EACH ROW EXECUTE FUNCTION sync_image_region_hashes();
