-- A child's school subjects and the grades recorded for them.
CREATE TABLE subjects (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid NOT NULL,
    name text NOT NULL,
    teacher text NOT NULL DEFAULT '',
    period text NOT NULL DEFAULT '',
    grade_scale text NOT NULL CHECK (grade_scale IN ('LETTER', 'PERCENTAGE')),
    -- JSON text as entered: {"thresholds": {...}, "points": {...}}, or empty
    custom_scale text NOT NULL DEFAULT '',
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subjects_by_child ON subjects (organization_id, child_id);

CREATE TABLE grades (
    id uuid PRIMARY KEY,
    subject_id uuid NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
    -- the letter: as given, or from the percentage by the subject's thresholds
    letter text NOT NULL CHECK (letter IN ('A', 'B', 'C', 'D', 'F')),
    percentage_centi integer CHECK (percentage_centi BETWEEN 0 AND 10000),
    recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grades_by_subject ON grades (subject_id, recorded_at DESC);
