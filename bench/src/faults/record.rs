//! One request of the fault load as the judge sees it: what it was, when it
//! was sent, how long it took and how it ended.

use std::{
    fmt,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use reqwest::RequestBuilder;

/// Longer than this is a hang, whatever the answer.
pub const HANG: Duration = Duration::from_secs(5);

/// The client gives up a little after [`HANG`], so a hang is seen as one
/// (a timeout) instead of stalling a worker for good.
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(6);

/// What a request did, as the summary names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    ParentChores,
    ParentStats,
    Pending,
    Approve,
    Login,
    ChildChores,
    ChildStats,
    ChildSubmissions,
    Submit,
    SubmitPhoto,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::ParentChores => "GET /api/chores (parent)",
            Kind::ParentStats => "GET /api/dashboard/stats (parent)",
            Kind::Pending => "GET /api/submissions?status=PENDING (parent)",
            Kind::Approve => "PATCH /api/submissions/{id}/review APPROVED (parent)",
            Kind::Login => "POST /api/auth/login (parent)",
            Kind::ChildChores => "GET /api/chores (child)",
            Kind::ChildStats => "GET /api/dashboard/stats (child)",
            Kind::ChildSubmissions => "GET /api/submissions (child)",
            Kind::Submit => "POST /api/submissions (child)",
            Kind::SubmitPhoto => "POST /api/submissions with a photo (child)",
        })
    }
}

/// How a request ended.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// A 2xx answer.
    Success { status: u16 },
    /// Any other answer; `clean` when it is a 503 or 504 whose body is JSON
    /// with an `error` field (what the gateway says when something is down).
    Refused {
        status: u16,
        clean: bool,
        body: String,
    },
    /// No answer: the connection failed, or the client timed out.
    NoAnswer { timed_out: bool, error: String },
}

/// One request, with its times in seconds since the Unix epoch (the clock the
/// suite's script writes the fault timeline with).
#[derive(Debug, Clone)]
pub struct Request {
    pub kind: Kind,
    pub sent: f64,
    pub took: Duration,
    pub outcome: Outcome,
}

impl Request {
    pub fn answered(&self) -> f64 {
        self.sent + self.took.as_secs_f64()
    }

    pub fn succeeded(&self) -> bool {
        matches!(self.outcome, Outcome::Success { .. })
    }

    /// Over the hang bound, answered or not.
    pub fn hung(&self) -> bool {
        self.took > HANG
            || matches!(
                self.outcome,
                Outcome::NoAnswer {
                    timed_out: true,
                    ..
                }
            )
    }

    /// A server error that is never right: a 500, or a 5xx other than a
    /// clean 503/504.
    pub fn broken(&self) -> bool {
        matches!(self.outcome, Outcome::Refused { status, clean, .. }
            if status >= 500 && !clean)
    }

    pub fn describe(&self, start: f64) -> String {
        let how = match &self.outcome {
            Outcome::Success { status } => format!("answered {status}"),
            Outcome::Refused { status, body, .. } => format!("answered {status} {body}"),
            Outcome::NoAnswer {
                timed_out: true, ..
            } => "no answer within the client's timeout".to_owned(),
            Outcome::NoAnswer { error, .. } => format!("no answer: {error}"),
        };
        format!(
            "{} sent at {:.2} s took {:.2} s: {how}",
            self.kind,
            self.sent - start,
            self.took.as_secs_f64()
        )
    }
}

pub fn unix_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// Sends `request` and reads its whole answer; the JSON body of a success
/// is returned for the worker to read ids and tokens from.
pub async fn send(kind: Kind, request: RequestBuilder) -> (Request, Option<serde_json::Value>) {
    let sent = unix_now();
    let started = Instant::now();
    let (outcome, body) = match request.send().await {
        Ok(response) => {
            let status = response.status();
            match response.bytes().await {
                Ok(bytes) if status.is_success() => (
                    Outcome::Success {
                        status: status.as_u16(),
                    },
                    serde_json::from_slice(&bytes).ok(),
                ),
                Ok(bytes) => {
                    let json: Option<serde_json::Value> = serde_json::from_slice(&bytes).ok();
                    let clean = matches!(status.as_u16(), 503 | 504)
                        && json
                            .as_ref()
                            .is_some_and(|body| body["error"].as_str().is_some());
                    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]);
                    (
                        Outcome::Refused {
                            status: status.as_u16(),
                            clean,
                            body: text.into_owned(),
                        },
                        None,
                    )
                }
                Err(err) => (no_answer(&err), None),
            }
        }
        Err(err) => (no_answer(&err), None),
    };
    let request = Request {
        kind,
        sent,
        took: started.elapsed(),
        outcome,
    };
    (request, body)
}

fn no_answer(err: &reqwest::Error) -> Outcome {
    // The whole chain: reqwest's own text says only "error sending request".
    let mut error = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        error.push_str(": ");
        error.push_str(&cause.to_string());
        source = cause.source();
    }
    Outcome::NoAnswer {
        timed_out: err.is_timeout(),
        error,
    }
}

/// Every request as CSV, one a line, times in seconds from `origin`.
pub fn write_csv(path: &std::path::Path, requests: &[Request], origin: f64) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "sent_s,took_ms,kind,status,outcome")?;
    for r in requests {
        let (status, outcome) = match &r.outcome {
            Outcome::Success { status } => (status.to_string(), "ok".to_owned()),
            Outcome::Refused { status, clean, .. } => (
                status.to_string(),
                if *clean { "clean" } else { "refused" }.to_owned(),
            ),
            Outcome::NoAnswer {
                timed_out: true, ..
            } => (String::new(), "timeout".to_owned()),
            Outcome::NoAnswer { error, .. } => (
                String::new(),
                format!("\"no answer: {}\"", error.replace('"', "'")),
            ),
        };
        writeln!(
            out,
            "{:.3},{:.1},\"{}\",{status},{outcome}",
            r.sent - origin,
            r.took.as_secs_f64() * 1000.0,
            r.kind
        )?;
    }
    out.flush()
}
