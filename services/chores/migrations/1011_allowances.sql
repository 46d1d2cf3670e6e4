-- Children's allowances as the rewards service announces them, for the
-- calendar feeds' pay days (a feed is read without a user, so what it shows
-- must be here). amount_cents 0: turned off. changed_at orders the
-- announcements: an older one arriving late changes nothing.
CREATE TABLE allowances (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    amount_cents bigint NOT NULL,
    period text NOT NULL,
    day integer NOT NULL,
    changed_at timestamptz NOT NULL
);
CREATE INDEX allowances_by_family ON allowances (organization_id);

ALTER TABLE allowances ENABLE ROW LEVEL SECURITY;
ALTER TABLE allowances FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON allowances TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON allowances TO chorely_all_families USING (true);
