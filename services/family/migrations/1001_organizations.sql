CREATE TABLE organizations (
    id         UUID PRIMARY KEY,
    name       TEXT        NOT NULL,
    -- readable, unique handle used by the operator console
    slug       TEXT        NOT NULL,
    -- IANA name; every daily and monthly window of the family is computed in it
    time_zone  TEXT        NOT NULL DEFAULT 'UTC',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT organizations_slug_key UNIQUE (slug)
);
