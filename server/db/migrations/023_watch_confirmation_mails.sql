-- Watch confirmations are mail a stranger can trigger (issue 34, decision 0053): one pending
-- confirmation per work and address, re-sent only once it is old, and a cap on the confirmation
-- e-mails one address gets an hour. Both need the time the last confirmation e-mail was sent.
ALTER TABLE work_watches ADD COLUMN confirm_sent_at timestamptz;
-- Rows from before this migration: their link went out when they were made.
UPDATE work_watches SET confirm_sent_at = created_at WHERE confirmed_at IS NULL;
-- The per-address count of recent confirmation e-mails.
CREATE INDEX work_watches_email_sent_idx ON work_watches (lower(email), confirm_sent_at);
