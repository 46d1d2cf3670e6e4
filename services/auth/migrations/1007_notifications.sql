-- Notifications: the in-app centre of each user, their choices of channels
-- and times, the links that turn a kind of mail off, and what the review
-- digest and the weekly summary count (kept from the events, so the mail
-- jobs ask no other service for them).

-- One row per event and recipient: the consumer that makes it is the one
-- transaction that also marks the event processed, and the unique key stops
-- a second row whatever happens.
CREATE TABLE notifications (
    id              UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    user_id         UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind            TEXT        NOT NULL CHECK (kind IN
        ('SUBMISSION', 'STORE_REQUEST', 'WEBHOOK_DISABLED', 'REVIEW', 'STORE_DECISION')),
    -- The event's id (its Nats-Msg-Id).
    event_id        TEXT        NOT NULL,
    -- Ids, statuses and amounts of the event, for the screen's words.
    data            JSONB       NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    read_at         TIMESTAMPTZ,
    UNIQUE (user_id, event_id)
);
CREATE INDEX notifications_latest ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- A user's choices; no row means the defaults (everything on, digest at 18:00,
-- weekly summary on Sundays).
CREATE TABLE notification_settings (
    user_id            UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    organization_id    UUID        NOT NULL,
    -- Kinds turned off, per channel (kinds as in notifications.kind; the
    -- mail channel also knows WEEKLY_SUMMARY).
    in_app_off         TEXT[]      NOT NULL DEFAULT '{}',
    email_off          TEXT[]      NOT NULL DEFAULT '{}',
    -- Local time of day in the family's time zone.
    digest_time        TIME        NOT NULL DEFAULT '18:00',
    -- ISO weekday: 1 = Monday … 7 = Sunday.
    weekly_summary_day SMALLINT    NOT NULL DEFAULT 7 CHECK (weekly_summary_day BETWEEN 1 AND 7),
    -- en, es or de: the language the settings were last saved in, which
    -- the mails no request caused are written in.
    language           TEXT        NOT NULL DEFAULT 'en',
    updated_at         TIMESTAMPTZ NOT NULL
);

-- The one-click unsubscribe links mailed (RFC 8058): only the SHA-256 of
-- each token is kept. A token keeps working (a second click changes
-- nothing) until its user is deleted.
CREATE TABLE unsubscribe_tokens (
    token_hash      BYTEA PRIMARY KEY,
    user_id         UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    organization_id UUID        NOT NULL,
    -- The kind of mail it turns off (mail_queue.kind).
    mail            TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);

-- Submissions sent for review, and the reviews of them: the digest counts
-- the sent ones not reviewed (a review consumed before its submission is
-- still seen), the weekly summary the approvals and their rewards.
CREATE TABLE pending_reviews (
    submission_id   UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    child_id        UUID        NOT NULL,
    submitted_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX pending_reviews_family ON pending_reviews (organization_id);

CREATE TABLE reviews_seen (
    submission_id   UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    child_id        UUID        NOT NULL,
    approved        BOOLEAN     NOT NULL,
    reward_cents    BIGINT      NOT NULL,
    reviewed_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX reviews_seen_family ON reviews_seen (organization_id, reviewed_at);

-- Each scheduled mail a user had on a local day, written in the transaction
-- that queues it (or that found nothing to say): the key makes it once a
-- day, whatever restarts or replicas do.
CREATE TABLE scheduled_mails (
    user_id         UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind            TEXT        NOT NULL CHECK (kind IN ('REVIEW_DIGEST', 'WEEKLY_SUMMARY')),
    local_date      DATE        NOT NULL,
    organization_id UUID        NOT NULL,
    -- The queued mail; NULL when there was nothing to tell.
    mail_id         UUID,
    created_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, kind, local_date)
);

-- Notification mails carry what they tell (a count, a summary) in the queue.
ALTER TABLE mail_queue DROP CONSTRAINT mail_queue_kind_check;
ALTER TABLE mail_queue ADD CONSTRAINT mail_queue_kind_check CHECK (kind IN
    ('VERIFY_EMAIL', 'RESET_PASSWORD', 'REVIEW_DIGEST', 'WEEKLY_SUMMARY', 'APPROVAL', 'WEBHOOK_DISABLED'));
ALTER TABLE mail_queue ADD COLUMN payload JSONB NOT NULL DEFAULT '{}';

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON notifications TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON notifications TO chorely_all_families USING (true);

ALTER TABLE notification_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE notification_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON notification_settings TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON notification_settings TO chorely_all_families USING (true);

ALTER TABLE unsubscribe_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE unsubscribe_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON unsubscribe_tokens TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON unsubscribe_tokens TO chorely_all_families USING (true);

ALTER TABLE pending_reviews ENABLE ROW LEVEL SECURITY;
ALTER TABLE pending_reviews FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON pending_reviews TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON pending_reviews TO chorely_all_families USING (true);

ALTER TABLE reviews_seen ENABLE ROW LEVEL SECURITY;
ALTER TABLE reviews_seen FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON reviews_seen TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON reviews_seen TO chorely_all_families USING (true);

ALTER TABLE scheduled_mails ENABLE ROW LEVEL SECURITY;
ALTER TABLE scheduled_mails FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON scheduled_mails TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON scheduled_mails TO chorely_all_families USING (true);
