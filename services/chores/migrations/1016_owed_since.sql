-- Since when who owes a chore, as instants: periods_start_on is only a
-- date of the family's calendar of then, so a chore made at 23:56 was
-- missed by its due time of 07:00 that day, and a date set in one time zone
-- says nothing of a due time read in another. No child owes a deadline
-- that passed before the chore, their part in it or they existed. All of it
-- is new and nullable: a release before this one neither reads nor writes
-- it, and what it wrote counts from the chore's created_at.
ALTER TABLE chores
    -- the moment its periods and turns began to count as they do now
    -- (periods_start_on is its date)
    ADD COLUMN periods_start_at timestamptz,
    -- the moment it came to be for the children it is for, the way it is:
    -- it was made, or its mode or which children it is for changed
    ADD COLUMN children_since timestamptz;

-- When each assigned child was assigned, in the chore's mode of now.
CREATE TABLE chore_assignees (
    chore_id uuid NOT NULL REFERENCES chores (id),
    child_id uuid NOT NULL,
    assigned_at timestamptz NOT NULL,
    PRIMARY KEY (chore_id, child_id)
);

-- An assignment is its chore's family's.
ALTER TABLE chore_assignees ENABLE ROW LEVEL SECURITY;
ALTER TABLE chore_assignees FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON chore_assignees TO chorely_app
    USING (EXISTS (SELECT FROM chores WHERE chores.id = chore_assignees.chore_id));
CREATE POLICY all_families ON chore_assignees TO chorely_all_families USING (true);
