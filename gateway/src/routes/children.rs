//! Children of the signed-in parent's family.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::{
    auth::v1::{self as auth_pb, GetChildInviteRequest},
    family::v1 as pb,
    rewards::v1::{ChildSummary, GetChildSummariesRequest, GetChildSummariesResponse},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        Child, ChildDetailsBody, ChildInvitation, ChildInviteLink, ChildPasswordBody,
        InviteChildBody, RatingsBody, time,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(invite))
        .routes(routes!(show_invite))
        .routes(routes!(update, delete))
        .routes(routes!(ratings))
        .routes(routes!(set_password))
        .routes(routes!(reset_mfa))
}

/// The family's children with balances, GPA and multipliers (parents only).
#[utoipa::path(get, path = "/children", tag = "children", security(("bearer" = [])),
    responses((status = 200, body = [Child]), (status = 403, body = ErrorBody)))]
async fn list(State(state): State<AppState>, user: Authed) -> ApiResult<Json<Vec<Child>>> {
    // Rewards answers a child their own summary (the review queue's pay
    // preview asks as them), so the parents-only rule of this list, which
    // the family service's list kept, is kept here.
    if !user.0.role.is_parent() {
        return Err(kit::codes::only_parents().into());
    }
    // Rewards lists the children from the family service to measure them,
    // and answers their records with the figures: one call, where asking
    // the family service as well had it list the same children twice.
    let mut answer = state
        .clients
        .rewards(&user)
        .get_child_summaries(GetChildSummariesRequest::default())
        .await?
        .into_inner();
    let records = if lacks_records(&answer) {
        // A rewards service older than its records (mid-upgrade): the
        // family service is asked, as before.
        state
            .clients
            .family(&user)
            .list_children(pb::ListChildrenRequest {})
            .await?
            .into_inner()
            .children
    } else {
        std::mem::take(&mut answer.records)
    };
    Ok(Json(with_figures(records, &answer.children)))
}

/// Whether rewards answered figures without the records they measure (a
/// rewards service from before `records`). A family without children has
/// neither, and nothing more to ask.
fn lacks_records(answer: &GetChildSummariesResponse) -> bool {
    answer.records.is_empty() && !answer.children.is_empty()
}

/// The records in their own order, each with its figures when rewards has
/// them (matched by id: the two lists are not trusted to line up).
fn with_figures(records: Vec<pb::Child>, summaries: &[ChildSummary]) -> Vec<Child> {
    records
        .into_iter()
        .map(|record| {
            let summary = summaries.iter().find(|s| s.child_id == record.id);
            Child::from(record).with_summary(summary)
        })
        .collect()
}

/// A child as the API shows it, with what rewards knows of them (after a
/// change: the ratings move the multiplier). Only this child is measured.
async fn summarised(state: &AppState, user: &Authed, child: pb::Child) -> ApiResult<Child> {
    let summaries = state
        .clients
        .rewards(user)
        .get_child_summaries(GetChildSummariesRequest {
            child_ids: vec![child.id.clone()],
        })
        .await?
        .into_inner()
        .children;
    let summary = summaries.iter().find(|s| s.child_id == child.id);
    Ok(Child::from(child).with_summary(summary))
}

/// Adds a child and returns the link that lets them set up their login
/// (none for a child added without an email: they have their login now).
#[utoipa::path(post, path = "/children/invite", tag = "children", security(("bearer" = [])),
    request_body = InviteChildBody,
    responses(
        (status = 201, body = ChildInvitation),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "A member of the family already has the email", body = ErrorBody),
    ))]
async fn invite(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<InviteChildBody>,
) -> ApiResult<(StatusCode, Json<ChildInvitation>)> {
    let (first_name, last_name, details) = body.split();
    let details = details.into_proto()?;
    let answer = state
        .clients
        .family(&user)
        .invite_child(pb::InviteChildRequest {
            first_name,
            last_name,
            name: details.name,
            email: details.email,
            phone: details.phone,
            date_of_birth: details.date_of_birth,
            birthday_reward_cents: details.birthday_reward_cents,
            age_group: details.age_group,
            ui_theme: details.ui_theme,
            reward_display_type: details.reward_display_type,
        })
        .await?
        .into_inner();
    let child = answer
        .child
        .ok_or_else(|| ApiError::from(tonic::Status::internal("no child")))?;
    let invite_code = Some(answer.invite_code).filter(|code| !code.is_empty());
    Ok((
        StatusCode::CREATED,
        Json(ChildInvitation {
            child: child.into(),
            invite_url: invite_code
                .as_ref()
                .map(|code| format!("{}/register?invite={code}", state.public_url)),
            invite_code,
        }),
    ))
}

/// The invite link of a child who has not joined yet, to show it (and its QR
/// code) again: the invitation made when the child was added, while it is
/// open (parents only).
#[utoipa::path(get, path = "/children/{id}/invite", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ChildInviteLink),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such child in the family, or their invitation has expired", body = ErrorBody),
        (status = 409, description = "The child has already joined", body = ErrorBody),
    ))]
async fn show_invite(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<ChildInviteLink>> {
    // Both asked at once; the child's answer is judged first, so another
    // family's id is 404 like an unknown one. Parents only: auth refuses
    // anyone else the family's invitations. Auth marks the invitation used
    // in the same transaction as the new login, so a child who has just
    // joined shows as joined even before the family service hears of it.
    let child_id = id.clone();
    let (child, invitation) = tokio::join!(
        async {
            state
                .clients
                .family(&user)
                .get_child(pb::GetChildRequest { id })
                .await
        },
        async {
            state
                .clients
                .auth(&user)
                .get_child_invite(GetChildInviteRequest { child_id })
                .await
        },
    );
    let child = child?.into_inner();
    let invitation = match invitation {
        Ok(found) => Some(found.into_inner()),
        Err(status) if status.code() == tonic::Code::NotFound => None,
        Err(status) => return Err(status.into()),
    };
    let joined = invitation.as_ref().is_some_and(|i| i.used_at.is_some());
    if joined || !child.user_id.is_empty() {
        return Err(kit::codes::child_already_joined(child.name).into());
    }
    let invitation = invitation
        .ok_or_else(|| ApiError::from(kit::codes::child_invitation_expired(child.name.clone())))?;
    Ok(Json(ChildInviteLink {
        invite_url: format!("{}/register?invite={}", state.public_url, invitation.code),
        expires_at: time(invitation.expires_at.as_ref()),
        invite_code: invitation.code,
    }))
}

/// Updates a child's details (parents only).
#[utoipa::path(put, path = "/children/{id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ChildDetailsBody,
    responses((status = 200, body = Child), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "A member of the family already has the email", body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ChildDetailsBody>,
) -> ApiResult<Json<Child>> {
    let details = body.into_proto()?;
    let child = state
        .clients
        .family(&user)
        .update_child(pb::UpdateChildRequest {
            id,
            name: details.name,
            email: details.email,
            phone: details.phone,
            date_of_birth: details.date_of_birth,
            birthday_reward_cents: details.birthday_reward_cents,
            age_group: details.age_group,
            ui_theme: details.ui_theme,
            reward_display_type: details.reward_display_type,
        })
        .await?
        .into_inner();
    Ok(Json(summarised(&state, &user, child).await?))
}

/// Deletes a child, their login, submissions, photos and ledger (parents only).
#[utoipa::path(delete, path = "/children/{id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .family(&user)
        .delete_child(pb::DeleteChildRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a new password for a child's login (parents only; children often
/// have no email to reset it with). The child's sessions end at once.
#[utoipa::path(put, path = "/children/{id}/password", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ChildPasswordBody,
    responses(
        (status = 204, description = "The password is set; the child signs in with it"),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The child has no login yet (or is not of this family)", body = ErrorBody),
    ))]
async fn set_password(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ChildPasswordBody>,
) -> ApiResult<StatusCode> {
    let before = chrono::Utc::now().timestamp_millis();
    let login = state
        .clients
        .auth(&user)
        .set_child_password(auth_pb::SetChildPasswordRequest {
            child_id: id,
            password: body.password,
        })
        .await?
        .into_inner();
    // This gateway refuses the child's old tokens at once; the others as
    // soon as the event reaches them.
    state
        .revocations
        .end_sessions_locally(&login.user_id, before);
    Ok(StatusCode::NO_CONTENT)
}

/// Turns two-factor sign-in off for a child's login (parents only): a child
/// who lost the phone, or set it up unasked, signs in with the password
/// again. The child's sessions end at once.
#[utoipa::path(delete, path = "/children/{id}/mfa", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "Two-factor sign-in is off for the child"),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The child has no login yet (or is not of this family)", body = ErrorBody),
        (status = 409, description = "Two-factor sign-in is not on for the child", body = ErrorBody),
    ))]
async fn reset_mfa(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let before = chrono::Utc::now().timestamp_millis();
    let login = state
        .clients
        .auth(&user)
        .reset_child_mfa(auth_pb::ResetChildMfaRequest { child_id: id })
        .await?
        .into_inner();
    state
        .revocations
        .end_sessions_locally(&login.user_id, before);
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a child's behaviour ratings, whole numbers from 1 to 10 (parents only).
#[utoipa::path(put, path = "/children/{id}/ratings", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = RatingsBody,
    responses((status = 200, body = Child), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn ratings(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<RatingsBody>,
) -> ApiResult<Json<Child>> {
    let [honesty_rating, respect_rating, rules_rating] = body.whole()?;
    let child = state
        .clients
        .family(&user)
        .update_ratings(pb::UpdateRatingsRequest {
            id,
            honesty_rating,
            respect_rating,
            rules_rating,
        })
        .await?
        .into_inner();
    Ok(Json(summarised(&state, &user, child).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> pb::Child {
        pb::Child {
            id: id.to_owned(),
            first_name: id.to_uppercase(),
            ..Default::default()
        }
    }

    fn summary(id: &str, balance_cents: i64) -> ChildSummary {
        ChildSummary {
            child_id: id.to_owned(),
            balance_cents,
            ..Default::default()
        }
    }

    #[test]
    fn figures_without_records_ask_the_family_service() {
        let older = GetChildSummariesResponse {
            children: vec![summary("a", 100)],
            records: Vec::new(),
        };
        assert!(lacks_records(&older));
    }

    #[test]
    fn records_or_an_empty_family_ask_nothing_more() {
        let current = GetChildSummariesResponse {
            children: vec![summary("a", 100)],
            records: vec![record("a")],
        };
        assert!(!lacks_records(&current));
        assert!(!lacks_records(&GetChildSummariesResponse::default()));
    }

    #[test]
    fn each_record_gets_its_own_figures_in_the_records_order() {
        let listed = with_figures(
            vec![record("a"), record("b"), record("c")],
            &[summary("b", 250), summary("a", 1_000)],
        );
        let shown: Vec<(&str, f64)> = listed.iter().map(|c| (c.id.as_str(), c.balance)).collect();
        // "c" has no figures (measured before it was added): it shows none.
        assert_eq!(shown, vec![("a", 10.0), ("b", 2.5), ("c", 0.0)]);
    }
}
