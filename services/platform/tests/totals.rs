//! The console's totals are kept by the database as the directory changes:
//! after every kind of change they equal a count made from scratch.

#![allow(clippy::unwrap_used)]

use kit::testing::TestDb;
use platform::store::totals;
use sqlx::PgPool;

/// The totals as counted over every row, the way they were read before.
async fn recounted(pool: &PgPool) -> [i64; 8] {
    let row: (i64, i64, i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM organizations),
            (SELECT count(*) FROM organizations WHERE is_active),
            (SELECT count(*) FROM organizations WHERE subscription_status = 'TRIAL'),
            (SELECT count(*) FROM organizations WHERE plan = 'PRO'),
            (SELECT count(*) FROM organizations WHERE plan = 'FREE'),
            (SELECT count(*) FROM users),
            (SELECT count(*) FROM children WHERE deleted_at IS NULL),
            (SELECT coalesce(sum(active_chores), 0)::bigint FROM chore_counts)",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    [row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7]
}

async fn kept(pool: &PgPool) -> [i64; 8] {
    let t = totals::all(pool).await.unwrap();
    [
        t.families.total,
        t.families.active,
        t.families.trial,
        t.families.pro,
        t.families.free,
        t.users,
        t.children,
        t.chores,
    ]
}

/// The database as the service migrates it, reached as its owner: the
/// totals are the triggers' work, and these statements (a TRUNCATE among
/// them) are the owner's, not the service's.
async fn migrated(db: &TestDb) -> PgPool {
    kit::db::connect(&db.url, &platform::startup::MIGRATIONS)
        .await
        .unwrap()
        .close()
        .await;
    PgPool::connect(&db.url).await.unwrap()
}

async fn change(pool: &PgPool, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned()))
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(kept(pool).await, recounted(pool).await, "after: {sql}");
}

#[tokio::test]
async fn totals_follow_every_insert_update_delete_and_truncate() {
    let db = TestDb::new("platform");
    let pool = migrated(&db).await;
    assert_eq!(kept(&pool).await, [0; 8]);

    change(
        &pool,
        "INSERT INTO organizations (id, name, slug, plan, subscription_status, is_active, created_at)
         SELECT gen_random_uuid(), 'F' || n, 'f-' || n,
             (ARRAY['FREE', 'PRO', 'ENTERPRISE'])[1 + n % 3],
             (ARRAY['TRIAL', 'ACTIVE', 'CANCELED'])[1 + (n / 2) % 3],
             n % 4 <> 0, now()
         FROM generate_series(1, 30) n",
    )
    .await;
    assert_eq!(kept(&pool).await[0], 30);
    change(
        &pool,
        "UPDATE organizations SET plan = 'PRO' WHERE slug IN ('f-1', 'f-3')",
    )
    .await;
    change(
        &pool,
        "UPDATE organizations SET is_active = NOT is_active WHERE slug LIKE 'f-1%'",
    )
    .await;
    change(
        &pool,
        "UPDATE organizations SET subscription_status = 'ACTIVE'",
    )
    .await;
    change(
        &pool,
        "DELETE FROM organizations WHERE slug IN ('f-2', 'f-4')",
    )
    .await;

    change(
        &pool,
        "INSERT INTO users (id, organization_id, email, role, created_at)
         SELECT gen_random_uuid(), NULL, 'u' || n || '@x.test', 'ORG_ADMIN', now()
         FROM generate_series(1, 12) n",
    )
    .await;
    change(
        &pool,
        "UPDATE users SET is_active = false WHERE email LIKE 'u1%'",
    )
    .await;
    change(&pool, "DELETE FROM users WHERE email LIKE 'u2%'").await;

    change(
        &pool,
        "INSERT INTO children (id, organization_id)
         SELECT gen_random_uuid(), gen_random_uuid() FROM generate_series(1, 9)",
    )
    .await;
    change(
        &pool,
        "UPDATE children SET deleted_at = now()
         WHERE id IN (SELECT id FROM children ORDER BY id LIMIT 3)",
    )
    .await;
    // A tombstone deleted for good, and one touched again, change nothing.
    change(
        &pool,
        "DELETE FROM children WHERE id = (SELECT id FROM children WHERE deleted_at IS NOT NULL LIMIT 1)",
    )
    .await;
    change(
        &pool,
        "UPDATE children SET deleted_at = now() WHERE deleted_at IS NOT NULL",
    )
    .await;
    change(&pool, "DELETE FROM children WHERE id = (SELECT id FROM children WHERE deleted_at IS NULL LIMIT 1)").await;

    change(
        &pool,
        "INSERT INTO chore_counts (organization_id, active_chores, counted_at)
         SELECT id, 5, now() FROM organizations",
    )
    .await;
    change(&pool, "UPDATE chore_counts SET active_chores = active_chores + 2 WHERE organization_id IN (SELECT id FROM organizations WHERE plan = 'PRO')").await;
    change(
        &pool,
        "DELETE FROM chore_counts WHERE organization_id IN (SELECT id FROM organizations LIMIT 4)",
    )
    .await;

    change(&pool, "TRUNCATE users").await;
    change(&pool, "TRUNCATE chore_counts, children, organizations").await;
    assert_eq!(kept(&pool).await, [0; 8]);
}

#[tokio::test]
async fn a_directory_that_already_has_rows_starts_with_their_totals() {
    // The migration counts what is there: a platform upgraded with families
    // in its directory starts right.
    let db = TestDb::new("platform");
    let pool = migrated(&db).await;
    sqlx::raw_sql(
        "INSERT INTO organizations (id, name, slug, created_at)
         SELECT gen_random_uuid(), 'F' || n, 'f-' || n, now() FROM generate_series(1, 7) n;
         ALTER TABLE organizations DISABLE TRIGGER organizations_counted;
         INSERT INTO organizations (id, name, slug, created_at)
         SELECT gen_random_uuid(), 'G' || n, 'g-' || n, now() FROM generate_series(1, 5) n;
         ALTER TABLE organizations ENABLE TRIGGER organizations_counted;",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(
        kept(&pool).await[0],
        7,
        "rows added behind the triggers' back are not seen"
    );
    // Running the migration's backfill again, as on an existing database:
    let backfill = include_str!("../migrations/1004_totals.sql");
    let insert = backfill
        .split(';')
        .find(|statement| statement.contains("INSERT INTO totals"))
        .unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DELETE FROM totals; {insert};"
    )))
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(kept(&pool).await, recounted(&pool).await);
    assert_eq!(kept(&pool).await[0], 12);
}
