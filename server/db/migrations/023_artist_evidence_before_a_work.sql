-- Re-scoring a stored work (the artist confirms the e-mail address or edits the work) reads the
-- artist signals of migration 022 as they stood for the works registered before it. That still
-- counted over every work of the artist; with these it is the kept figures less the works
-- registered since (registry-evidence-repository.ts artistWorksBefore):
-- - the artist's live works by registry number, so "registered since" is an index range;
-- - each link row carries its work's registry number, in the index, so the works before one
--   that share a link are read from the index alone.
CREATE INDEX submissions_artist_live_seq_idx ON submissions (lower(artist_name), registry_seq)
  WHERE deleted_at IS NULL AND purged_at IS NULL;

ALTER TABLE artist_work_links ADD COLUMN registry_seq bigint;
UPDATE artist_work_links l SET registry_seq = s.registry_seq FROM submissions s WHERE s.id = l.submission_id;
ALTER TABLE artist_work_links ALTER COLUMN registry_seq SET NOT NULL;
ALTER TABLE artist_work_links DROP CONSTRAINT artist_work_links_pkey;
ALTER TABLE artist_work_links ADD PRIMARY KEY (artist_key, link_hash, submission_id) INCLUDE (registry_seq);

CREATE OR REPLACE FUNCTION artist_work_links_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO artist_work_links (artist_key, link_hash, submission_id, registry_seq)
  SELECT r.artist_key, r.link_hash, s.id, s.registry_seq FROM new_rows s, LATERAL artist_work_link_rows(s) r;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION artist_work_links_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM artist_work_links l
  USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE l.submission_id = o.id AND artist_work_link_source(o) IS DISTINCT FROM artist_work_link_source(n);
  INSERT INTO artist_work_links (artist_key, link_hash, submission_id, registry_seq)
  SELECT r.artist_key, r.link_hash, n.id, n.registry_seq
  FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL artist_work_link_rows(n) r
  WHERE artist_work_link_source(o) IS DISTINCT FROM artist_work_link_source(n);
  RETURN NULL;
END $$;
