//! The platform's totals, over every family.

use kit::db::Traced;
use sqlx::PgPool;

use crate::error::Error;

/// Families in all, active, on trial, on PRO and on FREE.
pub struct FamilyTotals {
    pub total: i64,
    pub active: i64,
    pub trial: i64,
    pub pro: i64,
    pub free: i64,
}

pub async fn families(pool: &PgPool) -> Result<FamilyTotals, Error> {
    Ok(sqlx::query_as!(
        FamilyTotals,
        r#"SELECT count(*) AS "total!", count(*) FILTER (WHERE is_active) AS "active!",
            count(*) FILTER (WHERE subscription_status = 'TRIAL') AS "trial!",
            count(*) FILTER (WHERE plan = 'PRO') AS "pro!",
            count(*) FILTER (WHERE plan = 'FREE') AS "free!"
         FROM organizations"#
    )
    .fetch_one(pool)
    .traced("family_totals")
    .await?)
}

pub async fn users(pool: &PgPool) -> Result<i64, Error> {
    Ok(
        sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM users"#)
            .fetch_one(pool)
            .traced("user_total")
            .await?,
    )
}

/// Children not deleted.
pub async fn children(pool: &PgPool) -> Result<i64, Error> {
    Ok(
        sqlx::query_scalar!(
            r#"SELECT count(*) AS "count!" FROM children WHERE deleted_at IS NULL"#
        )
        .fetch_one(pool)
        .traced("child_total")
        .await?,
    )
}

/// Active chores, as last counted for each family.
pub async fn chores(pool: &PgPool) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT coalesce(sum(active_chores), 0)::bigint AS "count!" FROM chore_counts"#
    )
    .fetch_one(pool)
    .traced("chore_total")
    .await?)
}
