//! The process's TLS crypto: ring, the one provider every TLS user here
//! (PostgreSQL, NATS, SMTP, S3, webhooks, the photo store) speaks with.
//! reqwest's own default would compile a second one (aws-lc, a C library
//! built with cmake: minutes on a new machine), so reqwest is built without
//! a provider and this installs ring before a client is made.

/// Installs ring as the process's provider; a no-op once one is installed
/// (an earlier call, or a test process's stack).
pub fn install_crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Losing a race to another thread installing the same is fine.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ring_is_installed_and_a_second_call_keeps_it() {
        super::install_crypto_provider();
        let first = rustls::crypto::CryptoProvider::get_default().cloned();
        super::install_crypto_provider();
        let second = rustls::crypto::CryptoProvider::get_default().cloned();
        let (first, second) = (first.expect("installed"), second.expect("kept"));
        assert!(std::sync::Arc::ptr_eq(&first, &second));
        let ring = rustls::crypto::ring::default_provider();
        assert_eq!(
            first.cipher_suites.len(),
            ring.cipher_suites.len(),
            "the provider is ring's"
        );
    }
}
