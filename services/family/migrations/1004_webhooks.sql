-- Webhooks: endpoints a family's parents registered, and each delivery of an
-- event to one of them. Deliveries are rows, not memory: the worker that
-- sends them survives restarts, and several replicas share them (SKIP LOCKED).
CREATE TABLE webhooks (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    url text NOT NULL,
    -- Event types, or '*' for every one.
    events text[] NOT NULL,
    -- The signing key (its bytes); shown to the parent once, as whsec_<base64>.
    secret bytea NOT NULL,
    created_by uuid NOT NULL,
    created_at timestamptz NOT NULL,
    -- Deliveries failed for 24 hours: nothing more is recorded or sent.
    disabled_at timestamptz
);
CREATE INDEX webhooks_by_family ON webhooks (organization_id, created_at);

CREATE TABLE webhook_deliveries (
    -- The webhook-id header, the same on every attempt.
    id text PRIMARY KEY,
    organization_id uuid NOT NULL,
    webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    -- The event it carries (its Nats-Msg-Id); one delivery per event and endpoint.
    event_id text NOT NULL,
    event_type text NOT NULL,
    -- The exact body sent on every attempt.
    body text NOT NULL,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    last_attempt_at timestamptz,
    response_code integer,
    -- The start of the last answer's body, or why no answer came.
    error text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    delivered_at timestamptz,
    UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_by_hook ON webhook_deliveries (webhook_id, created_at DESC);

ALTER TABLE webhooks ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhooks FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON webhooks TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON webhooks TO chorely_all_families USING (true);

ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON webhook_deliveries TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON webhook_deliveries TO chorely_all_families USING (true);
