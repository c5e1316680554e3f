-- Which process is building a published file (the dataset snapshot) now. Two processes that found
-- the snapshot due at the same moment both built one, and each went on naming its own in the
-- Croissant description: two descriptions of one ledger with different checksums. The process
-- holding this row builds; the others wait for its file. The holder renews the row while it
-- builds, so a process killed in the middle holds it only until the row goes stale.
CREATE TABLE build_claims (
  name       text        PRIMARY KEY,
  holder     text        NOT NULL,
  renewed_at timestamptz NOT NULL
);
