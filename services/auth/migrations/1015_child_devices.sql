-- A child's own device (their phone, their tablet), signed in by scanning a
-- one-time code a parent showed: the code is kept only as its SHA-256 and
-- works once, for 15 minutes; the device then keeps a device token (only
-- its SHA-256 here) that signs the child in until a parent signs the device
-- out. A child added without an email signs in only this way or with their
-- PIN on the family tablet.
CREATE TABLE device_links (
    code_hash       BYTEA       PRIMARY KEY,
    organization_id UUID        NOT NULL,
    user_id         UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by      UUID        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    used_at         TIMESTAMPTZ
);

CREATE INDEX device_links_user ON device_links (user_id, created_at);

CREATE TABLE child_devices (
    id              UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    user_id         UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            TEXT        NOT NULL,
    token_hash      BYTEA       NOT NULL UNIQUE,
    created_at      TIMESTAMPTZ NOT NULL,
    last_used_at    TIMESTAMPTZ,
    -- Set when a parent signs it out: the token is refused from then on.
    revoked_at      TIMESTAMPTZ
);

CREATE INDEX child_devices_user ON child_devices (user_id) WHERE revoked_at IS NULL;

-- The sessions a device opened, so signing it out ends them.
CREATE TABLE device_sessions (
    session_id TEXT   PRIMARY KEY,
    device_id  UUID   NOT NULL REFERENCES child_devices (id) ON DELETE CASCADE,
    -- Unix seconds: when the session's newest token expires.
    expires_at BIGINT NOT NULL
);

CREATE INDEX device_sessions_device ON device_sessions (device_id, expires_at);

-- Each is its family's (see 1005_row_security.sql); a session follows its device.
ALTER TABLE device_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE device_links FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON device_links TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON device_links TO chorely_all_families USING (true);

ALTER TABLE child_devices ENABLE ROW LEVEL SECURITY;
ALTER TABLE child_devices FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON child_devices TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON child_devices TO chorely_all_families USING (true);

ALTER TABLE device_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE device_sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON device_sessions TO chorely_app
    USING (EXISTS (SELECT FROM child_devices WHERE child_devices.id = device_sessions.device_id));
CREATE POLICY all_families ON device_sessions TO chorely_all_families USING (true);

-- A child without an email has a login all the same: no address, no
-- password (an empty hash matches nothing), never a sign-in name.
ALTER TABLE users ADD CONSTRAINT users_email_login_has_address
    CHECK (NOT email_is_login OR email <> '');

-- One login per child: the family service's call and its event may both
-- make an address-less child's login at once.
CREATE UNIQUE INDEX users_one_login_per_child ON users (child_id) WHERE child_id IS NOT NULL;
