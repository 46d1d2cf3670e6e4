-- A family's categories and chores. Categories are soft-deleted and chores
-- retired rather than removed, so history keeps their names.
CREATE TABLE categories (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
);
CREATE UNIQUE INDEX categories_name_key
    ON categories (organization_id, lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE chores (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    category_id uuid NOT NULL REFERENCES categories (id),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    base_reward_cents bigint NOT NULL CHECK (base_reward_cents >= 0),
    frequency_days integer NOT NULL CHECK (frequency_days IN (0, 1, 2, 3, 7, 14, 30)),
    requires_photo boolean NOT NULL DEFAULT false,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chores_active ON chores (organization_id, category_id) WHERE is_active;
