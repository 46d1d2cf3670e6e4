-- A child's claim to have done a chore, and its review.
CREATE TABLE submissions (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    chore_id uuid NOT NULL REFERENCES chores (id),
    child_id uuid NOT NULL,
    -- the chore's reward when submitted; later edits of the chore do not change it
    base_reward_cents bigint NOT NULL,
    completed_at timestamptz NOT NULL,
    -- the completion's date in the family's time zone (availability counts days)
    completed_on date NOT NULL,
    submitted_at timestamptz NOT NULL DEFAULT now(),
    notes text NOT NULL DEFAULT '',
    photo_key text,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    admin_notes text NOT NULL DEFAULT '',
    reviewed_at timestamptz,
    reviewed_by uuid,
    -- set at approval: the multiplier used, with its parts (thousandths)
    boosted_reward_cents bigint,
    multiplier_milli integer,
    grade_milli integer,
    behaviour_milli integer,
    streak_milli integer,
    bonuses_disabled boolean
);
CREATE INDEX submissions_queue ON submissions (organization_id, submitted_at);
CREATE INDEX submissions_by_child ON submissions (child_id, chore_id, completed_on)
    WHERE status <> 'REJECTED';
CREATE INDEX submissions_reviewed ON submissions (organization_id, reviewed_at DESC)
    WHERE reviewed_at IS NOT NULL;
