//! What the family service does with families, in the spec's words.

use chorely_proto::{
    events::v1::{OrganizationCreated, OrganizationUpdated},
    family::v1 as pb,
};
use kit::outbox;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    domain,
    error::Error,
    store::organizations::{self, OrganizationRow},
};

/// Attempts at a unique slug before giving up (each adds a random suffix).
const SLUG_ATTEMPTS: usize = 5;

#[derive(Clone)]
pub struct Families {
    pub pool: PgPool,
}

impl Families {
    /// Creates a family with a unique slug and announces it. With an id
    /// (auth's, at sign-up) it is made once: asked again (by auth's call
    /// and by its `FamilyRegistered` event), the same family.
    pub async fn create(
        &self,
        req: pb::CreateOrganizationRequest,
    ) -> Result<pb::Organization, Error> {
        let name = domain::family_name(&req.name)?;
        let time_zone = domain::time_zone(&req.time_zone)?;
        let id = match req.id.as_str() {
            "" => Uuid::now_v7(),
            id => Uuid::parse_str(id).map_err(|_| Error::FamilyNotFound)?,
        };
        if req.check_only {
            return Ok(pb::Organization::default());
        }
        let mut tx = self.pool.begin().await?;
        let org = create_in(&mut tx, id, &name, &time_zone).await?;
        tx.commit().await?;
        Ok(view(&org))
    }

    pub async fn get(&self, id: Uuid) -> Result<pb::Organization, Error> {
        organizations::find(&self.pool, id)
            .await?
            .map(|o| view(&o))
            .ok_or(Error::FamilyNotFound)
    }

    /// Renames the family and, when given, changes its time zone.
    pub async fn update(
        &self,
        id: Uuid,
        req: pb::UpdateCurrentOrganizationRequest,
    ) -> Result<pb::Organization, Error> {
        let name = domain::family_name(&req.name)?;
        let time_zone = match req.time_zone.trim() {
            "" => None,
            tz => Some(domain::time_zone(tz)?),
        };
        let mut tx = self.pool.begin().await?;
        let org = organizations::update(&mut tx, id, &name, time_zone.as_deref())
            .await?
            .ok_or(Error::FamilyNotFound)?;
        outbox::enqueue(
            &mut tx,
            &OrganizationUpdated {
                organization_id: org.id.to_string(),
                name: org.name.clone(),
                time_zone: org.time_zone.clone(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(view(&org))
    }
}

fn view(org: &OrganizationRow) -> pb::Organization {
    pb::Organization {
        id: org.id.to_string(),
        name: org.name.clone(),
        slug: org.slug.clone(),
        time_zone: org.time_zone.clone(),
        created_at: Some(kit::time::to_proto(org.created_at)),
    }
}

/// Makes family `id` in `tx`, announced, unless it is made already (then
/// it is returned as it is).
pub async fn create_in(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    time_zone: &str,
) -> Result<OrganizationRow, Error> {
    if let Some(made) = organizations::find(&mut *tx, id).await? {
        return Ok(made);
    }
    let base = domain::slug_base(name);
    for attempt in 0..SLUG_ATTEMPTS {
        let slug = if attempt == 0 {
            base.clone()
        } else {
            format!("{base}-{}", &Uuid::new_v4().simple().to_string()[..6])
        };
        let org = match organizations::insert(tx, id, name, &slug, time_zone).await? {
            organizations::Inserted::Made(org) => org,
            organizations::Inserted::SlugTaken => continue,
            // Made meanwhile, by the other of auth's call and event.
            organizations::Inserted::IdTaken => {
                return organizations::find(&mut *tx, id)
                    .await?
                    .ok_or(Error::FamilyNotFound);
            }
        };
        outbox::enqueue(
            tx,
            &OrganizationCreated {
                organization_id: org.id.to_string(),
                name: org.name.clone(),
                slug: org.slug.clone(),
                time_zone: org.time_zone.clone(),
                created_at: Some(kit::time::to_proto(org.created_at)),
            },
        )
        .await?;
        return Ok(org);
    }
    Err(anyhow::anyhow!("no free slug for {base}").into())
}
