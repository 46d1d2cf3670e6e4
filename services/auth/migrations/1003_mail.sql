-- Mail to send. A row is written in the same transaction as what it is about
-- (a registration, a request for a reset link) and the mailer sends it after
-- the request has been answered, retrying with a growing pause until the
-- relay takes it. Its id is the mail's Message-ID.
CREATE TABLE mail_queue (
    id              UUID PRIMARY KEY,
    kind            TEXT        NOT NULL CHECK (kind IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
    -- The address asked for: a reset asked for an address no active account
    -- has sends nothing (the mailer finds that out, not the request).
    email           TEXT        NOT NULL,
    user_id         UUID,
    -- en, es or de: the language of the request that caused the mail.
    language        TEXT        NOT NULL,
    -- The configured PUBLIC_URL the link is built on.
    link_origin     TEXT        NOT NULL,
    attempts        INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    last_error      TEXT,
    -- SENT, SKIPPED (nobody to send it to) or GAVE_UP (the relay refused it for a day).
    outcome         TEXT CHECK (outcome IN ('SENT', 'SKIPPED', 'GAVE_UP')),
    done_at         TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL
);

CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE done_at IS NULL;
-- Mails asked for per address, for the rate limit.
CREATE INDEX mail_queue_address ON mail_queue (lower(email), kind, created_at);

-- The links mailed: only the SHA-256 of each token is kept, never the token.
-- A token works once, until it expires.
CREATE TABLE account_tokens (
    token_hash BYTEA       PRIMARY KEY,
    kind       TEXT        NOT NULL CHECK (kind IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The address the link was mailed to (a verification proves this one).
    email      TEXT        NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX account_tokens_user ON account_tokens (user_id, kind);
