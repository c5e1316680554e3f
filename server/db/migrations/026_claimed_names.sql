-- Issue 33, decision 0061: an artist name belongs to the identity that claimed it, the first
-- confirmed e-mail address whose work proved a link with rel="me" (product decision 30). The
-- claimant's address is never public; the artist page shows the proven links (link_proofs rows
-- of the artist) instead.
CREATE TABLE artist_claims (
  artist_key       text PRIMARY KEY,          -- lower(artist_name)
  artist_name      text NOT NULL,             -- as the claimant wrote it
  claimant_email   text NOT NULL,             -- lower(author_email) of the claiming work
  claimed_at       timestamptz NOT NULL,
  claimed_by       uuid REFERENCES submissions (id) ON DELETE SET NULL
);

-- A link stays proven from the first check that proved it until a check does not: the artist
-- page says since when.
ALTER TABLE link_proofs ADD COLUMN proven_at timestamptz;
UPDATE link_proofs SET proven_at = checked_at WHERE state = 'proven';
ALTER TABLE link_proofs ADD CONSTRAINT link_proofs_proven_at_check CHECK ((state = 'proven') = (proven_at IS NOT NULL));
-- The periodic re-check takes the links checked longest ago.
CREATE INDEX link_proofs_checked_idx ON link_proofs (checked_at) WHERE submission_id IS NOT NULL;

-- Identity signals count the claimant's own works only (product decision 29): an index range by
-- artist and address, bounded by registry number for a re-scored work.
CREATE INDEX submissions_artist_owner_seq_idx ON submissions (lower(artist_name), lower(author_email), registry_seq)
  WHERE deleted_at IS NULL AND purged_at IS NULL;
-- The artist page lists the claimant's public works apart from the others under the name.
CREATE INDEX submissions_artist_owner_created_idx ON submissions (artist_name, lower(author_email), created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL;

-- Re-scoring every work when the rubric changes runs in batches that survive a restart: the
-- last registry number done, per rubric version.
CREATE TABLE rescore_runs (
  rubric_version  text PRIMARY KEY,
  last_seq        bigint NOT NULL DEFAULT 0,
  changed         bigint NOT NULL DEFAULT 0,
  started_at      timestamptz NOT NULL,
  finished_at     timestamptz
);
