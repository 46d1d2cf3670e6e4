//! Each family's multiplier settings (absent: the defaults).

use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{error::Error, multiplier::Settings};

/// The family's settings, or the defaults.
pub async fn settings(db: impl sqlx::PgExecutor<'_>, org: Uuid) -> Result<Settings, Error> {
    let row = sqlx::query!(
        "SELECT grade_a_milli, grade_b_milli, grade_c_milli, grade_d_milli, grade_f_milli,
            behaviour_excellent_milli, behaviour_poor_milli,
            streak_7_milli, streak_30_milli, streak_90_milli
         FROM multiplier_settings WHERE organization_id = $1",
        org,
    )
    .fetch_optional(db)
    .traced("settings")
    .await?;
    Ok(row.map_or_else(Settings::default, |r| Settings {
        grade: [
            r.grade_a_milli,
            r.grade_b_milli,
            r.grade_c_milli,
            r.grade_d_milli,
            r.grade_f_milli,
        ],
        behaviour_excellent: r.behaviour_excellent_milli,
        behaviour_poor: r.behaviour_poor_milli,
        streak_7: r.streak_7_milli,
        streak_30: r.streak_30_milli,
        streak_90: r.streak_90_milli,
    }))
}

/// The family's settings (or the defaults) and its time zone (or UTC): what
/// every child's multiplier is measured against, in one statement, as each
/// summary and approval reads both.
pub async fn with_time_zone(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
) -> Result<(Settings, String), Error> {
    let r = sqlx::query!(
        r#"SELECT f.time_zone AS "time_zone?", m.grade_a_milli AS "grade_a_milli?", m.grade_b_milli AS "grade_b_milli?",
            m.grade_c_milli AS "grade_c_milli?", m.grade_d_milli AS "grade_d_milli?",
            m.grade_f_milli AS "grade_f_milli?",
            m.behaviour_excellent_milli AS "behaviour_excellent_milli?",
            m.behaviour_poor_milli AS "behaviour_poor_milli?",
            m.streak_7_milli AS "streak_7_milli?", m.streak_30_milli AS "streak_30_milli?",
            m.streak_90_milli AS "streak_90_milli?"
         FROM (SELECT $1::uuid AS org) o
         LEFT JOIN families f ON f.organization_id = o.org
         LEFT JOIN multiplier_settings m ON m.organization_id = o.org"#,
        org,
    )
    .fetch_one(db)
    .traced("settings_and_time_zone")
    .await?;
    // The columns are NOT NULL: all present when the family saved settings.
    let saved = || {
        Some(Settings {
            grade: [
                r.grade_a_milli?,
                r.grade_b_milli?,
                r.grade_c_milli?,
                r.grade_d_milli?,
                r.grade_f_milli?,
            ],
            behaviour_excellent: r.behaviour_excellent_milli?,
            behaviour_poor: r.behaviour_poor_milli?,
            streak_7: r.streak_7_milli?,
            streak_30: r.streak_30_milli?,
            streak_90: r.streak_90_milli?,
        })
    };
    let settings = saved().unwrap_or_default();
    Ok((settings, r.time_zone.unwrap_or_else(|| "UTC".into())))
}

pub async fn save(conn: &mut PgConnection, org: Uuid, s: &Settings) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO multiplier_settings (organization_id, grade_a_milli, grade_b_milli,
            grade_c_milli, grade_d_milli, grade_f_milli, behaviour_excellent_milli,
            behaviour_poor_milli, streak_7_milli, streak_30_milli, streak_90_milli)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (organization_id) DO UPDATE SET
            grade_a_milli = EXCLUDED.grade_a_milli, grade_b_milli = EXCLUDED.grade_b_milli,
            grade_c_milli = EXCLUDED.grade_c_milli, grade_d_milli = EXCLUDED.grade_d_milli,
            grade_f_milli = EXCLUDED.grade_f_milli,
            behaviour_excellent_milli = EXCLUDED.behaviour_excellent_milli,
            behaviour_poor_milli = EXCLUDED.behaviour_poor_milli,
            streak_7_milli = EXCLUDED.streak_7_milli, streak_30_milli = EXCLUDED.streak_30_milli,
            streak_90_milli = EXCLUDED.streak_90_milli, updated_at = now()",
        org,
        s.grade[0],
        s.grade[1],
        s.grade[2],
        s.grade[3],
        s.grade[4],
        s.behaviour_excellent,
        s.behaviour_poor,
        s.streak_7,
        s.streak_30,
        s.streak_90,
    )
    .execute(conn)
    .traced("save_settings")
    .await?;
    Ok(())
}
