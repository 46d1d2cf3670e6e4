-- What auth shows of each family (its name, plan and standing) and of its
-- children (their names), kept from the family and platform services' events,
-- so describing a user and opening the family tablet read them here instead
-- of asking two services each time. A column still NULL was not heard of yet:
-- the services are asked and the answer fills only what is still NULL, so an
-- event kept meanwhile (newer by construction) wins.
CREATE TABLE family_facts (
    organization_id   UUID PRIMARY KEY,
    name              TEXT,
    -- FREE, PRO or ENTERPRISE
    plan              TEXT,
    is_active         BOOLEAN,
    -- When the kept standing was decided (its event's time): an older change
    -- delivered late does not undo a newer one. NULL for one asked.
    active_changed_at TIMESTAMPTZ,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE family_facts ENABLE ROW LEVEL SECURITY;
ALTER TABLE family_facts FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON family_facts TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON family_facts TO chorely_all_families USING (true);

CREATE TABLE child_names (
    child_id        UUID PRIMARY KEY,
    organization_id UUID NOT NULL,
    name            TEXT NOT NULL
);
CREATE INDEX child_names_by_family ON child_names (organization_id, child_id);

ALTER TABLE child_names ENABLE ROW LEVEL SECURITY;
ALTER TABLE child_names FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON child_names TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON child_names TO chorely_all_families USING (true);
