//! The in-app notification centre of the signed-in user, and the one-click
//! unsubscribe links of the mails.

use chorely_proto::auth::v1 as pb;
use kit::{authn::User, clock::Clock, codes, tenancy, time::to_proto};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    error::Error,
    mail::hash_token,
    store::notifications::{self as store, NotificationRow},
};

/// Notifications answered when the caller asks for no number.
pub const DEFAULT_LIMIT: i32 = 20;
/// The most answered at once.
pub const MAX_LIMIT: i32 = 100;
/// Ids one call may mark read.
const MAX_IDS: usize = 100;

#[derive(Clone)]
pub struct Centre {
    pub pool: PgPool,
    pub clock: Clock,
}

fn view(row: NotificationRow) -> pb::Notification {
    pb::Notification {
        id: row.id.to_string(),
        kind: row.kind,
        data_json: row.data.to_string(),
        created_at: Some(to_proto(row.created_at)),
        read_at: row.read_at.map(to_proto),
    }
}

fn family(user: &User) -> Result<Uuid, Error> {
    user.org.ok_or(Error::NoFamily)
}

impl Centre {
    pub async fn list(
        &self,
        user: &User,
        limit: Option<i32>,
    ) -> Result<pb::NotificationList, Error> {
        let org = family(user)?;
        let limit = match limit.unwrap_or(DEFAULT_LIMIT) {
            limit @ 1..=MAX_LIMIT => limit,
            _ => {
                return Err(Error::invalid(
                    "limit",
                    codes::limit_out_of_range(i64::from(MAX_LIMIT)),
                ));
            }
        };
        let rows = store::latest(&self.pool, org, user.id, i64::from(limit)).await?;
        let unread = store::unread(&self.pool, org, user.id).await?;
        Ok(pb::NotificationList {
            notifications: rows.into_iter().map(view).collect(),
            unread,
        })
    }

    /// Marks the caller's notifications `ids` read, or all of them when none
    /// are named. An id that is not one of the caller's (another family's, a
    /// sibling's, or none at all) is a 404 and nothing is marked.
    pub async fn mark_read(
        &self,
        user: &User,
        ids: &[String],
    ) -> Result<pb::MarkReadResponse, Error> {
        let org = family(user)?;
        if ids.len() > MAX_IDS {
            return Err(Error::invalid(
                "ids",
                codes::mark_read_too_many(i64::try_from(MAX_IDS).unwrap_or(i64::MAX)),
            ));
        }
        let mut ids: Vec<Uuid> = ids
            .iter()
            .map(|raw| Uuid::parse_str(raw).map_err(|_| Error::NotificationNotFound))
            .collect::<Result<_, _>>()?;
        ids.sort_unstable();
        ids.dedup();
        if !ids.is_empty() {
            let mine = store::owned(&self.pool, org, user.id, &ids).await?;
            if mine < i64::try_from(ids.len()).unwrap_or(i64::MAX) {
                return Err(Error::NotificationNotFound);
            }
        }
        let marked = store::mark_read(
            &self.pool,
            org,
            user.id,
            (!ids.is_empty()).then_some(ids.as_slice()),
            self.clock.now(),
        )
        .await?;
        Ok(pb::MarkReadResponse {
            marked: i64::try_from(marked).unwrap_or(i64::MAX),
            unread: store::unread(&self.pool, org, user.id).await?,
        })
    }

    /// Turns off the mail the token came with; works again and again (the
    /// second time changes nothing), for anyone holding the link: it is the
    /// credential, like a mailed link.
    pub async fn unsubscribe(&self, token: &str) -> Result<pb::UnsubscribeResponse, Error> {
        let token = token.trim();
        if token.is_empty() || token.len() > 100 {
            return Err(Error::UnsubscribeUnknown);
        }
        tenancy::all_families(async {
            let mut tx = self.pool.begin().await?;
            let row = store::find_unsubscribe_token(&mut tx, &hash_token(token))
                .await?
                .ok_or(Error::UnsubscribeUnknown)?;
            store::turn_mail_off(
                &mut tx,
                row.organization_id,
                row.user_id,
                &row.mail,
                self.clock.now(),
            )
            .await?;
            tx.commit().await?;
            Ok::<_, Error>(pb::UnsubscribeResponse { mail: row.mail })
        })
        .await
    }
}
