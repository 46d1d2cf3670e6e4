-- The second wall behind every query's family filter (kit's tenancy module):
-- each table holding a family's rows shows and accepts, to one family's
-- work, only that family's rows; to work across families, every row; to
-- anyone else (its owner included), none.

-- The operator's console works across families; a family's own requests
-- (its plan and status) see their row alone.
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON organizations TO chorely_app USING (id = chorely_family());
CREATE POLICY all_families ON organizations TO chorely_all_families USING (true);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON users TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON users TO chorely_all_families USING (true);

ALTER TABLE children ENABLE ROW LEVEL SECURITY;
ALTER TABLE children FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON children TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON children TO chorely_all_families USING (true);

ALTER TABLE chore_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE chore_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON chore_counts TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON chore_counts TO chorely_all_families USING (true);

