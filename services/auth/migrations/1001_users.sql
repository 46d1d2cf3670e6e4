CREATE TABLE users (
    id              UUID PRIMARY KEY,
    -- NULL only for a platform super admin
    organization_id UUID,
    email           TEXT        NOT NULL,
    password_hash   TEXT        NOT NULL,
    role            TEXT        NOT NULL CHECK (role IN ('SUPER_ADMIN', 'ORG_ADMIN', 'ORG_MEMBER')),
    first_name      TEXT        NOT NULL DEFAULT '',
    last_name       TEXT        NOT NULL DEFAULT '',
    phone           TEXT        NOT NULL DEFAULT '',
    is_active       BOOLEAN     NOT NULL DEFAULT TRUE,
    email_verified  BOOLEAN     NOT NULL DEFAULT FALSE,
    ui_theme        TEXT        NOT NULL DEFAULT 'ADULT' CHECK (ui_theme IN ('KIDS', 'TEEN', 'ADULT')),
    -- the child record (family service) this login belongs to
    child_id        UUID,
    last_login_at   TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (role = 'SUPER_ADMIN' OR organization_id IS NOT NULL)
);

-- One account per email, whatever its case.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_organization ON users (organization_id);

CREATE TABLE invitations (
    id              UUID PRIMARY KEY,
    code            TEXT        NOT NULL UNIQUE,
    organization_id UUID        NOT NULL,
    role            TEXT        NOT NULL CHECK (role IN ('ORG_ADMIN', 'ORG_MEMBER')),
    -- NULL lets anyone with the code join, with an email of their choosing
    email           TEXT,
    first_name      TEXT        NOT NULL DEFAULT '',
    last_name       TEXT        NOT NULL DEFAULT '',
    display_name    TEXT        NOT NULL DEFAULT '',
    phone           TEXT        NOT NULL DEFAULT '',
    child_id        UUID,
    created_by      UUID,
    expires_at      TIMESTAMPTZ NOT NULL,
    used_at         TIMESTAMPTZ,
    used_by         UUID,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX invitations_organization ON invitations (organization_id);
