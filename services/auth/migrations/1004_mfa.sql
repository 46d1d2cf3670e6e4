-- Two-factor sign-in: a TOTP secret (RFC 6238) per user who set it up, and
-- one-time recovery codes for a lost phone.
ALTER TABLE users ADD COLUMN mfa_enabled BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE mfa_secrets (
    user_id      UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- The shared secret (20 random bytes), as the authenticator app has it.
    secret       BYTEA       NOT NULL,
    -- NULL while being set up: not asked for at login until a code confirms it.
    confirmed_at TIMESTAMPTZ,
    -- The last 30-second step a code was accepted for: each code works once.
    last_step    BIGINT,
    created_at   TIMESTAMPTZ NOT NULL
);

-- Only the SHA-256 of each recovery code is kept; a code works once.
CREATE TABLE mfa_recovery_codes (
    user_id   UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash BYTEA       NOT NULL,
    used_at   TIMESTAMPTZ,
    PRIMARY KEY (user_id, code_hash)
);
