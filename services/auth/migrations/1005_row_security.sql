-- The second wall behind every query's family filter (kit's tenancy module):
-- each table holding a family's rows shows and accepts, to one family's
-- work, only that family's rows; to work across families, every row; to
-- anyone else (its owner included), none.

-- A super admin's login has no family: only work across families sees it.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON users TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON users TO chorely_all_families USING (true);

ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON invitations TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON invitations TO chorely_all_families USING (true);

