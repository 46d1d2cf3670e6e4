-- The children of a family this service has heard of, found without
-- reading every family's (the children summary reads them while the family
-- service lists its own).
CREATE INDEX children_by_family ON children (organization_id, child_id)
    WHERE deleted_at IS NULL;
