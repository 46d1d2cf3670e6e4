//! Misses as the job records them from what the database keeps: no child
//! misses a due time that passed before the chore existed, in any of its
//! modes, nor one read in a time zone the family moved to after it was made.

#![allow(clippy::unwrap_used)]

use chores::{
    schedule::Mode,
    store::{
        assignments, categories, children,
        chores::{self as chore_rows, ChoreFields, Started},
        families,
    },
};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use kit::testing::TestDb;
use sqlx::PgPool;
use uuid::Uuid;

const LILY: Uuid = Uuid::from_u128(1);
const MAX: Uuid = Uuid::from_u128(2);

/// A moment of the clock in `zone` ("2026-03-02 23:56").
fn wall(zone: Tz, text: &str) -> DateTime<Utc> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .unwrap()
        .and_local_timezone(zone)
        .single()
        .unwrap()
        .to_utc()
}

/// A family in `zone` with Lily and Max, known for a week before Monday
/// 2 March 2026, and a category.
struct Family {
    pool: PgPool,
    _db: TestDb,
    org: Uuid,
    zone: Tz,
    kitchen: Uuid,
}

impl Family {
    async fn new(zone: Tz) -> Self {
        let db = TestDb::new("chores");
        let pool = kit::db::connect(&db.url, &chores::startup::MIGRATIONS)
            .await
            .unwrap();
        let org = Uuid::new_v4();
        let kitchen = kit::tenancy::all_families(async {
            let mut conn = pool.acquire().await.unwrap();
            families::announce(&mut conn, org, zone.name())
                .await
                .unwrap();
            let week_before = wall(zone, "2026-02-23 12:00");
            children::learn_all(&mut *conn, org, &[LILY, MAX], week_before)
                .await
                .unwrap();
            categories::insert(&pool, org, "Kitchen", "")
                .await
                .unwrap()
                .id
        })
        .await;
        Self {
            pool,
            _db: db,
            org,
            zone,
            kitchen,
        }
    }

    /// A chore due every day by `due`, with a penalty of 2.00, made at `at`
    /// as the catalogue makes it.
    async fn chore(&self, name: &str, mode: Mode, assigned: &[Uuid], due: &str, at: &str) {
        let at = wall(self.zone, at);
        let fields = ChoreFields {
            name: name.to_owned(),
            description: String::new(),
            base_reward_cents: 100,
            category_id: self.kitchen,
            frequency_days: 1,
            requires_photo: false,
            assigned_child_ids: assigned.to_vec(),
            mode,
            due_days: vec![1, 2, 3, 4, 5, 6, 7],
            due_time: Some(NaiveTime::parse_from_str(due, "%H:%M").unwrap()),
            missed_penalty_cents: 200,
        };
        let today = kit::time::local_date(at, self.zone);
        kit::tenancy::all_families(async {
            let mut tx = self.pool.begin().await.unwrap();
            let id = chore_rows::insert(&mut tx, self.org, &fields, &Started::new(today, at))
                .await
                .unwrap();
            assignments::record(&mut tx, id, assigned, at, false)
                .await
                .unwrap();
            tx.commit().await.unwrap();
        })
        .await;
    }

    /// Runs the job at `at` in the family's zone; how many it recorded.
    async fn record(&self, at: &str) -> usize {
        chores::missed::record_due(&self.pool, wall(self.zone, at))
            .await
            .unwrap()
    }

    /// Every miss: (due date, chore, child, penalty), sorted.
    async fn misses(&self) -> Vec<(NaiveDate, String, Uuid, i64)> {
        kit::tenancy::all_families(
            sqlx::query_as(
                "SELECT m.due_on, c.name, m.child_id, m.penalty_cents
                 FROM missed_chores m JOIN chores c ON c.id = m.chore_id
                 ORDER BY m.due_on, c.name, m.child_id",
            )
            .fetch_all(&self.pool),
        )
        .await
        .unwrap()
    }
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn miss(on: &str, chore: &str, child: Uuid) -> (NaiveDate, String, Uuid, i64) {
    (day(on), chore.to_owned(), child, 200)
}

#[tokio::test]
async fn a_chore_made_at_23_56_in_kathmandu_is_missed_from_the_next_day_in_every_mode() {
    let f = Family::new(chrono_tz::Asia::Kathmandu).await;
    // Made at 23:56 on Monday 2 March, due by 07:00: Monday's 07:00 had
    // passed, by almost 17 hours.
    let made = "2026-03-02 23:56";
    f.chore("Beds", Mode::Each, &[], "07:00", made).await;
    f.chore("Dishes", Mode::Each, &[LILY], "07:00", made).await;
    f.chore("Bins", Mode::Rotate, &[LILY, MAX], "07:00", made)
        .await;
    f.chore("Dog", Mode::FirstCome, &[], "07:00", made).await;
    f.chore("Cat", Mode::FirstCome, &[LILY, MAX], "07:00", made)
        .await;

    // That night Monday is checked: nothing is missed, nothing is fined.
    assert_eq!(f.record("2026-03-03 00:05").await, 0);
    assert!(f.misses().await.is_empty());

    // Tuesday passes with nothing sent: missed by whoever owed it, at 2.00
    // each (the bins are Max's turn; first come was no one's).
    assert_eq!(f.record("2026-03-04 00:05").await, 4);
    assert_eq!(
        f.misses().await,
        [
            miss("2026-03-03", "Beds", LILY),
            miss("2026-03-03", "Beds", MAX),
            miss("2026-03-03", "Bins", MAX),
            miss("2026-03-03", "Dishes", LILY),
        ]
    );
}

#[tokio::test]
async fn after_the_family_moves_to_another_zone_a_due_time_before_the_chore_is_not_missed() {
    // Made at 06:00 on Monday in Los Angeles (14:00 UTC), due by 07:00 and
    // counted from that Monday; half an hour later the family is in Tokyo,
    // where Monday's 07:00 was 22:00 UTC on Sunday.
    let f = Family::new(chrono_tz::America::Los_Angeles).await;
    let made = "2026-03-02 06:00";
    f.chore("Bins", Mode::Rotate, &[LILY, MAX], "07:00", made)
        .await;
    f.chore("Beds", Mode::Each, &[], "07:00", made).await;
    let tokyo = chrono_tz::Asia::Tokyo;
    kit::tenancy::all_families(async {
        let mut conn = f.pool.acquire().await.unwrap();
        families::announce(&mut conn, f.org, tokyo.name())
            .await
            .unwrap();
    })
    .await;
    let record = |at: &str| chores::missed::record_due(&f.pool, wall(tokyo, at));

    // Monday in Tokyo ends: its 07:00 came before the chore.
    assert_eq!(record("2026-03-03 00:05").await.unwrap(), 0);
    // Tuesday's 07:00 came after it: Max's turn, and everyone's beds.
    assert_eq!(record("2026-03-04 00:05").await.unwrap(), 3);
    assert_eq!(
        f.misses().await,
        [
            miss("2026-03-03", "Beds", LILY),
            miss("2026-03-03", "Beds", MAX),
            miss("2026-03-03", "Bins", MAX),
        ]
    );
}
