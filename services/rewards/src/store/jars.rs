//! How each child's new earnings are split between their jars.

use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

/// Percentages of new earnings for SPEND, SAVE and GIVE, summing to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    pub spend: i32,
    pub save: i32,
    pub give: i32,
}

impl Default for Split {
    /// Everything spendable, as before there were jars.
    fn default() -> Self {
        Self {
            spend: 100,
            save: 0,
            give: 0,
        }
    }
}

/// The child's split; the default when none was set.
pub async fn split(conn: &mut PgConnection, child: Uuid) -> Result<Split, Error> {
    let row = sqlx::query_as!(
        Split,
        r#"SELECT spend_percent AS spend, save_percent AS save, give_percent AS give
         FROM jar_splits WHERE child_id = $1"#,
        child,
    )
    .fetch_optional(conn)
    .traced("jar_split")
    .await?;
    Ok(row.unwrap_or_default())
}

pub async fn set_split(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    split: Split,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO jar_splits (child_id, organization_id, spend_percent, save_percent, give_percent)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (child_id) DO UPDATE SET spend_percent = $3, save_percent = $4,
            give_percent = $5, updated_at = now()",
        child,
        org,
        split.spend,
        split.save,
        split.give,
    )
    .execute(conn)
    .traced("set_jar_split")
    .await?;
    Ok(())
}

/// Forgets a deleted child's split.
pub async fn delete_for_child(conn: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM jar_splits WHERE child_id = $1", child)
        .execute(conn)
        .traced("delete_jar_split")
        .await?;
    Ok(())
}
