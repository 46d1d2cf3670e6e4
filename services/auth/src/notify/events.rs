//! The consumers that make notifications from events already on the bus.
//! Each runs in the consumer's transaction, the one that marks the event
//! processed, and the unique key on (user, event) stops a second row besides:
//! exactly one notification per event and recipient. Mails they cause are
//! queued in the same transaction.

use chorely_proto::events::v1::{
    ChoreDueSoon, NotificationCreated, NotificationsRead, RedemptionDecided, RedemptionRequested,
    SubmissionReviewed, SubmissionSubmitted, WebhookDisabled,
};
use kit::{
    clock::Clock,
    consumer::{EventMeta, Handler},
    outbox,
};
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use super::{Kind, is_on, mail::Notice};
use crate::store::{
    mail_queue::{self, NewMail},
    notifications::{self as store, Handled, Member, NewNotification, SeenReview},
};

/// Marks read the parents' notifications of what was handled, and tells
/// each parent's bell (`NotificationsRead`).
async fn handled(
    tx: &mut PgConnection,
    org: Uuid,
    what: Handled<'_>,
    at: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<()> {
    for parent in store::handled(tx, org, what, at).await? {
        outbox::enqueue(
            tx,
            &NotificationsRead {
                organization_id: org.to_string(),
                user_id: parent.to_string(),
                marked: 1,
            },
        )
        .await?;
    }
    Ok(())
}

/// Makes notifications (and the mails they cause) from events.
#[derive(Clone)]
pub struct Notifier {
    pub clock: Clock,
    /// The configured `PUBLIC_URL`: the mails' links are built on it.
    pub origin: String,
}

/// What one event tells its recipients.
struct Told<'a> {
    kind: Kind,
    /// The notification's data.
    data: &'a Value,
    /// The mail's payload, when the event is mailed.
    mail: Option<&'a Value>,
}

impl Notifier {
    /// One notification of the kind for each of `members` who want it in
    /// the app, and the mail of the kind for those who want it by mail.
    async fn tell(
        &self,
        tx: &mut PgConnection,
        org: Uuid,
        members: &[Member],
        told: Told<'_>,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let Told { kind, data, mail } = told;
        let now = self.clock.now();
        for member in members {
            if is_on(&member.in_app_off, kind.as_str()) {
                let made = store::insert(
                    tx,
                    &NewNotification {
                        org,
                        user: member.id,
                        kind: kind.as_str(),
                        event_id: &meta.id,
                        data,
                        at: now,
                    },
                )
                .await?;
                if let Some(made) = made {
                    outbox::enqueue(
                        tx,
                        &NotificationCreated {
                            notification_id: made.to_string(),
                            organization_id: org.to_string(),
                            user_id: member.id.to_string(),
                            kind: kind.as_str().to_owned(),
                        },
                    )
                    .await?;
                }
            }
            if let (Some(payload), Some(notice)) = (mail, kind.mail())
                && is_on(&member.email_off, notice.as_str())
                && !member.email.is_empty()
            {
                queue_mail(tx, notice, member, payload, &self.origin, now).await?;
            }
        }
        Ok(())
    }
}

/// Queues a notification mail for `member`.
pub async fn queue_mail(
    tx: &mut PgConnection,
    notice: Notice,
    member: &Member,
    payload: &Value,
    origin: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<Uuid> {
    Ok(mail_queue::enqueue(
        tx,
        &NewMail {
            kind: notice.as_str(),
            email: &member.email,
            user_id: Some(member.id),
            language: &member.language,
            link_origin: origin,
            payload,
        },
        now,
    )
    .await?)
}

fn id(raw: &str) -> anyhow::Result<Uuid> {
    Ok(Uuid::parse_str(raw)?)
}

impl Handler<SubmissionSubmitted> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: SubmissionSubmitted,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let (org, child) = (id(&e.organization_id)?, id(&e.child_id)?);
        let at = e
            .submitted_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(|| self.clock.now());
        store::submission_pending(tx, id(&e.submission_id)?, org, child, at).await?;
        let parents = store::members(tx, org, None).await?;
        let data = json!({"submissionId": e.submission_id, "childId": e.child_id,
            "choreId": e.chore_id, "choreName": e.chore_name});
        // Submissions are mailed only in the daily digest.
        let told = Told {
            kind: Kind::Submission,
            data: &data,
            mail: None,
        };
        self.tell(tx, org, &parents, told, meta).await
    }
}

impl Handler<SubmissionReviewed> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: SubmissionReviewed,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let (org, child) = (id(&e.organization_id)?, id(&e.child_id)?);
        let at = e
            .reviewed_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(|| self.clock.now());
        let reward = if e.approved {
            e.boosted_reward_cents
        } else {
            0
        };
        store::submission_reviewed(
            tx,
            &SeenReview {
                submission: id(&e.submission_id)?,
                org,
                child,
                approved: e.approved,
                reward_cents: reward,
                at,
            },
        )
        .await?;
        // The parents were told of the submission; reviewed, it is handled.
        handled(tx, org, Handled::Submission(&e.submission_id), at).await?;
        let logins = store::members(tx, org, Some(child)).await?;
        let mut data = json!({"submissionId": e.submission_id, "choreId": e.chore_id,
            "choreName": e.chore_name, "approved": e.approved, "rewardCents": reward});
        if !e.review_notes.trim().is_empty() {
            data["note"] = json!(e.review_notes.trim());
        }
        // Only approvals are mailed: a rejection is better told in person.
        let mail = e
            .approved
            .then(|| json!({"rewardCents": reward, "choreName": e.chore_name}));
        let told = Told {
            kind: Kind::Review,
            data: &data,
            mail: mail.as_ref(),
        };
        self.tell(tx, org, &logins, told, meta).await
    }
}

impl Handler<RedemptionRequested> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: RedemptionRequested,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = id(&e.organization_id)?;
        let parents = store::members(tx, org, None).await?;
        let data = json!({"redemptionId": e.redemption_id, "childId": e.child_id,
            "itemId": e.item_id, "priceCents": e.price_cents});
        let told = Told {
            kind: Kind::StoreRequest,
            data: &data,
            mail: None,
        };
        self.tell(tx, org, &parents, told, meta).await
    }
}

impl Handler<RedemptionDecided> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: RedemptionDecided,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let (org, child) = (id(&e.organization_id)?, id(&e.child_id)?);
        // The parents were told of the request; decided, it is handled.
        handled(
            tx,
            org,
            Handled::Redemption(&e.redemption_id),
            self.clock.now(),
        )
        .await?;
        let logins = store::members(tx, org, Some(child)).await?;
        let data = json!({"redemptionId": e.redemption_id, "status": e.status});
        let told = Told {
            kind: Kind::StoreDecision,
            data: &data,
            mail: None,
        };
        self.tell(tx, org, &logins, told, meta).await
    }
}

impl Handler<WebhookDisabled> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: WebhookDisabled,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = id(&e.organization_id)?;
        let parents = store::members(tx, org, None).await?;
        let data = json!({"webhookId": e.webhook_id, "url": e.url});
        let mail = json!({"url": e.url});
        let told = Told {
            kind: Kind::WebhookDisabled,
            data: &data,
            mail: Some(&mail),
        };
        self.tell(tx, org, &parents, told, meta).await
    }
}

impl Handler<ChoreDueSoon> for Notifier {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChoreDueSoon,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let (org, child) = (id(&e.organization_id)?, id(&e.child_id)?);
        let logins = store::members(tx, org, Some(child)).await?;
        let due_at = e
            .due_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .map(|at| at.to_rfc3339());
        let data = json!({"choreId": e.chore_id, "choreName": e.chore_name,
            "dueOn": e.due_on, "dueAt": due_at, "dueTime": e.due_time});
        let mail = json!({"choreName": e.chore_name, "dueTime": e.due_time});
        let told = Told {
            kind: Kind::DueReminder,
            data: &data,
            mail: Some(&mail),
        };
        self.tell(tx, org, &logins, told, meta).await
    }
}
