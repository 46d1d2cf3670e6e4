//! The steady mixed load the faults happen under: families registered
//! through the API, their parents reading, approving and now and then
//! logging in, their children reading and submitting (some with a photo).
//! Each person is one worker sending one request after another, so nothing
//! two workers do can collide (a parent approves only their own family's
//! queue), and any refusal is the stack's doing.

use std::{
    collections::VecDeque,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use reqwest::{Client, Method};
use serde_json::json;
use tokio::task::JoinHandle;

use super::record::{self, CLIENT_TIMEOUT, Kind, Request};
use crate::{
    api::{Api, Session},
    family::{Family, submission_form},
    photo,
};

/// The password of every login the load registers.
pub const PASSWORD: &str = "faults-password-1";

/// The running load: stop it to get every request back.
pub struct Load {
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<Vec<Request>>>,
}

impl Load {
    /// Starts a worker per parent and per child; each pauses `think` between
    /// requests.
    pub fn start(api: &Api, families: Vec<Family>, think: Duration) -> Self {
        let client = Client::builder()
            .tcp_nodelay(true)
            .timeout(CLIENT_TIMEOUT)
            .build()
            .expect("a plain HTTP client");
        let photo: Arc<[u8]> = photo::small_jpeg().into();
        let stop = Arc::new(AtomicBool::new(false));
        let mut workers = Vec::new();
        for family in families {
            let family = Arc::new(family);
            let worker = Worker {
                api: api.clone(),
                client: client.clone(),
                family: family.clone(),
                stop: stop.clone(),
                think,
                requests: Vec::new(),
            };
            workers.push(tokio::spawn(worker.clone().parent()));
            for child in 0..family.children.len() {
                workers.push(tokio::spawn(worker.clone().child(child, photo.clone())));
            }
        }
        Self { stop, workers }
    }

    /// Stops every worker after the request in hand; all requests, by time sent.
    pub async fn stop(self) -> Vec<Request> {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        for worker in self.workers {
            all.extend(worker.await.expect("a load worker panicked"));
        }
        all.sort_by(|a, b| a.sent.total_cmp(&b.sent));
        all
    }
}

#[derive(Clone)]
struct Worker {
    api: Api,
    client: Client,
    family: Arc<Family>,
    stop: Arc<AtomicBool>,
    think: Duration,
    requests: Vec<Request>,
}

impl Worker {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Sends, records, and pauses before the next request.
    async fn send(
        &mut self,
        kind: Kind,
        request: reqwest::RequestBuilder,
    ) -> Option<serde_json::Value> {
        let (request, body) = record::send(kind, request).await;
        self.requests.push(request);
        tokio::time::sleep(self.think).await;
        body
    }

    fn get(&self, session: &Session, path: &str) -> reqwest::RequestBuilder {
        self.api.request(&self.client, session, Method::GET, path)
    }

    /// Reads, takes the review queue and approves what is in it, and logs in
    /// again every so often (carrying on with the new token).
    async fn parent(mut self) -> Vec<Request> {
        let mut session = self.family.parent.clone();
        let mut queue = VecDeque::new();
        let mut round = 0u64;
        while !self.stopped() {
            round += 1;
            let step = round % 6;
            match step {
                0 if round.is_multiple_of(30) => {
                    let login = self
                        .client
                        .post(format!("{}/auth/login", self.api.base))
                        .json(&json!({"email": self.family.parent_email, "password": PASSWORD}));
                    if let Some(token) = self
                        .send(Kind::Login, login)
                        .await
                        .and_then(|body| body["token"].as_str().map(str::to_owned))
                    {
                        session.token = token;
                    }
                }
                0 | 3 => {
                    let request = self.get(&session, "/chores");
                    self.send(Kind::ParentChores, request).await;
                }
                1 | 4 => {
                    let request = self.get(&session, "/dashboard/stats");
                    self.send(Kind::ParentStats, request).await;
                }
                2 => {
                    let request = self.get(&session, "/submissions?status=PENDING");
                    let listed = self.send(Kind::Pending, request).await;
                    queue = listed
                        .as_ref()
                        .and_then(|list| list.as_array())
                        .into_iter()
                        .flatten()
                        .filter_map(|s| s["id"].as_str().map(str::to_owned))
                        .collect();
                }
                _ => {}
            }
            // Between the other steps, up to two approvals from the queue.
            if step != 2 {
                for _ in 0..2 {
                    let Some(id) = queue.pop_front() else { break };
                    let request = self
                        .api
                        .request(
                            &self.client,
                            &session,
                            Method::PATCH,
                            &format!("/submissions/{id}/review"),
                        )
                        .json(&json!({"status": "APPROVED"}));
                    let (request, _) = record::send(Kind::Approve, request).await;
                    let failed = !request.succeeded();
                    self.requests.push(request);
                    tokio::time::sleep(self.think).await;
                    if failed {
                        // Whether it took effect is unknown: approve only
                        // what the next listing shows still pending.
                        queue.clear();
                    }
                }
            }
        }
        self.requests
    }

    /// Reads, and submits one chore of the two in every four requests, every
    /// other one with a photo.
    async fn child(mut self, child: usize, photo: Arc<[u8]>) -> Vec<Request> {
        let session = self.family.children[child].clone();
        let mut round = 0u64;
        while !self.stopped() {
            round += 1;
            match round % 8 {
                0 | 4 => {
                    let request = self.get(&session, "/chores");
                    self.send(Kind::ChildChores, request).await;
                }
                1 | 5 => {
                    let request = self.get(&session, "/dashboard/stats");
                    self.send(Kind::ChildStats, request).await;
                }
                2 | 6 => {
                    let request = self.get(&session, "/submissions");
                    self.send(Kind::ChildSubmissions, request).await;
                }
                3 => {
                    let form = submission_form(&self.family.chore_id, None);
                    let request = self
                        .api
                        .request(&self.client, &session, Method::POST, "/submissions")
                        .multipart(form);
                    self.send(Kind::Submit, request).await;
                }
                _ => {
                    let form = submission_form(&self.family.photo_chore_id, Some(&photo));
                    let request = self
                        .api
                        .request(&self.client, &session, Method::POST, "/submissions")
                        .multipart(form);
                    self.send(Kind::SubmitPhoto, request).await;
                }
            }
        }
        self.requests
    }
}
