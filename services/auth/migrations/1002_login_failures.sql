-- Failed logins per email, to slow password guessing: after too many in a
-- row the email is locked for a while. Unknown emails count the same, so a
-- lock says nothing about whether an account exists.
CREATE TABLE login_failures (
    email          TEXT        PRIMARY KEY, -- lower-cased
    failures       INTEGER     NOT NULL,
    last_failed_at TIMESTAMPTZ NOT NULL,
    locked_until   TIMESTAMPTZ
);
