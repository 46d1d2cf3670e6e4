//! The platform's totals, over every family: kept by the database as the
//! directory changes (migration 1004), so reading them is one row.

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

pub struct Totals {
    pub families: FamilyTotals,
    /// Every login, children's included.
    pub users: i64,
    /// Children not deleted.
    pub children: i64,
    /// Active chores, as last counted for each family.
    pub chores: i64,
}

pub async fn all(pool: &PgPool) -> Result<Totals, Error> {
    let row = sqlx::query!(
        "SELECT organizations, active_organizations, trial_organizations, pro_organizations,
            free_organizations, users, children, chores
         FROM totals"
    )
    .fetch_one(pool)
    .traced("totals")
    .await?;
    Ok(Totals {
        families: FamilyTotals {
            total: row.organizations,
            active: row.active_organizations,
            trial: row.trial_organizations,
            pro: row.pro_organizations,
            free: row.free_organizations,
        },
        users: row.users,
        children: row.children,
        chores: row.chores,
    })
}
