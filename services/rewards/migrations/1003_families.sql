-- Each family's multiplier settings (absent: the defaults).
CREATE TABLE multiplier_settings (
    organization_id uuid PRIMARY KEY,
    grade_a_milli integer NOT NULL,
    grade_b_milli integer NOT NULL,
    grade_c_milli integer NOT NULL,
    grade_d_milli integer NOT NULL,
    grade_f_milli integer NOT NULL,
    behaviour_excellent_milli integer NOT NULL,
    behaviour_poor_milli integer NOT NULL,
    streak_7_milli integer NOT NULL,
    streak_30_milli integer NOT NULL,
    streak_90_milli integer NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- What rewards keeps of other services' facts (from their events): each
-- family's time zone, and each child's birthday and birthday reward.
CREATE TABLE families (
    organization_id uuid PRIMARY KEY,
    time_zone text NOT NULL DEFAULT 'UTC'
);

CREATE TABLE children (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    date_of_birth date,
    birthday_reward_cents bigint NOT NULL DEFAULT 0
);
CREATE INDEX children_by_birthday ON children (
    extract(month FROM date_of_birth), extract(day FROM date_of_birth)
);
