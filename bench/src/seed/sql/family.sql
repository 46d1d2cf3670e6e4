-- The family database: families and their children, each child linked to
-- the login they made. $1..$2: the families.

-- step: organizations
INSERT INTO organizations (id, name, slug, time_zone, created_at, updated_at)
SELECT pg_temp.org_id(n), pg_temp.family_name(n), pg_temp.slug(n), pg_temp.tz(n),
    pg_temp.created(n), pg_temp.created(n)
FROM generate_series($1::bigint, $2::bigint) n;

-- step: children
INSERT INTO children (id, organization_id, first_name, last_name, name, email, phone,
    date_of_birth, birthday_reward_cents, age_group, ui_theme, reward_display_type,
    honesty_rating, respect_rating, rules_rating, user_id, created_at, updated_at)
SELECT c.id, c.org, c.first_name, c.last_name, c.name, c.email, '', c.date_of_birth,
    c.birthday_reward_cents, c.age_group, c.ui_theme, c.reward_display_type, c.honesty,
    c.respect, c.rules, c.user_id, c.created_at,
    -- rating a child stamps it
    CASE WHEN (c.honesty, c.respect, c.rules) = (5, 5, 5) THEN c.created_at
         ELSE c.created_at + interval '30 days' END
FROM pg_temp.kids($1, $2) c;
