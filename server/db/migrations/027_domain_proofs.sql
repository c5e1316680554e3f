-- Issue 33, decision 0062: a domain an identity proves it owns, by a DNS TXT record or a file at
-- /.well-known/ holding the proof's token. An identity is an artist name and the e-mail address
-- signed in on the manage page (never public); the token is random and belongs to one row, so
-- one identity's record never proves a domain for another. One row per identity and domain, its
-- last check replacing the previous one, as link_proofs does for links.
CREATE TABLE domain_proofs (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  artist_key    text NOT NULL,                 -- lower(artist_name)
  owner_email   text NOT NULL,                 -- lower(author_email); private
  domain        text NOT NULL CHECK (char_length(domain) BETWEEN 1 AND 253),
  token         text NOT NULL UNIQUE CHECK (char_length(token) BETWEEN 16 AND 64),
  -- The work whose manage page started the proof: its history shows the changes.
  submission_id uuid REFERENCES submissions (id) ON DELETE CASCADE,
  state         text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'proven', 'not_proven')),
  method        text CHECK (method IN ('dns_txt', 'well_known')),
  reason        text CHECK (reason IN (
                  'unsupported_url', 'blocked_address', 'unreachable', 'too_many_redirects', 'too_large',
                  'too_slow', 'http_error', 'not_html', 'no_token')),
  created_at    timestamptz NOT NULL,
  checked_at    timestamptz,
  proven_at     timestamptz,
  CHECK ((state = 'proven' AND method IS NOT NULL AND reason IS NULL AND proven_at IS NOT NULL)
      OR (state = 'not_proven' AND reason IS NOT NULL AND method IS NULL AND proven_at IS NULL)
      OR (state = 'pending' AND method IS NULL AND reason IS NULL AND proven_at IS NULL))
);

CREATE UNIQUE INDEX domain_proofs_identity_domain_idx ON domain_proofs (artist_key, owner_email, domain);
-- The hourly re-check takes the proofs checked longest ago.
CREATE INDEX domain_proofs_checked_idx ON domain_proofs (checked_at);
