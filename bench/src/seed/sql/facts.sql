-- What the seeder knows about family n, its children k (1..), chores j (1..)
-- and each child's submissions s (0 = the most recent), as functions of
-- those numbers only. Every service database is seeded from these, so each
-- computes the same ids, names, times and amounts on its own. They live in
-- pg_temp: the session's, gone when it ends, never part of the schema.
-- The names in double braces are filled in by the seeder before this runs.

-- When the seeded history ends ("now" for the seed), how many families, and
-- how many submissions each child has over the year before.
CREATE FUNCTION pg_temp.anchor() RETURNS timestamptz LANGUAGE sql STABLE
AS $f$ SELECT timestamptz '{{anchor}}' $f$;
CREATE FUNCTION pg_temp.family_count() RETURNS bigint LANGUAGE sql STABLE
AS $f$ SELECT {{families}}::bigint $f$;
CREATE FUNCTION pg_temp.per_child() RETURNS int LANGUAGE sql STABLE
AS $f$ SELECT {{submissions_per_child}} $f$;
-- The one Argon2 hash every seeded login shares (auth only; empty elsewhere).
CREATE FUNCTION pg_temp.password_hash() RETURNS text LANGUAGE sql STABLE
AS $f$ SELECT '{{password_hash}}'::text $f$;

-- The seeder's dice: a well-mixed number in [0, 2^31) from three keys.
-- Arithmetic rather than md5, since it runs several times per row.
CREATE FUNCTION pg_temp.h(a bigint, b bigint, c bigint) RETURNS bigint
LANGUAGE sql STABLE AS $f$
    SELECT ((((((a * 1000003 + b * 10007 + c) % 2147483647) * 2654435761 % 2147483647)
        # ((((a * 1000003 + b * 10007 + c) % 2147483647) * 2654435761 % 2147483647) >> 15))
        * 2246822519) % 2147483647)
$f$;
CREATE FUNCTION pg_temp.pick(options text[], dice bigint) RETURNS text
LANGUAGE sql STABLE AS $f$ SELECT options[1 + dice % cardinality(options)] $f$;
-- A local wall-clock time of `day` in `tz`, `minutes` after midnight.
CREATE FUNCTION pg_temp.at_local(day date, minutes bigint, tz text) RETURNS timestamptz
LANGUAGE sql STABLE AS $f$ SELECT (day + make_interval(mins => minutes::int)) AT TIME ZONE tz $f$;
CREATE FUNCTION pg_temp.days(n bigint) RETURNS interval
LANGUAGE sql STABLE AS $f$ SELECT make_interval(secs => n * 86400) $f$;

-- Ids, as md5 of a readable key.
CREATE FUNCTION pg_temp.org_id(n bigint) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('org:' || n)::uuid $f$;
CREATE FUNCTION pg_temp.parent_id(n bigint) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('user:' || n || ':0')::uuid $f$;
CREATE FUNCTION pg_temp.child_id(n bigint, k int) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('child:' || n || ':' || k)::uuid $f$;
CREATE FUNCTION pg_temp.child_user_id(n bigint, k int) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('user:' || n || ':' || k)::uuid $f$;
CREATE FUNCTION pg_temp.category_id(n bigint, c int) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('category:' || n || ':' || c)::uuid $f$;
CREATE FUNCTION pg_temp.chore_id(n bigint, j int) RETURNS uuid LANGUAGE sql STABLE
AS $f$ SELECT md5('chore:' || n || ':' || j)::uuid $f$;

-- The family: its size, plan and calendar.
CREATE FUNCTION pg_temp.children(n bigint) RETURNS int LANGUAGE sql STABLE
AS $f$ SELECT (2 + n % 3)::int $f$;
CREATE FUNCTION pg_temp.chores(n bigint) RETURNS int LANGUAGE sql STABLE
AS $f$ SELECT (10 + n % 11)::int $f$;
-- Every third chore asks for photo proof, and each of its submissions has a
-- photo (its key in the store, as the service writes it; nothing reads the
-- object itself, but every list showing the submission signs a URL for it).
CREATE FUNCTION pg_temp.requires_photo(j int) RETURNS boolean LANGUAGE sql IMMUTABLE
AS $f$ SELECT j % 3 = 0 $f$;
CREATE FUNCTION pg_temp.categories(n bigint) RETURNS int LANGUAGE sql STABLE
AS $f$ SELECT 5 $f$;
-- FREE allows 3 children and 10 active chores (kit::plans): families with 4
-- children are never FREE, and FREE ones retired the chores past the tenth.
CREATE FUNCTION pg_temp.plan(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN n % 3 <> 2 AND n % 5 < 3 THEN 'FREE'
                WHEN n % 10 = 9 THEN 'ENTERPRISE'
                ELSE 'PRO' END
$f$;
CREATE FUNCTION pg_temp.subscription_status(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT CASE pg_temp.plan(n)
        WHEN 'FREE' THEN CASE WHEN n % 2 = 0 THEN 'TRIAL' ELSE 'ACTIVE' END
        WHEN 'PRO' THEN CASE WHEN n % 7 = 0 THEN 'CANCELED' ELSE 'ACTIVE' END
        ELSE 'ACTIVE' END
$f$;
CREATE FUNCTION pg_temp.active_chores(n bigint) RETURNS int LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN pg_temp.plan(n) = 'FREE' THEN least(pg_temp.chores(n), 10)
                WHEN n % 4 = 0 THEN pg_temp.chores(n) - 1
                ELSE pg_temp.chores(n) END
$f$;
CREATE FUNCTION pg_temp.tz(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT pg_temp.pick(ARRAY['America/New_York', 'America/Chicago', 'America/Denver',
        'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'UTC'],
        pg_temp.h(n, 1, 0))
$f$;
-- The family's date when the history ends.
CREATE FUNCTION pg_temp.today(n bigint) RETURNS date LANGUAGE sql STABLE
AS $f$ SELECT (pg_temp.anchor() AT TIME ZONE pg_temp.tz(n))::date $f$;
-- Families signed up one after another over 30 days, over a year before the
-- history ends, so every child has a whole year.
CREATE FUNCTION pg_temp.created(n bigint) RETURNS timestamptz LANGUAGE sql STABLE AS $f$
    SELECT pg_temp.anchor() - pg_temp.days(400)
        + make_interval(secs => (n - 1) * 2592000 / pg_temp.family_count())
$f$;
-- The first 40 families have a surname each (and the bare slug); later ones
-- share them, with the random-looking suffix family gives a taken slug.
CREATE FUNCTION pg_temp.surname(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT (ARRAY['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis',
        'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas',
        'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris',
        'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King',
        'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores'])
        [1 + CASE WHEN n <= 40 THEN n - 1 ELSE pg_temp.h(n, 2, 0) % 40 END]
$f$;
CREATE FUNCTION pg_temp.family_name(n bigint) RETURNS text LANGUAGE sql STABLE
AS $f$ SELECT 'The ' || pg_temp.surname(n) || ' Family' $f$;
-- n times an odd number modulo 2^24 is one-to-one: six hex digits, never twice.
CREATE FUNCTION pg_temp.slug(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT 'the-' || lower(pg_temp.surname(n)) || '-family'
        || CASE WHEN n <= 40 THEN ''
                ELSE '-' || lpad(to_hex((n * 2654435761) % 16777216), 6, '0') END
$f$;
CREATE FUNCTION pg_temp.parent_first_name(n bigint) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT pg_temp.pick(ARRAY['Alex', 'Sam', 'Jordan', 'Taylor', 'Chris', 'Pat', 'Morgan',
        'Jamie', 'Casey', 'Robin', 'Maria', 'David', 'Sarah', 'Michael', 'Emma', 'James',
        'Laura', 'Daniel', 'Anna', 'Mark'], pg_temp.h(n, 3, 0))
$f$;
-- Logins' emails: seed::parent_email and seed::child_email.
CREATE FUNCTION pg_temp.parent_email(n bigint) RETURNS text LANGUAGE sql STABLE
AS $f$ SELECT 'parent' || n || '@bench.chorely.test' $f$;
CREATE FUNCTION pg_temp.child_email(n bigint, k int) RETURNS text LANGUAGE sql STABLE
AS $f$ SELECT 'child' || n || '-' || k || '@bench.chorely.test' $f$;
-- Logins: within the last three days, or never for some children.
CREATE FUNCTION pg_temp.last_login(n bigint, k int) RETURNS timestamptz LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN k > 0 AND pg_temp.h(n, k * 64 + 4, 0) % 10 = 0 THEN NULL
                ELSE pg_temp.anchor() - make_interval(secs => pg_temp.h(n, k * 64 + 5, 0) % 259200)
           END
$f$;

-- Multiplier settings: most families keep the defaults (rewards'
-- multiplier::Settings); one in 25 saved its own.
CREATE FUNCTION pg_temp.custom_settings(n bigint) RETURNS boolean LANGUAGE sql STABLE
AS $f$ SELECT n % 25 = 0 $f$;
CREATE FUNCTION pg_temp.grade_setting(n bigint, letter text) RETURNS int LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN pg_temp.custom_settings(n)
        THEN CASE letter WHEN 'A' THEN 1400 WHEN 'B' THEN 1200 WHEN 'C' THEN 1000
                         WHEN 'D' THEN 900 ELSE 700 END
        ELSE CASE letter WHEN 'A' THEN 1500 WHEN 'B' THEN 1300 WHEN 'C' THEN 1000
                         WHEN 'D' THEN 800 ELSE 500 END
    END
$f$;
CREATE FUNCTION pg_temp.behaviour_setting(n bigint, excellent boolean) RETURNS int
LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN excellent THEN CASE WHEN pg_temp.custom_settings(n) THEN 1150 ELSE 1200 END
                ELSE CASE WHEN pg_temp.custom_settings(n) THEN 850 ELSE 800 END END
$f$;

-- Each child with everything the services keep about them, and what their
-- reward multiplier is. The multiplier is the same over the whole year: the
-- latest grade of every active subject is the child's letter, ratings are
-- what family holds now, and no streak ever reaches 7 days (submissions are
-- at least two days apart), so an approval through the API today pays
-- exactly what the seeded ones did.
CREATE FUNCTION pg_temp.kids(first_family bigint, last_family bigint)
RETURNS TABLE (
    n bigint, k int, org uuid, id uuid, user_id uuid, parent uuid, tz text, today date,
    first_name text, last_name text, name text, email text, date_of_birth date,
    age_group text, ui_theme text, reward_display_type text, birthday_reward_cents bigint,
    honesty smallint, respect smallint, rules smallint, created_at timestamptz,
    joined_at timestamptz, last_login_at timestamptz, has_subjects boolean, letter text,
    grade_milli int, behaviour_milli int, streak_milli int, total_milli int,
    bonuses_disabled boolean, pending int
)
LANGUAGE sql STABLE AS $f$
    SELECT f.n, c.k, pg_temp.org_id(f.n), pg_temp.child_id(f.n, c.k),
        pg_temp.child_user_id(f.n, c.k), pg_temp.parent_id(f.n), p.tz, p.today,
        p.first_name, p.last_name,
        CASE WHEN p.nickname THEN p.first_name ELSE p.first_name || ' ' || p.last_name END,
        pg_temp.child_email(f.n, c.k),
        p.date_of_birth,
        CASE WHEN p.date_of_birth IS NULL THEN 'CHILD'
             WHEN p.date_of_birth >= date '2016-01-01' THEN 'CHILD'
             WHEN p.date_of_birth >= date '2013-01-01' THEN 'TWEEN'
             WHEN p.date_of_birth >= date '2009-01-01' THEN 'TEEN'
             ELSE 'YOUNG_ADULT' END,
        CASE WHEN p.date_of_birth < date '2013-01-01' THEN 'TEEN' ELSE 'KIDS' END,
        pg_temp.pick(ARRAY['MONEY', 'MONEY', 'MONEY', 'MONEY', 'MONEY', 'MONEY', 'MONEY',
            'POINTS', 'SCREEN_TIME', 'MONEY'], pg_temp.h(f.n, c.k * 64 + 6, 0)),
        (ARRAY[1000, 1000, 1000, 1000, 500, 2000, 0, 1000])[1 + pg_temp.h(f.n, c.k * 64 + 7, 0) % 8]::bigint,
        p.honesty, p.respect, p.rules, p.created_at, p.created_at + interval '1 hour',
        pg_temp.last_login(f.n, c.k), p.has_subjects, p.letter,
        m.grade, m.behaviour, m.streak,
        ((m.grade::bigint * m.behaviour * m.streak + 500000) / 1000000)::int,
        p.failing, ((f.n + c.k) % 3)::int
    FROM generate_series(first_family, last_family) f(n)
    CROSS JOIN LATERAL generate_series(1, pg_temp.children(f.n)) c(k)
    CROSS JOIN LATERAL (
        SELECT r.*, r.has_subjects AND r.letter IN ('D', 'F') AS failing,
            r.honesty + r.respect + r.rules AS rating_sum
        FROM (
            SELECT pg_temp.tz(f.n) AS tz, pg_temp.today(f.n) AS today,
                pg_temp.pick(ARRAY['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Leo', 'Ella', 'Max',
                    'Lily', 'Finn', 'Ruby', 'Owen', 'Isla', 'Jack', 'Chloe', 'Eli', 'Nora',
                    'Theo', 'Maya', 'Ben', 'Lucy', 'Sam', 'Ivy', 'Jude', 'Rosa', 'Kai', 'Tess',
                    'Milo', 'Cora', 'Alfie'], pg_temp.h(f.n, 8, 0) + (c.k - 1) * 7) AS first_name,
                pg_temp.surname(f.n) AS last_name,
                pg_temp.h(f.n, c.k * 64 + 9, 0) % 6 = 0 AS nickname,
                CASE WHEN pg_temp.h(f.n, c.k * 64 + 10, 0) % 6 = 0 THEN NULL
                     ELSE (date '2011-01-01' + (pg_temp.h(f.n, c.k * 64 + 11, 0) % 365)::int
                           + make_interval(years => (pg_temp.h(f.n, c.k * 64 + 12, 0) % 12)::int - 3))::date
                END AS date_of_birth,
                -- Ratings: never rated (5, 5, 5) or rated somewhere from 2 to 10.
                CASE WHEN pg_temp.h(f.n, c.k * 64 + 13, 0) % 4 = 0 THEN 5
                     ELSE 3 + pg_temp.h(f.n, c.k * 64 + 14, 0) % 8 END::smallint AS honesty,
                CASE WHEN pg_temp.h(f.n, c.k * 64 + 13, 0) % 4 = 0 THEN 5
                     ELSE 3 + pg_temp.h(f.n, c.k * 64 + 15, 0) % 8 END::smallint AS respect,
                CASE WHEN pg_temp.h(f.n, c.k * 64 + 13, 0) % 4 = 0 THEN 5
                     ELSE 2 + pg_temp.h(f.n, c.k * 64 + 16, 0) % 9 END::smallint AS rules,
                pg_temp.created(f.n) + make_interval(hours => 2 * c.k) AS created_at,
                pg_temp.h(f.n, c.k * 64 + 17, 0) % 3 <> 0 AS has_subjects,
                pg_temp.pick(ARRAY['A', 'A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'B',
                    'B', 'C', 'C', 'C', 'C', 'D', 'D', 'F'], pg_temp.h(f.n, c.k * 64 + 18, 0)) AS letter
            OFFSET 0
        ) r
    ) p
    CROSS JOIN LATERAL (
        SELECT CASE WHEN p.failing THEN least(q.grade, 1000) ELSE q.grade END AS grade,
            CASE WHEN p.failing THEN least(q.behaviour, 1000) ELSE q.behaviour END AS behaviour,
            1000 AS streak
        FROM (
            SELECT CASE WHEN p.has_subjects THEN pg_temp.grade_setting(f.n, p.letter) ELSE 1000 END AS grade,
                CASE WHEN p.rating_sum >= 24 THEN pg_temp.behaviour_setting(f.n, true)
                     WHEN p.rating_sum <= 12 THEN pg_temp.behaviour_setting(f.n, false)
                     ELSE 1000 END AS behaviour
        ) q
    ) m
    -- Computed once per child, however many rows use it (OFFSET 0 keeps the
    -- planner from copying these expressions into every use).
    OFFSET 0
$f$;

-- Chores: names, categories, rewards and frequencies. Chore j belongs to
-- category 1 + (j - 1) % 5, so every family (10 chores or more) uses all five.
CREATE FUNCTION pg_temp.chore_name(j int) RETURNS text LANGUAGE sql STABLE AS $f$
    SELECT (ARRAY['Wash the dishes', 'Make the bed', 'Water the plants', 'Feed the pet',
        'Take out the trash', 'Set the table', 'Tidy the bedroom', 'Sweep the porch',
        'Walk the dog', 'Vacuum the living room', 'Empty the dishwasher', 'Fold the laundry',
        'Rake the leaves', 'Brush the dog', 'Clean the bathroom', 'Wipe the kitchen counters',
        'Read for 20 minutes', 'Mow the lawn', 'Clean the litter box', 'Sort the recycling'])[j]
$f$;
CREATE FUNCTION pg_temp.category_name(n bigint, c int) RETURNS text LANGUAGE sql STABLE
AS $f$ SELECT (ARRAY['Kitchen', 'Bedroom', 'Outdoor', 'Pets', 'Household'])[c] $f$;
-- The chore's usual reward, a quarter or half more in some families.
CREATE FUNCTION pg_temp.base_reward(n bigint, j int) RETURNS bigint LANGUAGE sql STABLE AS $f$
    SELECT ((ARRAY[200, 50, 100, 50, 100, 50, 150, 150, 200, 250, 100, 150, 400, 100, 300, 75,
        100, 500, 150, 125])[j] * (4 + n % 3) / 4)::bigint
$f$;
-- A chore comes back to the same child every `active` submissions; its
-- frequency is capped below that gap, so no seeded submission collides with
-- another (chores' domain::collides) however many a child makes.
CREATE FUNCTION pg_temp.frequency(n bigint, j int) RETURNS int LANGUAGE sql STABLE AS $f$
    SELECT CASE WHEN f.wanted <= f.cap THEN f.wanted
                WHEN f.cap >= 14 THEN 14 WHEN f.cap >= 7 THEN 7 WHEN f.cap >= 3 THEN 3
                WHEN f.cap >= 2 THEN 2 WHEN f.cap >= 1 THEN 1 ELSE 0 END
    FROM (SELECT (ARRAY[1, 1, 2, 1, 7, 1, 7, 7, 1, 7, 1, 7, 14, 7, 7, 0, 0, 30, 3, 14])[j] AS wanted,
                 pg_temp.active_chores(n) * 365 / pg_temp.per_child() AS cap) f
$f$;

-- Every submission of the children of families first..last. Child k's s-th
-- most recent one was completed 1 + s*365/S days before the family's today
-- (plus a per-child shift), at a daytime hour there: far from any change of
-- clocks, so its date in the family's calendar is that day.
CREATE FUNCTION pg_temp.submissions(first_family bigint, last_family bigint)
RETURNS TABLE (
    n bigint, k int, s int, id uuid, org uuid, child uuid, parent uuid, chore uuid,
    base_reward_cents bigint, completed_at timestamptz, completed_on date,
    submitted_at timestamptz, status text, reviewed_at timestamptz, notes text,
    admin_notes text, boosted_reward_cents bigint, multiplier_milli int, grade_milli int,
    behaviour_milli int, streak_milli int, bonuses_disabled boolean, photo_key text
)
LANGUAGE sql STABLE AS $f$
    SELECT x.n, x.k, x.s, x.id, x.org, x.child,
        x.parent, x.chore_ids[x.j], x.base, x.completed_at, x.day,
        x.submitted_at, x.status,
        CASE WHEN x.status <> 'PENDING' THEN
            least(x.submitted_at + make_interval(mins => (20 + pg_temp.h(x.n, x.k * 64 + 20, x.s) % 1800)::int),
                  pg_temp.anchor() - interval '1 minute') END,
        CASE WHEN pg_temp.h(x.n, x.k * 64 + 21, x.s) % 5 = 0
             THEN pg_temp.pick(ARRAY['Done!', 'All finished', 'Did it twice as well', 'Took a while'],
                 pg_temp.h(x.n, x.k * 64 + 22, x.s)) ELSE '' END,
        CASE x.status
            WHEN 'REJECTED' THEN pg_temp.pick(ARRAY['Not finished, please try again',
                'Please do it properly next time', 'This was already done yesterday'],
                pg_temp.h(x.n, x.k * 64 + 23, x.s))
            WHEN 'APPROVED' THEN CASE WHEN pg_temp.h(x.n, x.k * 64 + 23, x.s) % 6 = 0
                THEN 'Great job!' ELSE '' END
            ELSE '' END,
        CASE WHEN x.status = 'APPROVED' THEN (x.base * x.total_milli + 500) / 1000 END,
        CASE WHEN x.status = 'APPROVED' THEN x.total_milli END,
        CASE WHEN x.status = 'APPROVED' THEN x.grade_milli END,
        CASE WHEN x.status = 'APPROVED' THEN x.behaviour_milli END,
        CASE WHEN x.status = 'APPROVED' THEN x.streak_milli END,
        CASE WHEN x.status = 'APPROVED' THEN x.bonuses_disabled END,
        CASE WHEN pg_temp.requires_photo(x.j) THEN x.org || '/' || x.child || '/' || x.id || '.jpg' END
    FROM (
        SELECT c.n, c.k, s.s, md5('sub:' || c.n || ':' || c.k || ':' || s.s)::uuid AS id, c.org, c.id AS child, c.parent, c.total_milli, c.grade_milli,
            c.behaviour_milli, c.streak_milli, c.bonuses_disabled, a.chore_ids, d.j, d.day,
            pg_temp.base_reward(c.n, d.j) AS base, d.completed_at,
            d.completed_at + make_interval(mins => (5 + pg_temp.h(c.n, c.k * 64 + 24, s.s) % 115)::int)
                AS submitted_at,
            CASE WHEN s.s < c.pending THEN 'PENDING'
                 WHEN pg_temp.h(c.n, c.k * 64 + 25, s.s) % 13 = 0 THEN 'REJECTED'
                 ELSE 'APPROVED' END AS status
        FROM pg_temp.kids(first_family, last_family) c
        CROSS JOIN LATERAL (
            SELECT pg_temp.active_chores(c.n) AS active,
                pg_temp.h(c.n, c.k * 64 + 26, 0) % greatest(365 / pg_temp.per_child(), 1) AS shift,
                pg_temp.h(c.n, c.k * 64 + 27, 0) AS offset_,
                ARRAY(SELECT pg_temp.chore_id(c.n, j) FROM generate_series(1, pg_temp.active_chores(c.n)) j)
                    AS chore_ids
            OFFSET 0
        ) a
        CROSS JOIN LATERAL generate_series(0, pg_temp.per_child() - 1) s(s)
        CROSS JOIN LATERAL (
            SELECT e.j, e.day,
                pg_temp.at_local(e.day, 420 + pg_temp.h(c.n, c.k * 64 + 28, s.s) % 780, c.tz) AS completed_at
            FROM (SELECT (1 + (a.offset_ + s.s) % a.active)::int AS j,
                         c.today - (1 + s.s * 365 / pg_temp.per_child() + a.shift)::int AS day
                  OFFSET 0) e
            OFFSET 0
        ) d
        -- (OFFSET 0: each value computed once per row, not once per use)
        OFFSET 0
    ) x
$f$;

-- Every chore of families first..last: the first `active_chores` are active,
-- the rest were retired some time in the year (and have no submissions).
CREATE FUNCTION pg_temp.chore_rows(first_family bigint, last_family bigint)
RETURNS TABLE (
    n bigint, j int, id uuid, org uuid, category uuid, name text, description text,
    base_reward_cents bigint, frequency_days int, is_active boolean,
    created_at timestamptz, updated_at timestamptz
)
LANGUAGE sql STABLE AS $f$
    SELECT f.n, c.j, pg_temp.chore_id(f.n, c.j), pg_temp.org_id(f.n),
        pg_temp.category_id(f.n, 1 + (c.j - 1) % pg_temp.categories(f.n)),
        pg_temp.chore_name(c.j),
        CASE WHEN c.j % 4 = 0 THEN 'Ask a parent if you are not sure how' ELSE '' END,
        pg_temp.base_reward(f.n, c.j), pg_temp.frequency(f.n, c.j), t.active, t.created,
        CASE WHEN t.active THEN t.created
             ELSE pg_temp.anchor() - pg_temp.days(20 + pg_temp.h(f.n, 4096 + c.j, 0) % 300) END
    FROM generate_series(first_family, last_family) f(n)
    CROSS JOIN LATERAL generate_series(1, pg_temp.chores(f.n)) c(j)
    CROSS JOIN LATERAL (
        SELECT c.j <= pg_temp.active_chores(f.n) AS active,
            pg_temp.created(f.n) + interval '4 hours' + make_interval(mins => c.j) AS created
    ) t
$f$;

-- School subjects of the children who have them: 3 to 5 active ones, whose
-- latest grade is the child's letter (so the GPA is that letter and a D or
-- F turns bonuses off), and for some an archived one, which counts for nothing.
CREATE FUNCTION pg_temp.subject_rows(first_family bigint, last_family bigint)
RETURNS TABLE (
    n bigint, k int, i int, id uuid, org uuid, child uuid, name text, teacher text,
    period text, grade_scale text, is_active boolean, created_at timestamptz,
    letter text, grades int
)
LANGUAGE sql STABLE AS $f$
    SELECT c.n, c.k, i.i, md5('subject:' || c.n || ':' || c.k || ':' || i.i)::uuid, c.org, c.id,
        pg_temp.pick(ARRAY['Math', 'English', 'Science', 'History', 'Art', 'Music', 'Spanish',
            'Geography'], pg_temp.h(c.n, c.k * 64 + 35, 0) + i.i),
        pg_temp.pick(ARRAY['Ms. Clark', 'Mr. Patel', 'Mrs. Okafor', 'Mr. Rossi', 'Ms. Kim',
            'Mrs. Novak'], pg_temp.h(c.n, c.k * 64 + 36, i.i)),
        'Period ' || i.i,
        CASE WHEN (i.i + c.k) % 3 = 0 THEN 'PERCENTAGE' ELSE 'LETTER' END,
        i.i <= a.active, c.created_at + interval '1 day' + make_interval(mins => i.i),
        CASE WHEN i.i <= a.active THEN c.letter
             ELSE pg_temp.pick(ARRAY['F', 'D', 'C'], pg_temp.h(c.n, c.k * 64 + 37, i.i)) END,
        (2 + pg_temp.h(c.n, c.k * 64 + 38, i.i) % 3)::int
    FROM pg_temp.kids(first_family, last_family) c
    CROSS JOIN LATERAL (
        SELECT (3 + pg_temp.h(c.n, c.k * 64 + 39, 0) % 3)::int AS active,
            (pg_temp.h(c.n, c.k * 64 + 40, 0) % 4 = 0)::int AS archived
    ) a
    CROSS JOIN LATERAL generate_series(1, a.active + a.archived) i(i)
    WHERE c.has_subjects
$f$;

-- A percentage that earns `letter` on the default scale (grades::Scale).
CREATE FUNCTION pg_temp.percentage(letter text, dice bigint) RETURNS int LANGUAGE sql STABLE AS $f$
    SELECT (CASE letter WHEN 'A' THEN 9000 + dice % 1001 WHEN 'B' THEN 8000 + dice % 1000
                        WHEN 'C' THEN 7000 + dice % 1000 WHEN 'D' THEN 6000 + dice % 1000
                        ELSE 3500 + dice % 2500 END)::int
$f$;
