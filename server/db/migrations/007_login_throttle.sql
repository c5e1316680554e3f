-- Admin login throttle (issue 11). Failed sign-ins are counted per client address and per
-- (address, e-mail typed), never per account alone: an attacker can slow only their own
-- attempts, and can no longer lock a real admin out. The e-mail is part of the key whether or
-- not an account has it, so the answers do not tell which e-mails are admins. Rows are shared
-- by every server process; expired ones are deleted by a periodic cleanup.
CREATE TABLE login_throttle (
  -- 'ip:<address>' or 'ip-email:<sha256 of address and lower-case e-mail>' (login-throttle.ts).
  key           text PRIMARY KEY,
  -- Attempts charged since the row was created; an attempt is charged before its password is
  -- checked, so parallel requests cannot slip past, and refunded when the password is right.
  failures      integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  -- No attempt for this key is checked before this time.
  blocked_until timestamptz,
  -- After this time the row is forgotten (treated as absent, then deleted).
  expires_at    timestamptz NOT NULL
);
CREATE INDEX login_throttle_expires_idx ON login_throttle (expires_at);

-- The per-account lock (10 failures lock the account for 15 minutes) is gone: anyone could
-- trigger it against an admin. Its columns stay so older code and dumps still fit, unused.
UPDATE admin_users SET failed_attempts = 0, locked_until = NULL;
COMMENT ON COLUMN admin_users.failed_attempts IS 'Unused since migration 007 (see login_throttle).';
COMMENT ON COLUMN admin_users.locked_until IS 'Unused since migration 007 (see login_throttle).';
