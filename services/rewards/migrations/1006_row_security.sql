-- The second wall behind every query's family filter (kit's tenancy module):
-- each table holding a family's rows shows and accepts, to one family's
-- work, only that family's rows; to work across families, every row; to
-- anyone else (its owner included), none.

ALTER TABLE ledger_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE ledger_entries FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON ledger_entries TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON ledger_entries TO chorely_all_families USING (true);

ALTER TABLE subjects ENABLE ROW LEVEL SECURITY;
ALTER TABLE subjects FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON subjects TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON subjects TO chorely_all_families USING (true);

ALTER TABLE multiplier_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE multiplier_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON multiplier_settings TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON multiplier_settings TO chorely_all_families USING (true);

ALTER TABLE families ENABLE ROW LEVEL SECURITY;
ALTER TABLE families FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON families TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON families TO chorely_all_families USING (true);

ALTER TABLE children ENABLE ROW LEVEL SECURITY;
ALTER TABLE children FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON children TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON children TO chorely_all_families USING (true);

ALTER TABLE misses ENABLE ROW LEVEL SECURITY;
ALTER TABLE misses FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON misses TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON misses TO chorely_all_families USING (true);

-- A grade is its subject's family's.
ALTER TABLE grades ENABLE ROW LEVEL SECURITY;
ALTER TABLE grades FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON grades TO chorely_app
    USING (EXISTS (SELECT FROM subjects WHERE subjects.id = grades.subject_id));
CREATE POLICY all_families ON grades TO chorely_all_families USING (true);
