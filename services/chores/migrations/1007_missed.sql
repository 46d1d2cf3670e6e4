-- Missed chores: a due day that passed with nothing sent by the child whose
-- chore it was. Every column added has a default that keeps the behaviour
-- before it (no penalty; no child known, so nothing missed by "every child").
ALTER TABLE chores
    ADD COLUMN missed_penalty_cents bigint NOT NULL DEFAULT 0
        CHECK (missed_penalty_cents >= 0);

-- The family's children as the family service announced them (or as it
-- answered a member): a chore for every child is missed by each of them.
-- Only a child known before a due day can miss it; a deleted child stays as
-- a tombstone so a late announcement cannot bring them back.
CREATE TABLE children (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    known_since timestamptz NOT NULL,
    deleted_at timestamptz
);
CREATE INDEX children_by_family ON children (organization_id);

-- Once per child, chore and due date, however often the job looks.
CREATE TABLE missed_chores (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    chore_id uuid NOT NULL REFERENCES chores (id),
    child_id uuid NOT NULL,
    due_on date NOT NULL,
    due_at timestamptz NOT NULL,
    penalty_cents bigint NOT NULL,
    excused_at timestamptz,
    excused_by uuid,
    excuse text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (chore_id, child_id, due_on)
);
CREATE INDEX missed_by_family ON missed_chores (organization_id, due_on);

-- The last day of the family's calendar whose chores were checked for
-- misses; NULL until the job first looks at the family.
ALTER TABLE families ADD COLUMN missed_checked_through date;
