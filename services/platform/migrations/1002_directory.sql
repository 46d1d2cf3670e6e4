-- The rest of the directory, kept from the other services' events: users
-- (never a child's name or email), children (ids only) and chore counts.
-- Trigram indexes keep searches fast over 100,000 families.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX organizations_search
    ON organizations USING gin ((lower(name) || ' ' || lower(slug)) gin_trgm_ops);
CREATE INDEX organizations_by_plan ON organizations (plan, created_at DESC);
CREATE INDEX organizations_by_status ON organizations (subscription_status, created_at DESC);

CREATE TABLE users (
    id UUID PRIMARY KEY,
    organization_id UUID,
    -- NULL for a child's login: the platform keeps no child details
    email TEXT,
    first_name TEXT,
    last_name TEXT,
    role TEXT NOT NULL,
    is_child BOOLEAN NOT NULL DEFAULT FALSE,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    email_verified BOOLEAN NOT NULL DEFAULT FALSE,
    last_login_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX users_by_family ON users (organization_id);
CREATE INDEX users_created ON users (created_at DESC);
CREATE INDEX users_search ON users USING gin (
    (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '')))
    gin_trgm_ops
);

CREATE TABLE children (
    id UUID PRIMARY KEY,
    organization_id UUID NOT NULL
);
CREATE INDEX children_by_family ON children (organization_id);

CREATE TABLE chore_counts (
    organization_id UUID PRIMARY KEY,
    active_chores INTEGER NOT NULL,
    counted_at TIMESTAMPTZ NOT NULL
);

-- The console pages newest first, with the id to break ties.
CREATE INDEX organizations_listing ON organizations (created_at DESC, id);
CREATE INDEX users_listing ON users (created_at DESC, id);
