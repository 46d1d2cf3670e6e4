//! `/dashboard/stats` against a seeded family, with the expected numbers
//! computed here from what was seeded: 30-day and month windows in the
//! family's zone (New York), across the start of the month.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    helpers::{child, eventually, parent, send, start},
    submissions::{form, submit},
};

struct Seeded {
    child: &'static str,
    chore: &'static str,
    completed_at: DateTime<Utc>,
    /// Some(true) approved, Some(false) rejected, None pending.
    review: Option<bool>,
    /// Dollars (every multiplier is 1.0 here).
    reward: f64,
}

fn approved_of<'a>(seeded: &'a [Seeded], who: &'a str) -> impl Iterator<Item = &'a Seeded> {
    seeded
        .iter()
        .filter(move |s| s.child == who && s.review == Some(true))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[tokio::test]
async fn dashboard_numbers_match_the_seeded_family() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let chores = [
        (
            "Dishes",
            chore(
                &parent,
                &kitchen,
                json!({"name": "Dishes", "baseReward": 2.0, "frequencyDays": 0}),
            )
            .await,
        ),
        (
            "Bed",
            chore(
                &parent,
                &kitchen,
                json!({"name": "Bed", "baseReward": 1.25, "frequencyDays": 0}),
            )
            .await,
        ),
        (
            "Trash",
            chore(
                &parent,
                &kitchen,
                json!({"name": "Trash", "baseReward": 3.0, "frequencyDays": 0}),
            )
            .await,
        ),
    ];
    let (mia, mia_record) = child(&parent, "Mia").await;
    let (leo, _) = child(&parent, "Leo").await;

    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let now = Utc::now();
    let month_start = kit::time::start_of_month(now, tz);
    let mut seeded = vec![
        Seeded {
            child: "Mia",
            chore: "Dishes",
            completed_at: now - Duration::days(31),
            review: Some(true),
            reward: 2.0,
        },
        Seeded {
            child: "Mia",
            chore: "Dishes",
            completed_at: now - Duration::days(29),
            review: Some(true),
            reward: 2.0,
        },
        // The last half hour of last month in New York: already this month in UTC.
        Seeded {
            child: "Mia",
            chore: "Bed",
            completed_at: month_start - Duration::minutes(30),
            review: Some(true),
            reward: 1.25,
        },
        Seeded {
            child: "Mia",
            chore: "Dishes",
            completed_at: now,
            review: Some(true),
            reward: 2.0,
        },
        Seeded {
            child: "Mia",
            chore: "Bed",
            completed_at: now - Duration::days(2),
            review: Some(false),
            reward: 1.25,
        },
        Seeded {
            child: "Mia",
            chore: "Bed",
            completed_at: now,
            review: None,
            reward: 1.25,
        },
        Seeded {
            child: "Leo",
            chore: "Bed",
            completed_at: now,
            review: Some(true),
            reward: 1.25,
        },
        Seeded {
            child: "Leo",
            chore: "Dishes",
            completed_at: now,
            review: None,
            reward: 2.0,
        },
    ];
    let first_of_month = month_start + Duration::minutes(30);
    if first_of_month < now - Duration::minutes(1) {
        seeded.push(Seeded {
            child: "Mia",
            chore: "Dishes",
            completed_at: first_of_month,
            review: Some(true),
            reward: 2.0,
        });
    }

    let session = |name: &str| if name == "Mia" { &mia } else { &leo };
    for s in &seeded {
        let chore = &chores.iter().find(|(n, _)| *n == s.chore).unwrap().1;
        let (status, submission) =
            submit(session(s.child), form(chore, s.completed_at, None)).await;
        assert_eq!(status, StatusCode::CREATED, "{submission}");
        if let Some(approved) = s.review {
            let status = if approved { "APPROVED" } else { "REJECTED" };
            let (code, body) = send(parent.patch(
                &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
                &json!({"status": status}),
            ))
            .await;
            assert_eq!(code, StatusCode::OK, "{body}");
        }
    }
    let mia_id = mia_record["id"].as_str().unwrap();
    send(parent.post(
        &format!("/children/{mia_id}/adjust-balance"),
        &json!({"amount": "+5.00", "notes": "Gift"}),
    ))
    .await;
    let (status, payout) =
        send(parent.post("/payouts", &json!({"childId": mia_id, "amount": 3}))).await;
    assert_eq!(status, StatusCode::CREATED, "{payout}");

    // Expected, from the seeds.
    let window = now - Duration::days(30);
    let approved = |who: &'static str| approved_of(&seeded, who);
    let earned = |who: &'static str| approved(who).map(|s| s.reward).sum::<f64>();
    let in_30 = |who: &'static str| approved(who).filter(|s| s.completed_at >= window).count();
    let in_month = |who: &'static str| {
        approved(who)
            .filter(|s| s.completed_at >= month_start)
            .count()
    };
    let pending = |who: &str| {
        seeded
            .iter()
            .filter(|s| s.child == who && s.review.is_none())
            .count()
    };
    let mia_balance = earned("Mia") + 5.0 - 3.0;
    let total_balance = mia_balance + earned("Leo");

    // Credits travel as events: wait until the ledger has them all.
    eventually("every approval credited", || async {
        let (_, stats) = send(parent.get("/dashboard/stats")).await;
        stats["totalBalance"]
            .as_f64()
            .is_some_and(|b| close(b, total_balance))
    })
    .await;
    let (status, stats) = send(parent.get("/dashboard/stats")).await;
    assert_eq!(status, StatusCode::OK, "{stats}");
    assert_eq!(stats["role"], "ORG_ADMIN");
    assert_eq!(stats["totalChildren"], 2);
    assert_eq!(stats["totalPendingSubmissions"], 2);
    assert_eq!(stats["totalPaidOutThisMonth"], 3.0);
    for name in ["Mia", "Leo"] {
        let row = stats["children"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap();
        assert_eq!(row["pendingSubmissions"], pending(name), "{name}");
        assert_eq!(row["completedLast30Days"], in_30(name), "{name}");
        assert_eq!(row["completedThisMonth"], in_month(name), "{name}");
    }
    let completions = |chore: &str| {
        seeded
            .iter()
            .filter(|s| s.chore == chore && s.review == Some(true) && s.completed_at >= window)
            .count()
    };
    let most: Vec<(Value, Value)> = stats["mostActiveChores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["chore"]["name"].clone(), a["completions"].clone()))
        .collect();
    let mut expected_most = [
        ("Dishes", completions("Dishes")),
        ("Bed", completions("Bed")),
    ];
    expected_most.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    assert_eq!(
        most,
        expected_most
            .iter()
            .map(|(n, c)| (json!(n), json!(c)))
            .collect::<Vec<_>>()
    );
    let least = &stats["leastActiveChores"][0];
    assert_eq!(
        (least["chore"]["name"].clone(), least["completions"].clone()),
        (json!("Trash"), json!(0))
    );
    assert_eq!(least["chore"]["category"]["name"], "Kitchen");

    // Mia's own dashboard.
    let (status, own) = send(mia.get("/dashboard/stats")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert!(
        close(own["balance"].as_f64().unwrap(), mia_balance),
        "{own}"
    );
    assert_eq!(own["pendingSubmissions"], pending("Mia"));
    assert_eq!(own["completedThisMonth"], in_month("Mia"));
    let earned_month: f64 = approved("Mia")
        .filter(|s| s.completed_at >= month_start)
        .map(|s| s.reward)
        .sum();
    assert!(
        close(own["earnedThisMonth"].as_f64().unwrap(), earned_month),
        "{own}"
    );
    let history = own["recentHistory"].as_array().unwrap();
    assert_eq!(
        history.len(),
        seeded
            .iter()
            .filter(|s| s.child == "Mia" && s.review.is_some())
            .count()
    );
    assert!(
        history
            .iter()
            .any(|h| h["approved"] == false && h["chore"]["name"] == "Bed")
    );
    assert!(
        history
            .iter()
            .all(|h| h["chore"]["category"]["name"] == "Kitchen")
    );
    let weeks = own["weeklyEarnings"].as_array().unwrap();
    assert_eq!(weeks.len(), 8);
    let charted: f64 = weeks.iter().map(|w| w["amount"].as_f64().unwrap()).sum();
    assert!(
        close(charted, earned("Mia")),
        "every approval of the last 8 weeks is charted"
    );
}
