//! gRPC handlers: check who is calling, hand over to [`Accounts`], convert errors.
//! The calls made before anyone is signed in (signing up, logging in, invitation
//! and recovery links) find their login by email or token in any family, so
//! they work across families (`kit::tenancy`); every other call works in its
//! caller's.

use chorely_proto::auth::v1::{self as pb, auth_service_server::AuthService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use kit::tenancy::all_families;
use tonic::Request;

use crate::accounts::Accounts;

pub struct AuthGrpc {
    pub accounts: Accounts,
}

#[tonic::async_trait]
impl AuthService for AuthGrpc {
    async fn register(&self, request: Request<pb::RegisterRequest>) -> Reply<pb::AuthResponse> {
        reply(all_families(self.accounts.register(request.into_inner())).await)
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Reply<pb::AuthResponse> {
        reply(all_families(self.accounts.login(request.into_inner())).await)
    }

    async fn get_invite(&self, request: Request<pb::GetInviteRequest>) -> Reply<pb::Invite> {
        reply(all_families(self.accounts.invite(&request.get_ref().code)).await)
    }

    async fn accept_invite(
        &self,
        request: Request<pb::AcceptInviteRequest>,
    ) -> Reply<pb::AuthResponse> {
        reply(all_families(self.accounts.accept_invite(request.into_inner())).await)
    }

    async fn get_me(&self, request: Request<pb::GetMeRequest>) -> Reply<pb::User> {
        let caller = request.user()?;
        reply(self.accounts.me(caller).await)
    }

    async fn update_me(&self, request: Request<pb::UpdateMeRequest>) -> Reply<pb::User> {
        let caller = request.user()?.clone();
        reply(self.accounts.update_me(&caller, request.into_inner()).await)
    }

    async fn logout(&self, request: Request<pb::LogoutRequest>) -> Reply<pb::LogoutResponse> {
        let caller = request.user()?;
        reply(
            self.accounts
                .logout(caller)
                .await
                .map(|()| pb::LogoutResponse {}),
        )
    }

    async fn forgot_password(
        &self,
        request: Request<pb::ForgotPasswordRequest>,
    ) -> Reply<pb::ForgotPasswordResponse> {
        reply(
            all_families(self.accounts.forgot_password(request.into_inner()))
                .await
                .map(|()| pb::ForgotPasswordResponse {}),
        )
    }

    async fn reset_password(
        &self,
        request: Request<pb::ResetPasswordRequest>,
    ) -> Reply<pb::AuthResponse> {
        reply(all_families(self.accounts.reset_password(request.into_inner())).await)
    }

    async fn verify_email(&self, request: Request<pb::VerifyEmailRequest>) -> Reply<pb::User> {
        reply(all_families(self.accounts.verify_email(request.into_inner())).await)
    }

    async fn resend_verification(
        &self,
        request: Request<pb::ResendVerificationRequest>,
    ) -> Reply<pb::ResendVerificationResponse> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .resend_verification(&caller, request.into_inner())
                .await
                .map(|()| pb::ResendVerificationResponse {}),
        )
    }

    async fn list_members(
        &self,
        request: Request<pb::ListMembersRequest>,
    ) -> Reply<pb::ListMembersResponse> {
        let caller = request.parent()?;
        reply(
            self.accounts
                .members(caller, !request.get_ref().without_family)
                .await
                .map(|members| pb::ListMembersResponse { members }),
        )
    }

    async fn list_invite_codes(
        &self,
        request: Request<pb::ListInviteCodesRequest>,
    ) -> Reply<pb::ListInviteCodesResponse> {
        let caller = request.parent()?;
        reply(
            self.accounts
                .pending_invite_codes(caller)
                .await
                .map(|invite_codes| pb::ListInviteCodesResponse { invite_codes }),
        )
    }

    async fn get_child_invite(
        &self,
        request: Request<pb::GetChildInviteRequest>,
    ) -> Reply<pb::InviteCode> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .child_invite(&caller, request.into_inner())
                .await,
        )
    }

    async fn create_invite_code(
        &self,
        request: Request<pb::CreateInviteCodeRequest>,
    ) -> Reply<pb::InviteCode> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .create_invite_code(&caller, request.into_inner())
                .await,
        )
    }

    async fn deactivate_user(
        &self,
        request: Request<pb::DeactivateUserRequest>,
    ) -> Reply<pb::User> {
        let caller = request.parent()?;
        reply(
            self.accounts
                .deactivate(caller, &request.get_ref().user_id)
                .await,
        )
    }

    async fn create_child_invite(
        &self,
        request: Request<pb::CreateChildInviteRequest>,
    ) -> Reply<pb::InviteCode> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .create_child_invite(&caller, request.into_inner())
                .await,
        )
    }

    async fn update_child_contact(
        &self,
        request: Request<pb::UpdateChildContactRequest>,
    ) -> Reply<pb::UpdateChildContactResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .update_child_contact(&caller, request.into_inner())
                .await
                .map(|()| pb::UpdateChildContactResponse {}),
        )
    }

    async fn logout_everywhere(
        &self,
        request: Request<pb::LogoutEverywhereRequest>,
    ) -> Reply<pb::LogoutResponse> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .logout_everywhere(&caller, request.into_inner())
                .await
                .map(|()| pb::LogoutResponse {}),
        )
    }

    async fn renew_token(
        &self,
        request: Request<pb::RenewTokenRequest>,
    ) -> Reply<pb::RenewTokenResponse> {
        let caller = request.user()?;
        reply(
            self.accounts
                .renew(caller)
                .await
                .map(|token| pb::RenewTokenResponse { token }),
        )
    }

    async fn change_password(
        &self,
        request: Request<pb::ChangePasswordRequest>,
    ) -> Reply<pb::AuthResponse> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .change_password(&caller, request.into_inner())
                .await,
        )
    }

    async fn set_child_password(
        &self,
        request: Request<pb::SetChildPasswordRequest>,
    ) -> Reply<pb::SetChildPasswordResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .set_child_password(&caller, request.into_inner())
                .await
                .map(|id| pb::SetChildPasswordResponse {
                    user_id: id.to_string(),
                }),
        )
    }

    async fn create_tablet(
        &self,
        request: Request<pb::CreateTabletRequest>,
    ) -> Reply<pb::CreatedTablet> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .create_tablet(&caller, request.into_inner())
                .await,
        )
    }

    async fn list_tablets(
        &self,
        request: Request<pb::ListTabletsRequest>,
    ) -> Reply<pb::ListTabletsResponse> {
        let caller = request.parent()?;
        reply(
            self.accounts
                .tablets(caller)
                .await
                .map(|tablets| pb::ListTabletsResponse { tablets }),
        )
    }

    async fn revoke_tablet(
        &self,
        request: Request<pb::RevokeTabletRequest>,
    ) -> Reply<pb::RevokeTabletResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .revoke_tablet(&caller, request.into_inner())
                .await
                .map(|sessions| pb::RevokeTabletResponse { sessions }),
        )
    }

    async fn set_child_pin(
        &self,
        request: Request<pb::SetChildPinRequest>,
    ) -> Reply<pb::SetChildPinResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .set_child_pin(&caller, request.into_inner())
                .await
                .map(|()| pb::SetChildPinResponse {}),
        )
    }

    async fn get_tablet_children(
        &self,
        request: Request<pb::GetTabletChildrenRequest>,
    ) -> Reply<pb::TabletChildren> {
        reply(self.accounts.tablet_children(request.into_inner()).await)
    }

    async fn get_tablet_board(
        &self,
        request: Request<pb::GetTabletChildrenRequest>,
    ) -> Reply<pb::TabletBoard> {
        reply(self.accounts.tablet_board(request.into_inner()).await)
    }

    async fn unlock_tablet(
        &self,
        request: Request<pb::UnlockTabletRequest>,
    ) -> Reply<pb::AuthResponse> {
        reply(self.accounts.unlock_tablet(request.into_inner()).await)
    }

    async fn create_device_link(
        &self,
        request: Request<pb::CreateDeviceLinkRequest>,
    ) -> Reply<pb::DeviceLink> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .create_device_link(&caller, request.into_inner())
                .await,
        )
    }

    async fn list_child_devices(
        &self,
        request: Request<pb::ListChildDevicesRequest>,
    ) -> Reply<pb::ListChildDevicesResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .child_devices(&caller, request.into_inner())
                .await
                .map(|devices| pb::ListChildDevicesResponse { devices }),
        )
    }

    async fn revoke_child_device(
        &self,
        request: Request<pb::RevokeChildDeviceRequest>,
    ) -> Reply<pb::RevokeTabletResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .revoke_child_device(&caller, request.into_inner())
                .await
                .map(|sessions| pb::RevokeTabletResponse { sessions }),
        )
    }

    async fn claim_device_link(
        &self,
        request: Request<pb::ClaimDeviceLinkRequest>,
    ) -> Reply<pb::ClaimedDevice> {
        reply(self.accounts.claim_device_link(request.into_inner()).await)
    }

    async fn device_login(
        &self,
        request: Request<pb::DeviceLoginRequest>,
    ) -> Reply<pb::AuthResponse> {
        reply(self.accounts.device_login(request.into_inner()).await)
    }

    async fn login_mfa(&self, request: Request<pb::LoginMfaRequest>) -> Reply<pb::AuthResponse> {
        reply(all_families(self.accounts.login_mfa(request.into_inner())).await)
    }

    async fn start_mfa_setup(
        &self,
        request: Request<pb::StartMfaSetupRequest>,
    ) -> Reply<pb::MfaSetup> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .start_mfa_setup(&caller, request.into_inner())
                .await,
        )
    }

    async fn confirm_mfa(
        &self,
        request: Request<pb::ConfirmMfaRequest>,
    ) -> Reply<pb::MfaConfirmed> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .confirm_mfa(&caller, request.into_inner())
                .await,
        )
    }

    async fn disable_mfa(&self, request: Request<pb::DisableMfaRequest>) -> Reply<pb::User> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .disable_mfa(&caller, request.into_inner())
                .await,
        )
    }

    async fn reset_child_mfa(
        &self,
        request: Request<pb::ResetChildMfaRequest>,
    ) -> Reply<pb::ResetChildMfaResponse> {
        let caller = request.parent()?.clone();
        reply(
            self.accounts
                .reset_child_mfa(&caller, request.into_inner())
                .await
                .map(|id| pb::ResetChildMfaResponse {
                    user_id: id.to_string(),
                }),
        )
    }

    async fn confirm_password(
        &self,
        request: Request<pb::ConfirmPasswordRequest>,
    ) -> Reply<pb::ConfirmPasswordResponse> {
        let caller = request.user()?.clone();
        reply(
            self.accounts
                .confirm_password(&caller, &request.get_ref().current_password)
                .await
                .map(|_| pb::ConfirmPasswordResponse {}),
        )
    }
}
