//! Families' time zones, kept from the family service's events, and the
//! parents whose scheduled mails may be due, found through them.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::notifications::Member;
use crate::error::Error;

/// Keeps a family's zone; `replace` false keeps one already known (a
/// family's creation, consumed after a later change, must not undo it).
pub async fn keep(
    conn: &mut PgConnection,
    org: Uuid,
    zone: &str,
    replace: bool,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO family_zones (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE
            SET time_zone = EXCLUDED.time_zone, updated_at = now()
            WHERE $3",
        org,
        zone,
        replace,
    )
    .execute(&mut *conn)
    .traced("keep_family_zone")
    .await?;
    // The family's parents' digest times now come at other instants.
    sqlx::query!(
        "UPDATE users SET mail_look_at = 'epoch'
         WHERE organization_id = $1 AND role = 'ORG_ADMIN' AND mail_look_at <> 'epoch'",
        org,
    )
    .execute(conn)
    .traced("reset_mail_looks")
    .await?;
    Ok(())
}

/// The family's zone, when known.
pub async fn zone(pool: &PgPool, org: Uuid) -> Result<Option<String>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT time_zone FROM family_zones WHERE organization_id = $1",
        org,
    )
    .fetch_optional(pool)
    .traced("family_zone")
    .await?)
}

/// Families with active parents whose zone is not known yet (made before
/// the zones were kept, or whose event is still on its way).
pub async fn unknown(pool: &PgPool) -> Result<Vec<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT DISTINCT u.organization_id AS "organization_id!" FROM users u
         WHERE u.organization_id IS NOT NULL AND u.is_active AND u.role = 'ORG_ADMIN'
           AND NOT EXISTS (SELECT FROM family_zones z
                           WHERE z.organization_id = u.organization_id)"#,
    )
    .fetch_all(pool)
    .traced("families_without_zone")
    .await?)
}

/// A parent whose scheduled mails are looked at now: their family's zone,
/// their digest time, and the look they were due for (kept to update it
/// only if nothing reset it meanwhile).
#[derive(Debug, Clone)]
pub struct ParentToLook {
    pub id: Uuid,
    pub zone: String,
    pub digest_time: NaiveTime,
    pub look_at: DateTime<Utc>,
}

/// At most `limit` of the active parents with an address, in a family
/// whose zone is known, whose next look has come (found through
/// `users_mail_look`), those waiting longest first.
pub async fn parents_to_look(
    pool: &PgPool,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<ParentToLook>, Error> {
    Ok(sqlx::query_as!(
        ParentToLook,
        r#"SELECT u.id, z.time_zone AS zone,
             COALESCE(s.digest_time, '18:00') AS "digest_time!", u.mail_look_at AS look_at
         FROM users u
         JOIN family_zones z ON z.organization_id = u.organization_id
         LEFT JOIN notification_settings s ON s.user_id = u.id
         WHERE u.role = 'ORG_ADMIN' AND u.is_active AND u.mail_look_at <= $1
           AND u.email <> ''
         ORDER BY u.mail_look_at
         LIMIT $2"#,
        now,
        limit,
    )
    .fetch_all(pool)
    .traced("parents_to_look")
    .await?)
}

/// Sets when each parent is next looked at, `next[i]` for `parents[i]`,
/// unless their look was reset since it was read (a new digest time or
/// zone: the parent stays due at once).
pub async fn set_next_looks(
    pool: &PgPool,
    parents: &[ParentToLook],
    next: &[DateTime<Utc>],
) -> Result<(), Error> {
    let ids: Vec<Uuid> = parents.iter().map(|p| p.id).collect();
    let seen: Vec<DateTime<Utc>> = parents.iter().map(|p| p.look_at).collect();
    sqlx::query!(
        "UPDATE users u SET mail_look_at = l.next
         FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS l(id, seen, next)
         WHERE u.id = l.id AND u.mail_look_at = l.seen",
        &ids,
        &seen,
        next,
    )
    .execute(pool)
    .traced("set_next_looks")
    .await?;
    Ok(())
}

/// What it is in one zone now: its local day, time of day and ISO weekday.
#[derive(Debug, Clone)]
pub struct LocalNow {
    pub zone: String,
    pub day: NaiveDate,
    pub time: NaiveTime,
    pub weekday: i16,
}

/// A parent whose digest or weekly summary may be due, with their family's
/// local day and weekday.
#[derive(Debug)]
pub struct DueParent {
    pub member: Member,
    pub day: NaiveDate,
    pub weekday: i16,
}

/// Of `parents`, the active ones with an address whose digest time has come
/// in their family's zone and who have not had today's digest (wanted) or,
/// on their day, today's weekly summary (wanted). `now` holds the local now
/// of each of their zones.
pub async fn parents_due(
    pool: &PgPool,
    parents: &[Uuid],
    now: &[LocalNow],
) -> Result<Vec<DueParent>, Error> {
    let zones: Vec<String> = now.iter().map(|n| n.zone.clone()).collect();
    let days: Vec<NaiveDate> = now.iter().map(|n| n.day).collect();
    let times: Vec<NaiveTime> = now.iter().map(|n| n.time).collect();
    let weekdays: Vec<i16> = now.iter().map(|n| n.weekday).collect();
    let rows = sqlx::query!(
        r#"SELECT u.id, u.organization_id AS "organization_id!", u.email, u.first_name,
             COALESCE(s.in_app_off, '{}') AS "in_app_off!",
             COALESCE(s.email_off, '{}') AS "email_off!",
             COALESCE(s.digest_time, '18:00') AS "digest_time!",
             COALESCE(s.weekly_summary_day, 7::smallint) AS "weekly_summary_day!",
             COALESCE(s.language, 'en') AS "language!",
             l.day AS "day!", l.weekday AS "weekday!"
         FROM unnest($1::text[], $2::date[], $3::time[], $4::smallint[])
                AS l(zone, day, at, weekday)
         JOIN family_zones z ON z.time_zone = l.zone
         JOIN users u ON u.organization_id = z.organization_id
         LEFT JOIN notification_settings s ON s.user_id = u.id
         WHERE u.id = ANY($5) AND u.is_active AND u.role = 'ORG_ADMIN' AND u.email <> ''
           AND COALESCE(s.digest_time, '18:00') <= l.at
           AND ((NOT 'REVIEW_DIGEST' = ANY (COALESCE(s.email_off, '{}'))
                 AND NOT EXISTS (SELECT FROM scheduled_mails m
                                 WHERE m.user_id = u.id AND m.kind = 'REVIEW_DIGEST'
                                   AND m.local_date = l.day))
             OR (COALESCE(s.weekly_summary_day, 7::smallint) = l.weekday
                 AND NOT 'WEEKLY_SUMMARY' = ANY (COALESCE(s.email_off, '{}'))
                 AND NOT EXISTS (SELECT FROM scheduled_mails m
                                 WHERE m.user_id = u.id AND m.kind = 'WEEKLY_SUMMARY'
                                   AND m.local_date = l.day)))
         ORDER BY u.organization_id, u.created_at"#,
        &zones,
        &days,
        &times,
        &weekdays,
        parents,
    )
    .fetch_all(pool)
    .traced("parents_due")
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| DueParent {
            member: Member {
                id: r.id,
                organization_id: r.organization_id,
                email: r.email,
                first_name: r.first_name,
                in_app_off: r.in_app_off,
                email_off: r.email_off,
                digest_time: r.digest_time,
                weekly_summary_day: r.weekly_summary_day,
                language: r.language,
            },
            day: r.day,
            weekday: r.weekday,
        })
        .collect())
}
