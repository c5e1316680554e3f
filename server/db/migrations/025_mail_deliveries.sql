-- Decision 0058: e-mail is sent by jobs of the durable queue (pg-boss, in its own schema, which it
-- creates and migrates itself). A job may run again after a crash or a lost answer; the send of
-- each message is recorded here under its idempotency key right after the SMTP server accepted
-- it, and a job whose key is here does not send again.
CREATE TABLE mail_deliveries (
  idempotency_key text PRIMARY KEY,
  sent_at timestamptz NOT NULL
);
