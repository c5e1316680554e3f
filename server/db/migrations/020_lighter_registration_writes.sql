-- Three indexes of submissions that no query reads, dropped because every registration pays
-- for them (issue 13: registrations at a million works are bound by the CPU they take):
-- - submissions_title_trgm and submissions_artist_trgm (trigram GIN over lower(title) and
--   lower(artist_name)): searches go through search_text (submissions_search_trgm) or, for
--   admins, the joined fields of submissions_admin_search_trgm; nothing matches title or artist
--   name by pattern on their own.
-- - submissions_public_trust_idx (trust_meter DESC, created_at DESC): the same leading columns
--   and predicate as submissions_public_status_idx (migration 008), which adds the id the
--   ledger's order ends with.
DROP INDEX IF EXISTS submissions_title_trgm;
DROP INDEX IF EXISTS submissions_artist_trgm;
DROP INDEX IF EXISTS submissions_public_trust_idx;

-- A new work has no region hashes to clear: the trigger of migration 017 deletes only when a
-- work's views change (an update), not for every registration.
CREATE OR REPLACE FUNCTION sync_image_region_hashes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM image_region_hashes WHERE submission_id = NEW.id;
  END IF;
  INSERT INTO image_region_hashes (submission_id, kind, hash)
    SELECT DISTINCT NEW.id, left(item, 1)::"char", ('x' || substr(item, 3))::bit(64)::bigint
    FROM unnest(string_to_array(NEW.image_region_hashes, ' ')) AS item
    WHERE item ~ '^[fct]:[0-9a-f]{16}$';
  RETURN NULL;
END $$;
