-- The whole schema: the records of docs/product.md §3, with the changes of docs/decisions/.
-- Runs unchanged on PGlite (embedded) and PostgreSQL 15+.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Public registry number VW-YYYY-NNNNNN: one sequence across years, so a number is never reused.
CREATE SEQUENCE registry_seq START 1;

-- Uploaded images waiting to be attached to a submission. Originals are private; the derivative
-- (360 px JPEG, metadata stripped) becomes the public image once submitted.
CREATE TABLE uploads (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sha256            text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  phash             text NOT NULL CHECK (phash ~ '^[0-9a-f]{16}$'),
  mime              text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  extension         text NOT NULL,
  width             integer NOT NULL CHECK (width > 0),
  height            integer NOT NULL CHECK (height > 0),
  size_bytes        integer NOT NULL CHECK (size_bytes > 0),
  original_key      text NOT NULL,
  derivative_key    text NOT NULL,
  derivative_width  integer NOT NULL,
  derivative_height integer NOT NULL,
  metadata          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  consumed_at       timestamptz
);
CREATE INDEX uploads_expiry_idx ON uploads (expires_at) WHERE consumed_at IS NULL;
CREATE INDEX uploads_derivative_key_idx ON uploads (derivative_key);

CREATE TABLE submissions (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registry_seq          bigint NOT NULL UNIQUE,
  registry_id           text NOT NULL UNIQUE CHECK (registry_id ~ '^VW-[0-9]{4}-[0-9]{6,}$'),
  title                 text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  artist_name           text NOT NULL CHECK (char_length(artist_name) <= 100),
  author_full_name      text NOT NULL CHECK (char_length(author_full_name) <= 100),
  author_email          text NOT NULL CHECK (char_length(author_email) <= 100),
  author_city           text,
  author_state          text,
  author_country        text,
  portfolio_link        text,
  external_link         text,
  tool                  text NOT NULL,
  tool_other            text,
  platform              text NOT NULL DEFAULT 'Web Browser',
  verification_method   text NOT NULL DEFAULT 'fast_submit',
  artwork_license       text NOT NULL DEFAULT 'CC BY 4.0',
  usage_type            text[] NOT NULL DEFAULT ARRAY['Personal Project'],
  tags                  text[] NOT NULL DEFAULT ARRAY['AI Art'],
  prompt                text NOT NULL DEFAULT 'No prompt provided' CHECK (char_length(prompt) <= 5000),
  prompt_visibility     text NOT NULL DEFAULT 'public' CHECK (prompt_visibility IN ('public', 'private')),
  story_context         text CHECK (char_length(story_context) <= 2000),
  co_authors            text[] NOT NULL DEFAULT '{}',
  -- Image facts, all computed by the server from the bytes it received.
  image_url             text,
  image_key             text,
  original_key          text,
  image_hash            text CHECK (image_hash ~ '^[0-9a-f]{64}$'),
  image_phash           text CHECK (image_phash ~ '^[0-9a-f]{16}$'),
  image_dimensions      text,
  image_file_type       text,
  image_file_size       integer,
  -- Size of the public 360 px derivative, so pages can reserve its space (no layout shift).
  display_width         integer,
  display_height        integer,
  embedded_metadata     jsonb NOT NULL DEFAULT '{}'::jsonb,
  verification_resources jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Permissions (decision 0012): all six are stored and exported.
  allow_ai_training     boolean NOT NULL DEFAULT false,
  restrict_usage        boolean NOT NULL DEFAULT false,
  remix_allowed         boolean NOT NULL DEFAULT false,
  no_commercial         boolean NOT NULL DEFAULT false,
  sensitive_content     boolean NOT NULL DEFAULT false,
  must_give_credit      boolean NOT NULL DEFAULT true,
  -- Trust, computed only on the server (decision 0001).
  trust_meter           integer NOT NULL CHECK (trust_meter BETWEEN 0 AND 100),
  trust_breakdown       jsonb NOT NULL DEFAULT '{}'::jsonb,
  trust_rubric_version  text NOT NULL DEFAULT '',
  prompt_specificity    jsonb NOT NULL DEFAULT '{}'::jsonb,
  duplicate_of          uuid,
  -- E-mail verification (decision 0013); the address and token never leave admin views.
  email_verified_at     timestamptz,
  email_verify_token_hash text,
  email_verify_sent_at  timestamptz,
  is_public             boolean NOT NULL DEFAULT true,
  log_index             bigint,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  deleted_at            timestamptz,
  deleted_by            text,
  deletion_reason       text,
  purged_at             timestamptz,
  -- Lower-cased text the ledger search runs over: id, title, artist name, tags, and the
  -- prompt only when it is public. Kept by a trigger so no code path can forget it.
  search_text           text NOT NULL DEFAULT ''
);

CREATE FUNCTION submissions_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ',
    NEW.registry_id, NEW.id::text, NEW.title, NEW.artist_name,
    array_to_string(NEW.tags, ' '),
    CASE WHEN NEW.prompt_visibility = 'public' THEN NEW.prompt END));
  RETURN NEW;
END $$;
CREATE TRIGGER submissions_search_text_trg BEFORE INSERT OR UPDATE ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_search_text();

CREATE INDEX submissions_search_trgm ON submissions USING gin (search_text gin_trgm_ops);
CREATE INDEX submissions_title_trgm ON submissions USING gin (lower(title) gin_trgm_ops);
CREATE INDEX submissions_artist_trgm ON submissions USING gin (lower(artist_name) gin_trgm_ops);
CREATE INDEX submissions_tags_gin ON submissions USING gin (tags);
CREATE INDEX submissions_public_created_idx ON submissions (created_at DESC, id DESC)
  WHERE is_public AND deleted_at IS NULL;
CREATE INDEX submissions_public_trust_idx ON submissions (trust_meter DESC, created_at DESC)
  WHERE is_public AND deleted_at IS NULL;
CREATE INDEX submissions_artist_idx ON submissions (artist_name, created_at DESC);
CREATE INDEX submissions_hash_idx ON submissions (image_hash);
CREATE INDEX submissions_image_key_idx ON submissions (image_key);
CREATE INDEX submissions_deleted_idx ON submissions (deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX submissions_email_idx ON submissions (lower(author_email));

-- Admins see every row that is not deleted (docs/product.md §3 'active' view).
CREATE VIEW active_submissions AS
  SELECT * FROM submissions WHERE deleted_at IS NULL AND purged_at IS NULL;

-- The only relation public code reads. It leaves out e-mail, verification tokens, storage keys
-- of originals and private prompts, so a query mistake elsewhere cannot leak them (decision 0017).
CREATE VIEW public_submissions AS
  SELECT id, registry_seq, registry_id, title, artist_name, author_full_name,
         author_city, author_state, author_country, portfolio_link, external_link,
         tool, tool_other, platform, verification_method, artwork_license, usage_type, tags,
         CASE WHEN prompt_visibility = 'public' THEN prompt END AS prompt,
         prompt_visibility, story_context, co_authors,
         image_url, image_key, image_hash, image_phash, image_dimensions, image_file_type, image_file_size,
         display_width, display_height,
         embedded_metadata, verification_resources,
         allow_ai_training, restrict_usage, remix_allowed, no_commercial, sensitive_content, must_give_credit,
         trust_meter, trust_breakdown, trust_rubric_version, prompt_specificity, duplicate_of,
         (email_verified_at IS NOT NULL) AS email_verified,
         is_public, log_index, created_at, updated_at, search_text
  FROM submissions
  WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL;

CREATE TABLE removal_requests (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  submission_url   text NOT NULL CHECK (char_length(submission_url) <= 2000),
  submission_id    uuid REFERENCES submissions (id) ON DELETE SET NULL,
  requestor_email  text NOT NULL,
  requestor_name   text NOT NULL,
  reason           text NOT NULL,
  additional_info  text,
  request_ip       text,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'processing', 'approved', 'denied')),
  admin_notes      text,
  processed_by     text,
  processed_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX removal_requests_status_idx ON removal_requests (status, created_at DESC);

CREATE TABLE admin_users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email           text NOT NULL,
  password_hash   text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  last_login_at   timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_idx ON admin_users (lower(email));

-- Server-side admin sessions (decision 0014); the cookie carries a random token, we keep its hash.
CREATE TABLE admin_sessions (
  token_hash   text PRIMARY KEY,
  admin_id     uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  ip_address   text,
  user_agent   text
);
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id);

CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  table_name      text NOT NULL,
  record_id       text NOT NULL,
  action_type     text NOT NULL CHECK (action_type IN
                    ('CREATE', 'UPDATE', 'DELETE', 'SOFT_DELETE', 'RESTORE', 'PURGE', 'LOGIN', 'LOGOUT', 'LOGIN_FAILED')),
  admin_id        uuid,
  admin_email     text,
  reason          text,
  old_values      jsonb,
  new_values      jsonb,
  changed_fields  text[] NOT NULL DEFAULT '{}',
  ip_address      text,
  user_agent      text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_record_idx ON audit_log (table_name, record_id, created_at DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Transparency log (RFC 9162 Merkle tree). Leaves hold hashes and ids only, never personal data.
CREATE TABLE tlog_leaves (
  leaf_index      bigint PRIMARY KEY CHECK (leaf_index >= 0),
  leaf_hash       text NOT NULL CHECK (leaf_hash ~ '^[0-9a-f]{64}$'),
  canonical_json  text NOT NULL,
  event_type      text NOT NULL CHECK (event_type IN ('created', 'soft_deleted', 'restored', 'purged')),
  submission_id   uuid,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tlog_leaves_submission_idx ON tlog_leaves (submission_id, leaf_index);

CREATE TABLE tlog_checkpoints (
  tree_size   bigint PRIMARY KEY CHECK (tree_size >= 0),
  root_hash   text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  note        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters for rate limits shared by every server process (decision 0035).
CREATE TABLE rate_limit_counters (
  key        text PRIMARY KEY,
  hits       integer NOT NULL,
  reset_at   timestamptz NOT NULL
);
