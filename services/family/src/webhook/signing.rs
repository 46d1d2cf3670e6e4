//! Standard Webhooks signatures: the secret is `whsec_` and the base64 of the
//! key's bytes; each delivery is signed over `id.timestamp.body` with
//! HMAC-SHA256 (the `hmac` and `sha2` crates) and sent as `v1,<base64>`.

use base64::{Engine, engine::general_purpose::STANDARD};
use hmac::{Hmac, Mac};
use sha2::Sha256;

const PREFIX: &str = "whsec_";

/// A new signing key: 32 random bytes.
pub fn new_key() -> anyhow::Result<Vec<u8>> {
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(key)
}

/// The secret as the parent copies it.
pub fn secret_text(key: &[u8]) -> String {
    format!("{PREFIX}{}", STANDARD.encode(key))
}

/// The `webhook-signature` header of a message.
pub fn signature(key: &[u8], id: &str, timestamp: i64, body: &str) -> String {
    // HMAC takes a key of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification's reference
    /// libraries (secret, id, timestamp, payload and the signature they sign).
    #[test]
    fn signs_as_the_specification_does() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let key = STANDARD
            .decode(secret.strip_prefix(PREFIX).unwrap())
            .unwrap();
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            signature(&key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
        assert_eq!(secret_text(&key), secret);
    }
}
