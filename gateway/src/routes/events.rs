//! `GET /events`: live updates as Server-Sent Events (see `crate::live`).

use std::{convert::Infallible, pin::Pin, sync::Arc, time::Duration};

use axum::{
    extract::State,
    http::HeaderMap,
    response::{
        IntoResponse,
        sse::{Event, KeepAlive, Sse},
    },
};
use futures::{Stream, StreamExt, stream};
use kit::authn::Caller;
use tokio::sync::{broadcast, watch};
use tokio_util::sync::WaitForCancellationFutureOwned;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use crate::{
    auth::Authed,
    error::ErrorBody,
    live::{LiveEvent, Replay},
};

/// How often an idle stream sends a comment, so proxies keep it open and a
/// browser notices a dead one.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How often a stream checks its token again even when nothing happens, so it
/// ends when the token expires.
const RECHECK: Duration = Duration::from_secs(30);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(events))
}

/// Live updates of what the signed-in user may see, as Server-Sent Events.
/// Each event's `id` is its place in the platform's event stream; send the
/// last one received as `Last-Event-ID` when reconnecting to get what was
/// missed in the last 5 minutes. A `reload` event says more was missed than
/// that: read everything shown again. The stream ends when the session does
/// (the token expires, is revoked, or the family is suspended).
#[utoipa::path(get, path = "/events", tag = "events", security(("bearer" = [])),
    params(("Last-Event-ID" = Option<u64>, Header, description = "The last event received")),
    responses(
        (status = 200, description = "Server-Sent Events", content_type = "text/event-stream", body = String),
        (status = 401, body = ErrorBody),
    ))]
async fn events(
    State(state): State<AppState>,
    user: Authed,
    headers: HeaderMap,
) -> impl IntoResponse {
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    // Subscribed first, so nothing falls between the replay and the live events.
    let live = state.live.subscribe();
    let replay = match last {
        Some(last) => state.live.since(last, &user.0),
        None => Replay {
            events: Vec::new(),
            complete: true,
        },
    };
    let sent = replay.events.last().map_or(last.unwrap_or(0), |e| e.id);
    let mut first: Vec<Event> = Vec::new();
    if !replay.complete {
        first.push(Event::default().event("reload").data("{}"));
    }
    first.extend(replay.events.iter().map(|e| to_sse(e)));
    let stream = Following {
        state: state.clone(),
        user,
        live,
        revocations: state.revocations.watch(),
        sent,
        recheck: tokio::time::interval(RECHECK),
        closed: Box::pin(state.live.closed()),
    };
    let sse = Sse::new(stream::iter(first.into_iter().map(Ok)).chain(stream.into_stream()))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE));
    // Proxies that buffer answers (nginx, as the chart's ingress) would hold
    // the events back: this one is to pass through as it comes.
    ([("x-accel-buffering", "no")], sse)
}

fn to_sse(event: &LiveEvent) -> Event {
    Event::default()
        .id(event.id.to_string())
        .event(event.kind)
        .data(&*event.data)
}

/// A user's stream after its replay.
struct Following {
    state: AppState,
    user: Authed,
    live: broadcast::Receiver<Arc<LiveEvent>>,
    revocations: watch::Receiver<u64>,
    /// The newest event sent.
    sent: u64,
    recheck: tokio::time::Interval,
    /// The server is shutting down.
    closed: Pin<Box<WaitForCancellationFutureOwned>>,
}

impl Following {
    /// Whether the session may still see anything.
    fn allowed(&self) -> bool {
        matches!(
            self.state.authenticator.check(self.user.token()),
            Ok(Caller::User(_))
        )
    }

    fn into_stream(self) -> impl Stream<Item = Result<Event, Infallible>> {
        stream::unfold(self, |mut s| async move {
            loop {
                tokio::select! {
                    () = &mut s.closed => return None,
                    received = s.live.recv() => match received {
                        Ok(event) => {
                            if event.id <= s.sent || !event.audience.includes(&s.user.0) {
                                continue;
                            }
                            if !s.allowed() {
                                return None;
                            }
                            s.sent = event.id;
                            let sse = to_sse(&event);
                            return Some((Ok(sse), s));
                        }
                        // Too slow to keep up: what it shows must be read again.
                        Err(broadcast::error::RecvError::Lagged(_)) => {
                            return Some((Ok(Event::default().event("reload").data("{}")), s));
                        }
                        Err(broadcast::error::RecvError::Closed) => return None,
                    },
                    changed = s.revocations.changed() => {
                        if changed.is_err() || !s.allowed() {
                            return None;
                        }
                    }
                    _ = s.recheck.tick() => {
                        if !s.allowed() {
                            return None;
                        }
                    }
                }
            }
        })
    }
}
