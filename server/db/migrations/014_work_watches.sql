-- Watch alerts (issue 18): anyone with a confirmed e-mail address may watch a public work and is
-- told when a later registration is an exact or near duplicate of it, or claims one of its
-- profile links. Addresses are private: they appear in no public page, feed or API answer.
CREATE TABLE work_watches (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  submission_id          uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  email                  text NOT NULL,
  -- Only hashes of the e-mailed links are kept (as for the e-mail verification links).
  confirm_token_hash     text UNIQUE,
  unsubscribe_token_hash text NOT NULL UNIQUE,
  confirmed_at           timestamptz,
  -- The newest alert of this work already e-mailed to this watcher.
  last_alert_id          bigint NOT NULL DEFAULT 0,
  created_at             timestamptz NOT NULL
);
-- One watch per address and work, whatever the letter case of the address.
CREATE UNIQUE INDEX work_watches_work_email_idx ON work_watches (submission_id, lower(email));

-- What the scanner found: a later work that looks like a copy of a watched one.
CREATE TABLE watch_alerts (
  id            bigserial PRIMARY KEY,
  submission_id uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  match_id      uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  reason        text NOT NULL CHECK (reason IN ('exact_duplicate', 'near_duplicate', 'profile_link')),
  -- Bits that differ between the perceptual hashes (near duplicates), else null.
  distance      integer,
  created_at    timestamptz NOT NULL,
  UNIQUE (submission_id, match_id)
);
CREATE INDEX watch_alerts_work_idx ON watch_alerts (submission_id, id);

-- How far the scanner has read the registry (by registry number), shared by every process.
CREATE TABLE watch_scan_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_seq  bigint NOT NULL
);
-- Works registered before watching existed are not news to anyone.
INSERT INTO watch_scan_state (last_seq) SELECT coalesce(max(registry_seq), 0) FROM submissions;
