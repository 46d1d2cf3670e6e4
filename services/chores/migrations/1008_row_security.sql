-- The second wall behind every query's family filter (kit's tenancy module):
-- each table holding a family's rows shows and accepts, to one family's
-- work, only that family's rows; to work across families, every row; to
-- anyone else (its owner included), none.

ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
ALTER TABLE categories FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON categories TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON categories TO chorely_all_families USING (true);

ALTER TABLE chores ENABLE ROW LEVEL SECURITY;
ALTER TABLE chores FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON chores TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON chores TO chorely_all_families USING (true);

ALTER TABLE submissions ENABLE ROW LEVEL SECURITY;
ALTER TABLE submissions FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON submissions TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON submissions TO chorely_all_families USING (true);

ALTER TABLE families ENABLE ROW LEVEL SECURITY;
ALTER TABLE families FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON families TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON families TO chorely_all_families USING (true);

ALTER TABLE children ENABLE ROW LEVEL SECURITY;
ALTER TABLE children FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON children TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON children TO chorely_all_families USING (true);

ALTER TABLE missed_chores ENABLE ROW LEVEL SECURITY;
ALTER TABLE missed_chores FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON missed_chores TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON missed_chores TO chorely_all_families USING (true);

-- A turn is its chore's family's.
ALTER TABLE chore_turns ENABLE ROW LEVEL SECURITY;
ALTER TABLE chore_turns FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON chore_turns TO chorely_app
    USING (EXISTS (SELECT FROM chores WHERE chores.id = chore_turns.chore_id));
CREATE POLICY all_families ON chore_turns TO chorely_all_families USING (true);
