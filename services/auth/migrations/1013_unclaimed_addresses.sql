-- Nobody learns from a sign-up, an invitation, a child's contact or a
-- profile whether an address belongs to another family's account (a
-- security review's finding: these answered 409 "An account with this
-- email already exists").
--
-- A new login whose address another login already signs in with is kept
-- with the address, but the address is not its sign-in name: the answer
-- to whoever typed it is the one a free address gets, and the address's
-- owner is mailed that someone tried. One sign-in name per address, as
-- before, whatever its case.
ALTER TABLE users ADD COLUMN email_is_login BOOLEAN NOT NULL DEFAULT TRUE;
CREATE UNIQUE INDEX users_login_email_key ON users (lower(email)) WHERE email_is_login;
DROP INDEX users_email_key;

-- A changed address waits here until the link mailed to it is followed;
-- until then the account keeps signing in with its old one.
ALTER TABLE users ADD COLUMN pending_email TEXT;

-- The mails of both: the owner's "someone tried", and the new address's link.
ALTER TABLE mail_queue DROP CONSTRAINT mail_queue_kind_check;
ALTER TABLE mail_queue ADD CONSTRAINT mail_queue_kind_check CHECK (kind IN
    ('VERIFY_EMAIL', 'RESET_PASSWORD', 'REVIEW_DIGEST', 'WEEKLY_SUMMARY', 'APPROVAL',
     'WEBHOOK_DISABLED', 'DUE_REMINDER', 'MFA_LOCKED', 'ADDRESS_IN_USE',
     'CONFIRM_EMAIL_CHANGE')) NOT VALID;
ALTER TABLE mail_queue VALIDATE CONSTRAINT mail_queue_kind_check;
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_kind_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_kind_check CHECK (kind IN
    ('VERIFY_EMAIL', 'RESET_PASSWORD', 'CONFIRM_EMAIL_CHANGE')) NOT VALID;
ALTER TABLE account_tokens VALIDATE CONSTRAINT account_tokens_kind_check;
