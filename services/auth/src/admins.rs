//! The platform's super admins. There is no default account: the first one
//! is made on the command line (`auth create-super-admin --email …`), with a
//! password given in `SUPER_ADMIN_PASSWORD` or generated and shown once.

use base64::Engine;
use kit::outbox;
use sqlx::PgPool;

use crate::{
    domain::Password,
    error::Error,
    password::Hasher,
    store::users::{self, NewUser, UserRow},
    view,
};

/// A random password of 24 characters (18 bytes of randomness).
pub fn generate_password() -> anyhow::Result<String> {
    let mut random = [0u8; 18];
    getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random))
}

/// Creates a super admin; announced like every new login, so the console lists it.
pub async fn create_super_admin(
    pool: &PgPool,
    hasher: &Hasher,
    email: &str,
    password: &str,
) -> Result<UserRow, Error> {
    let email = kit::validate::email(email)?;
    let password = Password::parse(password)?;
    let hash = hasher.hash(&password).await?;
    let mut tx = pool.begin().await?;
    let user = users::insert(
        &mut tx,
        &NewUser {
            organization_id: None,
            email: &email,
            password_hash: &hash,
            role: "SUPER_ADMIN",
            first_name: "Platform",
            last_name: "Admin",
            phone: "",
            child_id: None,
            ui_theme: "ADULT",
        },
    )
    .await?;
    // The operator who runs the command vouches for the address: security
    // mail (a lock from wrong codes) reaches it without a verification.
    let user = users::mark_email_verified(&mut tx, user.id, &user.email)
        .await?
        .unwrap_or(user);
    outbox::enqueue(&mut tx, &view::user_registered(&user)).await?;
    tx.commit().await?;
    Ok(user)
}
