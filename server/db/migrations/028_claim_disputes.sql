-- Issue 33, decision 0063: a person who says a claimed artist name is theirs (or that its
-- claimant is an impersonator) files a dispute. It reaches the admins once its address confirmed
-- it by the e-mailed link; an admin rejects it or upholds it, which releases the claim (or hands
-- it to the disputer's proven identity). Both addresses are private: admins only.
CREATE TABLE claim_disputes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  artist_key       text NOT NULL,             -- lower(artist_name)
  artist_name      text NOT NULL,             -- the claimed name as it was claimed
  claimant_email   text NOT NULL,             -- the claim's address when the dispute was filed
  disputer_email   text NOT NULL,             -- lower case
  proof_links      jsonb NOT NULL,            -- array of the links the disputer gave
  explanation      text NOT NULL,
  request_ip       text,
  status           text NOT NULL DEFAULT 'unconfirmed'
                     CHECK (status IN ('unconfirmed', 'pending', 'upheld', 'rejected')),
  outcome          text CHECK (outcome IN ('released', 'transferred')),
  confirm_hash     text NOT NULL UNIQUE,       -- SHA-256 of the e-mailed token
  confirmed_at     timestamptz,
  admin_notes      text,
  processed_by     text,
  processed_at     timestamptz,
  created_at       timestamptz NOT NULL,
  CHECK ((status = 'upheld') = (outcome IS NOT NULL)),
  CHECK ((status = 'unconfirmed') = (confirmed_at IS NULL))
);
-- The admin list: confirmed disputes, newest first, by status.
CREATE INDEX claim_disputes_status_created_idx ON claim_disputes (status, created_at DESC, id DESC);
-- One open dispute per name and address, and the per-address cap on confirmation e-mails.
CREATE INDEX claim_disputes_email_created_idx ON claim_disputes (disputer_email, created_at);
