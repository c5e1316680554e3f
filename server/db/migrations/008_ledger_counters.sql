-- The ledger's figures kept as they change, and two finer change stamps for cached answers.
-- Counting every public row per request (or per change) took seconds at a million works; here
-- each change to submissions adds or subtracts its own rows in the writer's transaction.

-- One row per counted figure: ('public', ''), ('public_verified', ''), ('training', ''),
-- ('tool', <tool>), ('platform', <stored platform>), ('tag', <tag>) over the public works, and
-- ('active', ''), ('active_verified', '') over the works admins see (not deleted, not purged).
-- A value no longer carried by any work keeps its row at 0; readers skip those.
CREATE TABLE ledger_counters (
  kind  text NOT NULL,
  value text NOT NULL,
  n     bigint NOT NULL,
  PRIMARY KEY (kind, value)
);
-- The tag filter offers the most used tags: read in this order, never sorted from scratch.
CREATE INDEX ledger_counters_most_used_idx ON ledger_counters (kind, n DESC, value);

-- The counter rows one work contributes to. Public means what the public_submissions view
-- shows. 62 is the Verified threshold (core/constants.ts TRUST_THRESHOLDS.verified).
CREATE FUNCTION ledger_counter_rows(s submissions) RETURNS TABLE (kind text, value text)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  active boolean := s.deleted_at IS NULL AND s.purged_at IS NULL;
  public boolean := s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL;
BEGIN
  IF active THEN
    kind := 'active'; value := ''; RETURN NEXT;
    IF s.trust_meter >= 62 THEN kind := 'active_verified'; value := ''; RETURN NEXT; END IF;
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

-- Backfill from the rows as they are now (the migration runs in one transaction).
INSERT INTO ledger_counters (kind, value, n)
SELECT r.kind, r.value, count(*) FROM submissions s, LATERAL ledger_counter_rows(s) r GROUP BY r.kind, r.value;

-- Change stamps for cached public answers (server/ledger/cached-answers.ts):
--   changes   moves when a public work changes or leaves the public ledger, or a work becomes
--             public again: every cached public answer is then out of date at once;
--   additions moves when a new public work is registered: a cached list the new works do not
--             enter stays current; one they enter is rebuilt (a deeper page may lag by at most
--             LEDGER_LIST_STALE_SECONDS); single works are not affected.
ALTER TABLE ledger_version ADD COLUMN changes bigint NOT NULL DEFAULT 0;
ALTER TABLE ledger_version ADD COLUMN additions bigint NOT NULL DEFAULT 0;

-- Columns no public answer shows: changing only these changes nothing public.
CREATE FUNCTION submissions_public_content(s submissions) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT to_jsonb(s) - ARRAY['author_email', 'email_verify_token_hash', 'email_verify_sent_at',
                             'original_key', 'deleted_by', 'deletion_reason']
$$;

-- Statement-level triggers with transition tables: one upsert per counter row and at most one
-- stamp update per statement, however many rows it touches (a row-level trigger would update
-- the same few rows once per inserted work, which PostgreSQL makes quadratic in one transaction).
-- They run in the writer's transaction, so the figures commit or roll back with the change.
CREATE FUNCTION submissions_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_counters (kind, value, n)
  SELECT r.kind, r.value, count(*) FROM new_rows s, LATERAL ledger_counter_rows(s) r GROUP BY r.kind, r.value
  ON CONFLICT (kind, value) DO UPDATE SET n = ledger_counters.n + EXCLUDED.n;
  IF EXISTS (SELECT 1 FROM new_rows s WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL) THEN
    UPDATE ledger_version SET additions = additions + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION submissions_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH deltas AS (
    SELECT r.kind, r.value, -1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ledger_counter_rows(o) r
    WHERE submissions_public_content(o) IS DISTINCT FROM submissions_public_content(n)
    UNION ALL
    SELECT r.kind, r.value, 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ledger_counter_rows(n) r
    WHERE submissions_public_content(o) IS DISTINCT FROM submissions_public_content(n)
  )
  INSERT INTO ledger_counters (kind, value, n)
  SELECT kind, value, sum(delta) FROM deltas GROUP BY kind, value HAVING sum(delta) <> 0
  ON CONFLICT (kind, value) DO UPDATE SET n = ledger_counters.n + EXCLUDED.n;
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE ((o.is_public AND o.deleted_at IS NULL AND o.purged_at IS NULL)
        OR (n.is_public AND n.deleted_at IS NULL AND n.purged_at IS NULL))
      AND submissions_public_content(o) IS DISTINCT FROM submissions_public_content(n)
  ) THEN
    UPDATE ledger_version SET changes = changes + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION submissions_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_counters (kind, value, n)
  SELECT r.kind, r.value, -count(*) FROM old_rows s, LATERAL ledger_counter_rows(s) r GROUP BY r.kind, r.value
  ON CONFLICT (kind, value) DO UPDATE SET n = ledger_counters.n + EXCLUDED.n;
  IF EXISTS (SELECT 1 FROM old_rows s WHERE s.is_public AND s.deleted_at IS NULL AND s.purged_at IS NULL) THEN
    UPDATE ledger_version SET changes = changes + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER submissions_counters_insert_trg AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_counters_after_insert();
CREATE TRIGGER submissions_counters_update_trg AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_counters_after_update();
CREATE TRIGGER submissions_counters_delete_trg AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submissions_counters_after_delete();

-- Indexes for every public filter and sort, each over the public rows in the list's order, so
-- a filtered page or a capped count reads an index range instead of every row.
CREATE INDEX submissions_public_tool_idx ON submissions (tool, created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
CREATE INDEX submissions_public_tool_lower_idx ON submissions (lower(tool), created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
CREATE INDEX submissions_public_platform_idx ON submissions (platform, created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
CREATE INDEX submissions_public_training_idx ON submissions (created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL AND allow_ai_training;
CREATE INDEX submissions_public_status_idx ON submissions (trust_meter DESC, created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
-- The 'most-linked' order: the expression server/ledger/ledger-repository.ts sorts by.
CREATE INDEX submissions_public_most_linked_idx ON submissions (
  (CASE WHEN jsonb_typeof(verification_resources) = 'array' THEN jsonb_array_length(verification_resources) ELSE 0 END) DESC,
  created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
