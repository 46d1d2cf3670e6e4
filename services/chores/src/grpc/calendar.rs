//! gRPC handlers of calendar feeds: members manage their own; the feed
//! itself is read with its token alone.

use chorely_proto::chores::v1::{self as pb, calendar_service_server::CalendarService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use crate::feeds::Feeds;

pub struct CalendarGrpc {
    pub feeds: Feeds,
}

#[tonic::async_trait]
impl CalendarService for CalendarGrpc {
    async fn create_feed(&self, request: Request<pb::CreateFeedRequest>) -> Reply<pb::CreatedFeed> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.feeds.create(user, org).await)
    }

    async fn list_feeds(
        &self,
        request: Request<pb::ListFeedsRequest>,
    ) -> Reply<pb::ListFeedsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.feeds.list(user, org).await)
    }

    async fn delete_feed(
        &self,
        request: Request<pb::DeleteFeedRequest>,
    ) -> Reply<pb::DeleteFeedResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.feeds
                .delete(user, org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteFeedResponse {}),
        )
    }

    /// No caller is needed: the token is the credential.
    async fn get_feed_calendar(
        &self,
        request: Request<pb::GetFeedCalendarRequest>,
    ) -> Reply<pb::FeedCalendar> {
        reply(self.feeds.calendar(&request.get_ref().token).await)
    }
}
