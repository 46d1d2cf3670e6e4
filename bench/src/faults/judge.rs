//! The verdict on the load: every request is judged against the fault it
//! overlapped, if any. A fault's window runs from its start to
//! [`RECOVERY`] after its dependency came back; inside it a request may be
//! answered with a clean 503/504 (or, while the gateway itself is down, not
//! answered at all); outside every window it must succeed; and nowhere may
//! it hang or be answered with any other server error.

use std::time::Duration;

use super::{
    audit::Credit,
    record::{Outcome, Request},
    timeline::Fault,
};

/// How soon after its dependency's return the stack must serve again.
pub const RECOVERY: f64 = 5.0;

/// The fault during which a killed process's clients cannot even connect.
const GATEWAY: &str = "gateway";

/// One line of the summary: a fault, or the time outside every fault.
#[derive(Debug, Default)]
pub struct Row {
    pub name: String,
    /// From the fault to its dependency's return (none for the time outside).
    pub down_for: Option<f64>,
    pub requests: usize,
    pub ok: usize,
    /// Clean 503/504 answers.
    pub clean: usize,
    /// Connections refused or cut while the gateway was down.
    pub unanswered: usize,
    pub failures: usize,
    pub worst: Duration,
    /// From the dependency's return to the answer of the last request that
    /// failed; none when no request failed.
    pub recovery: Option<f64>,
    /// The longest an approval made in the window waited for its credit,
    /// counted from when it could flow: the later of the approval and the
    /// dependency's return (the wait [`RECOVERY`] bounds).
    pub worst_credit: Option<f64>,
}

pub struct Verdict {
    /// The first request's time, which messages count from.
    pub origin: f64,
    pub rows: Vec<Row>,
    /// Each failure in words, naming its fault and request.
    pub problems: Vec<String>,
}

pub fn judge(requests: &[Request], faults: &[Fault]) -> Verdict {
    let origin = requests.first().map_or(0.0, |r| r.sent);
    let mut rows: Vec<Row> = faults
        .iter()
        .map(|f| Row {
            name: f.name.clone(),
            down_for: Some(f.back - f.start),
            ..Row::default()
        })
        .collect();
    let mut outside = Row {
        name: "no fault".into(),
        ..Row::default()
    };
    let mut problems = Vec::new();
    let attributed: Vec<Option<usize>> = requests
        .iter()
        .map(|r| {
            faults
                .iter()
                .position(|f| r.sent <= f.back + RECOVERY && r.answered() >= f.start)
        })
        .collect();
    for (request, &during) in requests.iter().zip(&attributed) {
        let row = match during {
            Some(i) => &mut rows[i],
            None => &mut outside,
        };
        row.requests += 1;
        row.worst = row.worst.max(request.took);
        let fault = during.map(|i| &faults[i]);
        let at = |what: &str| match fault {
            Some(f) => format!("{what} during {}: {}", f.name, request.describe(origin)),
            None => format!("{what} outside every fault: {}", request.describe(origin)),
        };
        let problem = if request.hung() {
            Some(at("hang"))
        } else if request.broken() {
            Some(at("server error"))
        } else {
            match (&request.outcome, fault) {
                (Outcome::Success { .. }, _) => {
                    row.ok += 1;
                    None
                }
                (Outcome::Refused { clean: true, .. }, Some(_)) => {
                    row.clean += 1;
                    None
                }
                (Outcome::NoAnswer { .. }, Some(f)) if f.name == GATEWAY => {
                    row.unanswered += 1;
                    None
                }
                (_, Some(_)) => Some(at("wrong answer")),
                (_, None) => Some(at("error")),
            }
        };
        if let Some(problem) = problem {
            row.failures += 1;
            problems.push(problem);
        }
    }
    for (i, fault) in faults.iter().enumerate() {
        // A failure counts against this fault's recovery when it was in the
        // fault's window, or after it and before the next fault.
        let until = faults.get(i + 1).map_or(f64::INFINITY, |next| next.start);
        let last_failure = requests
            .iter()
            .zip(&attributed)
            .filter(|(r, during)| {
                !r.succeeded()
                    && (**during == Some(i)
                        || (during.is_none() && r.sent >= fault.start && r.sent < until))
            })
            .map(|(r, _)| r.answered())
            .reduce(f64::max);
        let recovery = last_failure.map(|at| (at - fault.back).max(0.0));
        if let Some(took) = recovery.filter(|&took| took > RECOVERY) {
            problems.push(format!(
                "no recovery: after {} came back, requests failed for {took:.1} s (bound {RECOVERY} s)",
                fault.name
            ));
        }
        rows[i].recovery = recovery;
    }
    rows.push(outside);
    Verdict {
        origin,
        rows,
        problems,
    }
}

/// Credits travel as events and must flow again within [`RECOVERY`] too:
/// a credit on its way during a fault's window (approved before its end,
/// credited after its start) must arrive by [`RECOVERY`] after the later of
/// its approval and the dependency's return; any other within [`RECOVERY`]
/// of its approval. Notes each window's slowest credit in its row, counted
/// from the later of its approval and the return.
pub fn judge_credits(verdict: &mut Verdict, faults: &[Fault], credits: &[Credit]) {
    let origin = verdict.origin;
    for credit in credits {
        let credited = credit.approved + credit.delay;
        let during = faults
            .iter()
            .position(|f| credit.approved <= f.back + RECOVERY && credited >= f.start);
        let (row, due) = match during {
            Some(i) => (i, credit.approved.max(faults[i].back) + RECOVERY),
            None => (faults.len(), credit.approved + RECOVERY),
        };
        let row = &mut verdict.rows[row];
        // A credit that arrived before its dependency's return waited nothing.
        let waited = (credited - (due - RECOVERY)).max(0.0);
        row.worst_credit = Some(row.worst_credit.map_or(waited, |w| w.max(waited)));
        if credited > due {
            let when = match during {
                Some(i) => format!("during {}", faults[i].name),
                None => "outside every fault".to_owned(),
            };
            verdict.problems.push(format!(
                "late credit {when}: submission {} approved at {:.2} s was credited {:.2} s later",
                credit.submission,
                credit.approved - origin,
                credit.delay
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faults::record::Kind;

    fn request(sent: f64, took: f64, outcome: Outcome) -> Request {
        Request {
            kind: Kind::ParentChores,
            sent,
            took: Duration::from_secs_f64(took),
            outcome,
        }
    }

    fn ok() -> Outcome {
        Outcome::Success { status: 200 }
    }

    fn refused(status: u16, clean: bool) -> Outcome {
        Outcome::Refused {
            status,
            clean,
            body: String::new(),
        }
    }

    fn unanswered(timed_out: bool) -> Outcome {
        Outcome::NoAnswer {
            timed_out,
            error: "connection refused".into(),
        }
    }

    fn fault(name: &str, start: f64, back: f64) -> Fault {
        Fault {
            name: name.into(),
            start,
            back,
        }
    }

    #[test]
    fn clean_refusals_during_a_fault_and_its_recovery_pass() {
        let verdict = judge(
            &[
                request(0.0, 0.01, ok()),
                request(10.5, 0.01, refused(503, true)),
                request(16.0, 0.01, refused(504, true)),
                request(17.5, 0.01, ok()),
            ],
            &[fault("postgres", 10.0, 12.0)],
        );
        assert!(verdict.problems.is_empty(), "{:?}", verdict.problems);
        let row = &verdict.rows[0];
        assert_eq!((row.requests, row.ok, row.clean), (2, 0, 2));
        assert!((row.recovery.unwrap() - 4.01).abs() < 1e-6);
        assert_eq!(verdict.rows[1].ok, 2);
    }

    #[test]
    fn a_hang_a_500_and_a_late_error_each_fail() {
        let verdict = judge(
            &[
                request(10.2, 5.5, ok()),
                request(10.3, 0.01, refused(500, false)),
                request(10.4, 0.01, refused(503, false)),
                request(10.5, 0.01, refused(409, false)),
                request(10.6, 6.0, unanswered(true)),
                request(17.5, 0.01, refused(503, true)),
            ],
            &[fault("postgres", 10.0, 12.0)],
        );
        assert_eq!(verdict.problems.len(), 7, "{:#?}", verdict.problems);
        assert!(verdict.problems[0].starts_with("hang during postgres"));
        assert!(verdict.problems[1].starts_with("server error during postgres"));
        assert!(verdict.problems[5].starts_with("error outside every fault"));
        assert!(verdict.problems[6].starts_with("no recovery: after postgres"));
    }

    #[test]
    fn only_a_gateway_down_may_leave_requests_unanswered() {
        let requests = [request(10.1, 0.001, unanswered(false))];
        let down = judge(&requests, &[fault("gateway", 10.0, 10.2)]);
        assert!(down.problems.is_empty());
        assert_eq!(down.rows[0].unanswered, 1);
        let other = judge(&requests, &[fault("chores", 10.0, 10.2)]);
        assert!(other.problems[0].starts_with("wrong answer during chores"));
    }

    fn credit(approved: f64, delay: f64) -> Credit {
        Credit {
            submission: format!("s{approved}"),
            approved,
            delay,
        }
    }

    #[test]
    fn credits_are_timed_from_the_later_of_approval_and_return() {
        let faults = [fault("nats", 10.0, 13.0)];
        let mut verdict = judge(&[request(9.0, 0.01, ok())], &faults);
        // Approved while NATS was down: 1.5 s after its return; approved
        // after the return: 0.5 s; approved before the fault and credited
        // while it lasted: nothing.
        judge_credits(
            &mut verdict,
            &faults,
            &[credit(11.0, 3.5), credit(14.0, 0.5), credit(9.5, 2.0)],
        );
        assert!(verdict.problems.is_empty(), "{:#?}", verdict.problems);
        assert_eq!(verdict.rows[0].worst_credit, Some(1.5));

        let mut late = judge(&[request(9.0, 0.01, ok())], &faults);
        judge_credits(&mut late, &faults, &[credit(11.0, 7.5)]);
        assert_eq!(late.rows[0].worst_credit, Some(5.5));
        assert!(late.problems[0].starts_with("late credit during nats"));
    }
}
