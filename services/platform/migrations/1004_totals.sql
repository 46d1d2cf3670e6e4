-- The console's totals, kept as the directory changes instead of counted
-- over every family on each request (at 100,000 families and 400,000 logins
-- the counts took about 45 ms). One row; each trigger adds what a row's new
-- version counts and takes away what its old version counted, so an
-- insert, an update and a delete all keep the totals exact, in the same
-- transaction as the change.
CREATE TABLE totals (
    only_row             BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
    organizations        BIGINT NOT NULL,
    active_organizations BIGINT NOT NULL,
    trial_organizations  BIGINT NOT NULL,
    pro_organizations    BIGINT NOT NULL,
    free_organizations   BIGINT NOT NULL,
    users                BIGINT NOT NULL,
    children             BIGINT NOT NULL,
    chores               BIGINT NOT NULL
);

INSERT INTO totals
SELECT TRUE,
    (SELECT count(*) FROM organizations),
    (SELECT count(*) FROM organizations WHERE is_active),
    (SELECT count(*) FROM organizations WHERE subscription_status = 'TRIAL'),
    (SELECT count(*) FROM organizations WHERE plan = 'PRO'),
    (SELECT count(*) FROM organizations WHERE plan = 'FREE'),
    (SELECT count(*) FROM users),
    (SELECT count(*) FROM children WHERE deleted_at IS NULL),
    (SELECT coalesce(sum(active_chores), 0) FROM chore_counts);

CREATE FUNCTION count_organization(o organizations, sign INTEGER) RETURNS VOID
LANGUAGE sql AS $$
    UPDATE totals SET
        organizations = organizations + sign,
        active_organizations = active_organizations + sign * o.is_active::INTEGER,
        trial_organizations = trial_organizations + sign * (o.subscription_status = 'TRIAL')::INTEGER,
        pro_organizations = pro_organizations + sign * (o.plan = 'PRO')::INTEGER,
        free_organizations = free_organizations + sign * (o.plan = 'FREE')::INTEGER
$$;

CREATE FUNCTION organizations_counted() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM count_organization(OLD, -1); END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM count_organization(NEW, 1); END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION users_counted() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE totals SET users = users + CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    RETURN NULL;
END $$;

CREATE FUNCTION children_counted() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
    delta INTEGER := 0;
BEGIN
    -- Tombstones (deleted_at set) are not children any more.
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN delta := delta - 1; END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN delta := delta + 1; END IF;
    IF delta <> 0 THEN UPDATE totals SET children = children + delta; END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION chores_counted() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
    delta BIGINT := 0;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN delta := delta - OLD.active_chores; END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN delta := delta + NEW.active_chores; END IF;
    IF delta <> 0 THEN UPDATE totals SET chores = chores + delta; END IF;
    RETURN NULL;
END $$;

-- Emptying a table empties its totals.
CREATE FUNCTION totals_truncated() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    CASE TG_TABLE_NAME
        WHEN 'organizations' THEN
            UPDATE totals SET organizations = 0, active_organizations = 0,
                trial_organizations = 0, pro_organizations = 0, free_organizations = 0;
        WHEN 'users' THEN UPDATE totals SET users = 0;
        WHEN 'children' THEN UPDATE totals SET children = 0;
        WHEN 'chore_counts' THEN UPDATE totals SET chores = 0;
    END CASE;
    RETURN NULL;
END $$;

CREATE TRIGGER organizations_counted AFTER INSERT OR UPDATE OR DELETE ON organizations
    FOR EACH ROW EXECUTE FUNCTION organizations_counted();
CREATE TRIGGER users_counted AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_counted();
CREATE TRIGGER children_counted AFTER INSERT OR UPDATE OR DELETE ON children
    FOR EACH ROW EXECUTE FUNCTION children_counted();
CREATE TRIGGER chores_counted AFTER INSERT OR UPDATE OR DELETE ON chore_counts
    FOR EACH ROW EXECUTE FUNCTION chores_counted();
CREATE TRIGGER organizations_truncated AFTER TRUNCATE ON organizations
    FOR EACH STATEMENT EXECUTE FUNCTION totals_truncated();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION totals_truncated();
CREATE TRIGGER children_truncated AFTER TRUNCATE ON children
    FOR EACH STATEMENT EXECUTE FUNCTION totals_truncated();
CREATE TRIGGER chore_counts_truncated AFTER TRUNCATE ON chore_counts
    FOR EACH STATEMENT EXECUTE FUNCTION totals_truncated();
