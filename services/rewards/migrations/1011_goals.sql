-- Savings goals: what a child saves towards. Each goal is measured against
-- the whole SAVE jar; reached_at is set once, the first time the jar covers
-- the target (by whichever write raised the jar, under the child's lock).
CREATE TABLE goals (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid NOT NULL,
    name text NOT NULL,
    target_cents bigint NOT NULL CHECK (target_cents > 0),
    emoji text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    reached_at timestamptz
);
CREATE INDEX goals_by_child ON goals (organization_id, child_id, created_at);

ALTER TABLE goals ENABLE ROW LEVEL SECURITY;
ALTER TABLE goals FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON goals TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON goals TO chorely_all_families USING (true);

-- How an approved chore's reward was reached (chore, base, multiplier parts),
-- kept on each of its lines from now on for statements; older lines have none.
ALTER TABLE ledger_entries ADD COLUMN breakdown jsonb;
