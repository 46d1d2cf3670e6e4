//! The family as its tablet's home shows it, read from what auth keeps.
//!
//! The family tablet's home names the family and its children and refuses a
//! suspended family; it is opened at every turn of a child, far more often
//! than any of that changes, and on a device other than the one a parent
//! changes them on. So auth keeps the family's name, plan and standing and
//! the children's names from the family and platform services' events
//! (`events::FamilyFacts`) and answers the home from its own database. A
//! family or child not heard of yet (made before they were kept, or its
//! event still on its way) is asked of the services as before, and the
//! answer kept where no event has set anything yet.
//!
//! Describing a user (`GET /users/me`) still asks the services: a parent who
//! just renamed the family must see the new name in their next read. Signing
//! in (and a child's PIN unlock) asks them too, so a suspension stops it at
//! once.

use chorely_proto::auth::v1 as pb;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    clients::{Clients, Family},
    error::Error,
    store::{family_facts, tablets},
};

/// Family `org` as kept; when not all of it is, as the services answer
/// now, kept where nothing is yet.
pub async fn kept(pool: &PgPool, clients: &Clients, org: Uuid) -> Result<Family, Error> {
    if let Some(family) = family_facts::family(pool, org).await? {
        return Ok(family);
    }
    let family = clients.family_of(org).await?;
    family_facts::fill(pool, &family).await?;
    Ok(family)
}

/// The family's children who may sign in on its tablet (an active login),
/// by their names, in the order they were added, each saying whether a PIN
/// is set. Should one of them not be named yet, the family service names
/// them all, and only children it still has are listed.
pub async fn tablet_children(
    pool: &PgPool,
    clients: &Clients,
    org: Uuid,
) -> Result<Vec<pb::TabletChild>, Error> {
    let logins = tablets::child_logins(pool, org).await?;
    let named: Option<Vec<pb::TabletChild>> = logins
        .iter()
        .map(|login| {
            Some(pb::TabletChild {
                id: login.child_id.to_string(),
                name: login.name.clone()?,
                has_pin: login.has_pin,
            })
        })
        .collect();
    if let Some(children) = named {
        return Ok(children);
    }
    let asked = clients.child_names(org).await?;
    let mut names: Vec<(Uuid, String)> = asked
        .children
        .into_iter()
        .filter_map(|c| Some((Uuid::parse_str(&c.id).ok()?, c.name)))
        .collect();
    // In the order the kept names are listed in.
    names.sort_by_key(|(id, _)| *id);
    family_facts::fill_child_names(pool, org, &names).await?;
    Ok(names
        .into_iter()
        .filter_map(|(id, name)| {
            let login = logins.iter().find(|l| l.child_id == id)?;
            Some(pb::TabletChild {
                id: id.to_string(),
                name,
                has_pin: login.has_pin,
            })
        })
        .collect())
}
