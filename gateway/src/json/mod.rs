//! The JSON shapes of the API (camelCase, as the spec names them) and their
//! conversions from the services' protobuf messages. They are the contract:
//! the OpenAPI document is generated from them, and the web's types from it.
//!
//! Requests: a required field is marked `required` in the document and, when
//! missing, is read as empty so the service answers with its own "... is
//! required" text naming the field; an optional field is an `Option`, so
//! `null` and absence mean the same. Closed sets of values are enums.

use chorely_proto::{auth::v1 as auth_pb, family::v1 as family_pb};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

mod admin;
mod allowance;
mod calendar;
mod chores;
mod dashboard;
mod devices;
mod enums;
mod money;
mod notifications;
mod pauses;
mod rewards;
mod savings;
mod tablets;
mod webhooks;
pub use admin::*;
pub use allowance::*;
pub use calendar::*;
pub use chores::*;
pub use dashboard::*;
pub use devices::*;
pub use enums::*;
pub use money::*;
pub use notifications::*;
pub use pauses::*;
pub use rewards::*;
pub use savings::*;
pub use tablets::*;
pub use webhooks::*;

pub(crate) fn time(t: Option<&prost_types::Timestamp>) -> Option<DateTime<Utc>> {
    t.and_then(kit::time::from_proto)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[derive(Default)]
pub struct RegisterBody {
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    #[schema(required = true, min_length = 6)]
    pub password: String,
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub first_name: String,
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub last_name: String,
    /// Labelled "Family Name" in the app.
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub organization_name: String,
    /// The browser's IANA time zone, e.g. `Europe/Paris`; UTC when absent.
    #[schema(value_type = Option<crate::openapi::TimeZone>)]
    pub time_zone: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ForgotPasswordBody {
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ResetPasswordBody {
    /// The token of the mailed link (`/reset-password/{token}`).
    #[schema(required = true, min_length = 1)]
    pub token: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChangePasswordBody {
    /// The password the user signs in with now.
    #[schema(required = true, min_length = 1)]
    pub current_password: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub new_password: String,
}

/// The current password, which calls that would outlive or lock out the
/// session's owner ask for (a session alone, on a borrowed phone, must not).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CurrentPasswordBody {
    /// The password the user signs in with now.
    #[schema(required = true, min_length = 1)]
    pub current_password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChildPasswordBody {
    /// The child's new password.
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
}

/// A renewed access token.
#[derive(Debug, Serialize, ToSchema)]
pub struct RenewedToken {
    /// Bearer token for the `Authorization` header, in the same session.
    pub token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct VerifyEmailBody {
    /// The token of the mailed link (`/verify-email/{token}`).
    #[schema(required = true, min_length = 1)]
    pub token: String,
}

/// The answer to a request whose effect comes later (a mail).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub message: String,
}

/// The address a verification link proved.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedEmail {
    pub email: String,
    pub email_verified: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginBody {
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AcceptInviteBody {
    #[schema(required = true, min_length = 1)]
    pub invite_code: String,
    #[schema(required = true, min_length = 6)]
    pub password: String,
    /// Only for an invitation that names no email (an open invite code).
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 100)]
    pub first_name: Option<String>,
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateMeBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub first_name: String,
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
    /// A new address takes effect when the link mailed to it is followed.
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    /// Digits, spaces and `+-().`.
    #[schema(max_length = 40, pattern = r"^[0-9 +().-]*$")]
    pub phone: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationSummary {
    pub id: String,
    pub name: String,
    pub plan: Plan,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    /// A child's is the one set on their child record.
    pub ui_theme: UiTheme,
    /// A child's reward unit; null for adults.
    pub reward_display_type: Option<RewardDisplayType>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub email: String,
    pub role: Role,
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
    /// Two-factor sign-in is on.
    pub mfa_enabled: bool,
    /// A super admin who must set up two-factor sign-in before the console.
    pub mfa_setup_required: bool,
    /// A new address the user asked for, waiting for the link mailed to it
    /// to be followed (`email` stays the sign-in address until then).
    pub pending_email: Option<String>,
}

impl From<auth_pb::User> for User {
    fn from(u: auth_pb::User) -> Self {
        Self {
            role: Role::from_proto(u.role()).unwrap_or(Role::ORG_MEMBER),
            profile: Profile {
                ui_theme: UiTheme::from_proto(u.ui_theme()).unwrap_or(UiTheme::ADULT),
                reward_display_type: None,
            },
            last_login_at: time(u.last_login_at.as_ref()),
            created_at: time(u.created_at.as_ref()),
            organization: u.organization.map(|o| OrganizationSummary {
                plan: Plan::parse(&o.plan).unwrap_or(Plan::FREE),
                id: o.id,
                name: o.name,
            }),
            child_id: Some(u.child_id).filter(|c| !c.is_empty()),
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            phone: u.phone,
            is_active: u.is_active,
            email_verified: u.email_verified,
            mfa_enabled: u.mfa_enabled,
            mfa_setup_required: u.mfa_setup_required,
            pending_email: Some(u.pending_email).filter(|e| !e.is_empty()),
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

/// What a login answers: the session, or, for a user with two-factor
/// sign-in on, the challenge its second step (`POST /auth/login/mfa`) answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    Session(Box<AuthAnswer>),
    Mfa(MfaChallenge),
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MfaChallenge {
    /// Always true: a code is needed.
    pub mfa_required: bool,
    /// Sent back with the code; good for 5 minutes.
    pub mfa_token: String,
}

impl From<auth_pb::AuthResponse> for LoginAnswer {
    fn from(r: auth_pb::AuthResponse) -> Self {
        if r.mfa_required {
            Self::Mfa(MfaChallenge {
                mfa_required: true,
                mfa_token: r.mfa_token,
            })
        } else {
            Self::Session(Box::new(r.into()))
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginMfaBody {
    /// The `mfaToken` the login answered.
    #[schema(required = true, min_length = 1)]
    pub mfa_token: String,
    /// A 6-digit code of the authenticator app, or a recovery code.
    #[schema(required = true, min_length = 1, max_length = 64)]
    pub code: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MfaCodeBody {
    /// A 6-digit code of the authenticator app (or, to turn it off, a recovery code).
    #[schema(required = true, min_length = 1, max_length = 64)]
    pub code: String,
}

/// A secret for the authenticator app, while two-factor sign-in is set up.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MfaSetupAnswer {
    /// The secret in base32, to type into the app ...
    pub secret: String,
    /// ... or as an `otpauth://` URI, to show as a QR code.
    pub otpauth_url: String,
}

/// Two-factor sign-in is on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MfaConfirmedAnswer {
    /// One-time codes for a lost phone, shown this once.
    pub recovery_codes: Vec<String>,
    /// A new token for this session (the one the console takes).
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
    /// ORG_ADMIN when absent.
    pub role: Option<InviteRole>,
    /// Empty or absent allows any email.
    #[schema(value_type = Option<EmailOrEmpty>)]
    pub email: Option<String>,
    /// 1, 3, 7, 14 or 30; 7 when absent.
    pub expires_in_days: Option<ExpiryDays>,
}

/// An email address, or empty for "any email".
pub struct EmailOrEmpty;

impl utoipa::PartialSchema for EmailOrEmpty {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{
            KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, SchemaType, Type,
        };
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::new(Type::String))
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
                    .max_length(Some(254)),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::new(Type::String))
                    .max_length(Some(0)),
            )
            .description(Some("An email address, or empty for any email."))
            .into()
    }
}

impl ToSchema for EmailOrEmpty {}

/// How many days an invite code stays open.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde_repr::Serialize_repr,
    serde_repr::Deserialize_repr,
    ToSchema,
)]
#[repr(i32)]
pub enum ExpiryDays {
    One = 1,
    Three = 3,
    Seven = 7,
    Fourteen = 14,
    Thirty = 30,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteCode {
    pub id: String,
    pub code: String,
    pub email: Option<String>,
    pub role: InviteRole,
    pub expires_at: Option<DateTime<Utc>>,
    pub used_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::InviteCode> for InviteCode {
    fn from(c: auth_pb::InviteCode) -> Self {
        Self {
            role: if c.role() == auth_pb::Role::OrgMember {
                InviteRole::ORG_MEMBER
            } else {
                InviteRole::ORG_ADMIN
            },
            expires_at: time(c.expires_at.as_ref()),
            used_at: time(c.used_at.as_ref()),
            email: Some(c.email).filter(|e| !e.is_empty()),
            id: c.id,
            code: c.code,
        }
    }
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
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    /// An IANA time zone; absent keeps the current one.
    #[schema(value_type = Option<crate::openapi::TimeZone>)]
    pub time_zone: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` when every service answers its health check.
    pub status: String,
    /// Each service's health: SERVING, NOT_SERVING or UNREACHABLE.
    pub services: std::collections::BTreeMap<String, String>,
}

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
    pub age_group: AgeGroup,
    pub ui_theme: UiTheme,
    pub reward_display_type: RewardDisplayType,
    /// Dollars (or hours, points) the child has.
    pub balance: f64,
    pub honesty_rating: i32,
    pub respect_rating: i32,
    pub rules_rating: i32,
    /// Mean grade points of active graded subjects; null without any.
    pub gpa: Option<f64>,
    /// The GPA's letter.
    pub gpa_letter: Option<Letter>,
    /// What an approved chore is multiplied by now.
    pub multiplier: Option<MultiplierView>,
}

impl From<family_pb::Child> for Child {
    fn from(c: family_pb::Child) -> Self {
        Self {
            age_group: AgeGroup::from_proto(c.age_group()).unwrap_or(AgeGroup::CHILD),
            reward_display_type: RewardDisplayType::from_proto(c.reward_display_type())
                .unwrap_or(RewardDisplayType::MONEY),
            ui_theme: UiTheme::parse(&c.ui_theme).unwrap_or(UiTheme::KIDS),
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
            honesty_rating: c.honesty_rating,
            respect_rating: c.respect_rating,
            rules_rating: c.rules_rating,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteChildBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub first_name: String,
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
    /// Display name; first and last name when empty.
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// Optional: a child without one gets their login at once and signs in
    /// with a device a parent links or their PIN on the family tablet;
    /// with one, they are invited to set up an email login.
    #[schema(schema_with = email_or_none)]
    pub email: String,
    /// Digits, spaces and `+-().`.
    #[schema(max_length = 40, pattern = r"^[0-9 +().-]*$")]
    pub phone: Option<String>,
    /// `YYYY-MM-DD`, not in the future.
    #[schema(format = Date)]
    pub date_of_birth: Option<String>,
    /// Dollars in whole cents, 0 or more; 10 when absent.
    #[schema(minimum = 0, maximum = 100000, multiple_of = 0.01)]
    pub birthday_reward_amount: Option<f64>,
    /// CHILD when absent.
    pub age_group: Option<AgeGroup>,
    /// KIDS when absent.
    pub ui_theme: Option<UiTheme>,
    /// MONEY when absent.
    pub reward_display_type: Option<RewardDisplayType>,
}

impl InviteChildBody {
    /// The names, and the details shared with an edit.
    pub fn split(self) -> (String, String, ChildDetailsBody) {
        (
            self.first_name,
            self.last_name.unwrap_or_default(),
            ChildDetailsBody {
                name: self.name,
                email: Some(self.email),
                phone: self.phone,
                date_of_birth: self.date_of_birth,
                birthday_reward_amount: self.birthday_reward_amount,
                age_group: self.age_group,
                ui_theme: self.ui_theme,
                reward_display_type: self.reward_display_type,
            },
        )
    }
}

/// The fields of a child a parent sets when adding or editing them.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChildDetailsBody {
    /// Display name; first and last name when empty.
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// Empty for none (see adding a child); sent always, so that an edit
    /// leaving it out does not take a child's address away.
    #[schema(required = true, schema_with = email_or_none)]
    pub email: Option<String>,
    /// Digits, spaces and `+-().`.
    #[schema(max_length = 40, pattern = r"^[0-9 +().-]*$")]
    pub phone: Option<String>,
    /// `YYYY-MM-DD`, not in the future.
    #[schema(format = Date)]
    pub date_of_birth: Option<String>,
    /// Dollars in whole cents, 0 or more; 10 when adding without one,
    /// unchanged when editing without one.
    #[schema(minimum = 0, maximum = 100000, multiple_of = 0.01)]
    pub birthday_reward_amount: Option<f64>,
    /// CHILD when adding without one, unchanged when editing without one.
    pub age_group: Option<AgeGroup>,
    /// KIDS when adding without one, unchanged when editing without one.
    pub ui_theme: Option<UiTheme>,
    /// MONEY when adding without one, unchanged when editing without one.
    pub reward_display_type: Option<RewardDisplayType>,
}

/// The largest birthday reward, in dollars (the schema's `maximum`).
const BIRTHDAY_REWARD_MAX: f64 = 100_000.0;

/// The details as the family service takes them.
pub struct ChildDetailsProto {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date_of_birth: String,
    pub birthday_reward_cents: Option<i64>,
    pub age_group: i32,
    pub ui_theme: String,
    pub reward_display_type: i32,
}

/// A child's address: an email, or empty for none (one of the two, so the
/// document says an empty one is no malformed email).
fn email_or_none() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{
        KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type,
    };
    let one_of = OneOfBuilder::new()
        .description(Some(
            "An email, or empty for none: a child without one has their login at once and \
             signs in with a device a parent links or their PIN on the family tablet; with \
             one, they are invited to set up an email login. Required in an edit, so that \
             leaving it out never takes a child's address away.",
        ))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
                .max_length(Some(254)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(0)),
        )
        .build();
    Schema::OneOf(one_of)
}

impl ChildDetailsBody {
    pub fn into_proto(self) -> Result<ChildDetailsProto, crate::error::ApiError> {
        let Some(email) = self.email else {
            return Err(crate::error::ApiError::field(
                "email",
                kit::codes::email_required(),
            ));
        };
        // The family service reads an empty birthday as none; the API says
        // a birthday is a date or null, so an empty string is refused here.
        if self
            .date_of_birth
            .as_deref()
            .is_some_and(|d| d.trim().is_empty())
        {
            return Err(crate::error::ApiError::field(
                "dateOfBirth",
                kit::codes::not_a_date(kit::codes::Label::Birthday),
            ));
        }
        // The schema's bound, which the family service does not hold.
        if self
            .birthday_reward_amount
            .is_some_and(|d| d > BIRTHDAY_REWARD_MAX)
        {
            return Err(crate::error::ApiError::field(
                "birthdayRewardAmount",
                kit::codes::birthday_reward_too_high(),
            ));
        }
        Ok(ChildDetailsProto {
            birthday_reward_cents: self
                .birthday_reward_amount
                .map(|d| {
                    crate::money::to_cents(
                        d,
                        kit::codes::Label::BirthdayReward,
                        "birthdayRewardAmount",
                    )
                })
                .transpose()?,
            age_group: self.age_group.map_or(0, AgeGroup::to_proto),
            ui_theme: self
                .ui_theme
                .map(|t| t.as_str().to_owned())
                .unwrap_or_default(),
            reward_display_type: self
                .reward_display_type
                .map_or(0, RewardDisplayType::to_proto),
            name: self.name.unwrap_or_default(),
            email,
            phone: self.phone.unwrap_or_default(),
            date_of_birth: self.date_of_birth.unwrap_or_default(),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildInvitation {
    pub child: Child,
    /// The register page with an `invite` parameter; open it to accept.
    /// Null for a child added without an email: they have their login
    /// already, and sign in with a linked device or the family tablet.
    pub invite_url: Option<String>,
    pub invite_code: Option<String>,
}

/// A pending child's invitation, shown again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildInviteLink {
    /// The register page with an `invite` parameter, as when the child was added.
    pub invite_url: String,
    pub invite_code: String,
    pub expires_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RatingsBody {
    #[schema(value_type = i32, required = true, minimum = 1, maximum = 10)]
    pub honesty_rating: Option<serde_json::Value>,
    #[schema(value_type = i32, required = true, minimum = 1, maximum = 10)]
    pub respect_rating: Option<serde_json::Value>,
    #[schema(value_type = i32, required = true, minimum = 1, maximum = 10)]
    pub rules_rating: Option<serde_json::Value>,
}

impl RatingsBody {
    /// The three ratings as whole numbers (any other JSON gets the ratings'
    /// refusal, not a parser's); the range is the service's to check.
    pub fn whole(&self) -> Result<[i32; 3], crate::error::ApiError> {
        let whole = |value: &Option<serde_json::Value>, field: &str| {
            value
                .as_ref()
                .and_then(|v| {
                    v.as_i64()
                        .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
                })
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| crate::error::ApiError::field(field, kit::codes::ratings_invalid()))
        };
        Ok([
            whole(&self.honesty_rating, "honestyRating")?,
            whole(&self.respect_rating, "respectRating")?,
            whole(&self.rules_rating, "rulesRating")?,
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
    pub role: Role,
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
