-- Crash-consistent uploads, and registry numbers only for committed works.

-- An upload's row is now written before its files and marked stored once both files are in
-- place, so every file on disk belongs to a key a row names: a row a crash left unmarked tells
-- the clean-up which files to remove. Rows written before this change were written after their
-- files, so they count as stored.
ALTER TABLE uploads ADD COLUMN files_stored_at timestamptz;
UPDATE uploads SET files_stored_at = created_at;
CREATE INDEX uploads_unstored_idx ON uploads (created_at) WHERE files_stored_at IS NULL;

-- Registry numbers come from this one-row counter, advanced inside the registration transaction
-- (under the registration lock): a registration that rolls back gives its number back, which a
-- sequence never does. It starts after every number the sequence ever handed out and every
-- number in use, so no number is reused.
CREATE TABLE registry_counter (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_seq bigint NOT NULL CHECK (last_seq >= 0)
);
INSERT INTO registry_counter (last_seq)
  SELECT GREATEST(
    (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM registry_seq),
    (SELECT coalesce(max(registry_seq), 0) FROM submissions)
  );
-- Dropped so nothing can draw a number past the counter by mistake.
DROP SEQUENCE registry_seq;
