//! Two-factor sign-in: TOTP (RFC 6238) as authenticator apps speak it (SHA-1,
//! 6 digits, 30-second steps, one step of drift either way), and ten one-time
//! recovery codes for a lost phone.
//!
//! A login with it on answers `mfa_required` and a short-lived second-step
//! token after the right password; `login_mfa` takes that token and a code.
//! Each token is a challenge kept here: it allows a few codes and is spent
//! by the right one. Wrong codes are counted per user apart from passwords
//! (a right password does not clear them), and the lock they lead to is
//! mailed to the user. Each code works once, and the time codes are checked
//! at is the service's clock (tests move it).
//! Super admins must set it up before the console lets them in, unless the
//! operator lifts that (`SUPER_ADMIN_MFA_REQUIRED=false`).

use std::time::Duration;

use chorely_proto::auth::v1 as pb;
use kit::authn::User as Caller;
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, TOTP};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    error::Error,
    recovery::MailContext,
    sessions,
    store::{
        mail_queue::MailKind,
        mfa, mfa_challenges,
        mfa_failures::{self, Reserved},
        users::{self, UserRow},
    },
};

const DIGITS: usize = 6;
const STEP_SECONDS: u64 = 30;
const SKEW_STEPS: u8 = 1;
const ISSUER: &str = "Chorely";
/// 160 bits, as RFC 4226 recommends.
const SECRET_BYTES: usize = 20;
const RECOVERY_CODES: usize = 10;
/// Characters of a recovery code (a dash in the middle): 50 bits, in
/// Crockford's base32, which has no I, L, O or U to mistake for a digit.
const RECOVERY_CODE_CHARS: usize = 10;
const RECOVERY_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// How long a login may take between its password and its code.
pub const SECOND_STEP: Duration = Duration::from_secs(5 * 60);
/// Codes one login's second step may try; then the password is asked again.
const ATTEMPTS_PER_SIGN_IN: i32 = 5;
/// Wrong codes of one user in a row that lock their second step (a code
/// falls to a guesser in about 1 in 330,000 tries: at ten a lock, years) ...
const FAILURES_MAX: i32 = 10;
/// ... when no more than this apart ...
const FAILURE_WINDOW: Duration = Duration::from_secs(60 * 60);
/// ... for this long.
pub const LOCK: Duration = Duration::from_secs(30 * 60);

fn totp(secret: Vec<u8>, account: &str) -> Result<TOTP, Error> {
    TOTP::new(
        Algorithm::SHA1,
        DIGITS,
        SKEW_STEPS,
        STEP_SECONDS,
        secret,
        Some(ISSUER.to_owned()),
        account.to_owned(),
    )
    .map_err(|e| Error::Internal(anyhow::anyhow!("TOTP: {e}")))
}

/// The 30-second step `code` is good for at `now` (Unix seconds), if any:
/// the current one or one either side, as phones' clocks drift.
fn step_of(totp: &TOTP, code: &str, now: u64) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let current = now / STEP_SECONDS;
    (current.saturating_sub(u64::from(SKEW_STEPS))..=current + u64::from(SKEW_STEPS))
        .find(|step| {
            same(
                totp.generate(step * STEP_SECONDS).as_bytes(),
                code.as_bytes(),
            )
        })
        .and_then(|step| i64::try_from(step).ok())
}

/// Compares in time that does not depend on where the texts differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A recovery code as typed, in the form it is hashed in: upper case,
/// without the dash and spaces, and the letters Crockford's base32 reads as
/// digits (O as 0, I and L as 1) read so.
fn normalise_recovery_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .map(|c| match c {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect()
}

fn hash_recovery_code(code: &str) -> Vec<u8> {
    Sha256::digest(normalise_recovery_code(code).as_bytes()).to_vec()
}

/// Ten new recovery codes, `XXXXX-XXXXX`.
fn new_recovery_codes() -> Result<Vec<String>, Error> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; RECOVERY_CODE_CHARS];
            getrandom::fill(&mut bytes).map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
            // 256 is a multiple of 32: every character is equally likely.
            let chars: String = bytes
                .iter()
                .map(|b| char::from(RECOVERY_ALPHABET[usize::from(b % 32)]))
                .collect();
            Ok(format!("{}-{}", &chars[..5], &chars[5..]))
        })
        .collect()
}

impl Accounts {
    /// What a login answers once the password was right (or a reset link
    /// set a new one): the session, or, with two-factor sign-in on, the
    /// token for its second step, a challenge kept here.
    pub(crate) async fn after_password(&self, user: UserRow) -> Result<pb::AuthResponse, Error> {
        if !user.mfa_enabled {
            return self.logged_in(user).await;
        }
        let now = self.clock.now();
        let expires_at = now
            + chrono::Duration::from_std(SECOND_STEP)
                .map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
        let challenge = Uuid::now_v7();
        mfa_challenges::open(&self.pool, challenge, user.id, expires_at, now).await?;
        let mfa_token = self
            .signer
            .mfa_token(user.id, challenge, expires_at.timestamp())
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::AuthResponse {
            mfa_required: true,
            mfa_token,
            ..Default::default()
        })
    }

    /// The second step of a login: a code from the app, or a recovery code.
    pub async fn login_mfa(&self, req: pb::LoginMfaRequest) -> Result<pb::AuthResponse, Error> {
        let now = self.clock.now();
        let claims = self
            .verifier
            .verify_mfa(req.mfa_token.trim(), now.timestamp())
            .map_err(|_| Error::MfaLoginExpired)?;
        let user_id = Uuid::parse_str(&claims.sub).map_err(|_| Error::MfaLoginExpired)?;
        let challenge = Uuid::parse_str(&claims.jti).map_err(|_| Error::MfaLoginExpired)?;
        if req.code.trim().is_empty() {
            return Err(no_code());
        }
        if !mfa_challenges::take_attempt(&self.pool, challenge, user_id, ATTEMPTS_PER_SIGN_IN, now)
            .await?
        {
            return Err(
                match mfa_challenges::attempts(&self.pool, challenge, user_id, now).await? {
                    Some(tried) if tried >= ATTEMPTS_PER_SIGN_IN => Error::MfaAttemptsUsed,
                    _ => Error::MfaLoginExpired,
                },
            );
        }
        let user = users::find_by_id(&self.pool, user_id)
            .await?
            .ok_or(Error::MfaLoginExpired)?;
        let mail = MailContext::from_proto(req.mail.as_ref());
        self.check_code(&user, &req.code, Some(challenge), mail.as_ref())
            .await?;
        if !user.is_active {
            return Err(Error::AccountInactive);
        }
        self.logged_in(user).await
    }

    /// A new secret for the caller's authenticator app. Not asked for at
    /// login until a code from the app confirms it.
    /// Asks for the current password: a session alone (a borrowed phone)
    /// must not lock the owner out with a secret of someone else's app.
    pub async fn start_mfa_setup(
        &self,
        caller: &Caller,
        req: pb::StartMfaSetupRequest,
    ) -> Result<pb::MfaSetup, Error> {
        let user = self.confirm_password(caller, &req.current_password).await?;
        let mut secret = vec![0u8; SECRET_BYTES];
        getrandom::fill(&mut secret).map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
        if !mfa::start(&self.pool, user.id, &secret, self.clock.now()).await? {
            return Err(Error::MfaAlreadyOn);
        }
        let totp = totp(secret, &user.email)?;
        Ok(pb::MfaSetup {
            secret: totp.get_secret_base32(),
            otpauth_url: totp.get_url(),
        })
    }

    /// Turns two-factor sign-in on with a code from the app. The recovery
    /// codes are answered this once (only their hashes are kept), with a new
    /// token for this session: for a super admin, the one the console takes.
    /// Every other session of the user ends.
    pub async fn confirm_mfa(
        &self,
        caller: &Caller,
        req: pb::ConfirmMfaRequest,
    ) -> Result<pb::MfaConfirmed, Error> {
        Self::off_tablet(caller)?;
        if req.code.trim().is_empty() {
            return Err(no_code());
        }
        let mut user = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::UserNotFound)?;
        let setup = match mfa::secret(&self.pool, user.id).await? {
            Some(setup) if setup.confirmed => return Err(Error::MfaAlreadyOn),
            Some(setup) => setup,
            None => return Err(Error::MfaNotStarted),
        };
        let now = self.clock.now();
        let reserved = self.reserve_code_attempt(&user, now).await?;
        let Some(step) = step_of(
            &totp(setup.secret, &user.email)?,
            &req.code,
            unix_seconds(now),
        ) else {
            return Err(self.wrong_code(&user, reserved, None).await?);
        };
        let codes = new_recovery_codes()?;
        let hashes: Vec<Vec<u8>> = codes.iter().map(|c| hash_recovery_code(c)).collect();
        let mut tx = self.pool.begin().await?;
        if !mfa::use_step(&mut tx, user.id, step).await? {
            return Err(wrong_code());
        }
        mfa::confirm(&mut tx, user.id, &hashes, now).await?;
        // Sessions opened with the password alone end: whoever had it
        // before the second factor existed is out. This one goes on.
        let cut = sessions::end_sessions(&mut tx, user.id, user.organization_id).await?;
        tx.commit().await?;
        self.end_sessions_here(user.id, cut);
        mfa_failures::clear(&self.pool, user.id).await?;
        user.mfa_enabled = true;
        sessions::wait_past(cut).await;
        let token = self
            .signer
            .session_token(
                &self.subject(&user),
                &caller.session_id,
                caller.session_started,
            )
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::MfaConfirmed {
            recovery_codes: codes,
            session: Some(pb::AuthResponse {
                token,
                user: Some(self.describe(&user).await?),
                ..Default::default()
            }),
        })
    }

    /// Turns two-factor sign-in off, proven by a code (or a recovery code).
    /// Super admins keep it while it is required of them.
    pub async fn disable_mfa(
        &self,
        caller: &Caller,
        req: pb::DisableMfaRequest,
    ) -> Result<pb::User, Error> {
        Self::off_tablet(caller)?;
        let mut user = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::UserNotFound)?;
        if !user.mfa_enabled {
            return Err(Error::MfaNotOn);
        }
        if self.mfa_required_of(&user) {
            return Err(Error::MfaRequiredForAdmins);
        }
        if req.code.trim().is_empty() {
            return Err(no_code());
        }
        let mail = MailContext::from_proto(req.mail.as_ref());
        self.check_code(&user, &req.code, None, mail.as_ref())
            .await?;
        let mut tx = self.pool.begin().await?;
        mfa::remove(&mut tx, user.id).await?;
        tx.commit().await?;
        user.mfa_enabled = false;
        self.describe(&user).await
    }

    /// A parent turns two-factor sign-in off for their own child's login
    /// (a lost phone, or a setup the child should not have made); the
    /// child's sessions end. Another family's child, or one without a
    /// login, answers as a child without a login.
    pub async fn reset_child_mfa(
        &self,
        caller: &Caller,
        req: pb::ResetChildMfaRequest,
    ) -> Result<Uuid, Error> {
        Self::off_tablet(caller)?;
        let org = caller.org.ok_or(Error::NoFamily)?;
        let child_id = Uuid::parse_str(req.child_id.trim()).map_err(|_| Error::ChildHasNoLogin)?;
        let login = users::child_login(&self.pool, org, child_id)
            .await?
            .ok_or(Error::ChildHasNoLogin)?;
        if !login.mfa_enabled {
            return Err(Error::MfaNotOn);
        }
        let mut tx = self.pool.begin().await?;
        mfa::remove(&mut tx, login.id).await?;
        let cut = sessions::end_sessions(&mut tx, login.id, Some(org)).await?;
        tx.commit().await?;
        self.end_sessions_here(login.id, cut);
        mfa_failures::clear(&self.pool, login.id).await?;
        Ok(login.id)
    }

    /// Whether `user` must have two-factor sign-in.
    pub(crate) fn mfa_required_of(&self, user: &UserRow) -> bool {
        self.super_admin_mfa_required && user.role == kit::authn::Role::SuperAdmin.as_str()
    }

    /// Checks a code of `user`'s app or one of their recovery codes, using it
    /// up, and the login's `challenge` with it, if any (so a right code signs
    /// in once). Counted against the user's own lock; a right one clears it.
    async fn check_code(
        &self,
        user: &UserRow,
        code: &str,
        challenge: Option<Uuid>,
        mail: Option<&MailContext>,
    ) -> Result<(), Error> {
        let now = self.clock.now();
        let reserved = self.reserve_code_attempt(user, now).await?;
        let Some(setup) = mfa::secret(&self.pool, user.id)
            .await?
            .filter(|s| s.confirmed)
        else {
            return Err(self.wrong_code(user, reserved, mail).await?);
        };
        let mut tx = self.pool.begin().await?;
        let accepted = match step_of(&totp(setup.secret, &user.email)?, code, unix_seconds(now)) {
            Some(step) => mfa::use_step(&mut tx, user.id, step).await?,
            None => {
                mfa::use_recovery_code(&mut tx, user.id, &hash_recovery_code(code), now).await?
            }
        };
        if !accepted {
            return Err(self.wrong_code(user, reserved, mail).await?);
        }
        if let Some(challenge) = challenge
            && !mfa_challenges::spend(&mut tx, challenge, now).await?
        {
            // Another request signed in with this challenge first; the code
            // stays unused (the transaction is not committed).
            return Err(Error::MfaLoginExpired);
        }
        tx.commit().await?;
        mfa_failures::clear(&self.pool, user.id).await?;
        Ok(())
    }

    /// Counts an attempt at `user`'s second factor before it is checked,
    /// refusing it while they are locked.
    async fn reserve_code_attempt(
        &self,
        user: &UserRow,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reserved, Error> {
        let reserved =
            mfa_failures::reserve(&self.pool, user.id, FAILURES_MAX, FAILURE_WINDOW, LOCK, now)
                .await?;
        if let Reserved::Locked { until } = reserved {
            return Err(Error::MfaLocked {
                minutes: minutes_left(until, now),
            });
        }
        Ok(reserved)
    }

    /// The error for a wrong code: "not right", or, when it was the last
    /// before the lock, the lock, which the user is also told of by mail
    /// (a guesser has their password; they should choose a new one).
    async fn wrong_code(
        &self,
        user: &UserRow,
        reserved: Reserved,
        mail: Option<&MailContext>,
    ) -> Result<Error, Error> {
        let Reserved::LastBeforeLock { until } = reserved else {
            return Ok(wrong_code());
        };
        if let Some(mail) = mail
            && !user.email.is_empty()
        {
            let mut tx = self.pool.begin().await?;
            let queued = self
                .queue_mail(
                    &mut tx,
                    MailKind::MfaLocked,
                    &user.email,
                    Some(user.id),
                    mail,
                )
                .await?;
            tx.commit().await?;
            if queued {
                self.mail.wake();
            }
        }
        Ok(Error::MfaLocked {
            minutes: minutes_left(until, self.clock.now()),
        })
    }
}

/// Whole minutes from `now` until `until`, rounded up, at least one.
fn minutes_left(until: chrono::DateTime<chrono::Utc>, now: chrono::DateTime<chrono::Utc>) -> i64 {
    let seconds = (until - now).num_seconds().max(1);
    (seconds + 59) / 60
}

// (`kit::codes` in full: this module's own codes are the recovery codes.)
fn no_code() -> Error {
    Error::invalid("code", kit::codes::required(kit::codes::Label::Code))
}

fn wrong_code() -> Error {
    Error::invalid("code", kit::codes::mfa_code_wrong())
}

fn unix_seconds(at: chrono::DateTime<chrono::Utc>) -> u64 {
    u64::try_from(at.timestamp()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> TOTP {
        totp(b"12345678901234567890".to_vec(), "ann@example.com").unwrap()
    }

    #[test]
    fn codes_of_rfc_6238_are_accepted_in_their_step_and_one_either_side() {
        // RFC 6238, appendix B: SHA-1 at 59 s is 94287082 (8 digits); its
        // last six digits are the 6-digit code.
        let totp = app();
        assert_eq!(totp.generate(59), "287082");
        assert_eq!(step_of(&totp, "287082", 59), Some(1));
        assert_eq!(step_of(&totp, "287 082", 59 + 30), Some(1), "a step late");
        assert_eq!(step_of(&totp, "287082", 59 + 60), None, "two steps late");
        assert_eq!(step_of(&totp, "287083", 59), None);
        assert_eq!(step_of(&totp, "28708", 59), None);
        assert_eq!(step_of(&totp, "abcdef", 59), None);
    }

    #[test]
    fn a_missing_or_wrong_code_is_the_code_fields_refusal() {
        for (err, code, text) in [
            (no_code(), "REQUIRED", "Code is required"),
            (wrong_code(), "MFA_CODE_WRONG", "That code is not right"),
        ] {
            let Error::Invalid(field) = err else {
                panic!("{code} is a field's refusal");
            };
            assert_eq!((field.field, field.code()), ("code", code));
            assert_eq!(field.message(), text);
        }
    }

    #[test]
    fn recovery_codes_are_ten_different_and_typed_loosely() {
        let codes = new_recovery_codes().unwrap();
        assert_eq!(codes.len(), 10);
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), 10);
        for code in &codes {
            assert_eq!(code.len(), 11, "{code}");
            assert_eq!(&code[5..6], "-");
        }
        let code = &codes[0];
        let loose = format!(" {} ", code.to_lowercase().replace('-', " "));
        assert_eq!(hash_recovery_code(&loose), hash_recovery_code(code));
        assert_eq!(hash_recovery_code("0O1-IL"), hash_recovery_code("00111"));
        assert_ne!(hash_recovery_code(&codes[1]), hash_recovery_code(code));
    }
}
