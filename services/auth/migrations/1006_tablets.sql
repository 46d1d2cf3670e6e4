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

-- Each holds a family's rows (see 1005_row_security.sql): a tablet is its
-- family's; a session on it, and a child's PIN, follow the tablet and the
-- login they belong to.
ALTER TABLE tablets ENABLE ROW LEVEL SECURITY;
ALTER TABLE tablets FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON tablets TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON tablets TO chorely_all_families USING (true);

ALTER TABLE tablet_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE tablet_sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON tablet_sessions TO chorely_app
    USING (EXISTS (SELECT FROM tablets WHERE tablets.id = tablet_sessions.tablet_id));
CREATE POLICY all_families ON tablet_sessions TO chorely_all_families USING (true);

ALTER TABLE child_pins ENABLE ROW LEVEL SECURITY;
ALTER TABLE child_pins FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON child_pins TO chorely_app
    USING (EXISTS (SELECT FROM users WHERE users.id = child_pins.user_id));
CREATE POLICY all_families ON child_pins TO chorely_all_families USING (true);
