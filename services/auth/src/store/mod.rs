//! SQL of the auth service, by what it stores: logins, invitations, failed
//! login counts, and what it keeps of families from their events. Every query
//! about family data names the family.

pub mod account_tokens;
pub mod child_contacts;
pub mod child_devices;
pub mod child_pins;
pub mod family_facts;
pub mod family_zones;
pub mod invitations;
pub mod login_failures;
pub mod mail_queue;
pub mod mfa;
pub mod mfa_challenges;
pub mod mfa_failures;
pub mod notifications;
pub mod tablets;
pub mod users;

/// A session opened on a device (the family tablet, a child's own device)
/// whose tokens may still be in use: ended with the device.
pub struct LiveSession {
    pub session_id: String,
    /// Unix seconds: when the session's newest token expires.
    pub expires_at: i64,
}
