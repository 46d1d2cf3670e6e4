//! Each kept answer's two paths side by side: through the stack's gateway,
//! which keeps answers until an event says what they show changed
//! (`gateway::kept`), and through a gateway over the same services that
//! keeps nothing (`KEEP_ANSWERS=false`). A kept answer earns its place only
//! where its plain path would miss the target (docs/adr/0109).

use crate::{
    api::Api,
    load,
    report::Measured,
    scenarios::{Durations, Users, get_as},
};

/// Connections of each loaded run, as the dashboards' scenario uses.
const CONNECTIONS: usize = 32;

/// Loads each kept read through `kept` and through `fresh`, one after the
/// other, and adds both to the report's loaded table.
pub async fn side_by_side(
    kept: &Api,
    fresh: &Api,
    users: &Users,
    durations: &Durations,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let client = load::pooled(CONNECTIONS);
    let reads = [
        (
            "GET /api/dashboard/stats (parent)",
            "/dashboard/stats",
            &users.parents,
        ),
        (
            "GET /api/dashboard/stats (child)",
            "/dashboard/stats",
            &users.children,
        ),
        ("GET /api/chores", "/chores", &users.parents),
        (
            "GET /api/submissions?status=PENDING (parent)",
            "/submissions?status=PENDING",
            &users.parents,
        ),
    ];
    for (what, path, sessions) in reads {
        for (how, api) in [("kept", kept), ("not kept", fresh)] {
            let figures = load::run(
                &client,
                CONNECTIONS,
                durations.warmup,
                durations.run,
                get_as(api, sessions, path),
            )
            .await;
            anyhow::ensure!(
                figures.errors == 0,
                "{what} ({how}) failed: {:?}",
                figures.first_error
            );
            out.loaded
                .push((format!("{what}, {CONNECTIONS} connections, {how}"), figures));
        }
    }
    Ok(())
}
