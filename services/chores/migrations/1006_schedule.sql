-- Who does a chore and when. Every column has a default that keeps today's
-- behaviour (every child, each on their own, on the frequency's rule), so a
-- release that does not know them keeps working beside this one.
ALTER TABLE chores
    -- in turn order; empty for every child of the family
    ADD COLUMN assigned_child_ids uuid[] NOT NULL DEFAULT '{}',
    ADD COLUMN assignment_mode text NOT NULL DEFAULT 'EACH'
        CHECK (assignment_mode IN ('EACH', 'ROTATE', 'FIRST_COME')),
    -- ISO weekdays, 1 Monday to 7 Sunday, ascending; empty when unscheduled
    ADD COLUMN due_days integer[] NOT NULL DEFAULT '{}'
        CHECK (due_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]),
    -- the family's wall-clock time; NULL: due by the end of the day
    ADD COLUMN due_time time,
    -- the family's date its periods and turns are counted from; set again
    -- when the order, mode, frequency or due days change
    ADD COLUMN periods_start_on date NOT NULL DEFAULT CURRENT_DATE;

-- Turns a parent gave to another child than the order would, by the first
-- day of the period (the due date, for a scheduled chore).
CREATE TABLE chore_turns (
    chore_id uuid NOT NULL REFERENCES chores (id),
    period_start_on date NOT NULL,
    child_id uuid NOT NULL,
    PRIMARY KEY (chore_id, period_start_on)
);

ALTER TABLE submissions
    -- submitted after the chore's due time (the server's time, not the one claimed)
    ADD COLUMN late boolean NOT NULL DEFAULT false;

-- Today's lists read the family's recent submissions that count (a period is
-- at most 30 days).
CREATE INDEX submissions_done_by_family ON submissions (organization_id, completed_on)
    WHERE status <> 'REJECTED';
