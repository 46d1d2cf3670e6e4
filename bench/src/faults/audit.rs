//! The ledger audit: every approved submission in the chores database has
//! exactly one CHORE entry in the rewards database, for the submission's
//! boosted reward, and no CHORE entry lacks its approved submission. Credits
//! travel as events (chores' outbox, NATS, rewards' consumer), so the audit
//! waits for the outboxes to drain and the consumer to catch up first.

use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use sqlx::{PgPool, postgres::PgPoolOptions};

/// How long the events may take to arrive once the load has stopped.
const DRAIN_LIMIT: Duration = Duration::from_secs(60);
const POLL_EVERY: Duration = Duration::from_millis(250);

/// What the audit found.
#[derive(Debug, Default)]
pub struct Audit {
    pub approved: usize,
    pub entries: usize,
    /// Approved submissions without a CHORE entry.
    pub missing: Vec<String>,
    /// Submissions credited more than once.
    pub doubled: Vec<String>,
    /// Credits of another amount than the submission's boosted reward.
    pub wrong_amount: Vec<String>,
    /// CHORE entries without an approved submission.
    pub orphans: Vec<String>,
    /// Events still in an outbox when the audit gave up waiting.
    pub unpublished: i64,
    /// From the end of the load to a clean audit (or giving up).
    pub waited: Duration,
    /// Every credit that arrived, with its approval's time.
    pub credits: Vec<Credit>,
}

/// When an approval was made and how long its credit took to reach the
/// ledger (both times from the one PostgreSQL server's clock).
#[derive(Debug, Clone)]
pub struct Credit {
    pub submission: String,
    /// Seconds since the Unix epoch.
    pub approved: f64,
    pub delay: f64,
}

impl Audit {
    pub fn clean(&self) -> bool {
        self.missing.is_empty()
            && self.doubled.is_empty()
            && self.wrong_amount.is_empty()
            && self.orphans.is_empty()
    }

    /// The differences in words, a few ids of each.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (what, ids) in [
            ("approved submission(s) never credited", &self.missing),
            ("submission(s) credited more than once", &self.doubled),
            (
                "credit(s) of another amount than the boosted reward",
                &self.wrong_amount,
            ),
            (
                "CHORE entr(ies) without an approved submission",
                &self.orphans,
            ),
        ] {
            if !ids.is_empty() {
                let few: Vec<_> = ids.iter().take(5).map(String::as_str).collect();
                problems.push(format!(
                    "ledger audit: {} {what}, e.g. {}",
                    ids.len(),
                    few.join(", ")
                ));
            }
        }
        if self.unpublished > 0 {
            problems.push(format!(
                "ledger audit: {} event(s) still unpublished in the outboxes after {} s",
                self.unpublished,
                DRAIN_LIMIT.as_secs()
            ));
        }
        problems
    }
}

/// Waits until the outboxes are empty and the ledger matches the approvals,
/// up to [`DRAIN_LIMIT`]; the last audit either way.
pub async fn audit_when_drained(
    chores_db: &str,
    rewards_db: &str,
    outbox_dbs: &[String],
) -> anyhow::Result<Audit> {
    let started = Instant::now();
    let chores = connect(chores_db).await?;
    let rewards = connect(rewards_db).await?;
    let mut outboxes = Vec::new();
    for url in outbox_dbs {
        outboxes.push(connect(url).await?);
    }
    loop {
        let mut unpublished = 0;
        for pool in &outboxes {
            unpublished += sqlx::query_scalar::<_, i64>(
                "SELECT count(*) FROM outbox WHERE published_at IS NULL",
            )
            .fetch_one(pool)
            .await?;
        }
        let mut audit = compare(&chores, &rewards).await?;
        audit.waited = started.elapsed();
        if (unpublished == 0 && audit.clean()) || started.elapsed() >= DRAIN_LIMIT {
            audit.unpublished = unpublished;
            return Ok(audit);
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}

async fn connect(url: &str) -> anyhow::Result<PgPool> {
    use anyhow::Context;
    PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .with_context(|| format!("connecting to {url} for the ledger audit"))
}

/// One audit of the ledger against the approvals.
async fn compare(chores: &PgPool, rewards: &PgPool) -> anyhow::Result<Audit> {
    let approved: HashMap<String, (Option<i64>, f64)> =
        sqlx::query_as::<_, (String, Option<i64>, f64)>(
            "SELECT id::text, boosted_reward_cents, extract(epoch FROM reviewed_at)::float8
             FROM submissions WHERE status = 'APPROVED'",
        )
        .fetch_all(chores)
        .await?
        .into_iter()
        .map(|(id, boosted, reviewed)| (id, (boosted, reviewed)))
        .collect();
    let entries = sqlx::query_as::<_, (String, i64, f64)>(
        "SELECT source_id, amount_cents, extract(epoch FROM created_at)::float8
         FROM ledger_entries WHERE kind = 'CHORE'",
    )
    .fetch_all(rewards)
    .await?;
    let mut credits: HashMap<&str, Vec<(i64, f64)>> = HashMap::new();
    for (source, amount, created) in &entries {
        credits.entry(source).or_default().push((*amount, *created));
    }
    let mut audit = Audit {
        approved: approved.len(),
        entries: entries.len(),
        ..Audit::default()
    };
    for (id, &(boosted, reviewed)) in &approved {
        match credits.get(id.as_str()).map(Vec::as_slice) {
            None => audit.missing.push(id.clone()),
            Some(&[(amount, created)]) => {
                audit.credits.push(Credit {
                    submission: id.clone(),
                    approved: reviewed,
                    delay: created - reviewed,
                });
                if Some(amount) != boosted {
                    audit.wrong_amount.push(format!(
                        "{id} ({amount} cents credited, boosted reward {boosted:?})"
                    ));
                }
            }
            Some(many) => audit.doubled.push(format!("{id} ({} credits)", many.len())),
        }
    }
    for source in credits.keys() {
        if !approved.contains_key(*source) {
            audit.orphans.push((*source).to_owned());
        }
    }
    Ok(audit)
}
