CREATE TABLE children (
    id                    UUID PRIMARY KEY,
    organization_id       UUID        NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    first_name            TEXT        NOT NULL,
    last_name             TEXT        NOT NULL DEFAULT '',
    -- what the family calls the child; first and last name when not given
    name                  TEXT        NOT NULL,
    email                 TEXT        NOT NULL,
    phone                 TEXT        NOT NULL DEFAULT '',
    date_of_birth         DATE,
    birthday_reward_cents BIGINT      NOT NULL DEFAULT 1000 CHECK (birthday_reward_cents >= 0),
    age_group             TEXT        NOT NULL DEFAULT 'CHILD'
        CHECK (age_group IN ('CHILD', 'TWEEN', 'TEEN', 'YOUNG_ADULT')),
    ui_theme              TEXT        NOT NULL DEFAULT 'KIDS' CHECK (ui_theme IN ('KIDS', 'TEEN', 'ADULT')),
    reward_display_type   TEXT        NOT NULL DEFAULT 'MONEY'
        CHECK (reward_display_type IN ('MONEY', 'SCREEN_TIME', 'POINTS', 'CUSTOM')),
    honesty_rating        SMALLINT    NOT NULL DEFAULT 5 CHECK (honesty_rating BETWEEN 1 AND 10),
    respect_rating        SMALLINT    NOT NULL DEFAULT 5 CHECK (respect_rating BETWEEN 1 AND 10),
    rules_rating          SMALLINT    NOT NULL DEFAULT 5 CHECK (rules_rating BETWEEN 1 AND 10),
    -- the child's login (auth service), once the invitation is accepted
    user_id               UUID,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX children_organization ON children (organization_id, created_at);
