//! Each connection the pool hands out works as its scope says: the role, the
//! family, and how its statements are planned.

#![allow(clippy::unwrap_used)]

use kit::{
    tenancy::{self, Scope},
    testing::TestDb,
};
use sqlx::{PgPool, migrate::Migrator};

static NO_MIGRATIONS: Migrator = Migrator::DEFAULT;

/// The role, family and plan mode of a connection acquired in the current scope.
async fn seen(pool: &PgPool) -> (String, String, String) {
    sqlx::query_as(
        "SELECT current_user::text, current_setting('chorely.family_id', true),
                current_setting('plan_cache_mode')",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn one_familys_work_plans_its_statements_once_and_work_across_families_lets_postgres_choose()
{
    let db = TestDb::new("kit");
    // One request after another: each takes an idle connection the work
    // before it left, scoped again for its own work.
    let pool = kit::db::connect(&db.url, &NO_MIGRATIONS).await.unwrap();
    let family = uuid::Uuid::new_v4();

    let one = tenancy::within(Scope::Family(family), seen(&pool)).await;
    assert_eq!(
        one,
        (
            tenancy::FAMILY_ROLE.to_owned(),
            family.to_string(),
            "force_generic_plan".to_owned()
        )
    );
    let across = tenancy::all_families(seen(&pool)).await;
    assert_eq!(
        across,
        (
            tenancy::ALL_FAMILIES_ROLE.to_owned(),
            String::new(),
            "auto".to_owned()
        )
    );
    let unscoped = seen(&pool).await;
    assert_eq!(
        unscoped,
        (
            tenancy::FAMILY_ROLE.to_owned(),
            String::new(),
            "auto".to_owned()
        )
    );
    // Back in a family after work across families: set again, not left over.
    let again = tenancy::within(Scope::Family(family), seen(&pool)).await;
    assert_eq!(again, one);
}
