-- Pauses as the chores service announced them (the highest revision wins):
-- a paused day neither grows nor breaks a child's streak. A pause removed
-- before it began stays as a tombstone, so an older announcement arriving
-- late cannot bring it back.
CREATE TABLE pauses (
    pause_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    removed boolean NOT NULL DEFAULT false,
    revision bigint NOT NULL
);
CREATE INDEX pauses_by_family ON pauses (organization_id, ends_on);

ALTER TABLE pauses ENABLE ROW LEVEL SECURITY;
ALTER TABLE pauses FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON pauses TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON pauses TO chorely_all_families USING (true);
