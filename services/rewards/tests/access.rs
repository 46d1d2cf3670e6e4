//! A per-child read is allowed from the children rewards keeps (from the
//! family service's events), and asks the family service only about a child
//! it has not heard of. The family service here is an address nothing
//! listens on: an answer that needed it fails as unreachable, so each case
//! shows whether it was asked.

#![allow(clippy::unwrap_used)]

use chorely_proto::events::v1::{ChildCreated, ChildDeleted};
use kit::{
    authn::{Role, User},
    tenancy::{Scope, within},
    testing::{TestDb, deliver},
};
use rewards::{access, clients::Clients, error::Error, events::Children};
use sqlx::PgPool;
use uuid::Uuid;

fn user(role: Role, org: Uuid, child: Option<Uuid>) -> User {
    User {
        id: Uuid::new_v4(),
        role,
        org: Some(org),
        child,
        token: "not used: the family service is never reached".into(),
        session_id: String::new(),
        expires_at: 0,
        issued_at_ms: 0,
        session_started: 0,
        on_tablet: false,
        mfa_setup: false,
    }
}

async fn created(pool: &PgPool, org: Uuid) -> Uuid {
    let child = Uuid::new_v4();
    let event = ChildCreated {
        child_id: child.to_string(),
        organization_id: org.to_string(),
        ..Default::default()
    };
    deliver(pool, &Children, event).await;
    child
}

/// `access::child` as a request of `user`'s family runs it.
async fn may_see(pool: &PgPool, user: &User, child: Uuid) -> Result<(), Error> {
    // Port 9 (discard) on loopback: nothing answers there.
    let unreachable = "http://127.0.0.1:9";
    let clients = Clients::new(unreachable, unreachable, unreachable).unwrap();
    within(
        Scope::Family(user.org.unwrap()),
        access::child(pool, &clients, user, child),
    )
    .await
}

#[tokio::test]
async fn a_child_heard_of_is_answered_here_and_only_in_its_own_family() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let (org, other_org) = (Uuid::new_v4(), Uuid::new_v4());
    let (kid, sibling) = (created(&pool, org).await, created(&pool, org).await);
    let gone = created(&pool, org).await;
    let deleted = ChildDeleted {
        child_id: gone.to_string(),
        organization_id: org.to_string(),
    };
    deliver(&pool, &Children, deleted).await;

    let parent = user(Role::OrgAdmin, org, None);
    assert!(may_see(&pool, &parent, kid).await.is_ok());
    assert!(may_see(&pool, &parent, sibling).await.is_ok());
    assert!(
        may_see(&pool, &user(Role::OrgMember, org, Some(kid)), kid)
            .await
            .is_ok()
    );

    // Refused here, without asking: a sibling of a child caller, a deleted child.
    let child_caller = user(Role::OrgMember, org, Some(kid));
    assert!(matches!(
        may_see(&pool, &child_caller, sibling).await,
        Err(Error::ChildNotFound)
    ));
    assert!(matches!(
        may_see(&pool, &parent, gone).await,
        Err(Error::ChildNotFound)
    ));

    // Another family's child is not theirs here: the family service is
    // asked (and answers not found in a running stack), and a child not
    // heard of yet is asked about too.
    let stranger = user(Role::OrgAdmin, other_org, None);
    assert!(matches!(
        may_see(&pool, &stranger, kid).await,
        Err(Error::Upstream("family", _))
    ));
    assert!(matches!(
        may_see(&pool, &parent, Uuid::new_v4()).await,
        Err(Error::Upstream("family", _))
    ));
}
