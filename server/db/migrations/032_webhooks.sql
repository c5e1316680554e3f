-- Issue 39, decision 0069: signed webhooks. Endpoints admins registered (the secret is the
-- symmetric key deliveries are signed with, so it is kept as is; after a rotation the old one
-- signs too until previous_secret_until), and each delivery of an event to an endpoint, in order
-- (seq), with its outcome for the endpoint's delivery log. A delivery's payload is the exact body
-- that was signed; it holds public data only (server/webhooks/payloads.ts).
CREATE TABLE webhook_endpoints (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url                   text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  description           text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  events                text[] NOT NULL CHECK (cardinality(events) >= 1),
  secret                text NOT NULL,
  previous_secret       text,
  previous_secret_until timestamptz,
  secret_rotated_at     timestamptz NOT NULL,
  enabled               boolean NOT NULL DEFAULT true,
  created_by            text NOT NULL,
  created_at            timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq             bigint GENERATED ALWAYS AS IDENTITY,
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The webhook-id header: one per event, the same for every endpoint and every try.
  message_id      text NOT NULL,
  event           text NOT NULL,
  -- The work the event is about: its payloads are cut to the id when it is removed or purged.
  submission_id   uuid,
  payload         text NOT NULL,
  state           text NOT NULL DEFAULT 'pending'
                  CHECK (state IN ('pending', 'waiting', 'retrying', 'delivered', 'failed', 'skipped')),
  attempts        integer NOT NULL DEFAULT 0,
  last_status     integer,
  last_error      text,
  created_at      timestamptz NOT NULL,
  last_attempt_at timestamptz,
  delivered_at    timestamptz
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, seq);
CREATE INDEX webhook_deliveries_submission_idx ON webhook_deliveries (submission_id) WHERE submission_id IS NOT NULL;
