-- Events written in the same transaction as the change they describe; the
-- relay publishes them to JetStream and marks them published.
CREATE TABLE outbox (
    id           UUID PRIMARY KEY,
    subject      TEXT        NOT NULL,
    payload      BYTEA       NOT NULL,
    -- W3C trace context of the request that wrote the event
    trace_headers JSONB      NOT NULL DEFAULT '{}'::jsonb,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_pending ON outbox (created_at) WHERE published_at IS NULL;
