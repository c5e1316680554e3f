-- Issue 39, decision 0068: the admin second factor. A password opens only a half session
-- (second_factor NULL) that can enrol or verify a factor; the full session records which factor
-- opened it. Factors are passkeys (WebAuthn public keys) and TOTP secrets; recovery codes are
-- kept as SHA-256 hashes and spent once.
CREATE TABLE admin_factors (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id          uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('passkey', 'totp')),
  label             text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
  created_at        timestamptz NOT NULL,
  last_used_at      timestamptz,
  -- TOTP: the base32 secret, and the last time step accepted (a code is never accepted twice).
  totp_secret       text,
  totp_last_step    bigint,
  -- Passkey: the credential id (base64url), its COSE public key (base64url),
  -- signature counter, transports.
  credential_id     text UNIQUE,
  public_key        text,
  sign_count        bigint,
  transports        text[],
  CHECK ((kind = 'totp') = (totp_secret IS NOT NULL)),
  CHECK ((kind = 'passkey') = (credential_id IS NOT NULL AND public_key IS NOT NULL AND sign_count IS NOT NULL))
);
CREATE INDEX admin_factors_admin_idx ON admin_factors (admin_id);

CREATE TABLE admin_recovery_codes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id   uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX admin_recovery_codes_admin_idx ON admin_recovery_codes (admin_id);

-- NULL: a half session (password only). The WebAuthn challenge and a TOTP secret being enrolled
-- live on the session that asked for them, for that session only.
ALTER TABLE admin_sessions
  ADD COLUMN second_factor text CHECK (second_factor IN ('passkey', 'totp', 'recovery_code')),
  ADD COLUMN challenge text,
  ADD COLUMN pending_totp_secret text;
