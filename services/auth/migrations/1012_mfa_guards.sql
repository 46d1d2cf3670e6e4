-- Guessing the second step of a login: each sign-in's challenge allows a
-- handful of codes and is used up by the right one, and wrong codes are
-- counted per user, apart from passwords (a right password does not clear
-- them; a right code does).

-- One row per login that passed its password with two-factor sign-in on;
-- its id is the `jti` of the second-step token handed out.
CREATE TABLE mfa_challenges (
    id         UUID        PRIMARY KEY,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    -- Codes tried with this challenge, right or wrong.
    attempts   INTEGER     NOT NULL DEFAULT 0,
    -- Set by the code that signed in: the challenge is spent.
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mfa_challenges_expiry ON mfa_challenges (expires_at);

-- Wrong second-step codes in a row, per user (sign-in, turning it on or off).
CREATE TABLE mfa_failures (
    user_id        UUID        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    failures       INTEGER     NOT NULL,
    last_failed_at TIMESTAMPTZ NOT NULL,
    locked_until   TIMESTAMPTZ
);

-- The mail telling a user of the lock.
ALTER TABLE mail_queue DROP CONSTRAINT mail_queue_kind_check;
ALTER TABLE mail_queue ADD CONSTRAINT mail_queue_kind_check CHECK (kind IN
    ('VERIFY_EMAIL', 'RESET_PASSWORD', 'REVIEW_DIGEST', 'WEEKLY_SUMMARY', 'APPROVAL',
     'WEBHOOK_DISABLED', 'DUE_REMINDER', 'MFA_LOCKED')) NOT VALID;
ALTER TABLE mail_queue VALIDATE CONSTRAINT mail_queue_kind_check;
