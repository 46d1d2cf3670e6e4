//! Password hashing with argon2id at OWASP's parameters (19 MiB, 2 passes,
//! 1 lane; argon2's defaults). Hashing is CPU-bound, so it runs on the blocking
//! pool, and a semaphore bounds how many run at once: a burst of logins slows
//! down instead of exhausting memory or starving the async runtime.

use std::sync::{
    Arc, LazyLock,
    atomic::{AtomicU64, Ordering},
};

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use tokio::sync::Semaphore;

use crate::{domain::Password, error::Error};

/// A hash of a random password, verified when the email is unknown so that a
/// login takes as long whether or not the account exists.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let mut random = [0u8; 16];
    // Falls back to zeros only if the OS has no randomness; still a valid hash.
    let _ = getrandom::fill(&mut random);
    Argon2::default()
        .hash_password(&random)
        .map(|h| h.to_string())
        .unwrap_or_default()
});

#[derive(Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
    /// New passwords hashed so far: a call that must cost one hash whatever
    /// its answer (a sign-up with a taken email) is seen to by this count.
    hashed: Arc<AtomicU64>,
}

impl Hasher {
    pub fn new(max_concurrent: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(max_concurrent.max(1))),
            hashed: Arc::default(),
        }
    }

    /// How many new passwords this hasher (and its clones) has hashed.
    pub fn hashed(&self) -> u64 {
        self.hashed.load(Ordering::Relaxed)
    }

    /// The PHC string of a new password.
    pub async fn hash(&self, password: &Password) -> Result<String, Error> {
        self.hash_secret(password.expose()).await
    }

    /// The PHC string of a new secret already checked by its own rules (a
    /// password, a child's PIN for the family tablet).
    pub async fn hash_secret(&self, secret: &str) -> Result<String, Error> {
        let password = secret.to_owned();
        let hashed = self.hashed.clone();
        self.blocking(move || {
            hashed.fetch_add(1, Ordering::Relaxed);
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|h| h.to_string())
                .map_err(|e| Error::Internal(anyhow::anyhow!("hashing failed: {e}")))
        })
        .await
    }

    /// Whether `password` matches `hash`; with no hash, spends the same time and says no.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, Error> {
        let (password, known) = (password.to_owned(), hash.is_some());
        let hash = hash.map_or_else(|| DUMMY_HASH.clone(), str::to_owned);
        self.blocking(move || {
            let matches = Argon2::default()
                .verify_password(password.as_bytes(), hash.as_str())
                .is_ok();
            Ok(known && matches)
        })
        .await
    }

    async fn blocking<T, F>(&self, work: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, Error> + Send + 'static,
    {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| Error::Internal(e.into()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| Error::Internal(e.into()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hasher = Hasher::new(2);
        let password = Password::parse("correct horse").expect("valid");
        let hash = hasher.hash(&password).await.expect("hash");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(
            hasher
                .verify("correct horse", Some(&hash))
                .await
                .expect("verify")
        );
        assert!(
            !hasher
                .verify("wrong horse", Some(&hash))
                .await
                .expect("verify")
        );
        assert!(!hasher.verify("correct horse", None).await.expect("verify"));
    }
}
