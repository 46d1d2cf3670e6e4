//! Each user's choices: which kinds reach them in the app and by mail, when
//! the daily digest and the weekly summary go out. Without a saved choice
//! everything is on, the digest at 18:00 and the summary on Sundays, in the
//! family's time zone.

use chorely_proto::auth::v1 as pb;
use chrono::{NaiveTime, Timelike};
use kit::{authn::User, clock::Clock, codes};
use sqlx::PgPool;

use super::{Kind, is_on, mail::Notice};
use crate::{
    clients::Clients,
    error::Error,
    mail::templates::LANGUAGES,
    store::notifications::{self as store, Choices, Member},
};

#[derive(Clone)]
pub struct Settings {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

/// The kinds a user of `user`'s role is told of.
pub fn kinds_of(user: &User) -> &'static [Kind] {
    if user.role.is_parent() {
        &Kind::FOR_PARENTS
    } else {
        &Kind::FOR_CHILDREN
    }
}

fn view(user: &User, member: &Member, time_zone: String) -> pb::NotificationSettings {
    pb::NotificationSettings {
        kinds: kinds_of(user)
            .iter()
            .map(|kind| pb::KindSetting {
                kind: kind.as_str().to_owned(),
                in_app: is_on(&member.in_app_off, kind.as_str()),
                email: kind.mail().map(|n| is_on(&member.email_off, n.as_str())),
            })
            .collect(),
        digest_time: format!(
            "{:02}:{:02}",
            member.digest_time.hour(),
            member.digest_time.minute()
        ),
        weekly_summary: Some(is_on(&member.email_off, Notice::WeeklySummary.as_str())),
        weekly_summary_day: i32::from(member.weekly_summary_day),
        time_zone,
        language: member.language.clone(),
    }
}

/// `HH:MM`, 00:00 to 23:59.
fn parse_time(raw: &str) -> Result<NaiveTime, Error> {
    let bad = || Error::invalid("digestTime", codes::digest_time_invalid());
    let (h, m) = raw.trim().split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 {
        return Err(bad());
    }
    let (h, m) = (
        h.parse::<u32>().map_err(|_| bad())?,
        m.parse::<u32>().map_err(|_| bad())?,
    );
    NaiveTime::from_hms_opt(h, m, 0).ok_or_else(bad)
}

impl Settings {
    async fn member(&self, user: &User) -> Result<Member, Error> {
        let org = user.org.ok_or(Error::NoFamily)?;
        store::member(&self.pool, org, user.id)
            .await?
            .ok_or(Error::UserNotFound)
    }

    pub async fn get(&self, user: &User) -> Result<pb::NotificationSettings, Error> {
        let member = self.member(user).await?;
        let zone = self.clients.time_zone(member.organization_id).await?;
        Ok(view(user, &member, zone))
    }

    /// Replaces `user`'s choices; kinds not named keep their current choice.
    pub async fn save(
        &self,
        user: &User,
        req: pb::NotificationSettings,
    ) -> Result<pb::NotificationSettings, Error> {
        let member = self.member(user).await?;
        let mine = kinds_of(user);
        let mut in_app_off = member.in_app_off.clone();
        let mut email_off = member.email_off.clone();
        let set = |list: &mut Vec<String>, name: &str, on: bool| {
            list.retain(|n| n != name);
            if !on {
                list.push(name.to_owned());
            }
        };
        for setting in &req.kinds {
            let kind = Kind::parse(&setting.kind)
                .filter(|k| mine.contains(k))
                .ok_or_else(|| Error::invalid("kinds", codes::notification_kind_unknown()))?;
            set(&mut in_app_off, kind.as_str(), setting.in_app);
            match (setting.email, kind.mail()) {
                (Some(on), Some(notice)) => set(&mut email_off, notice.as_str(), on),
                (Some(true), None) => {
                    return Err(Error::invalid(
                        "kinds",
                        codes::notification_kind_not_mailed(),
                    ));
                }
                _ => {}
            }
        }
        let digest_time = parse_time(&req.digest_time)?;
        let day = i16::try_from(req.weekly_summary_day)
            .ok()
            .filter(|d| (1..=7).contains(d))
            .ok_or_else(|| {
                Error::invalid("weeklySummaryDay", codes::weekly_summary_day_invalid())
            })?;
        if let (true, Some(on)) = (user.role.is_parent(), req.weekly_summary) {
            set(&mut email_off, Notice::WeeklySummary.as_str(), on);
        }
        let language = LANGUAGES
            .into_iter()
            .find(|l| *l == req.language)
            .unwrap_or(member.language.as_str());
        let mut tx = self.pool.begin().await?;
        store::save(
            &mut tx,
            &Choices {
                org: member.organization_id,
                user: user.id,
                in_app_off: &in_app_off,
                email_off: &email_off,
                digest_time,
                weekly_summary_day: day,
                language,
                at: self.clock.now(),
            },
        )
        .await?;
        tx.commit().await?;
        self.get(user).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_times_are_hours_and_minutes() {
        assert_eq!(
            parse_time("18:00").unwrap(),
            NaiveTime::from_hms_opt(18, 0, 0).unwrap()
        );
        assert_eq!(
            parse_time("07:45").unwrap(),
            NaiveTime::from_hms_opt(7, 45, 0).unwrap()
        );
        for bad in ["", "7:45", "24:00", "12:60", "noon", "12:00:00"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        let Err(Error::Invalid(refused)) = parse_time("noon") else {
            panic!("a time of day that is none is the field's refusal");
        };
        assert_eq!(
            (refused.field, refused.code(), refused.message().as_str()),
            (
                "digestTime",
                "DIGEST_TIME_INVALID",
                "Digest time must be a time of day such as 18:00"
            )
        );
    }
}
