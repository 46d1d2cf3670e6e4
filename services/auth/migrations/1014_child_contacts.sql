-- A child's invitation is made once, by whichever comes first: the family
-- service's call after it has kept the child, or the event announcing the
-- child's contact (should that call never come). The index lets both try.
CREATE UNIQUE INDEX invitations_one_open_per_child ON invitations (child_id)
    WHERE child_id IS NOT NULL AND used_at IS NULL;

-- The family service's change of each child whose contact (email, phone)
-- auth keeps on the child's login or invitation: a change delivered late
-- (its event after a newer call) is not applied over a newer one. A deleted
-- child's `as_of` is 'infinity': nothing of theirs delivered late applies.
CREATE TABLE child_contacts (
    child_id        UUID PRIMARY KEY,
    organization_id UUID        NOT NULL,
    as_of           TIMESTAMPTZ NOT NULL
);

ALTER TABLE child_contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE child_contacts FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON child_contacts TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON child_contacts TO chorely_all_families USING (true);
