-- The platform's directory of families, kept from the family service's events.
CREATE TABLE organizations (
    id                  UUID PRIMARY KEY,
    name                TEXT        NOT NULL,
    slug                TEXT        NOT NULL,
    plan                TEXT        NOT NULL DEFAULT 'FREE' CHECK (plan IN ('FREE', 'PRO', 'ENTERPRISE')),
    subscription_status TEXT        NOT NULL DEFAULT 'TRIAL' CHECK (subscription_status IN ('TRIAL', 'ACTIVE', 'CANCELED')),
    trial_ends_at       TIMESTAMPTZ,
    is_active           BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX organizations_created ON organizations (created_at DESC);
