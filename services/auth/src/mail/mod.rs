//! Outgoing mail. Requests never send mail: they queue it (`mail_queue`) in
//! the transaction of what it is about, and the [`Mailer`] sends it after,
//! over SMTP, retrying with a growing pause while the relay cannot take it.
//!
//! Each mail's link carries a fresh token made when the mail is sent; the
//! token's hash is stored in the same transaction that marks the mail sent,
//! and that transaction commits only once the relay has accepted the mail.
//! A crash before the relay accepts leaves the mail queued (sent later, with
//! a new token); a crash between the relay's acceptance and the commit sends
//! it again, with the same Message-ID (the queue row's id), which is as far as
//! SMTP lets a sender go against duplicates.

pub(crate) mod catalogue;
mod relay;
pub mod templates;

use std::{sync::Arc, time::Duration};

use base64::Engine;
use chrono::{DateTime, Utc};
use kit::clock::Clock;
use lettre::{
    Message,
    message::{Mailbox, MessageBuilder, MultiPart},
};
use secrecy::ExposeSecret;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

pub use self::relay::{Relay, SendError, UrlError};
use crate::{
    config::Config,
    error::Error,
    notify::mail::{ListUnsubscribe, ListUnsubscribePost, Notice},
    store::{
        account_tokens::{self, NewToken},
        mail_queue::{self, MailKind, QueuedMail},
        notifications,
        users::{self, UserRow},
    },
};

/// How long a password-reset link works.
pub const RESET_LINK_TTL: chrono::Duration = chrono::Duration::hours(1);
/// How long a verification link works.
pub const VERIFY_LINK_TTL: chrono::Duration = chrono::Duration::hours(48);
/// A mail the relay has refused for this long is given up: its link would
/// be of no use by then.
const GIVE_UP_AFTER: chrono::Duration = chrono::Duration::hours(24);
/// Mails of every kind one address is sent a day, at most: a family's
/// busiest child is approved, reminded and summarised far fewer times, and
/// an address a parent typed for a child is never flooded.
pub const MAILS_PER_ADDRESS_PER_DAY: i64 = 50;
/// Safety net for mail queued by another replica (this one's requests wake
/// the mailer at once).
const POLL_EVERY: Duration = Duration::from_secs(2);

/// Wakes the mailer when a request has queued mail.
#[derive(Clone, Default)]
pub struct MailWaker(Arc<Notify>);

impl MailWaker {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// A fresh link token and the SHA-256 that is stored of it.
pub fn new_token() -> Result<(String, Vec<u8>), Error> {
    let mut random = [0u8; 32];
    getrandom::fill(&mut random)
        .map_err(|e| Error::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random);
    let hash = hash_token(&token);
    Ok((token, hash))
}

/// What is stored of a token, and looked up when one comes back.
pub fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The pause before attempt `attempts + 1`: 5 s, doubling, at most 15 min.
/// What a mail calls its reader: their first name, else their address.
fn greeting_name(user: &UserRow) -> String {
    if user.first_name.is_empty() {
        user.email.clone()
    } else {
        user.first_name.clone()
    }
}

fn backoff(attempts: i32) -> chrono::Duration {
    let exp = u32::try_from(attempts.clamp(0, 10)).unwrap_or(10);
    chrono::Duration::seconds((5i64 << exp).min(15 * 60))
}

#[derive(Clone)]
pub struct Mailer {
    pool: PgPool,
    clock: Clock,
    relay: Relay,
    from: Mailbox,
    /// The domain of Message-IDs (the sender's).
    domain: String,
    waker: MailWaker,
}

/// What became of one queued mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// Nobody to send it to (no active account has the address any more).
    Skipped,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Sent => "SENT",
            Outcome::Skipped => "SKIPPED",
        }
    }
}

impl Mailer {
    pub fn new(
        config: &Config,
        pool: PgPool,
        clock: Clock,
        waker: MailWaker,
    ) -> anyhow::Result<Self> {
        let relay = Relay::from_url(config.smtp_url.expose_secret())?;
        let from: Mailbox = config.mail_from.parse().map_err(|e| {
            anyhow::anyhow!("MAIL_FROM {:?} is not an address: {e}", config.mail_from)
        })?;
        let domain = from.email.domain().to_owned();
        Ok(Self {
            pool,
            clock,
            relay,
            from,
            domain,
            waker,
        })
    }

    /// Sends what is due until `shutdown`, waking when a request queues mail.
    pub async fn run(self, shutdown: CancellationToken) {
        loop {
            match self.send_due().await {
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "mail queue unreadable; trying again"),
            }
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = self.waker.0.notified() => {}
                () = tokio::time::sleep(POLL_EVERY) => {}
            }
        }
    }

    /// Sends every mail due now, to anyone in any family; returns how many
    /// were dealt with.
    pub async fn send_due(&self) -> Result<usize, Error> {
        kit::tenancy::all_families(self.send_due_everywhere()).await
    }

    async fn send_due_everywhere(&self) -> Result<usize, Error> {
        let mut handled = 0;
        while self.send_next().await? {
            handled += 1;
        }
        Ok(handled)
    }

    /// Sends the next mail due, if there is one (true then).
    async fn send_next(&self) -> Result<bool, Error> {
        let now = self.clock.now();
        let mut tx = self.pool.begin().await?;
        let Some(mail) = mail_queue::claim_due(&mut tx, now).await? else {
            return Ok(false);
        };
        match self.deliver(&mut tx, &mail, now).await {
            Ok(outcome) => {
                mail_queue::finish(&mut tx, mail.id, outcome.as_str(), now).await?;
                tx.commit().await?;
                tracing::info!(mail_id = %mail.id, kind = %mail.kind, outcome = outcome.as_str(), "mail done");
            }
            Err(err) => {
                drop(tx);
                let error = err.to_string();
                let error: String = error.chars().take(500).collect();
                if now - mail.created_at >= GIVE_UP_AFTER {
                    tracing::error!(mail_id = %mail.id, kind = %mail.kind, %error, "mail given up after a day of failures");
                    let mut tx = self.pool.begin().await?;
                    mail_queue::finish(&mut tx, mail.id, "GAVE_UP", now).await?;
                    tx.commit().await?;
                } else {
                    let next = now + backoff(mail.attempts);
                    tracing::warn!(mail_id = %mail.id, kind = %mail.kind, attempts = mail.attempts + 1, %error, %next, "mail not sent; will retry");
                    mail_queue::retry_later(&self.pool, mail.id, &error, next).await?;
                    // Nothing else is tried until the relay is back.
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    async fn deliver(
        &self,
        tx: &mut sqlx::PgConnection,
        mail: &QueuedMail,
        now: DateTime<Utc>,
    ) -> Result<Outcome, Error> {
        if mail_queue::sent_since(tx, &mail.email, now - chrono::Duration::days(1)).await?
            >= MAILS_PER_ADDRESS_PER_DAY
        {
            tracing::warn!(mail_id = %mail.id, kind = %mail.kind, "mail not sent: the address had its day's share");
            return Ok(Outcome::Skipped);
        }
        if let Some(notice) = Notice::parse(&mail.kind) {
            return self.deliver_notice(tx, mail, notice, now).await;
        }
        let Some(kind) = MailKind::parse(&mail.kind) else {
            return Ok(Outcome::Skipped);
        };
        // The address's link, to whom, and proving what.
        let (user, kind) = match kind {
            MailKind::MfaLocked => return self.deliver_lock(mail).await,
            MailKind::AddressInUse => return self.deliver_address_in_use(mail).await,
            // Still this address, not yet verified.
            MailKind::VerifyEmail => match mail.user_id {
                Some(id) => (
                    users::find_by_id(&self.pool, id).await?.filter(|u| {
                        u.email_is_login
                            && u.email.eq_ignore_ascii_case(&mail.email)
                            && !u.email_verified
                    }),
                    kind,
                ),
                None => (None, kind),
            },
            // Links are what an address gets before it is proven: the
            // verification itself, a reset its owner asked for, and a new
            // address its owner typed.
            MailKind::ResetPassword => (users::find_by_email(&self.pool, &mail.email).await?, kind),
            MailKind::ConfirmEmailChange => {
                // Another login signs in with it: its owner is told instead
                // (whoever typed it had the same answer as for a free one),
                // even when a newer address has replaced it since.
                if users::find_by_email(&self.pool, &mail.email)
                    .await?
                    .is_some()
                {
                    return self.deliver_address_in_use(mail).await;
                }
                let Some(user) = self.pending_owner(mail).await? else {
                    return Ok(Outcome::Skipped);
                };
                (Some(user), kind)
            }
        };
        let Some(user) = user.filter(|u| u.is_active) else {
            return Ok(Outcome::Skipped);
        };
        let (token, hash) = new_token()?;
        let ttl = match kind {
            MailKind::ResetPassword => RESET_LINK_TTL,
            _ => VERIFY_LINK_TTL,
        };
        // A new address's link is for it, not for the login's address of now.
        let to = if kind == MailKind::ConfirmEmailChange {
            mail.email.clone()
        } else {
            user.email.clone()
        };
        // Committed before the mail leaves: whoever follows the link at
        // once must find it. A mail that then fails leaves an unused token
        // nobody holds (only its hash is kept), which expires.
        let mut conn = self.pool.acquire().await?;
        account_tokens::insert(
            &mut conn,
            &NewToken {
                hash: &hash,
                kind,
                user_id: user.id,
                email: &to,
                expires_at: now + ttl,
            },
            now,
        )
        .await?;
        let path = match kind {
            MailKind::ResetPassword => "reset-password",
            _ => "verify-email",
        };
        let link = format!("{}/{path}/{token}", mail.link_origin.trim_end_matches('/'));
        let words = templates::render(kind, &mail.language, &greeting_name(&user), &to, &link)
            .map_err(unwritten)?;
        let message = self.builder(mail, &to)?;
        self.send(message, words).await
    }

    /// The login a new address mailed to waits on, while it still does.
    async fn pending_owner(&self, mail: &QueuedMail) -> Result<Option<UserRow>, Error> {
        let Some(id) = mail.user_id else {
            return Ok(None);
        };
        Ok(users::find_by_id(&self.pool, id).await?.filter(|u| {
            u.pending_email
                .as_deref()
                .is_some_and(|p| p.eq_ignore_ascii_case(&mail.email))
        }))
    }

    /// Tells the owner of an address that someone typed it for another
    /// login (a sign-up, an invitation, a new address), linking to sign-in.
    /// Their name, never the other login's (whoever typed it chose that).
    async fn deliver_address_in_use(&self, mail: &QueuedMail) -> Result<Outcome, Error> {
        let Some(owner) = users::find_by_email(&self.pool, &mail.email)
            .await?
            .filter(|u| u.is_active)
        else {
            return Ok(Outcome::Skipped);
        };
        self.send_without_token(mail, MailKind::AddressInUse, &owner, "login")
            .await
    }

    /// The mail telling of a lock from wrong second-step codes: to the
    /// account's address of now, if verified, linking to the page that mails a reset
    /// link (no token: following it proves nothing).
    async fn deliver_lock(&self, mail: &QueuedMail) -> Result<Outcome, Error> {
        let Some(user_id) = mail.user_id else {
            return Ok(Outcome::Skipped);
        };
        let Some(user) = users::find_by_id(&self.pool, user_id)
            .await?
            .filter(|u| u.is_active && u.email_verified && !u.email.is_empty())
        else {
            return Ok(Outcome::Skipped);
        };
        self.send_without_token(mail, MailKind::MfaLocked, &user, "forgot-password")
            .await
    }

    /// A mail of `kind` to `user`'s address of now, linking to the page at
    /// `path` with no token (following it proves nothing).
    async fn send_without_token(
        &self,
        mail: &QueuedMail,
        kind: MailKind,
        user: &UserRow,
        path: &str,
    ) -> Result<Outcome, Error> {
        let link = format!("{}/{path}", mail.link_origin.trim_end_matches('/'));
        let words = templates::render(
            kind,
            &mail.language,
            &greeting_name(user),
            &user.email,
            &link,
        )
        .map_err(unwritten)?;
        let message = self.builder(mail, &user.email)?;
        self.send(message, words).await
    }

    /// A notification mail: to the account's address of now, if it is
    /// verified and active and still wants this kind, with a fresh unsubscribe link
    /// (its token's hash stored in this transaction, as a link's is).
    async fn deliver_notice(
        &self,
        tx: &mut sqlx::PgConnection,
        mail: &QueuedMail,
        notice: Notice,
        now: DateTime<Utc>,
    ) -> Result<Outcome, Error> {
        let Some(user_id) = mail.user_id else {
            return Ok(Outcome::Skipped);
        };
        // Only to an address its owner proved theirs: a parent can give a
        // child any address, and it is not to be mailed about chores.
        let user = users::find_by_id(&self.pool, user_id)
            .await?
            .filter(|u| u.is_active && u.email_verified && !u.email.is_empty());
        let Some((user, org)) = user.and_then(|u| u.organization_id.map(|org| (u, org))) else {
            return Ok(Outcome::Skipped);
        };
        let wanted = notifications::member(&self.pool, org, user.id)
            .await?
            .is_some_and(|m| crate::notify::is_on(&m.email_off, notice.as_str()));
        if !wanted {
            return Ok(Outcome::Skipped);
        }
        let (token, hash) = new_token()?;
        notifications::insert_unsubscribe_token(tx, &hash, org, user.id, notice.as_str(), now)
            .await?;
        let unsubscribe = format!(
            "{}/api/notifications/unsubscribe?token={token}",
            mail.link_origin.trim_end_matches('/')
        );
        let words = crate::notify::mail::render(
            notice,
            &mail.language,
            &greeting_name(&user),
            &mail.payload,
            &mail.link_origin,
            &unsubscribe,
        )
        .map_err(unwritten)?;
        let message = self
            .builder(mail, &user.email)?
            .header(ListUnsubscribe(unsubscribe))
            .header(ListUnsubscribePost);
        self.send(message, words).await
    }

    /// The headers every mail has: its Message-ID (the queue row's), sender
    /// and recipient.
    fn builder(&self, mail: &QueuedMail, to: &str) -> Result<MessageBuilder, Error> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| Error::Internal(anyhow::anyhow!("recipient is not an address: {e}")))?;
        Ok(Message::builder()
            .message_id(Some(format!("<{}@{}>", mail.id, self.domain)))
            .from(self.from.clone())
            .to(to))
    }

    async fn send(
        &self,
        builder: MessageBuilder,
        words: templates::Rendered,
    ) -> Result<Outcome, Error> {
        let message = builder
            .subject(words.subject)
            .multipart(MultiPart::alternative_plain_html(words.text, words.html))
            .map_err(|e| Error::Internal(anyhow::anyhow!("mail not built: {e}")))?;
        self.relay
            .send(&message)
            .await
            .map_err(|e| Error::Internal(anyhow::anyhow!("SMTP: {e}")))?;
        Ok(Outcome::Sent)
    }
}

/// A mail its template could not write (a template or text broken at build
/// time; the catalogue's tests write every mail in each language).
fn unwritten(err: minijinja::Error) -> Error {
    Error::Internal(anyhow::anyhow!("a mail could not be written: {err:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_only_their_hash_is_kept() {
        let (a, hash_a) = new_token().unwrap();
        let (b, _) = new_token().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43, "32 bytes, base64url");
        assert_eq!(hash_a, hash_token(&a));
        assert_eq!(hash_a.len(), 32);
        assert!(!hash_a.windows(a.len()).any(|w| w == a.as_bytes()));
    }

    #[test]
    fn retries_back_off_up_to_a_quarter_hour() {
        assert_eq!(backoff(0), chrono::Duration::seconds(5));
        assert_eq!(backoff(1), chrono::Duration::seconds(10));
        assert_eq!(backoff(30), chrono::Duration::minutes(15));
    }
}
