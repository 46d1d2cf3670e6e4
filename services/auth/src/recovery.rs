//! Email verification and password recovery: links mailed to the address
//! (queued here, sent by the [`crate::mail::Mailer`]), and what following
//! them does.

use chorely_proto::auth::v1 as pb;
use kit::{authn::User as Caller, codes, outbox, validate};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    domain::Password,
    error::Error,
    mail::hash_token,
    sessions,
    store::{
        account_tokens, login_failures,
        mail_queue::{self, MailKind, NewMail},
        users,
    },
    view,
};

/// Mails of one kind an address may be sent per [`MAIL_WINDOW`]: enough for
/// a person who lost one, too few to flood a mailbox.
const MAILS_PER_ADDRESS: i64 = 5;
const MAIL_WINDOW: chrono::Duration = chrono::Duration::hours(1);

/// What a request tells about the mail it causes: the configured origin of
/// links and a language mails are written in.
pub struct MailContext {
    pub link_origin: String,
    pub language: &'static str,
}

impl MailContext {
    /// `None` when the caller gave no origin for links (then no mail can be built).
    pub fn from_proto(mail: Option<&pb::MailContext>) -> Option<Self> {
        let mail = mail?;
        let origin = mail.link_origin.trim().trim_end_matches('/');
        if origin.is_empty() {
            return None;
        }
        Some(Self {
            link_origin: origin.to_owned(),
            language: language(&mail.language),
        })
    }
}

/// One of the languages mails are written in; English otherwise.
pub fn language(raw: &str) -> &'static str {
    match raw.trim().to_ascii_lowercase().get(..2) {
        Some("es") => "es",
        Some("de") => "de",
        _ => "en",
    }
}

/// The token errors people see, the same for each kind of link (a lock's
/// mail has no token: its link is the page asking for a reset).
fn unknown_link(kind: MailKind) -> Error {
    Error::invalid(
        "token",
        match kind {
            MailKind::ResetPassword => codes::reset_link_invalid(),
            // A new address's link is a verification link to its reader.
            _ => codes::verify_link_invalid(),
        },
    )
}

fn used_link(kind: MailKind) -> Error {
    Error::invalid(
        "token",
        match kind {
            MailKind::ResetPassword => codes::reset_link_used(),
            _ => codes::verify_link_used(),
        },
    )
}

fn expired_link(kind: MailKind) -> Error {
    Error::invalid(
        "token",
        match kind {
            MailKind::ResetPassword => codes::reset_link_expired(),
            _ => codes::verify_link_expired(),
        },
    )
}

impl Accounts {
    /// Queues a mail, unless the address has had its share of this kind
    /// lately; returns whether it was queued. The caller commits `tx`.
    pub(crate) async fn queue_mail(
        &self,
        tx: &mut sqlx::PgConnection,
        kind: MailKind,
        email: &str,
        user_id: Option<Uuid>,
        mail: &MailContext,
    ) -> Result<bool, Error> {
        let now = self.clock.now();
        let recent = mail_queue::count_since(tx, kind, email, now - MAIL_WINDOW).await?;
        if recent >= MAILS_PER_ADDRESS {
            return Ok(false);
        }
        mail_queue::enqueue(
            tx,
            &NewMail {
                kind: kind.as_str(),
                email,
                user_id,
                language: mail.language,
                link_origin: &mail.link_origin,
                payload: &serde_json::json!({}),
            },
            now,
        )
        .await?;
        Ok(true)
    }

    /// Asks for a password-reset link. The answer is the same whether or not
    /// an account has the address, and costs the same: the request only
    /// queues the mail; the mailer finds out whether anyone is to get it.
    pub async fn forgot_password(&self, req: pb::ForgotPasswordRequest) -> Result<(), Error> {
        let email = validate::email(&req.email)?;
        let Some(mail) = MailContext::from_proto(req.mail.as_ref()) else {
            return Err(Error::Internal(anyhow::anyhow!(
                "a reset link needs the origin links are built on"
            )));
        };
        let mut tx = self.pool.begin().await?;
        // Past the limit the request is dropped in silence: saying so would
        // say nothing about the account, but the answer stays one.
        let queued = self
            .queue_mail(&mut tx, MailKind::ResetPassword, &email, None, &mail)
            .await?;
        tx.commit().await?;
        if queued {
            self.mail.wake();
        }
        Ok(())
    }

    /// Sets a new password with a reset link's token (once, within its hour),
    /// ends every other session of the user and logs them in (with
    /// two-factor sign-in on, answers its second step instead).
    pub async fn reset_password(
        &self,
        req: pb::ResetPasswordRequest,
    ) -> Result<pb::AuthResponse, Error> {
        let token = req.token.trim();
        if token.is_empty() {
            return Err(unknown_link(MailKind::ResetPassword));
        }
        let password = Password::parse(&req.password)?;
        let hash = self.hasher.hash(&password).await?;
        let now = self.clock.now();
        let mut tx = self.pool.begin().await?;
        let found = self
            .use_token(&mut tx, MailKind::ResetPassword, token, now)
            .await?;
        let user = users::find_by_id(&self.pool, found.user_id)
            .await?
            .ok_or(Error::UserNotFound)?;
        if !user.is_active {
            return Err(Error::AccountInactive);
        }
        let user = users::set_password(&mut tx, user.id, &hash, &found.email)
            .await?
            .ok_or(Error::UserNotFound)?;
        // Every token issued until now stops working: the sessions of
        // whoever knew the old password end.
        let cut = sessions::end_sessions(&mut tx, user.id, user.organization_id).await?;
        outbox::enqueue(&mut tx, &view::user_updated(&user)).await?;
        tx.commit().await?;
        self.end_sessions_here(user.id, cut);
        // A lockout from guessing the old password no longer applies.
        login_failures::clear(&self.pool, &user.email).await?;
        // The new session must be issued after the cut-off, never in its
        // millisecond, or it would be refused with the old ones.
        sessions::wait_past(cut).await;
        // The mailbox alone proves no second factor: with two-factor
        // sign-in on, the new password leads to the code, as a login does.
        self.after_password(user).await
    }

    /// Follows a verification link: the address it was mailed to is the
    /// user's, verified. The link mailed to a new address (a profile's
    /// change) makes that address the user's, verified.
    pub async fn verify_email(&self, req: pb::VerifyEmailRequest) -> Result<pb::User, Error> {
        let token = req.token.trim();
        if token.is_empty() {
            return Err(unknown_link(MailKind::VerifyEmail));
        }
        let now = self.clock.now();
        let mut tx = self.pool.begin().await?;
        let kind = if account_tokens::find_for_update(
            &mut tx,
            MailKind::ConfirmEmailChange,
            &hash_token(token),
        )
        .await?
        .is_some()
        {
            MailKind::ConfirmEmailChange
        } else {
            MailKind::VerifyEmail
        };
        let found = self.use_token(&mut tx, kind, token, now).await?;
        let user = if kind == MailKind::ConfirmEmailChange {
            // Replaced by a newer address since, or confirmed already.
            users::confirm_email_change(&mut tx, found.user_id, &found.email).await?
        } else {
            // The account's address changed since: this link proves the old one.
            users::mark_email_verified(&mut tx, found.user_id, &found.email).await?
        }
        .ok_or_else(|| unknown_link(kind))?;
        outbox::enqueue(&mut tx, &view::user_updated(&user)).await?;
        tx.commit().await?;
        self.describe(&user).await
    }

    /// Mails the caller a new verification link.
    pub async fn resend_verification(
        &self,
        caller: &Caller,
        req: pb::ResendVerificationRequest,
    ) -> Result<(), Error> {
        let Some(mail) = MailContext::from_proto(req.mail.as_ref()) else {
            return Err(Error::Internal(anyhow::anyhow!(
                "a verification link needs the origin links are built on"
            )));
        };
        let user = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::UserNotFound)?;
        if user.email_verified {
            return Err(Error::EmailAlreadyVerified);
        }
        // An address another login signs in with gets its owner's notice
        // again, not a link: asking again answers as for any address.
        let kind = if user.email_is_login {
            MailKind::VerifyEmail
        } else {
            MailKind::AddressInUse
        };
        let mut tx = self.pool.begin().await?;
        let queued = self
            .queue_mail(&mut tx, kind, &user.email, Some(user.id), &mail)
            .await?;
        tx.commit().await?;
        if !queued {
            return Err(Error::TooManyMails);
        }
        self.mail.wake();
        Ok(())
    }

    /// Uses up the token of `kind` (and the user's other links of that
    /// kind) in `tx`, or says why it cannot be used.
    async fn use_token(
        &self,
        tx: &mut sqlx::PgConnection,
        kind: MailKind,
        token: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<account_tokens::TokenRow, Error> {
        let found = account_tokens::find_for_update(tx, kind, &hash_token(token))
            .await?
            .ok_or_else(|| unknown_link(kind))?;
        if found.used_at.is_some() {
            return Err(used_link(kind));
        }
        if found.expires_at <= now {
            return Err(expired_link(kind));
        }
        account_tokens::use_all(tx, kind, found.user_id, now).await?;
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_link_is_refused_in_its_own_words() {
        let refused = |err: Error| match err {
            Error::Invalid(field) => (field.field, field.code()),
            other => panic!("not the token's refusal: {other}"),
        };
        let reset = MailKind::ResetPassword;
        assert_eq!(
            refused(unknown_link(reset)),
            ("token", "RESET_LINK_INVALID")
        );
        assert_eq!(refused(used_link(reset)), ("token", "RESET_LINK_USED"));
        assert_eq!(
            refused(expired_link(reset)),
            ("token", "RESET_LINK_EXPIRED")
        );
        for kind in [MailKind::VerifyEmail, MailKind::ConfirmEmailChange] {
            assert_eq!(
                refused(unknown_link(kind)),
                ("token", "VERIFY_LINK_INVALID")
            );
            assert_eq!(refused(used_link(kind)), ("token", "VERIFY_LINK_USED"));
            assert_eq!(
                refused(expired_link(kind)),
                ("token", "VERIFY_LINK_EXPIRED")
            );
        }
        assert_eq!(
            used_link(MailKind::VerifyEmail).to_string(),
            "This verification link has already been used."
        );
    }

    #[test]
    fn mails_are_written_in_the_language_asked_for_or_english() {
        assert_eq!(language("es"), "es");
        assert_eq!(language("de-AT"), "de");
        assert_eq!(language("EN-us"), "en");
        assert_eq!(language("fr"), "en");
        assert_eq!(language(""), "en");
    }
}
