-- Each artist's public works, and how many of them are Verified, kept as counter rows (migration
-- 008's ledger_counters): kind 'public_artist' and 'public_artist_verified', value the exact
-- artist name the artist page asks for. The artist page counted them per answer: at a million
-- works the biggest artist's 128,866 works took 2.2 s to count, paid by the first visitor after
-- every change to a public work (issue 38). Kept by the same statement triggers as the other
-- figures. 62 is the Verified threshold (core/constants.ts TRUST_THRESHOLDS.verified).
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
    kind := 'public_artist'; value := s.artist_name; RETURN NEXT;
    IF s.trust_meter >= 62 THEN kind := 'public_artist_verified'; value := s.artist_name; RETURN NEXT; END IF;
  END IF;
END $$;

-- Backfill from the rows as they are now (the migration runs in one transaction).
INSERT INTO ledger_counters (kind, value, n)
SELECT 'public_artist', artist_name, count(*) FROM submissions
WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL
GROUP BY artist_name
UNION ALL
SELECT 'public_artist_verified', artist_name, count(*) FROM submissions
WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL AND trust_meter >= 62
GROUP BY artist_name;
