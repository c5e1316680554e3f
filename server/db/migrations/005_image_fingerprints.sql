-- Perceptual hashes of registered works as 64-bit integers, in a narrow table of their own. The
-- near-duplicate search compares a new image's hash with every registered one; scanning this
-- table instead of the wide submissions rows (and not parsing hex text for each) makes that
-- about ten times faster at 100,000 works. It holds ids and hashes only: whether a work is live,
-- public or by whom is always read from submissions. Kept in step by a trigger.
CREATE TABLE image_fingerprints (
  submission_id uuid PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  phash         bigint NOT NULL
);

INSERT INTO image_fingerprints (submission_id, phash)
  SELECT id, ('x' || image_phash)::bit(64)::bigint FROM submissions WHERE image_phash IS NOT NULL;

CREATE FUNCTION sync_image_fingerprint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.image_phash IS NULL THEN
    DELETE FROM image_fingerprints WHERE submission_id = NEW.id;
  ELSE
    INSERT INTO image_fingerprints (submission_id, phash)
      VALUES (NEW.id, ('x' || NEW.image_phash)::bit(64)::bigint)
      ON CONFLICT (submission_id) DO UPDATE SET phash = EXCLUDED.phash;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER submissions_sync_image_fingerprint
  AFTER INSERT OR UPDATE OF image_phash ON submissions
  FOR EACH ROW EXECUTE FUNCTION sync_image_fingerprint();
