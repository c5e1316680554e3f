-- Manage my works (issue 18): an artist opens a single-use link sent to the e-mail address they
-- registered with and may then change their works. Only SHA-256 hashes of the link's token and of
-- the session cookie are stored, so a database leak hands out no working link or session.
CREATE TABLE manage_links (
  token_hash  text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- Lower-cased address the link was sent to; never shown publicly.
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX manage_links_email_idx ON manage_links (email, created_at DESC);
CREATE INDEX manage_links_expires_idx ON manage_links (expires_at);

CREATE TABLE manage_sessions (
  token_hash  text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX manage_sessions_expires_idx ON manage_sessions (expires_at);

-- The public history of a work's changes by its artist, shown on the proof page. It holds only
-- what may be public: counts of resources added and removed, the score before and after, the
-- visibility of the prompt, and the 'updated' log leaf; the audit log keeps the full values.
CREATE TABLE work_updates (
  id             bigserial PRIMARY KEY,
  submission_id  uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  changes        jsonb NOT NULL,
  score_before   integer NOT NULL CHECK (score_before BETWEEN 0 AND 100),
  score_after    integer NOT NULL CHECK (score_after BETWEEN 0 AND 100),
  leaf_index     bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_updates_submission_idx ON work_updates (submission_id, created_at);

-- The log gains an 'updated' event: a change by the artist, with a hash of the new public record.
ALTER TABLE tlog_leaves DROP CONSTRAINT tlog_leaves_event_type_check;
ALTER TABLE tlog_leaves ADD CONSTRAINT tlog_leaves_event_type_check
  CHECK (event_type IN ('created', 'soft_deleted', 'restored', 'purged', 'updated'));
