-- One log, one key (issue 14). The log's origin and public key are recorded at first start;
-- a server process whose key differs refuses to start, so processes on one database can never
-- serve checkpoints signed by different keys. Changing the key means a new origin: the old
-- origin's row is kept as retired, and its checkpoints move to tlog_retired_checkpoints so the
-- new origin's checkpoints (and only they) are served from tlog_checkpoints.
CREATE TABLE tlog_identity (
  origin      text PRIMARY KEY,
  -- Raw 32-byte Ed25519 public key, lowercase hex.
  public_key  text NOT NULL CHECK (public_key ~ '^[0-9a-f]{64}$'),
  -- The verifier key published at /api/log/key (<origin>+<key id>+<base64 key>).
  vkey        text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);
-- At most one origin is current.
CREATE UNIQUE INDEX tlog_identity_current_idx ON tlog_identity ((true)) WHERE retired_at IS NULL;

CREATE TABLE tlog_retired_checkpoints (
  -- The origin line of the note.
  origin      text NOT NULL,
  tree_size   bigint NOT NULL CHECK (tree_size >= 0),
  root_hash   text NOT NULL,
  note        text NOT NULL,
  created_at  timestamptz NOT NULL,
  retired_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (origin, tree_size)
);
