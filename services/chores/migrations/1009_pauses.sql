-- Pauses: days of the family's calendar on which nothing is due or missed,
-- for the whole family (child_id NULL) or one child. `revision` grows with
-- each change, so the events announcing them can be ordered by consumers.
CREATE TABLE pauses (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid,
    starts_on date NOT NULL,
    ends_on date NOT NULL CHECK (ends_on >= starts_on),
    reason text NOT NULL DEFAULT '',
    revision bigint NOT NULL DEFAULT 1,
    created_by uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pauses_by_family ON pauses (organization_id, ends_on);

ALTER TABLE pauses ENABLE ROW LEVEL SECURITY;
ALTER TABLE pauses FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON pauses TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON pauses TO chorely_all_families USING (true);
