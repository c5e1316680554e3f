-- Issue 33, decision 0064: a credited co-author counts in the trust score once they confirm by
-- e-mail. The registering artist may give each co-author's address (private: never in a public
-- answer, erased with the work). Only the SHA-256 of the e-mailed token is kept, and it is
-- cleared when the link is used, so a link works once; it also stops at expires_at.
CREATE TABLE co_author_invitations (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  submission_id  uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  name           text NOT NULL,             -- as credited in submissions.co_authors
  email          text NOT NULL,
  token_hash     text UNIQUE,               -- null once the link was used
  sent_at        timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  state          text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'declined')),
  answered_at    timestamptz,
  CHECK ((state = 'pending') = (answered_at IS NULL))
);
-- One invitation per credited name of a work: a new one (another address, a resend) replaces it.
CREATE UNIQUE INDEX co_author_invitations_work_name_idx ON co_author_invitations (submission_id, lower(name));
-- Each invitation e-mail, for the per-address cap an hour (a resend replaces the invitation's
-- link, so the invitations alone cannot count them). Rows older than the hour go as the address
-- is mailed again, and with the work.
CREATE TABLE co_author_invitation_mails (
  submission_id  uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  email          text NOT NULL,
  sent_at        timestamptz NOT NULL
);
CREATE INDEX co_author_invitation_mails_email_idx ON co_author_invitation_mails (lower(email), sent_at);
CREATE INDEX co_author_invitation_mails_work_idx ON co_author_invitation_mails (submission_id);
