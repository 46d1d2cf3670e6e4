//! What the account's security asks beyond a session: it is never reached
//! from the family tablet (a child's five-minute session a PIN opened), and
//! the calls that would outlive or lock out the session's owner (turning
//! two-factor sign-in on, ending every session, making a calendar feed) ask
//! for the current password, counted against the login lock as a login is.

use kit::{
    authn::User as Caller,
    codes::{self, Label},
};

use crate::{
    accounts::Accounts,
    error::Error,
    store::{
        login_failures,
        users::{self, UserRow},
    },
};

impl Accounts {
    /// Refuses a tablet session.
    pub(crate) fn off_tablet(caller: &Caller) -> Result<(), Error> {
        if caller.on_tablet {
            return Err(Error::NotOnTablet);
        }
        Ok(())
    }

    /// Checks the caller's current password (and that this is no tablet
    /// session): a wrong one stays counted towards the login lock. Answers
    /// the caller's login as read for the check.
    pub async fn confirm_password(
        &self,
        caller: &Caller,
        password: &str,
    ) -> Result<UserRow, Error> {
        Self::off_tablet(caller)?;
        if password.is_empty() {
            return Err(Error::invalid(
                "currentPassword",
                codes::required(Label::CurrentPassword),
            ));
        }
        let user = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::UserNotFound)?;
        self.reserve_password_attempt(&user.email).await?;
        if !self
            .hasher
            .verify(password, Some(&user.password_hash))
            .await?
        {
            return Err(Error::invalid(
                "currentPassword",
                codes::current_password_wrong(),
            ));
        }
        login_failures::clear(&self.pool, &user.email).await?;
        Ok(user)
    }
}
