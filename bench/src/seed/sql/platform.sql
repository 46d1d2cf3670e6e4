-- The platform database: the directory as the platform's consumers keep it
-- from the other services' events (a child's login without name or email,
-- children as ids, the chore count), with each family's plan and state.
-- $1..$2: the families.

-- step: organizations
INSERT INTO organizations (id, name, slug, plan, subscription_status, trial_ends_at,
    is_active, created_at)
SELECT pg_temp.org_id(n), pg_temp.family_name(n), pg_temp.slug(n), pg_temp.plan(n),
    pg_temp.subscription_status(n), pg_temp.created(n) + interval '14 days', true,
    pg_temp.created(n)
FROM generate_series($1::bigint, $2::bigint) n;

-- step: users
INSERT INTO users (id, organization_id, email, first_name, last_name, role, is_child,
    is_active, email_verified, last_login_at, created_at)
SELECT * FROM (
    SELECT pg_temp.parent_id(n), pg_temp.org_id(n), pg_temp.parent_email(n),
        pg_temp.parent_first_name(n), pg_temp.surname(n), 'ORG_ADMIN', false, true, false,
        pg_temp.last_login(n, 0), pg_temp.created(n)
    FROM generate_series($1::bigint, $2::bigint) n
    UNION ALL
    SELECT c.user_id, c.org, NULL, NULL, NULL, 'ORG_MEMBER', true, true, false,
        c.last_login_at, c.joined_at
    FROM pg_temp.kids($1, $2) c
) u ORDER BY 11;

-- step: children
INSERT INTO children (id, organization_id)
SELECT c.id, c.org FROM pg_temp.kids($1, $2) c;

-- step: chore counts
INSERT INTO chore_counts (organization_id, active_chores, counted_at)
SELECT org, count(*) FILTER (WHERE is_active), max(updated_at)
FROM pg_temp.chore_rows($1, $2)
GROUP BY org;
