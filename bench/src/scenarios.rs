//! The measurements `scripts/bench.sh` runs against a seeded stack, each
//! compared with its target.

use std::{sync::Arc, time::Duration};

use anyhow::Context;
use reqwest::{Client, Method};
use serde_json::Value;
use tokio::time::Instant;

use crate::{
    api::{Api, Session},
    cpu,
    family::{Family, submission_form},
    load::{self, Figures, MakeRequest},
    report::{Measured, Target},
    rss::Processes,
    seed, settle,
};

/// How long each loaded run records (after its warm-up).
pub struct Durations {
    pub warmup: Duration,
    pub run: Duration,
}

/// Signed-in users spread over the seeded families.
pub struct Users {
    pub parents: Vec<Session>,
    pub children: Vec<Session>,
    pub admin: Session,
}

/// A running stack on a seed, and the super admin who may read its console:
/// the arguments every command that signs in to a stack shares.
#[derive(clap::Args, Debug)]
pub struct Stack {
    /// The stack's gateway base URL (for `run`, the stack on the large seed).
    #[arg(long)]
    pub url: String,
    /// How many families its seed has.
    #[arg(long)]
    pub families: u64,
    #[arg(long)]
    pub admin_email: String,
    #[arg(long, env = "BENCH_ADMIN_PASSWORD")]
    pub admin_password: String,
}

impl Stack {
    /// The super admin's email and password, as [`sign_in`] takes them.
    pub fn admin(&self) -> (&str, &str) {
        (&self.admin_email, &self.admin_password)
    }
}

/// Logs in `count` parents and one child of each, spread evenly over `families`.
pub async fn sign_in(
    api: &Api,
    families: u64,
    count: u64,
    admin: (&str, &str),
) -> anyhow::Result<Users> {
    let mut parents = Vec::new();
    let mut children = Vec::new();
    for i in 0..count {
        let family = 1 + i * families / count;
        parents.push(
            api.login(&seed::parent_email(family), seed::PASSWORD)
                .await?,
        );
        children.push(
            api.login(&seed::child_email(family, 1), seed::PASSWORD)
                .await?,
        );
    }
    let admin = api.login(admin.0, admin.1).await?;
    Ok(Users {
        parents,
        children,
        admin,
    })
}

/// `GET path` as one of `sessions`, rotating through them.
pub fn get_as(api: &Api, sessions: &[Session], path: &str) -> MakeRequest {
    let (api, sessions, path) = (api.clone(), sessions.to_vec(), path.to_owned());
    Arc::new(move |client: &Client, n| {
        let session = &sessions[n as usize % sessions.len()];
        api.request(client, session, Method::GET, &path)
    })
}

/// An authenticated read of the document, with its ids filled in, and who
/// reads it.
struct Read {
    path: String,
    role: &'static str,
    session: Session,
}

/// What the reads set up in a family and [`Fixtures::remove`] takes away
/// again: a family tablet (its own reads need its device token) and a child
/// who has not joined yet (only their invitation link can be shown).
struct Fixtures {
    tablet: Session,
    invited: Option<(Session, String)>,
}

const BENCH_NAME: &str = "Benchmark";

impl Fixtures {
    async fn set_up(api: &Api, users: &Users) -> anyhow::Result<Self> {
        let tablet = api.set_up_tablet(&users.parents[0], BENCH_NAME).await?;
        // A family on the free plan may be full: the first that takes one
        // more child. Only when none does is it said why.
        let mut invited = None;
        let mut refused = None;
        for parent in &users.parents {
            match api.invite_child(parent, BENCH_NAME).await {
                Ok(child) => {
                    invited = Some((parent.clone(), child));
                    break;
                }
                Err(err) => refused = Some(err),
            }
        }
        if let (None, Some(err)) = (&invited, refused) {
            println!("no family signed in could take one more child: {err:#}");
        }
        Ok(Self { tablet, invited })
    }

    async fn remove(self, api: &Api, users: &Users) -> anyhow::Result<()> {
        api.remove_tablets_named(&users.parents[0], BENCH_NAME)
            .await?;
        if let Some((parent, child)) = self.invited {
            api.remove(&parent, &format!("/children/{child}")).await?;
        }
        Ok(())
    }
}

/// Whether a GET answers a live stream (`text/event-stream`): it never ends,
/// so it is no read to time.
fn is_stream(get: &Value) -> bool {
    get["responses"]
        .as_object()
        .into_iter()
        .flat_map(|responses| responses.values())
        .any(|response| response["content"].get("text/event-stream").is_some())
}

/// Every `GET` operation of the API that needs a token, with path ids taken
/// from the first parent's family; those whose ids cannot be found are named.
async fn authenticated_reads(
    api: &Api,
    users: &Users,
    fixtures: &Fixtures,
) -> anyhow::Result<(Vec<Read>, Vec<String>)> {
    let document = api
        .send(api.http.get(format!("{}/openapi.json", api.base)))
        .await?;
    let parent = &users.parents[0];
    let children = api.call(parent, Method::GET, "/children", None).await?;
    let child_id = children[0]["id"]
        .as_str()
        .context("a seeded child")?
        .to_owned();
    let submissions = api.call(parent, Method::GET, "/submissions", None).await?;
    let submission_id = submissions[0]["id"].as_str().map(str::to_owned);
    let org_id = parent.user["organization"]["id"]
        .as_str()
        .or(parent.user["organizationId"].as_str())
        .map(str::to_owned);
    let mut reads = Vec::new();
    let mut skipped = Vec::new();
    let paths = document["paths"]
        .as_object()
        .context("paths in the document")?;
    for (path, item) in paths {
        let Some(get) = item.get("get") else { continue };
        if get.get("security").is_none() || is_stream(get) {
            continue;
        }
        let tablet = get["security"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|scheme| scheme.get("tablet").is_some());
        let (role, session) = if path.starts_with("/admin") {
            ("super admin", &users.admin)
        } else if path == "/submissions/availability" {
            // Only children submit chores.
            ("child", &users.children[0])
        } else if tablet {
            ("family tablet", &fixtures.tablet)
        } else {
            ("parent", &users.parents[0])
        };
        let (filled, session) = match &fixtures.invited {
            Some((parent, invited)) if path == "/children/{id}/invite" => {
                (path.replace("{id}", invited), parent)
            }
            _ => (path.clone(), session),
        };
        let filled = filled
            .replace("{childId}", &child_id)
            .replace("/children/{id}", &format!("/children/{child_id}"))
            .replace("/subjects/{id}", &format!("/subjects/{child_id}"));
        let filled = match (&submission_id, &org_id) {
            (Some(s), _) if filled.starts_with("/submissions/{id}") => filled.replace("{id}", s),
            (_, Some(o)) if filled.starts_with("/admin/organizations/{id}") => {
                filled.replace("{id}", o)
            }
            _ => filled,
        };
        if filled.contains('{') {
            skipped.push(path.clone());
            continue;
        }
        reads.push(Read {
            path: filled,
            role,
            session: session.clone(),
        });
        if path == "/dashboard/stats" {
            reads.push(Read {
                path: path.clone(),
                role: "child",
                session: users.children[0].clone(),
            });
        }
    }
    Ok((reads, skipped))
}

/// How long the unloaded reads wait for the machine to be quiet.
const SETTLE_AT_MOST: Duration = Duration::from_secs(120);

/// Each of `makes` 50 times, one request at a time on one connection, taking
/// turns, once the machine is quiet: what one person waits for each.
pub async fn one_at_a_time(makes: &[MakeRequest]) -> anyhow::Result<Vec<Figures>> {
    settled().await?;
    Ok(load::interleaved(&load::one_connection(), 50, makes).await)
}

/// Waits for the machine to be quiet (at most [`SETTLE_AT_MOST`]) and says so.
async fn settled() -> anyhow::Result<()> {
    settle::announced(SETTLE_AT_MOST).await
}

/// Unloaded: each authenticated read 50 times, one request at a time on one
/// connection, the reads taking turns, once the machine is quiet.
pub async fn unloaded_reads(api: &Api, users: &Users, out: &mut Measured) -> anyhow::Result<()> {
    unloaded_reads_matching(api, users, "", out).await
}

/// As [`unloaded_reads`], only for the reads whose path contains `only`
/// (or is `only`, when it ends with `$`).
pub async fn unloaded_reads_matching(
    api: &Api,
    users: &Users,
    only: &str,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let fixtures = Fixtures::set_up(api, users).await?;
    let (reads, makes, skipped) = reads_matching(api, users, &fixtures, only).await?;
    // After the fixtures' events, and whatever came before, are done with.
    let all = one_at_a_time(&makes).await?;
    let mut worst: Option<(String, f64)> = None;
    for (read, figures) in reads.iter().zip(all) {
        if worst.as_ref().is_none_or(|(_, p50)| figures.p50_ms > *p50) {
            worst = Some((format!("{} ({})", read.path, read.role), figures.p50_ms));
        }
        out.unloaded
            .push((format!("GET /api{} ({})", read.path, read.role), figures));
    }
    fixtures.remove(api, users).await?;
    out.not_measured
        .extend(skipped.into_iter().map(|p| format!("GET /api{p}")));
    let (path, p50) = worst.context("no authenticated reads in the document")?;
    out.target(
        Target::UnloadedP50,
        format!("worst p50 {p50:.2} ms ({path}), {} endpoints", reads.len()),
        p50 <= 3.0,
    );
    Ok(())
}

/// The authenticated reads whose path contains `only` (or is `only`, when it
/// ends with `$`), each with how to make it; and the paths left out.
async fn reads_matching(
    api: &Api,
    users: &Users,
    fixtures: &Fixtures,
    only: &str,
) -> anyhow::Result<(Vec<Read>, Vec<MakeRequest>, Vec<String>)> {
    let (mut reads, skipped) = authenticated_reads(api, users, fixtures).await?;
    reads.retain(|read| match only.strip_suffix('$') {
        Some(exact) => read.path == exact,
        None => read.path.contains(only),
    });
    let makes = reads
        .iter()
        .map(|read| get_as(api, std::slice::from_ref(&read.session), &read.path))
        .collect();
    Ok((reads, makes, skipped))
}

/// Where each matching read's CPU goes: `rounds` requests of it alone, one
/// at a time, between two samples of `accounts`; per read, each part's CPU
/// microseconds per request, largest first.
pub async fn cpu_of_reads(
    api: &Api,
    users: &Users,
    only: &str,
    accounts: &cpu::Accounts,
    rounds: u64,
) -> anyhow::Result<Vec<(String, Vec<(String, f64)>)>> {
    let fixtures = Fixtures::set_up(api, users).await?;
    let (reads, makes, _) = reads_matching(api, users, &fixtures, only).await?;
    settled().await?;
    let client = load::one_connection();
    let mut out = Vec::new();
    for (read, make) in reads.iter().zip(makes) {
        let before = accounts.sample();
        // `rounds` timed requests after one that warms the path: all counted.
        load::sequential(&client, rounds, make).await;
        let parts = cpu::per_request(&before, &accounts.sample(), rounds + 1);
        out.push((format!("GET /api{} ({})", read.path, read.role), parts));
    }
    fixtures.remove(api, users).await?;
    Ok(out)
}

/// How many loaded runs of each side the `GET /api/chores` ratio takes.
const RATIO_ROUNDS: usize = 3;

/// `GET /api/chores` at 64 connections, through Chorely and through the bare
/// baseline, taking turns.
pub async fn chores_vs_baseline(
    api: &Api,
    baseline_url: &str,
    users: &Users,
    durations: &Durations,
    processes: &Processes,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let client = load::pooled(64);
    let bare = Api {
        base: format!("{baseline_url}/api"),
        http: client.clone(),
    };
    let load = |api: &Api, path: &str| {
        load::run(
            &client,
            64,
            durations.warmup,
            durations.run,
            get_as(api, &users.parents, path),
        )
    };
    // The two take turns, RATIO_ROUNDS times each: on a small machine one
    // run of either moves by a third from the next (the bare server's most),
    // and one pair's ratio said as much about that moment as about Chorely.
    // The gateway keeps the family's chores (`gateway::kept`), so the
    // categories, answered by the chores service each time, show what the
    // path through the services costs.
    let (mut chorelys, mut uncached, mut bares) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RATIO_ROUNDS {
        let sampler = RssSampler::start(processes.clone());
        chorelys.push(load(api, "/chores").await);
        uncached.push(load(api, "/categories").await);
        out.peak_rss_mib = out.peak_rss_mib.max(sampler.stop().await);
        bares.push(load(&bare, "/chores").await);
    }
    let rounds: Vec<String> = chorelys
        .iter()
        .zip(&bares)
        .map(|(c, b)| format!("{:.2}", c.per_second / b.per_second))
        .collect();
    let (chorely, baseline) = (load::median_run(chorelys)?, load::median_run(bares)?);
    let uncached = load::median_run(uncached)?;
    let ratio = chorely.per_second / baseline.per_second;
    out.target(
        Target::ChoresUnderLoad,
        format!(
            "{:.0}/s vs {:.0}/s bare ({ratio:.2}×; the median runs of {RATIO_ROUNDS} each, taking turns; each pair's ratio {}), p99 {:.1} ms (bare {:.1} ms), {} errors; the chores are kept by the gateway: through the services every time (`GET /api/categories`) {:.0}/s ({:.2}×), p99 {:.1} ms",
            chorely.per_second,
            baseline.per_second,
            rounds.join(", "),
            chorely.p99_ms,
            baseline.p99_ms,
            chorely.errors,
            uncached.per_second,
            uncached.per_second / baseline.per_second,
            uncached.p99_ms,
        ),
        ratio >= 0.6 && chorely.p99_ms <= 20.0 && chorely.errors == 0,
    );
    out.loaded
        .push(("GET /api/chores, 64 connections".into(), chorely));
    out.loaded.push((
        "GET /api/categories, 64 connections (answered by the chores service each time)".into(),
        uncached,
    ));
    out.loaded.push((
        "bare baseline GET /api/chores, 64 connections".into(),
        baseline,
    ));
    Ok(())
}

/// The dashboard as parents and as children at 32 connections, on the large
/// seed and, when given, the small one.
pub async fn dashboards(
    large: (&Api, &Users, u64),
    small: Option<(&Api, &Users, u64)>,
    durations: &Durations,
    processes: &Processes,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let client = load::pooled(32);
    let dashboard = |api: &Api, sessions: &[Session]| {
        load::run(
            &client,
            32,
            durations.warmup,
            durations.run,
            get_as(api, sessions, "/dashboard/stats"),
        )
    };
    let (api, users, families) = large;
    for (who, sessions) in [("parent", &users.parents), ("child", &users.children)] {
        let sampler = RssSampler::start(processes.clone());
        let at_scale = dashboard(api, sessions).await;
        out.peak_rss_mib = out.peak_rss_mib.max(sampler.stop().await);
        let mut result = format!(
            "{:.0}/s, p99 {:.1} ms, {} errors at {families} families",
            at_scale.per_second, at_scale.p99_ms, at_scale.errors
        );
        let mut met =
            at_scale.per_second >= 1500.0 && at_scale.p99_ms <= 25.0 && at_scale.errors == 0;
        if let Some((small_api, small_users, small_families)) = small {
            let sessions = if who == "parent" {
                &small_users.parents
            } else {
                &small_users.children
            };
            let few = dashboard(small_api, sessions).await;
            let slower = few.per_second / at_scale.per_second;
            result.push_str(&format!(
                "; {:.0}/s at {small_families} ({slower:.2}× slower at scale)",
                few.per_second
            ));
            met &= slower <= 1.5;
            out.loaded.push((
                format!(
                    "GET /api/dashboard/stats ({who}), 32 connections, {small_families} families"
                ),
                few,
            ));
        }
        out.target(Target::Dashboard(who), result, met);
        out.loaded.push((
            format!("GET /api/dashboard/stats ({who}), 32 connections, {families} families"),
            at_scale,
        ));
    }
    Ok(())
}

async fn balance(api: &Api, client: &Client, child: &Session) -> anyhow::Result<f64> {
    let stats = api
        .send(api.request(client, child, Method::GET, "/dashboard/stats"))
        .await?;
    stats["balance"]
        .as_f64()
        .context("a balance on the child's dashboard")
}

/// From a parent's approval answer to the child's dashboard showing the
/// credit, 100 times, once the machine is quiet; the child polls back to
/// back on its own connection.
pub async fn approval_to_credit(
    api: &Api,
    family: &Family,
    out: &mut Measured,
) -> anyhow::Result<()> {
    // One family's wait, timed once the loads before it and the family's
    // own registration are done with (their events, the vacuuming).
    settled().await?;
    let poller = load::one_connection();
    let mut times = hdrhistogram::Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let mut timeouts = 0u64;
    for _ in 0..100 {
        let before = balance(api, &poller, &family.children[0]).await?;
        let submitted = api
            .send(
                api.request(&api.http, &family.children[0], Method::POST, "/submissions")
                    .multipart(submission_form(&family.chore_id, None)),
            )
            .await?;
        let id = submitted["id"].as_str().context("a submission id")?;
        api.call(
            &family.parent,
            Method::PATCH,
            &format!("/submissions/{id}/review"),
            Some(serde_json::json!({"status": "APPROVED"})),
        )
        .await?;
        let approved_at = Instant::now();
        loop {
            if balance(api, &poller, &family.children[0]).await? > before {
                times.record(approved_at.elapsed().as_micros() as u64)?;
                break;
            }
            if approved_at.elapsed() > Duration::from_secs(5) {
                timeouts += 1;
                break;
            }
        }
    }
    let ms = |q| times.value_at_quantile(q) as f64 / 1000.0;
    out.target(
        Target::ApprovalToCredit,
        format!(
            "p50 {:.1} ms, p99 {:.1} ms (slowest {:.1} ms) over {} approvals, {timeouts} not seen within 5 s",
            ms(0.5),
            ms(0.99),
            ms(1.0),
            times.len()
        ),
        ms(0.99) <= 50.0 && timeouts == 0,
    );
    Ok(())
}

/// 3 MB photo submissions, one after another (each is one child's wait).
pub async fn photo_submissions(
    api: &Api,
    family: &Family,
    durations: &Durations,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let photo = Arc::new(crate::photo::jpeg_of_at_least(3 * 1024 * 1024));
    let (api2, child, chore) = (
        api.clone(),
        family.children[0].clone(),
        family.photo_chore_id.clone(),
    );
    let size = photo.len();
    let make: MakeRequest = Arc::new(move |client: &Client, _| {
        api2.request(client, &child, Method::POST, "/submissions")
            .multipart(submission_form(&chore, Some(&photo)))
    });
    let figures = load::run(&load::pooled(1), 1, durations.warmup, durations.run, make).await;
    out.target(
        Target::PhotoSubmission,
        format!(
            "p99 {:.1} ms (p50 {:.1} ms), {:.1}/s one at a time, {:.1} MB each, {} errors",
            figures.p99_ms,
            figures.p50_ms,
            figures.per_second,
            size as f64 / 1_048_576.0,
            figures.errors
        ),
        figures.p99_ms <= 150.0 && figures.errors == 0,
    );
    out.loaded.push((
        "POST /api/submissions with a 3 MB photo, one at a time".into(),
        figures,
    ));
    Ok(())
}

/// The operator console's lists at scale, as the super admin sees them.
pub async fn console(api: &Api, users: &Users, out: &mut Measured) -> anyhow::Result<()> {
    let lists = [
        "/admin/organizations?page=1&pageSize=20",
        "/admin/organizations?page=2500&pageSize=20",
        "/admin/organizations?search=family%2012&page=1&pageSize=20",
        "/admin/organizations?plan=PRO&page=1&pageSize=20",
        "/admin/organizations?status=TRIAL&page=1&pageSize=20",
        "/admin/users?page=1&pageSize=20",
        "/admin/users?search=parent77&page=1&pageSize=20",
    ];
    let mut worst = (String::new(), 0.0f64);
    for path in lists {
        let figures = load::sequential(
            &load::one_connection(),
            40,
            get_as(api, std::slice::from_ref(&users.admin), path),
        )
        .await;
        if figures.p95_ms > worst.1 {
            worst = (path.to_owned(), figures.p95_ms);
        }
        out.unloaded
            .push((format!("GET /api{path} (super admin)"), figures));
    }
    let totals = load::sequential(
        &load::one_connection(),
        40,
        get_as(api, std::slice::from_ref(&users.admin), "/admin/stats"),
    )
    .await;
    out.target(
        Target::Console,
        format!(
            "worst list p95 {:.1} ms ({}), totals p95 {:.1} ms",
            worst.1, worst.0, totals.p95_ms
        ),
        worst.1 <= 35.0 && totals.p95_ms <= 20.0,
    );
    out.unloaded
        .push(("GET /api/admin/stats (super admin)".into(), totals));
    Ok(())
}

/// Logins at 16 at once: bound by password hashing, shown for information.
pub async fn logins(
    api: &Api,
    families: u64,
    durations: &Durations,
    out: &mut Measured,
) -> Figures {
    let api2 = api.clone();
    let make: MakeRequest = Arc::new(move |client: &Client, n| {
        let family = 1 + (n * 7919) % families;
        client.post(format!("{}/auth/login", api2.base)).json(
            &serde_json::json!({"email": seed::parent_email(family), "password": seed::PASSWORD}),
        )
    });
    let figures = load::run(&load::pooled(16), 16, durations.warmup, durations.run, make).await;
    out.loaded
        .push(("POST /api/auth/login, 16 at once".into(), figures.clone()));
    figures
}

/// Samples the stack's total resident memory every 100 ms until stopped.
pub struct RssSampler {
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<f64>,
}

impl RssSampler {
    pub fn start(processes: Processes) -> Self {
        let (stop, mut stopped) = tokio::sync::oneshot::channel();
        let task = tokio::spawn(async move {
            let mut peak = 0.0f64;
            loop {
                peak = peak.max(processes.total_mib());
                tokio::select! {
                    _ = &mut stopped => return peak,
                    () = tokio::time::sleep(Duration::from_millis(100)) => {}
                }
            }
        });
        Self { stop, task }
    }

    pub async fn stop(self) -> f64 {
        let _ = self.stop.send(());
        self.task.await.unwrap_or(0.0)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::is_stream;

    #[test]
    fn a_live_stream_is_no_read_to_time() {
        let stream = json!({"responses": {"200": {"content": {"text/event-stream": {}}}}});
        let read = json!({"responses": {"200": {"content": {"application/json": {}}}}});
        assert!(is_stream(&stream));
        assert!(!is_stream(&read));
        assert!(!is_stream(&json!({})));
    }
}
