//! A submission heard live: how long after a child submits their parent's
//! open `GET /api/events` stream carries it, while the parents of other
//! families hold streams open on the same gateway.

use std::{collections::HashMap, time::Duration};

use anyhow::Context;
use clap::Args as ClapArgs;
use eventsource_stream::Eventsource;
use futures::StreamExt;
use reqwest::Method;
use serde_json::Value;
use tokio::{sync::mpsc, time::Instant};

use crate::{
    api::{Api, Session},
    family::{Family, submission_form},
    report::{Measured, Target},
};

/// Submissions timed, one after another.
const SUBMISSIONS: usize = 100;
/// How long one may take to be heard before it counts as not heard.
const PATIENCE: Duration = Duration::from_secs(5);

/// Opens `session`'s event stream; each `submission.created` it carries is
/// sent on with the moment it was read.
async fn listen(
    api: &Api,
    session: &Session,
    heard: Option<mpsc::UnboundedSender<(String, Instant)>>,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let response = api
        .request(&api.http, session, Method::GET, "/events")
        .send()
        .await?
        .error_for_status()
        .context("opening an event stream")?;
    let mut events = response.bytes_stream().eventsource();
    Ok(tokio::spawn(async move {
        while let Some(Ok(event)) = events.next().await {
            let Some(heard) = &heard else { continue };
            if event.event != "submission.created" {
                continue;
            }
            let data: Value = serde_json::from_str(&event.data).unwrap_or(Value::Null);
            if let Some(id) = data["submissionId"].as_str() {
                let _ = heard.send((id.to_owned(), Instant::now()));
            }
        }
    }))
}

/// From a child's submit to their parent's stream hearing it, 100 times,
/// with `listeners` (other families' parents) streaming meanwhile.
pub async fn submission_to_stream(
    api: &Api,
    family: &Family,
    listeners: &[Session],
    out: &mut Measured,
) -> anyhow::Result<()> {
    let mut streams = Vec::new();
    for listener in listeners {
        streams.push(listen(api, listener, None).await?);
    }
    let (sender, mut heard) = mpsc::unbounded_channel();
    streams.push(listen(api, &family.parent, Some(sender)).await?);

    let mut times = hdrhistogram::Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let mut not_heard = 0u64;
    // Events heard before their submission's answer was read.
    let mut early: HashMap<String, Instant> = HashMap::new();
    for _ in 0..SUBMISSIONS {
        let sent = Instant::now();
        let submitted = api
            .send(
                api.request(&api.http, &family.children[0], Method::POST, "/submissions")
                    .multipart(submission_form(&family.chore_id, None)),
            )
            .await?;
        let id = submitted["id"]
            .as_str()
            .context("a submission id")?
            .to_owned();
        let at = match early.remove(&id) {
            Some(at) => Some(at),
            None => loop {
                match tokio::time::timeout_at(sent + PATIENCE, heard.recv()).await {
                    Ok(Some((heard_id, at))) if heard_id == id => break Some(at),
                    Ok(Some((other, at))) => {
                        early.insert(other, at);
                    }
                    Ok(None) | Err(_) => break None,
                }
            },
        };
        match at {
            Some(at) => times.record((at - sent).as_micros() as u64)?,
            None => not_heard += 1,
        }
    }
    for stream in streams {
        stream.abort();
    }

    let ms = |q| times.value_at_quantile(q) as f64 / 1000.0;
    out.target(
        Target::SubmissionToStream,
        format!(
            "p50 {:.1} ms, p99 {:.1} ms over {} submissions, {not_heard} not heard within 5 s, {} other streams open",
            ms(0.5),
            ms(0.99),
            times.len(),
            listeners.len()
        ),
        ms(0.99) <= 1000.0 && not_heard == 0,
    );
    Ok(())
}

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The stack's gateway base URL.
    #[arg(long)]
    url: String,
    /// How many other families (registered for the run) hold a stream open.
    #[arg(long, default_value_t = 64)]
    listeners: usize,
}

/// The measurement alone, on a stack with no seed: registers the families it needs.
pub async fn run(args: Args) -> anyhow::Result<()> {
    let api = Api::new(&args.url);
    let family = Family::register(&api, "live", 1, crate::seed::PASSWORD).await?;
    let mut listeners = Vec::new();
    for _ in 0..args.listeners {
        let tag = uuid::Uuid::new_v4().simple().to_string();
        let email = format!("live-listener-{tag}@live.chorely.test");
        listeners.push(api.register(&email, crate::seed::PASSWORD).await?);
    }
    let mut measured = Measured::default();
    submission_to_stream(&api, &family, &listeners, &mut measured).await?;
    anyhow::ensure!(
        measured.targets.values().all(|(_, met)| *met),
        "the target is not met"
    );
    Ok(())
}
