//! The family's calendar: days, months and availability follow its time zone.

use chrono::NaiveDate;
use chrono_tz::Tz;
use kit::{authn::User, codes, validate::FieldError};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    clients::{Asker, Clients},
    error::Error,
    store::families,
};

/// The time zone of `org`, the caller's family: kept here from the family
/// service's events; a family not seen yet (created before this service
/// listened) is asked for once, with the caller's token, and remembered.
pub async fn time_zone(
    pool: &PgPool,
    clients: &Clients,
    user: &User,
    org: Uuid,
) -> Result<Tz, Error> {
    let kept = families::time_zone(pool, org).await?;
    kept_or_asked(kept, pool, clients, user, org).await
}

/// [`time_zone`] from the zone already read here (`None`: not seen yet).
pub async fn kept_or_asked<'a>(
    kept: Option<String>,
    pool: &PgPool,
    clients: &Clients,
    asker: impl Into<Asker<'a>>,
    org: Uuid,
) -> Result<Tz, Error> {
    let name = match kept {
        Some(name) => name,
        None => {
            let name = clients.time_zone(asker).await?;
            families::learn(pool, org, &name).await?;
            name
        }
    };
    Ok(parse(&name))
}

/// Family validates zones when they are set; UTC is only a fallback.
pub fn parse(name: &str) -> Tz {
    name.parse().unwrap_or(Tz::UTC)
}

/// A date as YYYY-MM-DD, `None` when empty; refused on `field` otherwise.
pub fn date(raw: &str, field: &'static str) -> Result<Option<NaiveDate>, FieldError> {
    match raw.trim() {
        "" => Ok(None),
        text => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| codes::date_invalid().on(field)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_written_yyyy_mm_dd() {
        assert_eq!(date(" ", "from"), Ok(None));
        assert_eq!(
            date("2030-01-07", "from"),
            Ok(NaiveDate::from_ymd_opt(2030, 1, 7))
        );
        let err = date("07/01/2030", "to").unwrap_err();
        assert_eq!((err.field, err.code()), ("to", "DATE_INVALID"));
        assert_eq!(err.message(), "Date must be a date as YYYY-MM-DD");
    }
}
