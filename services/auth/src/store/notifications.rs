//! Notifications, the choices of who gets them, unsubscribe tokens, and what
//! the scheduled mails count. Every query about a family's rows names the
//! family (or the user, whose family the row wall checks besides).

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

pub struct NewNotification<'a> {
    pub org: Uuid,
    pub user: Uuid,
    pub kind: &'a str,
    pub event_id: &'a str,
    pub data: &'a serde_json::Value,
    pub at: DateTime<Utc>,
}

/// Records a notification; `None` when this user already has one for the
/// event. One of something a parent has handled already (its event came
/// after the handling's) is made read as it is made.
pub async fn insert(tx: &mut PgConnection, n: &NewNotification<'_>) -> Result<Option<Uuid>, Error> {
    let id = Uuid::now_v7();
    let item = Handled::key_of(n.kind)
        .and_then(|key| n.data.get(key))
        .and_then(serde_json::Value::as_str);
    if let Some(item) = item {
        lock_item(&mut *tx, n.org, n.kind, item).await?;
    }
    let done = sqlx::query!(
        "INSERT INTO notifications (id, organization_id, user_id, kind, event_id, data, created_at,
             read_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7,
             (SELECT handled_at FROM handled_items
               WHERE organization_id = $2 AND kind = $4 AND item_id = $8))
         ON CONFLICT (user_id, event_id) DO NOTHING",
        id,
        n.org,
        n.user,
        n.kind,
        n.event_id,
        n.data,
        n.at,
        item,
    )
    .execute(tx)
    .traced("insert_notification")
    .await?;
    Ok((done.rows_affected() == 1).then_some(id))
}

/// Orders the handling of an item and the making of its notifications,
/// which come from different consumers and may run at once: without it,
/// each could miss the other's uncommitted write and the notification stay
/// unread. Held until the transaction ends.
async fn lock_item(tx: &mut PgConnection, org: Uuid, kind: &str, item: &str) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('handled:' || $1::uuid || $2 || $3, 0))",
        org,
        kind,
        item,
    )
    .execute(tx)
    .traced("lock_handled_item")
    .await?;
    Ok(())
}

/// What a parents' notification asks someone to handle, by the id its data names.
#[derive(Debug, Clone, Copy)]
pub enum Handled<'a> {
    /// A submission reviewed: its SUBMISSION notifications.
    Submission(&'a str),
    /// A store request decided: its STORE_REQUEST notifications.
    Redemption(&'a str),
}

impl Handled<'_> {
    /// The notifications' kind, the key of their data naming the thing, and its id.
    fn parts(&self) -> (&'static str, &'static str, &str) {
        match self {
            Self::Submission(id) => ("SUBMISSION", Self::SUBMISSION_KEY, id),
            Self::Redemption(id) => ("STORE_REQUEST", Self::REDEMPTION_KEY, id),
        }
    }

    const SUBMISSION_KEY: &'static str = "submissionId";
    const REDEMPTION_KEY: &'static str = "redemptionId";

    /// The key of the data naming what a notification of `kind` asks to
    /// handle; `None` for a kind that asks nothing.
    fn key_of(kind: &str) -> Option<&'static str> {
        match kind {
            "SUBMISSION" => Some(Self::SUBMISSION_KEY),
            "STORE_REQUEST" => Some(Self::REDEMPTION_KEY),
            _ => None,
        }
    }
}

/// Marks read every parent's notification of what was handled: handled by
/// one parent, it needs none of them (the bell counts what still needs
/// someone). The parents whose were marked.
pub async fn handled(
    tx: &mut PgConnection,
    org: Uuid,
    what: Handled<'_>,
    at: DateTime<Utc>,
) -> Result<Vec<Uuid>, Error> {
    let (kind, key, id) = what.parts();
    lock_item(&mut *tx, org, kind, id).await?;
    // Kept, for a notification of it made after this (see `insert`).
    sqlx::query!(
        "INSERT INTO handled_items (organization_id, kind, item_id, handled_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
        org,
        kind,
        id,
        at,
    )
    .execute(&mut *tx)
    .traced("keep_handled_item")
    .await?;
    Ok(sqlx::query_scalar!(
        "UPDATE notifications SET read_at = $5
         WHERE organization_id = $1 AND kind = $2 AND read_at IS NULL
           AND data->>$3 = $4
         RETURNING user_id",
        org,
        kind,
        key,
        id,
        at,
    )
    .fetch_all(tx)
    .traced("handled_notifications")
    .await?)
}

#[derive(Debug, Clone)]
pub struct NotificationRow {
    pub id: Uuid,
    pub kind: String,
    pub data: serde_json::Value,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

/// The latest `limit` notifications of `user`, newest first.
pub async fn latest(
    pool: &PgPool,
    org: Uuid,
    user: Uuid,
    limit: i64,
) -> Result<Vec<NotificationRow>, Error> {
    Ok(sqlx::query_as!(
        NotificationRow,
        "SELECT id, kind, data, created_at, read_at FROM notifications
         WHERE organization_id = $1 AND user_id = $2
         ORDER BY created_at DESC, id DESC LIMIT $3",
        org,
        user,
        limit,
    )
    .fetch_all(pool)
    .traced("latest_notifications")
    .await?)
}

pub async fn unread(pool: &PgPool, org: Uuid, user: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM notifications
         WHERE organization_id = $1 AND user_id = $2 AND read_at IS NULL"#,
        org,
        user,
    )
    .fetch_one(pool)
    .traced("unread_notifications")
    .await?)
}

/// How many of `ids` are `user`'s notifications.
pub async fn owned(pool: &PgPool, org: Uuid, user: Uuid, ids: &[Uuid]) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM notifications
         WHERE organization_id = $1 AND user_id = $2 AND id = ANY($3)"#,
        org,
        user,
        ids,
    )
    .fetch_one(pool)
    .traced("owned_notifications")
    .await?)
}

/// Marks `user`'s unread notifications read: those of `ids`, or all of them.
/// Ids of anyone else's are passed over. Returns how many were marked.
pub async fn mark_read(
    pool: &PgPool,
    org: Uuid,
    user: Uuid,
    ids: Option<&[Uuid]>,
    now: DateTime<Utc>,
) -> Result<u64, Error> {
    let done = sqlx::query!(
        "UPDATE notifications SET read_at = $4
         WHERE organization_id = $1 AND user_id = $2 AND read_at IS NULL
           AND ($3::uuid[] IS NULL OR id = ANY($3))",
        org,
        user,
        ids,
        now,
    )
    .execute(pool)
    .traced("mark_notifications_read")
    .await?;
    Ok(done.rows_affected())
}

/// A member of a family with their choices (the defaults without a row).
#[derive(Debug, Clone)]
pub struct Member {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub email: String,
    pub first_name: String,
    pub in_app_off: Vec<String>,
    pub email_off: Vec<String>,
    pub digest_time: NaiveTime,
    pub weekly_summary_day: i16,
    pub language: String,
}

/// The active parents of `org`, or with `child`, that child's logins.
pub async fn members(
    tx: &mut PgConnection,
    org: Uuid,
    child: Option<Uuid>,
) -> Result<Vec<Member>, Error> {
    Ok(sqlx::query_as!(
        Member,
        r#"SELECT u.id, u.organization_id AS "organization_id!", u.email, u.first_name,
             COALESCE(s.in_app_off, '{}') AS "in_app_off!",
             COALESCE(s.email_off, '{}') AS "email_off!",
             COALESCE(s.digest_time, '18:00') AS "digest_time!",
             COALESCE(s.weekly_summary_day, 7::smallint) AS "weekly_summary_day!",
             COALESCE(s.language, 'en') AS "language!"
         FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
         WHERE u.organization_id = $1 AND u.is_active
           AND CASE WHEN $2::uuid IS NULL THEN u.role = 'ORG_ADMIN'
                    ELSE u.role = 'ORG_MEMBER' AND u.child_id = $2 END
         ORDER BY u.created_at"#,
        org,
        child,
    )
    .fetch_all(tx)
    .traced("notification_members")
    .await?)
}

/// The choices of `user` (the defaults without a row).
pub async fn member(pool: &PgPool, org: Uuid, user: Uuid) -> Result<Option<Member>, Error> {
    Ok(sqlx::query_as!(
        Member,
        r#"SELECT u.id, u.organization_id AS "organization_id!", u.email, u.first_name,
             COALESCE(s.in_app_off, '{}') AS "in_app_off!",
             COALESCE(s.email_off, '{}') AS "email_off!",
             COALESCE(s.digest_time, '18:00') AS "digest_time!",
             COALESCE(s.weekly_summary_day, 7::smallint) AS "weekly_summary_day!",
             COALESCE(s.language, 'en') AS "language!"
         FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
         WHERE u.organization_id = $1 AND u.id = $2"#,
        org,
        user,
    )
    .fetch_optional(pool)
    .traced("notification_member")
    .await?)
}

pub struct Choices<'a> {
    pub org: Uuid,
    pub user: Uuid,
    pub in_app_off: &'a [String],
    pub email_off: &'a [String],
    pub digest_time: NaiveTime,
    pub weekly_summary_day: i16,
    pub language: &'a str,
    pub at: DateTime<Utc>,
}

pub async fn save(tx: &mut PgConnection, c: &Choices<'_>) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO notification_settings
             (user_id, organization_id, in_app_off, email_off, digest_time, weekly_summary_day,
              language, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id) DO UPDATE SET in_app_off = $3, email_off = $4, digest_time = $5,
             weekly_summary_day = $6, language = $7, updated_at = $8",
        c.user,
        c.org,
        c.in_app_off,
        c.email_off,
        c.digest_time,
        c.weekly_summary_day,
        c.language,
        c.at,
    )
    .execute(&mut *tx)
    .traced("save_notification_settings")
    .await?;
    // The digest time (or the weekly day) may have moved: look at once.
    sqlx::query!(
        "UPDATE users SET mail_look_at = 'epoch' WHERE id = $1",
        c.user
    )
    .execute(tx)
    .traced("reset_mail_look")
    .await?;
    Ok(())
}

/// Turns off the mail `mail` for `user` (nothing when it is off already).
pub async fn turn_mail_off(
    tx: &mut PgConnection,
    org: Uuid,
    user: Uuid,
    mail: &str,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO notification_settings (user_id, organization_id, email_off, updated_at)
         VALUES ($1, $2, ARRAY[$3::text], $4)
         ON CONFLICT (user_id) DO UPDATE SET
             email_off = CASE WHEN $3 = ANY(notification_settings.email_off)
                 THEN notification_settings.email_off
                 ELSE array_append(notification_settings.email_off, $3) END,
             updated_at = $4",
        user,
        org,
        mail,
        at,
    )
    .execute(tx)
    .traced("turn_mail_off")
    .await?;
    Ok(())
}

pub async fn insert_unsubscribe_token(
    tx: &mut PgConnection,
    hash: &[u8],
    org: Uuid,
    user: Uuid,
    mail: &str,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO unsubscribe_tokens (token_hash, user_id, organization_id, mail, created_at)
         VALUES ($1, $2, $3, $4, $5)",
        hash,
        user,
        org,
        mail,
        at,
    )
    .execute(tx)
    .traced("insert_unsubscribe_token")
    .await?;
    Ok(())
}

pub struct UnsubscribeRow {
    pub user_id: Uuid,
    pub organization_id: Uuid,
    pub mail: String,
}

/// The token whose hash is `hash`, if one was mailed.
pub async fn find_unsubscribe_token(
    tx: &mut PgConnection,
    hash: &[u8],
) -> Result<Option<UnsubscribeRow>, Error> {
    Ok(sqlx::query_as!(
        UnsubscribeRow,
        "SELECT user_id, organization_id, mail FROM unsubscribe_tokens WHERE token_hash = $1",
        hash,
    )
    .fetch_optional(tx)
    .traced("find_unsubscribe_token")
    .await?)
}

/// A submission sent for review (again: a second time changes nothing).
pub async fn submission_pending(
    tx: &mut PgConnection,
    submission: Uuid,
    org: Uuid,
    child: Uuid,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO pending_reviews (submission_id, organization_id, child_id, submitted_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (submission_id) DO NOTHING",
        submission,
        org,
        child,
        at,
    )
    .execute(tx)
    .traced("submission_pending")
    .await?;
    Ok(())
}

pub struct SeenReview {
    pub submission: Uuid,
    pub org: Uuid,
    pub child: Uuid,
    pub approved: bool,
    pub reward_cents: i64,
    pub at: DateTime<Utc>,
}

/// A review: the submission waits no more, and the week's summary counts it.
pub async fn submission_reviewed(tx: &mut PgConnection, r: &SeenReview) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO reviews_seen (submission_id, organization_id, child_id, approved, reward_cents, reviewed_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (submission_id) DO NOTHING",
        r.submission,
        r.org,
        r.child,
        r.approved,
        r.reward_cents,
        r.at,
    )
    .execute(&mut *tx)
    .traced("submission_reviewed")
    .await?;
    sqlx::query!(
        "DELETE FROM pending_reviews WHERE organization_id = $1 AND submission_id = $2",
        r.org,
        r.submission,
    )
    .execute(tx)
    .traced("forget_pending_review")
    .await?;
    Ok(())
}

/// A deleted child's submissions wait no more.
pub async fn forget_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM pending_reviews WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("forget_child_reviews")
    .await?;
    Ok(())
}

/// Submissions of `org` waiting for review (a review consumed before its
/// submission counts as done).
pub async fn pending_count(tx: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM pending_reviews p
         WHERE p.organization_id = $1
           AND NOT EXISTS (SELECT 1 FROM reviews_seen r WHERE r.submission_id = p.submission_id)"#,
        org,
    )
    .fetch_one(tx)
    .traced("pending_review_count")
    .await?)
}

pub struct ChildWeek {
    pub child_id: Uuid,
    pub approved: i64,
    pub earned_cents: i64,
}

/// Per child of `org`, the approvals since `since` and their rewards.
pub async fn approvals_since(
    tx: &mut PgConnection,
    org: Uuid,
    since: DateTime<Utc>,
) -> Result<Vec<ChildWeek>, Error> {
    Ok(sqlx::query_as!(
        ChildWeek,
        r#"SELECT child_id, count(*) AS "approved!", COALESCE(sum(reward_cents), 0)::bigint AS "earned_cents!"
         FROM reviews_seen WHERE organization_id = $1 AND approved AND reviewed_at >= $2
         GROUP BY child_id ORDER BY child_id"#,
        org,
        since,
    )
    .fetch_all(tx)
    .traced("approvals_since")
    .await?)
}

/// Claims `user`'s scheduled mail `kind` of `day`: false when it was
/// already dealt with (this process or another, before a restart or now).
pub async fn claim_scheduled(
    tx: &mut PgConnection,
    user: Uuid,
    org: Uuid,
    kind: &str,
    day: NaiveDate,
    mail: Option<Uuid>,
    at: DateTime<Utc>,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "INSERT INTO scheduled_mails (user_id, kind, local_date, organization_id, mail_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        user,
        kind,
        day,
        org,
        mail,
        at,
    )
    .execute(tx)
    .traced("claim_scheduled_mail")
    .await?;
    Ok(done.rows_affected() == 1)
}
