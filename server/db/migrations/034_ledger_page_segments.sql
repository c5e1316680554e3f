-- Every numbered page of the whole ledger, at a cost that does not grow with its number
-- (decision 0071). OFFSET reads every row it skips, so page 40,000 of a million works read
-- 480,000 rows; it was refused beyond 10,000 rows from either end. Here each of the ledger's
-- orders is cut into segments of at most 1,000 public works, each row the segment's lowest key
-- (inclusive) and the number of public works from there to the next segment's key, kept exact
-- in the writer's transaction like migration 008's counters. A page then sums at most a few
-- thousand small rows to find its segment and skips fewer than 1,000 works inside it.
--
-- kind: 'time' orders by (created_at, id) (newest and oldest), 'status' by (trust_meter,
-- created_at, id), 'links' by (the number of verification resources, created_at, id); value is
-- the first key of the order (0 for 'time'). Keys compare ascending as rows, as the indexes of
-- migrations 001 and 008 read them backwards.
CREATE TABLE ledger_page_segments (
  kind       text        NOT NULL CHECK (kind IN ('time', 'status', 'links')),
  value      integer     NOT NULL,
  created_at timestamptz NOT NULL,
  id         uuid        NOT NULL,
  n          integer     NOT NULL,
  PRIMARY KEY (kind, value, created_at, id)
);

-- The lowest segment of each kind starts below every key.
INSERT INTO ledger_page_segments (kind, value, created_at, id, n)
SELECT k, -2147483648, '-infinity', '00000000-0000-0000-0000-000000000000', 0
FROM unnest(ARRAY['time', 'status', 'links']) AS k;

-- The first key of each order for one work; the 'links' expression is the one the most-linked
-- index and server/ledger/ledger-repository.ts sort by.
CREATE FUNCTION ledger_segment_value(s submissions, kind text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'status' THEN s.trust_meter
    WHEN 'links' THEN CASE WHEN jsonb_typeof(s.verification_resources) = 'array'
                           THEN jsonb_array_length(s.verification_resources) ELSE 0 END
    ELSE 0 END
$$;

-- The public works' keys of one order from `lower` (inclusive) to `upper` (exclusive, none: to
-- the end), ascending. One statement per kind and per bounded or open range, with the sort's own
-- expressions, so that each reads its index range (an "upper IS NULL OR …" condition would make
-- the function's cached plan scan every work).
CREATE FUNCTION ledger_segment_keys(k text, lv integer, lc timestamptz, li uuid, uv integer, uc timestamptz, ui uuid)
RETURNS TABLE (value integer, created_at timestamptz, id uuid) LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF k = 'time' AND uc IS NULL THEN
    RETURN QUERY SELECT 0, s.created_at, s.id FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL AND (s.created_at, s.id) >= (lc, li)
      ORDER BY s.created_at, s.id;
  ELSIF k = 'time' THEN
    RETURN QUERY SELECT 0, s.created_at, s.id FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
        AND (s.created_at, s.id) >= (lc, li) AND (s.created_at, s.id) < (uc, ui)
      ORDER BY s.created_at, s.id;
  ELSIF k = 'status' AND uc IS NULL THEN
    RETURN QUERY SELECT s.trust_meter, s.created_at, s.id FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
        AND (s.trust_meter, s.created_at, s.id) >= (lv, lc, li)
      ORDER BY s.trust_meter, s.created_at, s.id;
  ELSIF k = 'status' THEN
    RETURN QUERY SELECT s.trust_meter, s.created_at, s.id FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
        AND (s.trust_meter, s.created_at, s.id) >= (lv, lc, li) AND (s.trust_meter, s.created_at, s.id) < (uv, uc, ui)
      ORDER BY s.trust_meter, s.created_at, s.id;
  ELSIF uc IS NULL THEN
    RETURN QUERY SELECT x.v, x.created_at, x.id FROM (
      SELECT CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN jsonb_array_length(s.verification_resources) ELSE 0 END AS v,
             s.created_at, s.id
      FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
        AND (CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN jsonb_array_length(s.verification_resources) ELSE 0 END,
             s.created_at, s.id) >= (lv, lc, li)) x
      ORDER BY x.v, x.created_at, x.id;
  ELSE
    RETURN QUERY SELECT x.v, x.created_at, x.id FROM (
      SELECT CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN jsonb_array_length(s.verification_resources) ELSE 0 END AS v,
             s.created_at, s.id
      FROM submissions s
      WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
        AND (CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN jsonb_array_length(s.verification_resources) ELSE 0 END,
             s.created_at, s.id) >= (lv, lc, li)
        AND (CASE WHEN jsonb_typeof(s.verification_resources) = 'array' THEN jsonb_array_length(s.verification_resources) ELSE 0 END,
             s.created_at, s.id) < (uv, uc, ui)) x
      ORDER BY x.v, x.created_at, x.id;
  END IF;
END $$;

-- Cuts every segment holding more than 1,000 works into segments of 500 (the last may be
-- shorter), counting its works again; a bulk insert may put any number into one segment.
CREATE FUNCTION ledger_segments_split() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  seg record;
BEGIN
  FOR seg IN
    SELECT g.kind, g.value, g.created_at, g.id,
           lead(g.value) OVER w AS uv, lead(g.created_at) OVER w AS uc, lead(g.id) OVER w AS ui, g.n
    FROM ledger_page_segments g
    WINDOW w AS (PARTITION BY g.kind ORDER BY g.value, g.created_at, g.id)
  LOOP
    CONTINUE WHEN seg.n <= 1000;
    WITH keys AS (
      SELECT k.value, k.created_at, k.id,
             row_number() OVER (ORDER BY k.value, k.created_at, k.id) - 1 AS i, count(*) OVER () AS total
      FROM ledger_segment_keys(seg.kind, seg.value, seg.created_at, seg.id, seg.uv, seg.uc, seg.ui) AS k
    ), parts AS (
      INSERT INTO ledger_page_segments (kind, value, created_at, id, n)
      SELECT seg.kind, keys.value, keys.created_at, keys.id, least(500, keys.total - keys.i)
      FROM keys WHERE keys.i % 500 = 0 AND keys.i > 0
    )
    UPDATE ledger_page_segments g SET n = (SELECT coalesce(least(500, max(keys.total)), 0) FROM keys)
    WHERE g.kind = seg.kind AND g.value = seg.value AND g.created_at = seg.created_at AND g.id = seg.id;
  END LOOP;
END $$;

-- Adds `delta` works to the segment holding each key. One writer at a time (a transaction
-- lock), in the writer's transaction: a split counts the works committed before it, and no
-- other writer's count can land between its count and its commit.
CREATE FUNCTION ledger_segments_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF deltas IS NULL OR jsonb_array_length(deltas) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(727100034);
  FOR d IN
    SELECT g.kind, g.value, g.created_at, g.id, sum(x.delta)::int AS delta
    FROM jsonb_to_recordset(deltas) AS x (kind text, value integer, created_at timestamptz, id uuid, delta integer)
    CROSS JOIN LATERAL (
      SELECT g.* FROM ledger_page_segments g
      WHERE g.kind = x.kind AND (g.value, g.created_at, g.id) <= (x.value, x.created_at, x.id)
      ORDER BY g.value DESC, g.created_at DESC, g.id DESC LIMIT 1
    ) g
    GROUP BY g.kind, g.value, g.created_at, g.id
    HAVING sum(x.delta) <> 0
    ORDER BY g.kind, g.value, g.created_at, g.id
  LOOP
    UPDATE ledger_page_segments g SET n = g.n + d.delta
    WHERE g.kind = d.kind AND g.value = d.value AND g.created_at = d.created_at AND g.id = d.id;
  END LOOP;
  PERFORM ledger_segments_split();
END $$;

-- The segment keys one work contributes: one per order while it is public, none otherwise.
CREATE FUNCTION ledger_segment_entries(s submissions, delta integer) RETURNS SETOF jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('kind', k, 'value', ledger_segment_value(s, k), 'created_at', s.created_at, 'id', s.id, 'delta', delta)
  FROM unnest(ARRAY['time', 'status', 'links']) AS k
  WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL
$$;

CREATE FUNCTION submissions_segments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_segments_apply((SELECT jsonb_agg(e) FROM new_rows s, LATERAL ledger_segment_entries(s, 1) e));
  RETURN NULL;
END $$;

-- Only rows whose public state or keys changed move a count; an edit of a title moves none.
CREATE FUNCTION submissions_segments_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_segments_apply((
    SELECT jsonb_agg(e) FROM (
      SELECT e FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ledger_segment_entries(o, -1) e
      WHERE (o.is_public, o.deleted_at IS NULL, o.purged_at IS NULL, o.created_at, o.trust_meter, ledger_segment_value(o, 'links'))
            IS DISTINCT FROM (n.is_public, n.deleted_at IS NULL, n.purged_at IS NULL, n.created_at, n.trust_meter, ledger_segment_value(n, 'links'))
      UNION ALL
      SELECT e FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ledger_segment_entries(n, 1) e
      WHERE (o.is_public, o.deleted_at IS NULL, o.purged_at IS NULL, o.created_at, o.trust_meter, ledger_segment_value(o, 'links'))
            IS DISTINCT FROM (n.is_public, n.deleted_at IS NULL, n.purged_at IS NULL, n.created_at, n.trust_meter, ledger_segment_value(n, 'links'))
    ) changed));
  RETURN NULL;
END $$;

CREATE FUNCTION submissions_segments_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_segments_apply((SELECT jsonb_agg(e) FROM old_rows s, LATERAL ledger_segment_entries(s, -1) e));
  RETURN NULL;
END $$;

CREATE TRIGGER submissions_segments_insert_trg AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_segments_after_insert();
CREATE TRIGGER submissions_segments_update_trg AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_segments_after_update();
CREATE TRIGGER submissions_segments_delete_trg AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_segments_after_delete();

-- Rebuilds every segment from the rows as they are (this migration, and the bench after its
-- bulk insert): the whole count in the lowest segment of each kind, then split.
CREATE FUNCTION ledger_segments_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727100034);
  DELETE FROM ledger_page_segments WHERE value <> -2147483648 OR created_at <> '-infinity';
  UPDATE ledger_page_segments g
    SET n = (SELECT count(*) FROM submissions s WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL);
  PERFORM ledger_segments_split();
END $$;

SELECT ledger_segments_rebuild();
