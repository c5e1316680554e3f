-- A number that moves whenever a stored perceptual hash changes or goes (a hash changed or
-- cleared on a work, as a purge clears it, or a work deleted): the copies of the fingerprint
-- table kept in server memory (server/works/fingerprint-memory.ts) read new works by registry
-- number, and this tells them when rows they already read are no longer as they were, so they
-- read everything again. New works do not move it.
CREATE TABLE fingerprint_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n        bigint NOT NULL
);
INSERT INTO fingerprint_epoch (n) VALUES (0);

-- Row-level: a statement that changes no fingerprint row (every registration's INSERT ... ON
-- CONFLICT DO UPDATE in sync_image_fingerprint) leaves the number alone.
CREATE FUNCTION bump_fingerprint_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fingerprint_epoch SET n = n + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER image_fingerprints_bump_epoch
  AFTER UPDATE OR DELETE ON image_fingerprints
  FOR EACH ROW EXECUTE FUNCTION bump_fingerprint_epoch();
