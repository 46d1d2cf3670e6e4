//! Calendar feeds: each member makes private feed URLs (a parent's shows
//! every child's chores, a child's their own) that calendar apps fetch
//! without signing in. The token in the URL is the credential: 256 random
//! bits, kept only as its SHA-256, so a feed is looked up by the hash (an
//! index probe, which says nothing through its timing about other tokens)
//! and the database never holds a usable URL. What a feed shows is in
//! [`crate::feed`].

use std::collections::HashMap;

use base64::Engine;
use chorely_proto::chores::v1 as pb;
use chrono::Utc;
use kit::{
    authn::User,
    clock::Clock,
    tenancy::{self, Scope},
    time::{local_date, to_proto},
};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    calendar,
    clients::Clients,
    error::Error,
    feed::{self, FeedChild, FeedChore, FeedInput},
    planning::since,
    store::{
        children, chores,
        feeds::{self as store, FeedRow, NewFeed},
        pauses, submissions, turns,
    },
};

/// Feeds one member may have at once (one per calendar app is plenty).
pub const MAX_PER_USER: usize = 5;

/// Random bytes of a token: 256 bits.
const TOKEN_BYTES: usize = 32;

/// A token's length as sent: 32 bytes in unpadded base64url.
const TOKEN_CHARS: usize = 43;

#[derive(Clone)]
pub struct Feeds {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

fn view(row: &FeedRow) -> pb::Feed {
    pb::Feed {
        id: row.id.to_string(),
        created_at: Some(to_proto(row.created_at)),
        last_used_at: row.last_used_at.map(to_proto),
        user_id: row.user_id.to_string(),
        child_id: row.child_id.map(|c| c.to_string()).unwrap_or_default(),
    }
}

/// Feeds are the account's security (a URL that outlives any session): never
/// from a child's session on the family tablet.
fn off_tablet(user: &User) -> Result<(), Error> {
    if user.on_tablet {
        return Err(Error::NotOnTablet);
    }
    Ok(())
}

fn new_token() -> Result<String, Error> {
    let mut random = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random))
}

fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Whether `token` can be a feed's token at all (anything else is unknown
/// without a database read).
fn well_formed(token: &str) -> bool {
    token.len() == TOKEN_CHARS
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Feeds {
    /// The child whose feed `user`'s is: none for a parent (every child).
    fn subject(user: &User) -> Result<Option<Uuid>, Error> {
        if user.role.is_parent() {
            Ok(None)
        } else {
            user.child.map(Some).ok_or(Error::NoFeedForAccount)
        }
    }

    /// Makes a feed for `user`; the answer holds its token, shown this once.
    pub async fn create(&self, user: &User, org: Uuid) -> Result<pb::CreatedFeed, Error> {
        off_tablet(user)?;
        let child = Self::subject(user)?;
        // What the feed will need without the caller: the family's time
        // zone, and the names of children added before names were announced.
        calendar::time_zone(&self.pool, &self.clients, user, org).await?;
        let family = self.clients.family_children(user).await?;
        children::learn_named(&self.pool, org, &family, self.clock.now()).await?;

        let token = new_token()?;
        let mut tx = self.pool.begin().await?;
        store::lock_user(&mut tx, user.id).await?;
        if store::of_user(&mut tx, org, user.id).await?.len() >= MAX_PER_USER {
            return Err(Error::FeedLimit(MAX_PER_USER));
        }
        let row = store::insert(
            &mut tx,
            &NewFeed {
                id: Uuid::now_v7(),
                org,
                user: user.id,
                child,
                token_sha256: &hash(&token),
                at: self.clock.now(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(pb::CreatedFeed {
            feed: Some(view(&row)),
            token,
        })
    }

    /// The caller's own feeds, newest first; for a parent, every feed of
    /// the family (a child's feed would otherwise be out of their sight).
    pub async fn list(&self, user: &User, org: Uuid) -> Result<pb::ListFeedsResponse, Error> {
        off_tablet(user)?;
        let mut conn = self.pool.acquire().await?;
        let rows = if user.role.is_parent() {
            store::of_family(&mut conn, org).await?
        } else {
            store::of_user(&mut conn, org, user.id).await?
        };
        Ok(pb::ListFeedsResponse {
            feeds: rows.iter().map(view).collect(),
        })
    }

    /// Removes one of the caller's feeds, or, for a parent, any of the
    /// family's; anyone else's (another member's for a child, another
    /// family's) is not found.
    pub async fn delete(&self, user: &User, org: Uuid, raw: &str) -> Result<(), Error> {
        off_tablet(user)?;
        let id = Uuid::parse_str(raw.trim()).map_err(|_| Error::FeedNotFound)?;
        let deleted = if user.role.is_parent() {
            store::delete_in_family(&self.pool, org, id).await?
        } else {
            store::delete(&self.pool, org, user.id, id).await?
        };
        if deleted {
            Ok(())
        } else {
            Err(Error::FeedNotFound)
        }
    }

    /// The iCalendar text of the feed `token` opens. The token is looked
    /// up across families (it names the family); everything after runs in
    /// that family's scope alone.
    pub async fn calendar(&self, token: &str) -> Result<pb::FeedCalendar, Error> {
        if !well_formed(token) {
            return Err(Error::FeedNotFound);
        }
        let now = self.clock.now();
        let feed = tenancy::all_families(store::open(&self.pool, &hash(token), now))
            .await?
            .ok_or(Error::FeedNotFound)?;
        let ics = tenancy::within(Scope::Family(feed.organization_id), self.render(&feed)).await?;
        Ok(pb::FeedCalendar { ics })
    }

    async fn render(&self, feed: &FeedRow) -> Result<String, Error> {
        let org = feed.organization_id;
        let tz = calendar::parse(
            &crate::store::families::time_zone(&self.pool, org)
                .await?
                .unwrap_or_default(),
        );
        let now = self.clock.now();
        let today = local_date(now, tz);
        let (known, rows, versions, marks, swaps, paused, allowances) = tokio::try_join!(
            children::described(&self.pool, org),
            chores::active(&self.pool, org),
            store::chore_versions(&self.pool, org),
            submissions::marks_of_family(&self.pool, org, since(today)),
            turns::of_family(&self.pool, org, since(today)),
            pauses::of_family(&self.pool, org, since(today)),
            crate::store::allowances::of_family(&self.pool, org),
        )?;
        let allowances: Vec<_> = allowances.iter().map(crate::allowances::for_feed).collect();
        let children: Vec<FeedChild> = known
            .into_iter()
            .filter(|c| feed.child_id.is_none_or(|own| own == c.child_id))
            .map(|c| FeedChild {
                id: c.child_id,
                name: c.name.unwrap_or_else(|| "Child".to_owned()),
                born: c.date_of_birth,
                revision: c.revision,
                changed_at: c.details_at.unwrap_or(chrono::DateTime::UNIX_EPOCH),
            })
            .collect();
        let versions: HashMap<Uuid, (i32, chrono::DateTime<Utc>)> = versions
            .into_iter()
            .map(|v| (v.id, (v.revision, v.updated_at)))
            .collect();
        let rules: Vec<_> = rows
            .iter()
            .map(|c| c.rules(swaps.get(&c.id).cloned().unwrap_or_default(), &paused))
            .collect();
        let chores: Vec<FeedChore<'_>> = rows
            .iter()
            .zip(&rules)
            .map(|(row, rules)| {
                let (revision, updated_at) = versions
                    .get(&row.id)
                    .copied()
                    .unwrap_or((0, chrono::DateTime::UNIX_EPOCH));
                FeedChore {
                    id: row.id,
                    name: &row.name,
                    description: &row.description,
                    rules,
                    revision,
                    updated_at,
                    marks: marks.get(&row.id).map_or(&[][..], Vec::as_slice),
                }
            })
            .collect();
        let items = feed::items(&FeedInput {
            names_children: feed.child_id.is_none(),
            children: &children,
            chores: &chores,
            pauses: &paused,
            allowances: &allowances,
            tz,
            now,
        });
        let name = match (feed.child_id, children.first()) {
            (Some(_), Some(child)) => format!("Chorely – {}", child.name),
            _ => "Chorely – Family chores".to_owned(),
        };
        Ok(feed::render(&name, tz, &items))
    }
}
