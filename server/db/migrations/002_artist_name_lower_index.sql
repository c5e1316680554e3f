-- Case-insensitive artist lookups (artist pages, the trust engine's "other works by this artist")
-- use lower(artist_name); a plain b-tree serves them far faster than the trigram index.
CREATE INDEX submissions_artist_lower_idx ON submissions (lower(artist_name), created_at DESC);
