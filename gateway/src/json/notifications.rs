//! The notification centre and each user's notification settings.

use chorely_proto::auth::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{NotificationKind, time};

/// One notification of the signed-in user.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    pub id: String,
    pub kind: NotificationKind,
    /// What the event said: ids (`childId`, `choreId`, `submissionId`,
    /// `redemptionId`, `itemId`, `webhookId`), `approved`, `status`
    /// (APPROVED or REJECTED), amounts in dollars (`reward`, `price`), a
    /// webhook's `url`, the chore's `choreName` (a submission, a review, a
    /// due chore), and a due chore's `dueOn`, `dueAt` and `dueTime` (HH:MM on
    /// the family's clock), as the kind has them.
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    pub created_at: Option<DateTime<Utc>>,
    /// Null while unread.
    pub read_at: Option<DateTime<Utc>>,
}

/// The event's data as the API speaks: amounts in dollars (`reward`,
/// `price`) instead of the cents the service keeps.
fn in_dollars(mut data: serde_json::Value) -> serde_json::Value {
    if let Some(fields) = data.as_object_mut() {
        for (cents, dollars) in [("rewardCents", "reward"), ("priceCents", "price")] {
            if let Some(amount) = fields.remove(cents).and_then(|v| v.as_i64()) {
                fields.insert(dollars.to_owned(), crate::money::to_dollars(amount).into());
            }
        }
    }
    data
}

impl From<pb::Notification> for NotificationView {
    fn from(n: pb::Notification) -> Self {
        Self {
            kind: NotificationKind::parse(&n.kind).unwrap_or(NotificationKind::SUBMISSION),
            data: in_dollars(serde_json::from_str(&n.data_json).unwrap_or_default()),
            created_at: time(n.created_at.as_ref()),
            read_at: time(n.read_at.as_ref()),
            id: n.id,
        }
    }
}

/// The latest notifications, newest first, and how many are unread in all.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationsPage {
    pub notifications: Vec<NotificationView>,
    pub unread: i64,
}

impl From<pb::NotificationList> for NotificationsPage {
    fn from(l: pb::NotificationList) -> Self {
        Self {
            notifications: l
                .notifications
                .into_iter()
                .map(NotificationView::from)
                .collect(),
            unread: l.unread,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct NotificationsQuery {
    /// How many to answer: 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MarkReadBody {
    /// The notifications to mark read (at most 100); absent or null: every one.
    #[schema(max_items = 100)]
    pub ids: Option<Vec<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkedRead {
    /// Marked read by this call.
    pub marked: i64,
    /// Still unread.
    pub unread: i64,
}

/// One kind's channels.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindSetting {
    pub kind: NotificationKind,
    /// In the notification centre (the bell).
    pub in_app: bool,
    /// By email: submissions in the daily digest, approvals, webhooks turned
    /// off. Null for a kind that is not mailed (store requests and decisions).
    pub email: Option<bool>,
}

impl From<pb::KindSetting> for KindSetting {
    fn from(k: pb::KindSetting) -> Self {
        Self {
            kind: NotificationKind::parse(&k.kind).unwrap_or(NotificationKind::SUBMISSION),
            in_app: k.in_app,
            email: k.email,
        }
    }
}

/// The signed-in user's notification settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettingsView {
    /// The kinds of the user's role.
    pub kinds: Vec<KindSetting>,
    /// HH:MM in the family's time zone: when the review digest and the
    /// weekly summary are mailed (parents).
    pub digest_time: String,
    pub weekly_summary: bool,
    /// 1 (Monday) to 7 (Sunday).
    pub weekly_summary_day: i32,
    /// The family's time zone.
    pub time_zone: String,
}

impl From<pb::NotificationSettings> for NotificationSettingsView {
    fn from(s: pb::NotificationSettings) -> Self {
        Self {
            kinds: s.kinds.into_iter().map(KindSetting::from).collect(),
            digest_time: s.digest_time,
            weekly_summary: s.weekly_summary.unwrap_or_default(),
            weekly_summary_day: s.weekly_summary_day,
            time_zone: s.time_zone,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificationSettingsBody {
    /// Kinds not named keep their setting.
    pub kinds: Option<Vec<KindSetting>>,
    /// HH:MM, e.g. 18:00.
    #[schema(required = true, pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub digest_time: String,
    /// Absent: kept as it was.
    pub weekly_summary: Option<bool>,
    /// 1 (Monday) to 7 (Sunday).
    #[schema(required = true, minimum = 1, maximum = 7)]
    pub weekly_summary_day: i32,
}

/// The kind of mail turned off.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribed {
    /// REVIEW_DIGEST, WEEKLY_SUMMARY, APPROVAL, WEBHOOK_DISABLED or DUE_REMINDER.
    pub mail: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The token of the mail's link.
    pub token: String,
}
