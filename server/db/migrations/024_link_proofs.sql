-- Issue 33, decision 0060: the last check of each link the registry was asked to prove, for a work
-- (its profile and resource links) or for an artist identity (the links of a claimed name). One
-- row per subject and address, replaced by each check; the reasons are the closed lists of
-- core/link-proof-texts.ts. A work's rows go with its purge (works/lifecycle.ts): a link can name
-- a person.
CREATE TABLE link_proofs (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  submission_id uuid REFERENCES submissions (id) ON DELETE CASCADE,
  artist_name   text,
  url           text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  state         text NOT NULL CHECK (state IN ('proven', 'not_proven')),
  method        text CHECK (method IN ('rel_me', 'text_url', 'text_registry_id')),
  reason        text CHECK (reason IN (
                  'unsupported_url', 'blocked_address', 'unreachable', 'too_many_redirects', 'too_large',
                  'too_slow', 'http_error', 'not_html', 'no_link_back', 'page_too_complex')),
  checked_at    timestamptz NOT NULL,
  -- A row is about a work or about an artist, never both.
  CHECK ((submission_id IS NULL) <> (artist_name IS NULL)),
  -- A proven link says how; a link not proven says why.
  CHECK ((state = 'proven' AND method IS NOT NULL AND reason IS NULL)
      OR (state = 'not_proven' AND reason IS NOT NULL AND method IS NULL))
);

CREATE UNIQUE INDEX link_proofs_work_url_idx ON link_proofs (submission_id, url) WHERE submission_id IS NOT NULL;
CREATE UNIQUE INDEX link_proofs_artist_url_idx ON link_proofs (artist_name, url) WHERE artist_name IS NOT NULL;
