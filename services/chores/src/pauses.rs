//! Parents pause the whole family or one child for a range of days: nothing
//! is due or missed in it (see [`crate::pause`]). Each change is announced
//! through the outbox with the pause's whole state and revision, for
//! rewards, whose streaks neither grow nor break across a paused day.

use chorely_proto::{chores::v1 as pb, events::v1::PauseChanged};
use kit::{authn::User, clock::Clock, time::local_date};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    calendar, catalogue,
    clients::Clients,
    error::Error,
    pause::{self, Removal},
    store::pauses::{self as store, NewPause, PauseRow},
};

#[derive(Clone)]
pub struct Pauses {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

fn view(row: &PauseRow) -> pb::Pause {
    pb::Pause {
        id: row.id.to_string(),
        child_id: row.child_id.map(|c| c.to_string()).unwrap_or_default(),
        from: row.starts_on.to_string(),
        to: row.ends_on.to_string(),
        reason: row.reason.clone(),
    }
}

async fn announce(
    tx: &mut PgConnection,
    row: &PauseRow,
    ends_on: chrono::NaiveDate,
    revision: i64,
    removed: bool,
) -> Result<(), Error> {
    kit::outbox::enqueue(
        &mut *tx,
        &PauseChanged {
            pause_id: row.id.to_string(),
            organization_id: row.organization_id.to_string(),
            child_id: row.child_id.map(|c| c.to_string()).unwrap_or_default(),
            starts_on: row.starts_on.to_string(),
            ends_on: ends_on.to_string(),
            removed,
            revision,
        },
    )
    .await?;
    // Today's lists say who is paused.
    catalogue::announce_change(tx, row.organization_id).await?;
    Ok(())
}

impl Pauses {
    /// The child `raw` names, one of the caller's family; none when empty
    /// (the whole family). Another family's child is not found.
    async fn child(&self, user: &User, raw: &str) -> Result<Option<Uuid>, Error> {
        match raw.trim() {
            "" => Ok(None),
            text => {
                let id = Uuid::parse_str(text).map_err(|_| Error::ChildNotFound)?;
                let family = self.clients.family_children(user).await?;
                if family.iter().any(|(c, _)| *c == id) {
                    Ok(Some(id))
                } else {
                    Err(Error::ChildNotFound)
                }
            }
        }
    }

    pub async fn create(
        &self,
        parent: &User,
        org: Uuid,
        req: &pb::CreatePauseRequest,
    ) -> Result<pb::Pause, Error> {
        let child = self.child(parent, &req.child_id).await?;
        let tz = calendar::time_zone(&self.pool, &self.clients, parent, org).await?;
        let today = local_date(self.clock.now(), tz);
        let new = pause::parse(&req.from, &req.to, &req.reason, today)?;
        let mut tx = self.pool.begin().await?;
        let row = store::insert(
            &mut tx,
            &NewPause {
                id: Uuid::now_v7(),
                org,
                child,
                from: new.from,
                to: new.to,
                reason: &new.reason,
                by: parent.id,
            },
        )
        .await?;
        announce(&mut tx, &row, row.ends_on, row.revision, false).await?;
        tx.commit().await?;
        Ok(view(&row))
    }

    /// One child's pauses, or the whole family's own when `child_id` is empty.
    pub async fn list(
        &self,
        parent: &User,
        org: Uuid,
        req: &pb::ListPausesRequest,
    ) -> Result<pb::ListPausesResponse, Error> {
        let child = self.child(parent, &req.child_id).await?;
        let rows = store::list(&self.pool, org, child).await?;
        Ok(pb::ListPausesResponse {
            pauses: rows.iter().map(view).collect(),
        })
    }

    /// Removes a pause that has not begun; one that has begun ends
    /// yesterday, its past days staying paused; one that is over stays.
    pub async fn delete(&self, parent: &User, org: Uuid, raw: &str) -> Result<(), Error> {
        let id = Uuid::parse_str(raw.trim()).map_err(|_| Error::PauseNotFound)?;
        let tz = calendar::time_zone(&self.pool, &self.clients, parent, org).await?;
        let today = local_date(self.clock.now(), tz);
        let mut tx = self.pool.begin().await?;
        let row = store::lock(&mut tx, org, id)
            .await?
            .ok_or(Error::PauseNotFound)?;
        match pause::removal(&row.pause(), today) {
            Removal::Over => return Err(Error::PauseOver),
            Removal::Remove => {
                store::delete(&mut tx, id).await?;
                announce(&mut tx, &row, row.ends_on, row.revision + 1, true).await?;
            }
            Removal::EndOn(day) => {
                let revision = store::end_on(&mut tx, id, day).await?;
                announce(&mut tx, &row, day, revision, false).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
}
