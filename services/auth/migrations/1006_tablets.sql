-- The family tablet: a browser a parent turned into the family's shared
-- device. Only the SHA-256 of its device token is kept, never the token.
CREATE TABLE tablets (
    id              UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    name            TEXT        NOT NULL,
    token_hash      BYTEA       NOT NULL UNIQUE,
    created_by      UUID        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    last_used_at    TIMESTAMPTZ,
    -- Set when a parent removes it: the token is refused from then on.
    revoked_at      TIMESTAMPTZ
);

CREATE INDEX tablets_organization ON tablets (organization_id) WHERE revoked_at IS NULL;

-- The child sessions a PIN opened on a tablet, so removing the tablet ends
-- them and their renewals stay short.
CREATE TABLE tablet_sessions (
    session_id TEXT        PRIMARY KEY,
    tablet_id  UUID        NOT NULL REFERENCES tablets (id) ON DELETE CASCADE,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Unix seconds: when the session's newest token expires.
    expires_at BIGINT      NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX tablet_sessions_tablet ON tablet_sessions (tablet_id, expires_at);

-- A child's PIN for the family tablet (4 digits, hashed with Argon2id like
-- passwords) and the wrong guesses since the last right one: five in a row
-- lock it for a while.
CREATE TABLE child_pins (
    user_id        UUID        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    pin_hash       TEXT        NOT NULL,
    failures       INTEGER     NOT NULL DEFAULT 0,
    last_failed_at TIMESTAMPTZ,
    locked_until   TIMESTAMPTZ,
    updated_at     TIMESTAMPTZ NOT NULL
);
