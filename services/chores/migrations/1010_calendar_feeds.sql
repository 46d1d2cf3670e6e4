-- Private calendar feeds: a member's URL that calendar apps fetch without
-- signing in. Only the SHA-256 of its random token is kept; the feed shows
-- the chores of `child_id`, or of every child for a parent's (NULL).
CREATE TABLE calendar_feeds (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    user_id uuid NOT NULL,
    child_id uuid,
    token_sha256 bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    last_used_at timestamptz
);
CREATE INDEX calendar_feeds_by_user ON calendar_feeds (organization_id, user_id);

ALTER TABLE calendar_feeds ENABLE ROW LEVEL SECURITY;
ALTER TABLE calendar_feeds FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON calendar_feeds TO chorely_app
    USING (organization_id = chorely_family());
CREATE POLICY all_families ON calendar_feeds TO chorely_all_families USING (true);

-- Grows with every edit of a chore: a feed's SEQUENCE, so calendar apps
-- take the new version of its events.
ALTER TABLE chores ADD COLUMN revision integer NOT NULL DEFAULT 0;

-- A child's name and birthday as the family service announced them (the
-- feeds name each child's chores and show their birthdays); `revision`
-- grows with each announcement that changes them.
ALTER TABLE children
    ADD COLUMN name text,
    ADD COLUMN date_of_birth date,
    ADD COLUMN revision integer NOT NULL DEFAULT 0,
    ADD COLUMN details_at timestamptz;

-- A suspended family's feeds answer as unknown until it is activated again;
-- `activation_changed_at` orders the announcements.
ALTER TABLE families
    ADD COLUMN suspended boolean NOT NULL DEFAULT false,
    ADD COLUMN activation_changed_at timestamptz;
