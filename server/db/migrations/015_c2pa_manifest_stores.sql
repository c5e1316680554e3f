-- C2PA manifest stores (issue 16): the raw store (JUMBF, application/c2pa) an artist's original
-- carried, served at GET /api/c2pa/v1/manifests/{registry id}.

-- An upload carries its file's store until it is registered, like its metadata: an upload that
-- is never registered takes it along when the expiry sweep deletes the row.
ALTER TABLE uploads ADD COLUMN c2pa_manifest_store bytea CHECK (octet_length(c2pa_manifest_store) > 0);

-- A work's store, moved here from its upload in the registration's own transaction. Purging the
-- work deletes the row; deleting the work's row would too.
CREATE TABLE c2pa_manifest_stores (
  submission_id uuid PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  bytes         bytea NOT NULL,
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size     integer NOT NULL CHECK (byte_size > 0 AND byte_size = octet_length(bytes)),
  created_at    timestamptz NOT NULL DEFAULT now()
);
