//! gRPC clients of the services, with the caller's token and trace context.

use chorely_proto::{
    auth::v1::{
        auth_service_client::AuthServiceClient,
        notifications_service_client::NotificationsServiceClient,
    },
    chores::v1::{
        calendar_service_client::CalendarServiceClient, chores_service_client::ChoresServiceClient,
        pauses_service_client::PausesServiceClient,
    },
    family::v1::{
        family_service_client::FamilyServiceClient, webhooks_service_client::WebhooksServiceClient,
    },
    rewards::v1::{
        allowance_service_client::AllowanceServiceClient,
        rewards_service_client::RewardsServiceClient, savings_service_client::SavingsServiceClient,
    },
};
use kit::grpc::Outgoing;
use tonic::{service::interceptor::InterceptedService, transport::Channel};

use crate::{auth::Authed, config::Config};

pub type Intercepted = InterceptedService<Channel, Outgoing>;

/// One lazy channel per service, shared by every request.
#[derive(Clone)]
pub struct Clients {
    pub auth: Channel,
    pub family: Channel,
    pub chores: Channel,
    pub rewards: Channel,
    pub platform: Channel,
}

impl Clients {
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        Ok(Self {
            auth: kit::grpc::channel(&config.auth_url)?,
            family: kit::grpc::channel(&config.family_url)?,
            chores: kit::grpc::channel(&config.chores_url)?,
            rewards: kit::grpc::channel(&config.rewards_url)?,
            platform: kit::grpc::channel(&config.platform_url)?,
        })
    }

    /// The auth service for calls anyone may make (register, login, invitations).
    pub fn auth_public(&self) -> AuthServiceClient<Intercepted> {
        AuthServiceClient::with_interceptor(self.auth.clone(), Outgoing::anonymous())
    }

    pub fn auth(&self, user: &Authed) -> AuthServiceClient<Intercepted> {
        AuthServiceClient::with_interceptor(self.auth.clone(), Outgoing::bearer(user.token()))
    }

    /// Notifications, served by the auth service.
    pub fn notifications(&self, user: &Authed) -> NotificationsServiceClient<Intercepted> {
        NotificationsServiceClient::with_interceptor(
            self.auth.clone(),
            Outgoing::bearer(user.token()),
        )
    }

    /// An unsubscribe link, followed with its token alone (no user).
    pub fn notifications_public(&self) -> NotificationsServiceClient<Intercepted> {
        NotificationsServiceClient::with_interceptor(self.auth.clone(), Outgoing::anonymous())
    }

    pub fn family(&self, user: &Authed) -> FamilyServiceClient<Intercepted> {
        FamilyServiceClient::with_interceptor(self.family.clone(), Outgoing::bearer(user.token()))
    }

    /// Webhooks, served by the family service.
    pub fn webhooks(&self, user: &Authed) -> WebhooksServiceClient<Intercepted> {
        WebhooksServiceClient::with_interceptor(self.family.clone(), Outgoing::bearer(user.token()))
    }

    pub fn chores(&self, user: &Authed) -> ChoresServiceClient<Intercepted> {
        ChoresServiceClient::with_interceptor(self.chores.clone(), Outgoing::bearer(user.token()))
    }

    /// Pauses, served by the chores service.
    pub fn pauses(&self, user: &Authed) -> PausesServiceClient<Intercepted> {
        PausesServiceClient::with_interceptor(self.chores.clone(), Outgoing::bearer(user.token()))
    }

    /// Calendar feeds, served by the chores service.
    pub fn calendar(&self, user: &Authed) -> CalendarServiceClient<Intercepted> {
        CalendarServiceClient::with_interceptor(self.chores.clone(), Outgoing::bearer(user.token()))
    }

    /// A calendar feed's text, read with the feed's token alone (no user).
    pub fn calendar_public(&self) -> CalendarServiceClient<Intercepted> {
        CalendarServiceClient::with_interceptor(self.chores.clone(), Outgoing::anonymous())
    }

    pub fn rewards(&self, user: &Authed) -> RewardsServiceClient<Intercepted> {
        RewardsServiceClient::with_interceptor(self.rewards.clone(), Outgoing::bearer(user.token()))
    }

    /// Savings goals and statements, served by the rewards service.
    pub fn savings(&self, user: &Authed) -> SavingsServiceClient<Intercepted> {
        SavingsServiceClient::with_interceptor(self.rewards.clone(), Outgoing::bearer(user.token()))
    }

    /// Allowances and interest, served by the rewards service.
    pub fn allowance(&self, user: &Authed) -> AllowanceServiceClient<Intercepted> {
        AllowanceServiceClient::with_interceptor(
            self.rewards.clone(),
            Outgoing::bearer(user.token()),
        )
    }

    /// Every service's channel with the name its health service reports.
    pub fn all(&self) -> [(&'static str, &Channel); 5] {
        [
            ("auth", &self.auth),
            ("family", &self.family),
            ("chores", &self.chores),
            ("rewards", &self.rewards),
            ("platform", &self.platform),
        ]
    }
}
