-- The chores database: families' time zones and children (as its consumers
-- keep them from the family service's announcements), categories, chores,
-- and a year of submissions with their reviews and photos. Written in time order within each batch, so one family's
-- submissions lie on different pages, as they would after a year of use.
-- $1..$2: the families.

-- step: families
INSERT INTO families (organization_id, time_zone)
SELECT pg_temp.org_id(n), pg_temp.tz(n) FROM generate_series($1::bigint, $2::bigint) n;

-- step: children
INSERT INTO children (child_id, organization_id, known_since, name, date_of_birth, details_at)
SELECT c.id, c.org, c.created_at, c.name, c.date_of_birth, c.created_at
FROM pg_temp.kids($1, $2) c;

-- step: categories
INSERT INTO categories (id, organization_id, name, description, created_at)
SELECT pg_temp.category_id(n, c), pg_temp.org_id(n), pg_temp.category_name(n, c), '',
    pg_temp.created(n) + interval '3 hours' + make_interval(mins => c)
FROM generate_series($1::bigint, $2::bigint) n
CROSS JOIN LATERAL generate_series(1, pg_temp.categories(n)) c;

-- step: chores
INSERT INTO chores (id, organization_id, category_id, name, description, base_reward_cents,
    frequency_days, requires_photo, is_active, created_at, updated_at)
SELECT id, org, category, name, description, base_reward_cents, frequency_days,
    pg_temp.requires_photo(j),
    is_active, created_at, updated_at
FROM pg_temp.chore_rows($1, $2);

-- step: submissions
INSERT INTO submissions (id, organization_id, chore_id, child_id, base_reward_cents,
    completed_at, completed_on, submitted_at, notes, photo_key, status, admin_notes,
    reviewed_at, reviewed_by, boosted_reward_cents, multiplier_milli, grade_milli,
    behaviour_milli, streak_milli, bonuses_disabled)
SELECT s.id, s.org, s.chore, s.child, s.base_reward_cents, s.completed_at, s.completed_on,
    s.submitted_at, s.notes, s.photo_key, s.status, s.admin_notes, s.reviewed_at,
    CASE WHEN s.reviewed_at IS NOT NULL THEN s.parent END, s.boosted_reward_cents,
    s.multiplier_milli, s.grade_milli, s.behaviour_milli, s.streak_milli, s.bonuses_disabled
FROM pg_temp.submissions($1, $2) s
ORDER BY s.submitted_at;
