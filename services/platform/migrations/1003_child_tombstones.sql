-- A deleted child stays as a tombstone: the deletion and the creation travel
-- on different subjects, so a family.child_created handled after its
-- family.child_deleted must find the child gone rather than add it back.
ALTER TABLE children ADD COLUMN deleted_at TIMESTAMPTZ;
DROP INDEX children_by_family;
CREATE INDEX children_by_family ON children (organization_id) WHERE deleted_at IS NULL;
