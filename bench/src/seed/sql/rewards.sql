-- The rewards database: what its consumers keep of families and children,
-- multiplier settings, school subjects and grades, and the ledger: a CHORE
-- credit for every approved submission (as crediting submission.reviewed
-- writes it), monthly payouts, a few adjustments and the last birthday
-- reward. No balance ever goes below zero: a payout takes at most 60% of
-- what was earned since the one before, and a deduction follows a larger
-- bonus. $1..$2: the families.

-- step: families
INSERT INTO families (organization_id, time_zone)
SELECT pg_temp.org_id(n), pg_temp.tz(n) FROM generate_series($1::bigint, $2::bigint) n;

-- step: multiplier settings
INSERT INTO multiplier_settings (organization_id, grade_a_milli, grade_b_milli, grade_c_milli,
    grade_d_milli, grade_f_milli, behaviour_excellent_milli, behaviour_poor_milli,
    streak_7_milli, streak_30_milli, streak_90_milli, updated_at)
SELECT pg_temp.org_id(n), pg_temp.grade_setting(n, 'A'), pg_temp.grade_setting(n, 'B'),
    pg_temp.grade_setting(n, 'C'), pg_temp.grade_setting(n, 'D'), pg_temp.grade_setting(n, 'F'),
    pg_temp.behaviour_setting(n, true), pg_temp.behaviour_setting(n, false), 1050, 1200, 1400,
    pg_temp.created(n) + interval '2 days'
FROM generate_series($1::bigint, $2::bigint) n
WHERE pg_temp.custom_settings(n);

-- step: children
INSERT INTO children (child_id, organization_id, date_of_birth, birthday_reward_cents)
SELECT c.id, c.org, c.date_of_birth, c.birthday_reward_cents FROM pg_temp.kids($1, $2) c;

-- step: subjects
INSERT INTO subjects (id, organization_id, child_id, name, teacher, period, grade_scale,
    custom_scale, is_active, created_at)
SELECT id, org, child, name, teacher, period, grade_scale, '', is_active, created_at
FROM pg_temp.subject_rows($1, $2);

-- step: grades
-- Grade g = 0 is the latest; earlier ones come every 75 days or so before it.
INSERT INTO grades (id, subject_id, letter, percentage_centi, recorded_at)
SELECT md5('grade:' || s.id || ':' || g)::uuid, s.id, l.letter,
    CASE WHEN s.grade_scale = 'PERCENTAGE'
         THEN pg_temp.percentage(l.letter, pg_temp.h(s.n, s.k * 64 + 41, s.i * 8 + g)) END,
    pg_temp.anchor() - pg_temp.days(3 + pg_temp.h(s.n, s.k * 64 + 42, s.i) % 40 + 75 * g)
        - make_interval(mins => (pg_temp.h(s.n, s.k * 64 + 43, s.i * 8 + g) % 600)::int)
FROM pg_temp.subject_rows($1, $2) s
CROSS JOIN LATERAL generate_series(0, s.grades - 1) g
CROSS JOIN LATERAL (
    SELECT CASE WHEN g = 0 THEN s.letter
                ELSE pg_temp.pick(ARRAY['A', 'B', 'B', 'C', 'C', 'D'],
                    pg_temp.h(s.n, s.k * 64 + 44, s.i * 8 + g)) END AS letter
) l;

-- step: ledger
WITH approved AS MATERIALIZED (
    SELECT n, k, id, org, child, boosted_reward_cents AS amount, completed_at, reviewed_at
    FROM pg_temp.submissions($1, $2) WHERE status = 'APPROVED'
),
kids AS MATERIALIZED (SELECT * FROM pg_temp.kids($1, $2)),
-- Three children in four are paid out about monthly, the latest payday in
-- the past week; half a minute past the minute, so a payout never shares its
-- time with a credit (all on the minute) and always comes after those it pays.
paydays AS (
    SELECT c.n, c.k, c.org, c.id AS child, c.parent,
        pg_temp.at_local(c.today - (1 + pg_temp.h(c.n, c.k * 64 + 45, 0) % 7)::int,
            1080 + pg_temp.h(c.n, c.k * 64 + 46, 0) % 120, c.tz) + interval '30 seconds' AS latest
    FROM kids c
    WHERE pg_temp.h(c.n, c.k * 64 + 47, 0) % 4 <> 0
),
payouts AS (
    SELECT p.n, p.k, p.org, p.child, p.parent, w.b,
        p.latest - make_interval(secs => w.b * 2592000) AS paid_at,
        sum(a.amount)::bigint * 6 / 10 / 100 * 100 AS amount
    FROM paydays p
    JOIN approved a ON a.n = p.n AND a.k = p.k AND a.reviewed_at <= p.latest
    CROSS JOIN LATERAL (
        SELECT floor(extract(epoch FROM p.latest - a.reviewed_at) / 2592000)::int AS b
    ) w
    GROUP BY p.n, p.k, p.org, p.child, p.parent, p.latest, w.b
),
-- One child in five got a bonus some time in the year; half of those lost a
-- little of it two days later.
bonuses AS (
    SELECT c.n, c.k, c.org, c.id AS child, c.parent,
        pg_temp.at_local(c.today - (20 + pg_temp.h(c.n, c.k * 64 + 48, 0) % 300)::int,
            1140 + pg_temp.h(c.n, c.k * 64 + 49, 0) % 60, c.tz) AS at,
        200 + pg_temp.h(c.n, c.k * 64 + 50, 0) % 9 * 100 AS amount,
        pg_temp.h(c.n, c.k * 64 + 51, 0) % 2 = 0 AS deducted
    FROM kids c
    WHERE pg_temp.h(c.n, c.k * 64 + 52, 0) % 5 = 0
),
birthdays AS (
    SELECT c.n, c.k, c.org, c.id AS child, c.birthday_reward_cents AS amount, c.tz, c.today,
        CASE WHEN b.this_year <= c.today THEN b.this_year
             ELSE (b.this_year - interval '1 year')::date END AS day
    FROM kids c
    CROSS JOIN LATERAL (
        SELECT make_date(extract(year FROM c.today)::int, extract(month FROM c.date_of_birth)::int,
            extract(day FROM c.date_of_birth)::int) AS this_year
    ) b
    WHERE c.date_of_birth IS NOT NULL AND c.birthday_reward_cents > 0
)
INSERT INTO ledger_entries (id, organization_id, child_id, kind, source_id, amount_cents, notes,
    created_by, created_at, occurred_at)
SELECT * FROM (
    SELECT md5('entry:' || a.id)::uuid, a.org, a.child, 'CHORE', a.id::text, a.amount, '',
        NULL::uuid, a.reviewed_at, a.completed_at
    FROM approved a
    UNION ALL
    SELECT md5('payout:' || p.n || ':' || p.k || ':' || p.b)::uuid, p.org, p.child, 'PAYOUT',
        md5('payout-source:' || p.n || ':' || p.k || ':' || p.b)::uuid::text, -p.amount,
        pg_temp.pick(ARRAY['Pocket money', 'Allowance', '', 'Saved for a toy', ''],
            pg_temp.h(p.n, p.k * 64 + 53, p.b)),
        p.parent, p.paid_at, p.paid_at
    FROM payouts p WHERE p.amount > 0
    UNION ALL
    SELECT md5('bonus:' || b.n || ':' || b.k)::uuid, b.org, b.child, 'ADJUSTMENT',
        md5('bonus-source:' || b.n || ':' || b.k)::uuid::text, b.amount,
        pg_temp.pick(ARRAY['Helped with the groceries', 'Great report card',
            'Helped grandma move'], pg_temp.h(b.n, b.k * 64 + 54, 0)),
        b.parent, b.at, b.at
    FROM bonuses b
    UNION ALL
    SELECT md5('deduction:' || b.n || ':' || b.k)::uuid, b.org, b.child, 'ADJUSTMENT',
        md5('deduction-source:' || b.n || ':' || b.k)::uuid::text, -100,
        pg_temp.pick(ARRAY['Lost a library book', 'Broke a plate'],
            pg_temp.h(b.n, b.k * 64 + 55, 0)),
        b.parent, b.at + interval '2 days', b.at + interval '2 days'
    FROM bonuses b WHERE b.deducted
    UNION ALL
    -- as the birthday job pays it, shortly after midnight in the family's time zone
    SELECT md5('birthday:' || d.n || ':' || d.k)::uuid, d.org, d.child, 'BIRTHDAY',
        d.child || ':' || extract(year FROM d.day), d.amount, 'Happy birthday!', NULL,
        least(pg_temp.at_local(d.day, 5, d.tz), pg_temp.anchor()),
        least(pg_temp.at_local(d.day, 5, d.tz), pg_temp.anchor())
    FROM birthdays d
) e
ORDER BY 9;
