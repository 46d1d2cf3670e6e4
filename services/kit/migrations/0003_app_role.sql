-- Services work as one of two roles that own nothing (see kit's tenancy
-- module; the roles themselves are created before the migrations, as they
-- belong to the whole server): chorely_app for one family's work, which the
-- family_wall policies hold to that family's rows, and chorely_all_families
-- for work across families (jobs, consumers, the operator). Both may read
-- and write every table of this database, now and later; the policies
-- decide which rows.
GRANT USAGE ON SCHEMA public TO chorely_app, chorely_all_families;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public
    TO chorely_app, chorely_all_families;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public
    TO chorely_app, chorely_all_families;
ALTER DEFAULT PRIVILEGES IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO chorely_app, chorely_all_families;
ALTER DEFAULT PRIVILEGES IN SCHEMA public
    GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO chorely_app, chorely_all_families;

-- The family the connection works for; NULL (no row matches) when none.
-- Plain SQL, so the planner inlines it and a policy comparing a column
-- with it can use that column's index.
CREATE FUNCTION chorely_family() RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT nullif(current_setting('chorely.family_id', true), '')::uuid $$;
