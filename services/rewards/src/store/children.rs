//! Children as the family service announced them: birthday and birthday
//! reward, and a tombstone once deleted.

use chrono::NaiveDate;
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// What an event says of a child: their name and birthday details (an
/// event without a name leaves the one kept), unless their deletion was
/// seen first.
pub async fn upsert(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    name: &str,
    date_of_birth: Option<NaiveDate>,
    birthday_reward_cents: i64,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, name, date_of_birth,
             birthday_reward_cents)
         VALUES ($1, $2, NULLIF($3, ''), $4, $5)
         ON CONFLICT (child_id) DO UPDATE SET date_of_birth = EXCLUDED.date_of_birth,
             birthday_reward_cents = EXCLUDED.birthday_reward_cents,
             name = coalesce(EXCLUDED.name, children.name)
         WHERE children.deleted_at IS NULL",
        child,
        org,
        name,
        date_of_birth,
        birthday_reward_cents,
    )
    .execute(tx)
    .traced("upsert_child")
    .await?;
    Ok(())
}

/// Names the family service answered, kept for children no event has
/// named yet (a child heard of before names were kept, or whose event is on
/// its way: the event, newer, then replaces it). A child not heard of at all
/// is kept with their name alone; their event fills in the rest.
pub async fn learn_names(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    names: &[(Uuid, String)],
) -> Result<(), Error> {
    let (ids, names): (Vec<Uuid>, Vec<String>) = names.iter().cloned().unzip();
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, name)
         SELECT id, $3, name FROM unnest($1::uuid[], $2::text[]) AS n(id, name)
         ON CONFLICT (child_id) DO UPDATE SET name = EXCLUDED.name
         WHERE children.name IS NULL AND children.deleted_at IS NULL",
        &ids,
        &names,
        org,
    )
    .execute(db)
    .traced("learn_child_names")
    .await?;
    Ok(())
}

/// Leaves a tombstone of a deleted child, without its birthday, so events
/// about it handled later change nothing.
pub async fn mark_deleted(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (organization_id, child_id, deleted_at) VALUES ($1, $2, now())
         ON CONFLICT (child_id) DO UPDATE SET date_of_birth = NULL, birthday_reward_cents = 0,
             deleted_at = coalesce(children.deleted_at, now())",
        org,
        child,
    )
    .execute(tx)
    .traced("mark_child_deleted")
    .await?;
    Ok(())
}

/// Whether the child's deletion has been seen.
pub async fn deleted(tx: &mut PgConnection, child: Uuid) -> Result<bool, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM children WHERE child_id = $1 AND deleted_at IS NOT NULL)
            AS "deleted!""#,
        child,
    )
    .fetch_one(tx)
    .traced("child_deleted")
    .await?)
}

#[derive(Debug, Clone)]
pub struct BirthdayRow {
    pub child_id: Uuid,
    pub organization_id: Uuid,
    pub date_of_birth: NaiveDate,
    pub birthday_reward_cents: i64,
    pub time_zone: String,
}

/// Children of every family with a reward to pay whose birthday is one of
/// `days` (month, day and its year) and not yet paid for that year: once
/// paid, a child is not looked at again until the next year's.
pub async fn born_on(pool: &PgPool, days: &[(u32, u32, i32)]) -> Result<Vec<BirthdayRow>, Error> {
    let number = |n: u32| i32::try_from(n).unwrap_or(0);
    let months: Vec<i32> = days.iter().map(|(m, _, _)| number(*m)).collect();
    let mdays: Vec<i32> = days.iter().map(|(_, d, _)| number(*d)).collect();
    let years: Vec<i32> = days.iter().map(|(_, _, y)| *y).collect();
    Ok(sqlx::query_as!(
        BirthdayRow,
        r#"SELECT c.child_id, c.organization_id, c.date_of_birth AS "date_of_birth!",
                c.birthday_reward_cents, coalesce(f.time_zone, 'UTC') AS "time_zone!"
         FROM unnest($1::int[], $2::int[], $3::int[]) AS w(month, day, year)
         JOIN children c
           -- As `children_by_birthday` is made (rewards migration 1003).
           ON extract(month FROM c.date_of_birth) = w.month
          AND extract(day FROM c.date_of_birth) = w.day
         LEFT JOIN families f ON f.organization_id = c.organization_id
         WHERE c.deleted_at IS NULL AND c.date_of_birth IS NOT NULL AND c.birthday_reward_cents > 0
           AND NOT EXISTS (SELECT FROM ledger_entries l
                           WHERE l.kind = 'BIRTHDAY'
                             AND l.source_id = c.child_id::text || ':' || w.year)"#,
        &months,
        &mdays,
        &years,
    )
    .fetch_all(pool)
    .traced("born_on")
    .await?)
}

/// What this service has heard of a child of the family `org`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Present,
    Deleted,
}

/// The child `child` of the family `org` as this service heard of it; none
/// when it has not (yet), or when the child is another family's.
pub async fn standing(pool: &PgPool, org: Uuid, child: Uuid) -> Result<Option<Standing>, Error> {
    let deleted = sqlx::query_scalar!(
        r#"SELECT deleted_at IS NOT NULL AS "deleted!" FROM children
            WHERE child_id = $1 AND organization_id = $2"#,
        child,
        org,
    )
    .fetch_optional(pool)
    .traced("child_standing")
    .await?;
    Ok(deleted.map(|deleted| {
        if deleted {
            Standing::Deleted
        } else {
            Standing::Present
        }
    }))
}
