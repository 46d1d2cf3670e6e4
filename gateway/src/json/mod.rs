//! The JSON shapes of the API (camelCase, as the spec names them) and their
//! conversions from the services' protobuf messages. Request fields default to
//! empty, so a missing field gets the service's own "... is required" text.

use chorely_proto::{auth::v1 as auth_pb, family::v1 as family_pb};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

mod admin;
mod chores;
mod dashboard;
mod rewards;
pub use admin::*;
pub use chores::*;
pub use dashboard::*;
pub use rewards::*;

pub(crate) fn time(t: Option<&prost_types::Timestamp>) -> Option<DateTime<Utc>> {
    t.and_then(kit::time::from_proto)
}

/// `ROLE_ORG_ADMIN` → `ORG_ADMIN`: the API speaks the spec's names.
pub(crate) fn enum_name(name: &str, prefix: &str) -> String {
    name.strip_prefix(prefix).unwrap_or(name).to_owned()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[derive(Default)]
pub struct RegisterBody {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    /// Labelled "Family Name" in the app.
    pub organization_name: String,
    /// The browser's IANA time zone, e.g. `Europe/Paris`; UTC when absent.
    pub time_zone: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginBody {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AcceptInviteBody {
    pub invite_code: String,
    pub password: String,
    /// Only for an invitation that names no email (an open invite code).
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateMeBody {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationSummary {
    pub id: String,
    pub name: String,
    /// FREE, PRO or ENTERPRISE
    pub plan: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    /// KIDS, TEEN or ADULT; a child's is the one set on their child record.
    pub ui_theme: String,
    /// A child's reward unit (MONEY, SCREEN_TIME, POINTS or CUSTOM); null for adults.
    pub reward_display_type: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub email: String,
    /// SUPER_ADMIN, ORG_ADMIN or ORG_MEMBER
    pub role: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub is_active: bool,
    pub email_verified: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    pub organization: Option<OrganizationSummary>,
    /// The child this login belongs to.
    pub child_id: Option<String>,
    pub profile: Profile,
}

impl From<auth_pb::User> for User {
    fn from(u: auth_pb::User) -> Self {
        Self {
            role: enum_name(u.role().as_str_name(), "ROLE_"),
            profile: Profile {
                ui_theme: match u.ui_theme() {
                    auth_pb::UiTheme::Unspecified => "ADULT".into(),
                    theme => enum_name(theme.as_str_name(), "UI_THEME_"),
                },
                reward_display_type: None,
            },
            last_login_at: time(u.last_login_at.as_ref()),
            created_at: time(u.created_at.as_ref()),
            organization: u.organization.map(|o| OrganizationSummary {
                id: o.id,
                name: o.name,
                plan: o.plan,
            }),
            child_id: Some(u.child_id).filter(|c| !c.is_empty()),
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            phone: u.phone,
            is_active: u.is_active,
            email_verified: u.email_verified,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthAnswer {
    /// Bearer token for the `Authorization` header.
    pub token: String,
    pub user: Option<User>,
}

impl From<auth_pb::AuthResponse> for AuthAnswer {
    fn from(r: auth_pb::AuthResponse) -> Self {
        Self {
            token: r.token,
            user: r.user.map(User::from),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invite {
    pub organization_name: String,
    pub display_name: String,
    pub email: String,
    pub expires_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::Invite> for Invite {
    fn from(i: auth_pb::Invite) -> Self {
        Self {
            expires_at: time(i.expires_at.as_ref()),
            organization_name: i.organization_name,
            display_name: i.display_name,
            email: i.email,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CreateInviteCodeBody {
    /// ORG_ADMIN (default) or ORG_MEMBER
    pub role: String,
    /// Empty allows any email.
    pub email: String,
    /// 1, 3, 7 (default), 14 or 30
    pub expires_in_days: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteCode {
    pub id: String,
    pub code: String,
    pub email: Option<String>,
    pub role: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub used_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::InviteCode> for InviteCode {
    fn from(c: auth_pb::InviteCode) -> Self {
        Self {
            role: enum_name(c.role().as_str_name(), "ROLE_"),
            expires_at: time(c.expires_at.as_ref()),
            used_at: time(c.used_at.as_ref()),
            email: Some(c.email).filter(|e| !e.is_empty()),
            id: c.id,
            code: c.code,
        }
    }
}

/// `ORG_MEMBER` → the protobuf role; anything else is left for the service to refuse.
pub fn role_from_name(name: &str) -> i32 {
    if name.is_empty() {
        return auth_pb::Role::Unspecified.into();
    }
    auth_pb::Role::from_str_name(&format!("ROLE_{name}")).map_or(-1, i32::from)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Organization {
    pub id: String,
    pub name: String,
    pub slug: String,
    /// IANA time zone of the family's daily and monthly windows.
    pub time_zone: String,
    pub created_at: Option<DateTime<Utc>>,
}

impl From<family_pb::Organization> for Organization {
    fn from(o: family_pb::Organization) -> Self {
        Self {
            created_at: time(o.created_at.as_ref()),
            id: o.id,
            name: o.name,
            slug: o.slug,
            time_zone: o.time_zone,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateOrganizationBody {
    /// The family name.
    pub name: String,
    /// Empty keeps the current time zone.
    pub time_zone: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` when every service answers its health check.
    pub status: String,
    /// Each service's health: SERVING, NOT_SERVING or UNREACHABLE.
    pub services: std::collections::BTreeMap<String, String>,
}

/// `"TEEN"` → the protobuf enum value of `AGE_GROUP_TEEN`; empty → unspecified
/// (the service's default); unknown → -1, which the service refuses by name.
pub fn proto_enum<E>(name: &str, prefix: &str) -> i32
where
    E: ProtoEnum,
{
    let name = name.trim();
    if name.is_empty() {
        return 0;
    }
    E::from_name(&format!("{prefix}{name}")).unwrap_or(-1)
}

/// The protobuf enums the API names by string.
pub trait ProtoEnum {
    fn from_name(name: &str) -> Option<i32>;
}

macro_rules! proto_enums {
    ($($ty:ty),*) => {
        $(impl ProtoEnum for $ty {
            fn from_name(name: &str) -> Option<i32> {
                <$ty>::from_str_name(name).map(i32::from)
            }
        })*
    };
}

proto_enums!(family_pb::AgeGroup, family_pb::RewardDisplayType);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildContact {
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Child {
    pub id: String,
    /// What the family calls the child.
    pub name: String,
    pub first_name: String,
    pub last_name: String,
    pub user: ChildContact,
    /// The child's login; null until they accepted their invitation.
    pub user_id: Option<String>,
    /// `YYYY-MM-DD`
    pub date_of_birth: Option<String>,
    /// Dollars.
    pub birthday_reward_amount: f64,
    /// CHILD, TWEEN, TEEN or YOUNG_ADULT
    pub age_group: String,
    /// KIDS, TEEN or ADULT
    pub ui_theme: String,
    /// MONEY, SCREEN_TIME, POINTS or CUSTOM
    pub reward_display_type: String,
    /// Dollars (or hours, points) the child has.
    pub balance: f64,
    pub honesty_rating: i32,
    pub respect_rating: i32,
    pub rules_rating: i32,
    /// Mean grade points of active graded subjects; null without any.
    pub gpa: Option<f64>,
    /// The GPA's letter.
    pub gpa_letter: Option<String>,
    /// What an approved chore is multiplied by now.
    pub multiplier: Option<MultiplierView>,
}

impl From<family_pb::Child> for Child {
    fn from(c: family_pb::Child) -> Self {
        Self {
            age_group: enum_name(c.age_group().as_str_name(), "AGE_GROUP_"),
            reward_display_type: enum_name(
                c.reward_display_type().as_str_name(),
                "REWARD_DISPLAY_TYPE_",
            ),
            birthday_reward_amount: crate::money::to_dollars(c.birthday_reward_cents),
            user: ChildContact {
                email: c.email,
                phone: c.phone,
            },
            user_id: Some(c.user_id).filter(|u| !u.is_empty()),
            date_of_birth: Some(c.date_of_birth).filter(|d| !d.is_empty()),
            // Money, grades and multiplier come from rewards (`Child::with_summary`).
            balance: 0.0,
            gpa: None,
            gpa_letter: None,
            multiplier: None,
            id: c.id,
            name: c.name,
            first_name: c.first_name,
            last_name: c.last_name,
            ui_theme: c.ui_theme,
            honesty_rating: c.honesty_rating,
            respect_rating: c.respect_rating,
            rules_rating: c.rules_rating,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteChildBody {
    pub first_name: String,
    pub last_name: String,
    #[serde(flatten)]
    pub details: ChildDetailsBody,
}

/// The fields of a child a parent sets when adding or editing them.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChildDetailsBody {
    /// Display name; first and last name when empty.
    pub name: String,
    pub email: String,
    pub phone: String,
    /// `YYYY-MM-DD`
    pub date_of_birth: Option<String>,
    /// Dollars, 0 or more; 10 when adding without one, unchanged when editing without one.
    pub birthday_reward_amount: Option<f64>,
    /// CHILD (default), TWEEN, TEEN or YOUNG_ADULT
    pub age_group: String,
    /// KIDS (default), TEEN or ADULT
    pub ui_theme: String,
    /// MONEY (default), SCREEN_TIME, POINTS or CUSTOM
    pub reward_display_type: String,
}

/// The details as the family service takes them.
pub struct ChildDetailsProto {
    pub date_of_birth: String,
    pub birthday_reward_cents: Option<i64>,
    pub age_group: i32,
    pub reward_display_type: i32,
}

impl ChildDetailsBody {
    pub fn to_proto(&self) -> Result<ChildDetailsProto, crate::error::ApiError> {
        Ok(ChildDetailsProto {
            date_of_birth: self.date_of_birth.clone().unwrap_or_default(),
            birthday_reward_cents: self
                .birthday_reward_amount
                .map(|d| crate::money::to_cents(d, "Birthday reward"))
                .transpose()?,
            age_group: proto_enum::<family_pb::AgeGroup>(&self.age_group, "AGE_GROUP_"),
            reward_display_type: proto_enum::<family_pb::RewardDisplayType>(
                &self.reward_display_type,
                "REWARD_DISPLAY_TYPE_",
            ),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildInvitation {
    pub child: Child,
    /// The register page with an `invite` parameter; open it to accept.
    pub invite_url: String,
    pub invite_code: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RatingsBody {
    #[schema(value_type = i32, minimum = 1, maximum = 10)]
    pub honesty_rating: Option<serde_json::Value>,
    #[schema(value_type = i32, minimum = 1, maximum = 10)]
    pub respect_rating: Option<serde_json::Value>,
    #[schema(value_type = i32, minimum = 1, maximum = 10)]
    pub rules_rating: Option<serde_json::Value>,
}

pub const RATINGS_MESSAGE: &str = "Ratings must be whole numbers from 1 to 10";

impl RatingsBody {
    /// The three ratings as whole numbers (any other JSON gets the ratings
    /// message, not a parser's); the range is the service's to check.
    pub fn whole(&self) -> Result<[i32; 3], crate::error::ApiError> {
        let whole = |value: &Option<serde_json::Value>| {
            value
                .as_ref()
                .and_then(|v| {
                    v.as_i64()
                        .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
                })
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| crate::error::ApiError::bad_request(RATINGS_MESSAGE))
        };
        Ok([
            whole(&self.honesty_rating)?,
            whole(&self.respect_rating)?,
            whole(&self.rules_rating)?,
        ])
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// ORG_ADMIN or ORG_MEMBER
    pub role: String,
    pub is_active: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    pub child_id: Option<String>,
}

impl From<auth_pb::User> for Member {
    fn from(u: auth_pb::User) -> Self {
        let user = User::from(u);
        Self {
            id: user.id,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            role: user.role,
            is_active: user.is_active,
            last_login_at: user.last_login_at,
            created_at: user.created_at,
            child_id: user.child_id,
        }
    }
}
