//! Every child's multiplier is worked out for the whole family at once (one
//! statement for any number of children): each child's streak, misses,
//! pauses and grades stay their own.

#![allow(clippy::unwrap_used)]

use chorely_proto::{family::v1::Child, rewards::v1::Multiplier};
use chrono::{DateTime, Days, NaiveDate, Utc};
use kit::{clock::ManualClock, testing::TestDb};
use rewards::{
    multiplier::Settings,
    multipliers::{Family, Multipliers},
    store::standings::Children,
    subjects::Standing,
};
use sqlx::PgPool;
use uuid::Uuid;

/// When the tests' families live: mid-afternoon, so no day boundary is near.
fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2030-03-10T15:00:00Z")
        .unwrap()
        .to_utc()
}

fn days_ago(n: u64) -> NaiveDate {
    now().date_naive().checked_sub_days(Days::new(n)).unwrap()
}

type Statement<'q> = sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>;

async fn run(pool: &PgPool, statement: Statement<'_>) {
    kit::tenancy::all_families(statement.execute(pool))
        .await
        .unwrap();
}

/// A family with the default settings, in UTC.
fn utc_family(org: Uuid) -> Family {
    Family {
        org,
        settings: Settings::default(),
        time_zone: "UTC".into(),
    }
}

/// An approved chore of `child`, done at noon UTC `n` days ago.
async fn chore_done(pool: &PgPool, org: Uuid, child: Uuid, n: u64) {
    let at = days_ago(n).and_hms_opt(12, 0, 0).unwrap().and_utc();
    run(
        pool,
        sqlx::query(
            "INSERT INTO ledger_entries (id, organization_id, child_id, kind, source_id,
            amount_cents, occurred_at) VALUES ($1, $2, $3, 'CHORE', $4, 100, $5)",
        )
        .bind(Uuid::now_v7())
        .bind(org)
        .bind(child)
        .bind(Uuid::now_v7().to_string())
        .bind(at),
    )
    .await;
}

/// A pause of `child` (of the whole family when `None`), `from` to `to`.
async fn paused(pool: &PgPool, org: Uuid, child: Option<Uuid>, from: NaiveDate, to: NaiveDate) {
    run(
        pool,
        sqlx::query(
            "INSERT INTO pauses (pause_id, organization_id, child_id, starts_on, ends_on, revision)
             VALUES ($1, $2, $3, $4, $5, 1)",
        )
        .bind(Uuid::new_v4())
        .bind(org)
        .bind(child)
        .bind(from)
        .bind(to),
    )
    .await;
}

/// A letter-graded Maths subject of `child`; its id.
async fn maths(pool: &PgPool, org: Uuid, child: Uuid) -> Uuid {
    let subject = Uuid::new_v4();
    run(
        pool,
        sqlx::query(
            "INSERT INTO subjects (id, organization_id, child_id, name, grade_scale)
             VALUES ($1, $2, $3, 'Maths', 'LETTER')",
        )
        .bind(subject)
        .bind(org)
        .bind(child),
    )
    .await;
    subject
}

/// A grade `letter` of `subject`, recorded `at`.
async fn graded(pool: &PgPool, subject: Uuid, letter: &str, at: DateTime<Utc>) {
    run(
        pool,
        sqlx::query(
            "INSERT INTO grades (id, subject_id, letter, recorded_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(Uuid::new_v4())
        .bind(subject)
        .bind(letter)
        .bind(at),
    )
    .await;
}

/// A fresh rewards database, migrated.
async fn database() -> (TestDb, PgPool) {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    (db, pool)
}

fn child(id: Uuid) -> Child {
    Child {
        id: id.to_string(),
        honesty_rating: 3,
        respect_rating: 3,
        rules_rating: 3,
        ..Default::default()
    }
}

/// The multipliers on `pool`, reading the time from `clock`; nothing here
/// asks another service.
fn multipliers(pool: &PgPool, clock: &ManualClock) -> Multipliers {
    Multipliers {
        pool: pool.clone(),
        clock: clock.clock(),
    }
}

#[tokio::test]
async fn each_childs_streak_misses_pauses_and_grades_stay_their_own() {
    let (_db, pool) = database().await;
    let org = Uuid::new_v4();
    let (mia, leo, noa) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    // Mia: every day of the last eight, today too.
    for n in 0..8 {
        chore_done(&pool, org, mia, n).await;
    }
    // Leo: the last three days before today, but he missed one two days ago.
    for n in 1..=3 {
        chore_done(&pool, org, leo, n).await;
    }
    run(
        &pool,
        sqlx::query("INSERT INTO misses (missed_id, organization_id, child_id, due_on) VALUES ($1, $2, $3, $4)").bind(Uuid::new_v4()).bind(org).bind(leo).bind(days_ago(2)),
    )
    .await;
    // Noa: yesterday and three days ago, with a pause of her own between.
    chore_done(&pool, org, noa, 1).await;
    chore_done(&pool, org, noa, 3).await;
    paused(&pool, org, Some(noa), days_ago(2), days_ago(2)).await;
    // Mia alone has a subject, graded A.
    let subject = maths(&pool, org, mia).await;
    graded(&pool, subject, "A", now()).await;

    let clock = ManualClock::at(now());
    let multipliers = multipliers(&pool, &clock);
    let family = utc_family(org);
    let children = [child(mia), child(leo), child(noa), child(Uuid::new_v4())];
    let worked_out = work_out(&pool, &multipliers, &family, &children).await;
    let streaks: Vec<i32> = worked_out.iter().map(|(m, _)| m.streak_days).collect();
    assert_eq!(
        streaks,
        vec![8, 1, 2, 0],
        "Mia, Leo, Noa, a child with nothing"
    );
    let grades: Vec<Option<i32>> = worked_out.iter().map(|(_, s)| s.gpa_centi).collect();
    assert!(grades[0].is_some(), "Mia's A counts");
    assert_eq!(&grades[1..], &[None, None, None], "only Mia has grades");
    // One child asked alone gets what the family-wide look gave them.
    let alone = work_out(&pool, &multipliers, &family, &children[1..2]).await;
    assert_eq!(alone[0].0.streak_days, 1);

    // Tomorrow Mia's streak still runs to yesterday; the day after it is over.
    let mia_alone = &children[..1];
    clock.set(now() + chrono::Duration::days(1));
    let tomorrow = work_out(&pool, &multipliers, &family, mia_alone).await;
    assert_eq!(
        tomorrow[0].0.streak_days, 8,
        "a streak lasts until the day is over"
    );
    clock.set(now() + chrono::Duration::days(2));
    let after = work_out(&pool, &multipliers, &family, mia_alone).await;
    assert_eq!(after[0].0.streak_days, 0, "a day without a chore ends it");
}

/// What the multipliers are worked out from comes back from one statement
/// as the separate queries gave it: the family's pauses (its own and each
/// child's), each subject's newest grade with its time, the days with a chore
/// in the family's time zone, and nothing of another family or an ended pause.
#[tokio::test]
async fn the_evidence_comes_back_whole_from_one_statement() {
    let (_db, pool) = database().await;
    let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
    let (ava, ben) = (Uuid::new_v4(), Uuid::new_v4());
    paused(&pool, org, None, days_ago(3), days_ago(2)).await;
    paused(&pool, org, Some(ben), days_ago(1), days_ago(0)).await;
    paused(&pool, org, Some(ava), days_ago(90), days_ago(80)).await;
    paused(&pool, other, None, days_ago(1), days_ago(0)).await;
    // Ava's maths: an F last week, then an A yesterday.
    let maths = maths(&pool, org, ava).await;
    let yesterday = now() - chrono::Duration::days(1);
    graded(&pool, maths, "F", now() - chrono::Duration::days(7)).await;
    graded(&pool, maths, "A", yesterday).await;
    // Ben's chore at noon UTC two days ago is the next morning in Auckland.
    chore_done(&pool, org, ben, 2).await;
    chore_done(&pool, other, Uuid::new_v4(), 2).await;

    let since = now() - chrono::Duration::days(30);
    let evidence = kit::tenancy::within(
        kit::tenancy::Scope::Family(org),
        rewards::store::standings::of_children(
            &pool,
            org,
            Children::These(&[ava, ben]),
            "Pacific/Auckland",
            since,
            days_ago(30),
        ),
    )
    .await
    .unwrap();

    let mut pauses = evidence.pauses.clone();
    pauses.sort();
    assert_eq!(
        pauses,
        vec![
            (None, days_ago(3), days_ago(2)),
            (Some(ben), days_ago(1), days_ago(0)),
        ],
        "the family's pause and Ben's; not Ava's ended one nor another family's"
    );
    assert_eq!(evidence.subjects.len(), 1);
    assert_eq!(evidence.subjects[0].id, maths);
    let newest: Vec<(&str, DateTime<Utc>)> = evidence
        .grades
        .iter()
        .map(|g| (g.letter.as_str(), g.recorded_at))
        .collect();
    assert_eq!(
        newest,
        vec![("A", yesterday)],
        "the newest grade, to the microsecond"
    );
    assert_eq!(
        evidence.chore_days.get(&ben),
        Some(&vec![days_ago(1)]),
        "counted in Auckland"
    );
    assert_eq!(evidence.chore_days.len(), 1, "nobody else's days");
    assert!(evidence.last_missed.is_empty());
}

/// `children`'s multipliers and standings, worked out as the service does.
async fn work_out(
    pool: &PgPool,
    multipliers: &Multipliers,
    family: &Family,
    children: &[Child],
) -> Vec<(Multiplier, Standing)> {
    kit::tenancy::all_families(async {
        let mut conn = pool.acquire().await.unwrap();
        multipliers.of_children(&mut conn, family, children).await
    })
    .await
    .unwrap()
}

/// A child as the family service's events left them here (`deleted`: a
/// tombstone).
async fn heard_of(pool: &PgPool, org: Uuid, child: Uuid, deleted: bool) {
    run(
        pool,
        sqlx::query(
            "INSERT INTO children (child_id, organization_id, deleted_at)
             VALUES ($1, $2, CASE WHEN $3 THEN now() END)",
        )
        .bind(child)
        .bind(org)
        .bind(deleted),
    )
    .await;
}

/// The children summary reads the evidence of every child it has heard of
/// while the family service lists them, and uses it for those children; a
/// child it has not heard of yet (their `ChildCreated` still on its way)
/// makes it read again, for exactly the children listed.
#[tokio::test]
async fn the_known_childrens_evidence_is_read_before_the_list_and_read_again_for_a_newcomer() {
    let (_db, pool) = database().await;
    let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
    let (ava, ben, gone, elsewhere) = (
        Uuid::new_v4(),
        Uuid::new_v4(),
        Uuid::new_v4(),
        Uuid::new_v4(),
    );
    heard_of(&pool, org, ava, false).await;
    heard_of(&pool, org, gone, true).await;
    heard_of(&pool, other, elsewhere, false).await;
    for n in 1..=2 {
        chore_done(&pool, org, ava, n).await;
        chore_done(&pool, org, ben, n).await;
    }
    let clock = ManualClock::at(now());
    let multipliers = multipliers(&pool, &clock);
    let family = utc_family(org);
    let read_known = || async {
        kit::tenancy::all_families(async {
            let mut conn = pool.acquire().await.unwrap();
            multipliers
                .evidence(&mut conn, &family, Children::Known)
                .await
        })
        .await
        .unwrap()
    };
    let from_known = |children: Vec<Child>, known| {
        let (pool, multipliers, family) = (&pool, &multipliers, &family);
        async move {
            kit::tenancy::all_families(async {
                let mut conn = pool.acquire().await.unwrap();
                multipliers
                    .of_known(&mut conn, family, &children, known)
                    .await
            })
            .await
            .unwrap()
        }
    };

    assert_eq!(
        read_known().await.children(),
        &[ava],
        "only the family's children heard of and not deleted"
    );
    // Ava does a chore today after her evidence was read: with her alone
    // listed, the evidence read before is used as it was.
    let known = read_known().await;
    chore_done(&pool, org, ava, 0).await;
    let alone = from_known(vec![child(ava)], known).await;
    assert_eq!(alone[0].0.streak_days, 2, "the evidence read beforehand");
    // With Ben listed too, whom it has not heard of, it reads both again.
    let known = read_known().await;
    chore_done(&pool, org, ava, 3).await;
    let both = from_known(vec![child(ava), child(ben)], known).await;
    let streaks: Vec<i32> = both.iter().map(|(m, _)| m.streak_days).collect();
    assert_eq!(streaks, vec![4, 2], "Ava's newest chore counted, and Ben's");
    assert_eq!(
        both,
        work_out(&pool, &multipliers, &family, &[child(ava), child(ben)]).await,
        "as if asked about them from the start"
    );
}

/// What every child of a family is measured against, read in one statement:
/// the family's saved settings and time zone, or the defaults and UTC.
#[tokio::test]
async fn a_family_is_measured_against_its_settings_and_time_zone_or_the_defaults() {
    let (_db, pool) = database().await;
    let multipliers = multipliers(&pool, &ManualClock::at(now()));
    let (unknown, zoned, tuned) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    for org in [zoned, tuned] {
        run(
            &pool,
            sqlx::query("INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)")
                .bind(org)
                .bind("Pacific/Auckland"),
        )
        .await;
    }
    let mut own = Settings::default().to_proto();
    own.grade_a_milli = 2000;
    own.streak_90_milli = 1750;
    kit::tenancy::all_families(multipliers.save(tuned, &own))
        .await
        .unwrap();

    let family_of = |org| {
        let (pool, multipliers) = (pool.clone(), &multipliers);
        kit::tenancy::all_families(async move {
            let mut conn = pool.acquire().await.unwrap();
            multipliers.family(&mut conn, org).await.unwrap()
        })
    };
    let nothing = family_of(unknown).await;
    assert_eq!(
        (nothing.settings, nothing.time_zone.as_str()),
        (Settings::default(), "UTC")
    );
    let zone_only = family_of(zoned).await;
    assert_eq!(
        (zone_only.settings, zone_only.time_zone.as_str()),
        (Settings::default(), "Pacific/Auckland")
    );
    let both = family_of(tuned).await;
    assert_eq!(both.time_zone, "Pacific/Auckland");
    assert_eq!(both.settings.to_proto(), own);
    assert_ne!(both.settings, Settings::default());
}
