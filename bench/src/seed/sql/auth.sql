-- The auth database: each parent's login (they registered the family) and
-- each child's, made by accepting the invitation the parent sent when adding
-- the child. Every login has the same password hash. Each family's time zone,
-- name, plan and standing, and its children's names, as the consumers of the
-- family and platform services' events keep them (without them, a started
-- stack would spend its first minutes asking those services).
-- $1..$2: the families.

-- step: family zones
INSERT INTO family_zones (organization_id, time_zone)
SELECT pg_temp.org_id(n), pg_temp.tz(n) FROM generate_series($1::bigint, $2::bigint) n;

-- step: family facts
INSERT INTO family_facts (organization_id, name, plan, is_active, active_changed_at)
SELECT pg_temp.org_id(n), pg_temp.family_name(n), pg_temp.plan(n), true, NULL
FROM generate_series($1::bigint, $2::bigint) n;

-- step: child names
INSERT INTO child_names (child_id, organization_id, name)
SELECT c.id, c.org, c.name FROM pg_temp.kids($1, $2) c;

-- step: users
INSERT INTO users (id, organization_id, email, password_hash, role, first_name, last_name,
    phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at)
SELECT * FROM (
    SELECT pg_temp.parent_id(n), pg_temp.org_id(n), pg_temp.parent_email(n),
        pg_temp.password_hash(), 'ORG_ADMIN', pg_temp.parent_first_name(n), pg_temp.surname(n),
        '', true, false, 'ADULT', NULL::uuid, pg_temp.last_login(n, 0), pg_temp.created(n)
    FROM generate_series($1::bigint, $2::bigint) n
    UNION ALL
    SELECT c.user_id, c.org, c.email, pg_temp.password_hash(), 'ORG_MEMBER', c.first_name,
        c.last_name, '', true, false, 'KIDS', c.id, c.last_login_at, c.joined_at
    FROM pg_temp.kids($1, $2) c
) u ORDER BY 14;

-- step: invitations
INSERT INTO invitations (id, code, organization_id, role, email, first_name, last_name,
    display_name, phone, child_id, created_by, expires_at, used_at, used_by, created_at)
SELECT md5('invitation:' || c.n || ':' || c.k)::uuid, md5('invite-code:' || c.n || ':' || c.k),
    c.org, 'ORG_MEMBER', c.email, c.first_name, c.last_name, c.name, '', c.id, c.parent,
    c.created_at + interval '7 days', c.joined_at, c.user_id, c.created_at
FROM pg_temp.kids($1, $2) c;
