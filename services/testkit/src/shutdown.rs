//! The moment a shutdown test is about: requests provably accepted and in
//! flight when the process is told to stop.

use reqwest::StatusCode;
use serde_json::Value;

use crate::{api::Family, gate::Gate, process::Process};

/// Approves each of `submissions` while `gate` holds the replies of the
/// service behind `process`'s handlers, sends `process` SIGTERM once every
/// approval has gone through the gate, waits until it stops listening, opens
/// the gate, and checks that every approval was answered and approved.
pub async fn approve_across_sigterm(
    family: &Family,
    submissions: &[Value],
    gate: &Gate,
    process: &Process,
) {
    let before = gate.requests();
    gate.hold();
    let approvals: Vec<_> = submissions
        .iter()
        .map(|s| tokio::spawn(family.approve(s).send()))
        .collect();
    gate.wait_for_requests(before + submissions.len()).await;

    // Every approval is now inside `process`, waiting on the gate.
    process.terminate();
    process.stopped_listening().await;
    gate.release();

    for approval in approvals {
        let response = approval.await.unwrap().unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["status"], "APPROVED", "{body}");
    }
}
