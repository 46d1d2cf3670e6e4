//! Families' time zones, kept from the family service's events, and the
//! parents whose scheduled mails may be due, found through them.

use chrono::{NaiveDate, NaiveTime};
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
    .execute(conn)
    .traced("keep_family_zone")
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

/// The active parents with an address whose digest time has come in their
/// family's zone and who have not had today's digest (wanted) or, on their
/// day, today's weekly summary (wanted). `now` holds each zone's local now.
pub async fn parents_due(pool: &PgPool, now: &[LocalNow]) -> Result<Vec<DueParent>, Error> {
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
         WHERE u.is_active AND u.role = 'ORG_ADMIN' AND u.email <> ''
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
