//! A signed-in child's profile: the theme and reward unit their parents chose
//! live on the child's record in family, so the gateway reads them there for
//! every answer that describes the child's own login. Adults keep their own.

use chorely_proto::family::v1::{GetChildRequest, family_service_client::FamilyServiceClient};
use kit::grpc::Outgoing;

use crate::{clients::Clients, error::ApiError, json};

/// Fills `user`'s profile from their child record, read with `token` (a
/// child may read their own record). Adults are left as they are.
pub async fn complete(
    clients: &Clients,
    token: &str,
    user: &mut json::User,
) -> Result<(), ApiError> {
    let Some(child_id) = user.child_id.clone() else {
        return Ok(());
    };
    let child =
        FamilyServiceClient::with_interceptor(clients.family.clone(), Outgoing::bearer(token))
            .get_child(GetChildRequest { id: child_id })
            .await?
            .into_inner();
    let child = json::Child::from(child);
    user.profile.ui_theme = child.ui_theme;
    user.profile.reward_display_type = Some(child.reward_display_type);
    Ok(())
}

/// [`complete`] for a fresh sign-in: the token is what matters there, so a
/// profile family cannot give now is left at its defaults, to be read again
/// from `GET /users/me`.
pub async fn complete_answer(clients: &Clients, answer: &mut json::AuthAnswer) {
    if let Some(user) = answer.user.as_mut()
        && let Err(err) = complete(clients, &answer.token, user).await
    {
        tracing::warn!(error = ?err, "child profile unavailable at sign-in");
    }
}
