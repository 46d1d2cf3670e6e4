//! The user as other services and the web see it.

use chorely_proto::{
    auth::v1::{self as pb, OrganizationSummary},
    events::v1::{UserRegistered, UserUpdated},
};

use crate::{
    clients::Family,
    store::{invitations::InvitationRow, users::UserRow},
};

pub fn role(role: &str) -> pb::Role {
    pb::Role::from_str_name(&format!("ROLE_{role}")).unwrap_or(pb::Role::Unspecified)
}

pub fn ui_theme(theme: &str) -> pb::UiTheme {
    pb::UiTheme::from_str_name(&format!("UI_THEME_{theme}")).unwrap_or(pb::UiTheme::Adult)
}

pub fn user(row: &UserRow, family: Option<&Family>) -> pb::User {
    pb::User {
        id: row.id.to_string(),
        email: row.email.clone(),
        role: role(&row.role).into(),
        first_name: row.first_name.clone(),
        last_name: row.last_name.clone(),
        phone: row.phone.clone(),
        is_active: row.is_active,
        email_verified: row.email_verified,
        last_login_at: kit::time::opt_to_proto(row.last_login_at),
        created_at: Some(kit::time::to_proto(row.created_at)),
        organization: family.map(|f| OrganizationSummary {
            id: f.id.to_string(),
            name: f.name.clone(),
            plan: f.plan.clone(),
        }),
        child_id: row.child_id.map(|c| c.to_string()).unwrap_or_default(),
        ui_theme: ui_theme(&row.ui_theme).into(),
        mfa_enabled: row.mfa_enabled,
        // Decided by the service's settings, and the user's own:
        // `Accounts::view`.
        mfa_setup_required: false,
        pending_email: String::new(),
    }
}

pub fn invite_code(invite: InvitationRow) -> pb::InviteCode {
    pb::InviteCode {
        id: invite.id.to_string(),
        code: invite.code,
        email: invite.email.unwrap_or_default(),
        role: role(&invite.role).into(),
        expires_at: Some(kit::time::to_proto(invite.expires_at)),
        used_at: kit::time::opt_to_proto(invite.used_at),
        child_id: invite.child_id.map(|id| id.to_string()).unwrap_or_default(),
        user_id: String::new(),
    }
}

/// The event announcing a new login.
pub fn user_registered(row: &UserRow) -> UserRegistered {
    UserRegistered {
        user_id: row.id.to_string(),
        organization_id: row
            .organization_id
            .map(|o| o.to_string())
            .unwrap_or_default(),
        email: row.email.clone(),
        first_name: row.first_name.clone(),
        last_name: row.last_name.clone(),
        role: row.role.clone(),
        child_id: row.child_id.map(|c| c.to_string()).unwrap_or_default(),
        registered_at: Some(kit::time::to_proto(row.created_at)),
        email_verified: row.email_verified,
    }
}

pub fn user_updated(row: &UserRow) -> UserUpdated {
    UserUpdated {
        user_id: row.id.to_string(),
        organization_id: row
            .organization_id
            .map(|o| o.to_string())
            .unwrap_or_default(),
        email: row.email.clone(),
        first_name: row.first_name.clone(),
        last_name: row.last_name.clone(),
        is_active: row.is_active,
        email_verified: row.email_verified,
    }
}
