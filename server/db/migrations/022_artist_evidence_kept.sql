-- The trust engine's artist signals (registry-evidence-repository.ts artistWorks) kept as works
-- change, instead of counted per registration. Counting an artist's live works and the ones
-- sharing a profile link read every work of the artist: at a million works an artist with
-- 130,000 of them made each of their registrations cost PostgreSQL more than a second.
--
-- 1. Each artist's live works (not deleted, not purged) are a counter row of migration 008:
--    kind 'artist', value lower(artist_name), kept by the same triggers as the other figures.
--    No public answer reads this kind (it counts private works too).
CREATE OR REPLACE FUNCTION ledger_counter_rows(s submissions) RETURNS TABLE (kind text, value text)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  active boolean := s.deleted_at IS NULL AND s.purged_at IS NULL;
  public boolean := s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL;
BEGIN
  IF active THEN
    kind := 'active'; value := ''; RETURN NEXT;
    IF s.trust_meter >= 62 THEN kind := 'active_verified'; value := ''; RETURN NEXT; END IF;
    kind := 'artist'; value := lower(s.artist_name); RETURN NEXT;
  END IF;
  IF public THEN
    kind := 'public'; value := ''; RETURN NEXT;
    IF s.trust_meter >= 62 THEN kind := 'public_verified'; value := ''; RETURN NEXT; END IF;
    IF s.allow_ai_training THEN kind := 'training'; value := ''; RETURN NEXT; END IF;
    kind := 'tool'; value := s.tool; RETURN NEXT;
    kind := 'platform'; value := s.platform; RETURN NEXT;
    RETURN QUERY SELECT 'tag'::text, t.tag FROM unnest(s.tags) AS t (tag);
  END IF;
END $$;

INSERT INTO ledger_counters (kind, value, n)
SELECT 'artist', lower(artist_name), count(*) FROM submissions
WHERE deleted_at IS NULL AND purged_at IS NULL
GROUP BY lower(artist_name);

-- Re-scoring a stored work counts the artist's works before it as this counter less the ones
-- registered since: an index range by registry number.
CREATE INDEX submissions_artist_live_seq_idx ON submissions (lower(artist_name), registry_seq)
  WHERE deleted_at IS NULL AND purged_at IS NULL;

-- 2. Each live work's profile links, by artist: the works of an artist that share one of a new
--    work's links are an index range here. A link is kept as its SHA-256, so a long URL fits
--    the index. A work's links are the ones the registration read compares: its portfolio and
--    external links and the URL of each verification resource. The work's registry number is
--    in the index too, so re-scoring a stored work (an e-mail confirmation, an edit) reads the
--    works before it that share a link from the index alone.
CREATE TABLE artist_work_links (
  artist_key    text   NOT NULL,
  link_hash     bytea  NOT NULL,
  submission_id uuid   NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  registry_seq  bigint NOT NULL,
  PRIMARY KEY (artist_key, link_hash, submission_id) INCLUDE (registry_seq)
);
CREATE INDEX artist_work_links_submission_idx ON artist_work_links (submission_id);

CREATE FUNCTION artist_work_link_rows(s submissions) RETURNS TABLE (artist_key text, link_hash bytea)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT lower(s.artist_name), sha256(convert_to(l.link, 'UTF8'))
  FROM (
    SELECT s.portfolio_link AS link
    UNION ALL SELECT s.external_link
    UNION ALL SELECT r->>'url' FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN s.verification_resources ELSE '[]'::jsonb END) AS r
  ) AS l
  WHERE l.link IS NOT NULL AND s.deleted_at IS NULL AND s.purged_at IS NULL
$$;

INSERT INTO artist_work_links (artist_key, link_hash, submission_id, registry_seq)
SELECT r.artist_key, r.link_hash, s.id, s.registry_seq FROM submissions s, LATERAL artist_work_link_rows(s) r;

-- What a work's link rows are made of: an update that changes none of it leaves them alone.
CREATE FUNCTION artist_work_link_source(s submissions) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(s.artist_name, s.deleted_at IS NULL AND s.purged_at IS NULL,
                           s.portfolio_link, s.external_link, s.verification_resources)
$$;

-- Statement-level, as migration 008's counters: one insert per statement however many rows.
-- A deleted work's rows go with it (ON DELETE CASCADE).
CREATE FUNCTION artist_work_links_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO artist_work_links (artist_key, link_hash, submission_id, registry_seq)
  SELECT r.artist_key, r.link_hash, s.id, s.registry_seq FROM new_rows s, LATERAL artist_work_link_rows(s) r;
  RETURN NULL;
END $$;

-- Two statements, not one with a data-modifying WITH: the insert must see the delete's effect.
CREATE FUNCTION artist_work_links_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER artist_work_links_insert_trg AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artist_work_links_after_insert();
CREATE TRIGGER artist_work_links_update_trg AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artist_work_links_after_update();
