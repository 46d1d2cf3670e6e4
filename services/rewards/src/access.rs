//! Whether a caller may see a child: a parent any child of their family, a
//! child only themselves.
//!
//! Most per-child reads only need that yes or no. It is answered from the
//! children this service keeps from the family service's events, which
//! carry the family each child belongs to; only a child not heard of yet (its
//! `ChildCreated` still on its way) or a caller without a family is asked of
//! the family service. Asking it every time cost each read a call and the
//! family service's database a query, about a fifth of the read's CPU.

use kit::authn::User;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{clients::Clients, error::Error, store};

/// Ok when `user` may see the child `id`; `ChildNotFound` otherwise, as the
/// family service answers for a child of another family.
pub async fn child(pool: &PgPool, clients: &Clients, user: &User, id: Uuid) -> Result<(), Error> {
    if !user.role.is_parent() && user.child != Some(id) {
        return Err(Error::ChildNotFound);
    }
    let Some(org) = user.org else {
        return clients.child(user, id).await.map(drop);
    };
    match store::children::standing(pool, org, id).await? {
        Some(store::children::Standing::Present) => Ok(()),
        Some(store::children::Standing::Deleted) => Err(Error::ChildNotFound),
        None => clients.child(user, id).await.map(drop),
    }
}
