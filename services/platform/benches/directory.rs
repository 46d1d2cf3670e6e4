//! How fast the console's directory answers with 100,000 families.
//!
//!     cargo bench -p platform --bench directory --profile dev
//!
//! Seeds (once) a database `chorely_bench_platform` with 100,000 families,
//! 250,000 users, children and chore counts, then times the console's list
//! queries (through the same code the service runs) and reports the median
//! and 95th percentile of each against the 50 ms target. Exits non-zero if a
//! family-list query misses it (user lists and stats are shown for information). The time is the database's: the Rust profile barely matters.

use std::time::{Duration, Instant};

use chorely_proto::platform::v1::{
    ListOrganizationsRequest, ListUsersRequest, Plan, SubscriptionStatus,
};
use platform::console::Console;

const FAMILIES: i64 = 100_000;
const RUNS: usize = 40;
const TARGET: Duration = Duration::from_millis(50);

const SEED: &str = "
INSERT INTO organizations (id, name, slug, plan, subscription_status, trial_ends_at, is_active, created_at)
SELECT gen_random_uuid(), 'Family ' || n, 'family-' || n,
       (ARRAY['FREE', 'FREE', 'FREE', 'PRO', 'ENTERPRISE'])[1 + n % 5],
       (ARRAY['TRIAL', 'ACTIVE', 'ACTIVE', 'CANCELED'])[1 + n % 4],
       now() + interval '14 days', n % 50 <> 0, now() - n * interval '1 minute'
FROM generate_series(1, 100000) AS n;
INSERT INTO users (id, organization_id, email, first_name, last_name, role, is_child, created_at)
SELECT gen_random_uuid(), o.id,
       CASE WHEN k = 3 THEN NULL ELSE 'parent' || k || '-' || o.slug || '@example.com' END,
       CASE WHEN k = 3 THEN NULL ELSE 'Parent' || k END,
       CASE WHEN k = 3 THEN NULL ELSE split_part(o.name, ' ', 2) END,
       CASE WHEN k = 3 THEN 'ORG_MEMBER' ELSE 'ORG_ADMIN' END, k = 3, o.created_at
FROM organizations o CROSS JOIN generate_series(1, 3) AS k
WHERE k < 3 OR o.slug LIKE '%5';
INSERT INTO children (id, organization_id)
SELECT gen_random_uuid(), o.id FROM organizations o CROSS JOIN generate_series(1, 2);
INSERT INTO chore_counts (organization_id, active_chores, counted_at)
SELECT id, 7, now() FROM organizations;
ANALYZE;
";

/// Prints a query's times; whether it met the target.
fn report(name: &str, mut times: Vec<Duration>) -> bool {
    times.sort();
    let p50 = times[times.len() / 2];
    let p95 = times[times.len() * 95 / 100];
    let ok = p95 < TARGET;
    println!(
        "{:<48} p50 {:>6.2} ms  p95 {:>6.2} ms  {}",
        name,
        p50.as_secs_f64() * 1000.0,
        p95.as_secs_f64() * 1000.0,
        if ok { "ok" } else { "OVER 50 ms" }
    );
    ok
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // The console's requests are the operator's: across families.
    kit::tenancy::all_families(measure()).await
}

async fn measure() -> anyhow::Result<()> {
    let url = std::env::var("BENCH_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/chorely_bench_platform".into());
    let pool = kit::db::connect(&url, &platform::startup::MIGRATIONS).await?;
    // The seed is loaded as the database's owner (a TRUNCATE and a bulk
    // insert are not the service's to run; the benchmark's user is a
    // superuser, whom row-level security lets by).
    let owner = sqlx::PgPool::connect(&url).await?;
    let have: i64 = sqlx::query_scalar("SELECT count(*) FROM organizations")
        .fetch_one(&owner)
        .await?;
    if have < FAMILIES {
        println!("seeding {FAMILIES} families (once)...");
        sqlx::query("TRUNCATE chore_counts, children, users, organizations")
            .execute(&owner)
            .await?;
        sqlx::raw_sql(SEED).execute(&owner).await?;
    }
    owner.close().await;
    let console = Console { pool };
    let orgs = |search: &str, plan: Plan, status: SubscriptionStatus, page: i32| {
        ListOrganizationsRequest {
            search: search.into(),
            plan: plan.into(),
            status: status.into(),
            page,
            page_size: 20,
        }
    };
    let cases = [
        (
            "organizations, first page",
            orgs("", Plan::Unspecified, SubscriptionStatus::Unspecified, 1),
        ),
        (
            "organizations, page 2,500",
            orgs("", Plan::Unspecified, SubscriptionStatus::Unspecified, 2500),
        ),
        (
            "organizations, search \"family 4242\"",
            orgs(
                "family 4242",
                Plan::Unspecified,
                SubscriptionStatus::Unspecified,
                1,
            ),
        ),
        (
            "organizations, search slug \"y-9999\"",
            orgs(
                "y-9999",
                Plan::Unspecified,
                SubscriptionStatus::Unspecified,
                1,
            ),
        ),
        (
            "organizations, PRO",
            orgs("", Plan::Pro, SubscriptionStatus::Unspecified, 1),
        ),
        (
            "organizations, PRO + ACTIVE + search \"77\"",
            orgs("77", Plan::Pro, SubscriptionStatus::Active, 1),
        ),
    ];
    let mut ok = true;
    for (name, request) in &cases {
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let start = Instant::now();
            console.organizations(request).await?;
            times.push(start.elapsed());
        }
        ok &= report(name, times);
    }
    // The target is the family list; the rest is measured to watch.
    println!("-- for information:");
    let users = |search: &str, role: &str| ListUsersRequest {
        search: search.into(),
        role: role.into(),
        page: 1,
        page_size: 20,
    };
    for (name, request) in [
        ("users, first page", users("", "")),
        (
            "users, search email \"parent1-family-31337\"",
            users("parent1-family-31337", ""),
        ),
        ("users, children only", users("", "ORG_MEMBER")),
    ] {
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let start = Instant::now();
            console.users(&request).await?;
            times.push(start.elapsed());
        }
        report(name, times);
    }
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        console.stats().await?;
        times.push(start.elapsed());
    }
    report("platform stats", times);
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
