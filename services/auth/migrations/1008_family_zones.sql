-- Each family's time zone, kept from the family service's events (and asked
-- once for a family from before them), so the scheduled mails find whose
-- local time has come in one query instead of a call per family each minute.
CREATE TABLE family_zones (
    organization_id UUID PRIMARY KEY,
    time_zone       TEXT        NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX family_zones_by_zone ON family_zones (time_zone, organization_id);

ALTER TABLE family_zones ENABLE ROW LEVEL SECURITY;
ALTER TABLE family_zones FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON family_zones TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON family_zones TO chorely_all_families USING (true);
