//! The headers that protect what the gateway serves: the web app's and the API
//! docs' Content-Security-Policy, `no-store` and a policy of their own on every
//! `/api` answer, `nosniff` everywhere (photos included), and HSTS only when
//! configured.

use chrono::Utc;
use reqwest::{Response, StatusCode};
use serde_json::json;
use testkit::{Stack, images};

use crate::submissions::{family_with_chore, form, queue, submit};

const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// A built app of one page and one script, in a folder of its own.
struct Dist(std::path::PathBuf);

impl Dist {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("chorely-dist-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><title>Chorely</title><script type=\"module\" src=\"/assets/index.js\"></script>",
        )
        .unwrap();
        std::fs::write(dir.join("assets/index.js"), "console.log('app');").unwrap();
        Self(dir)
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A gateway serving `dist`, with HSTS when `hsts`; its base URL.
async fn gateway(stack: &mut Stack, dist: &Dist, hsts: bool) -> String {
    let config = gateway::config::Config {
        web_dist: dist.0.clone(),
        hsts,
        ..stack.gateway_config()
    };
    stack.start_gateway_with(config).await
}

fn header<'a>(response: &'a Response, name: &str) -> Option<&'a str> {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap())
}

/// The directives of a policy, by name.
fn directives(policy: &str) -> Vec<(String, Vec<String>)> {
    policy
        .split(';')
        .map(str::split_whitespace)
        .filter_map(|mut words| {
            let name = words.next()?.to_owned();
            Some((name, words.map(str::to_owned).collect()))
        })
        .collect()
}

fn directive(policy: &str, name: &str) -> Vec<String> {
    directives(policy)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name} in {policy}"))
        .1
}

async fn get(url: &str) -> Response {
    reqwest::get(url).await.unwrap()
}

#[tokio::test]
async fn the_app_runs_under_a_strict_policy_and_the_api_is_never_stored() {
    let mut stack = Stack::start().await;
    let dist = Dist::new();
    let base = gateway(&mut stack, &dist, false).await;

    // The app's page, a client route (the same page) and its script.
    for path in ["/", "/invite/Zx81kQ", "/assets/index.js"] {
        let response = get(&format!("{base}{path}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let policy = header(&response, "content-security-policy").unwrap();
        assert_eq!(directive(policy, "default-src"), ["'self'"], "{policy}");
        assert_eq!(directive(policy, "script-src"), ["'self'"], "{policy}");
        assert_eq!(directive(policy, "style-src"), ["'self'"], "{policy}");
        assert_eq!(directive(policy, "connect-src"), ["'self'"], "{policy}");
        assert_eq!(directive(policy, "object-src"), ["'none'"], "{policy}");
        assert_eq!(directive(policy, "base-uri"), ["'self'"], "{policy}");
        assert_eq!(directive(policy, "frame-ancestors"), ["'none'"], "{policy}");
        // Photos: their preview (blob:); submission photos are this origin's.
        assert_eq!(
            directive(policy, "img-src"),
            ["'self'", "data:", "blob:"],
            "{policy}"
        );
        assert!(!policy.contains("unsafe"), "{policy}");
        assert_eq!(header(&response, "x-content-type-options"), Some("nosniff"));
        assert_eq!(header(&response, "strict-transport-security"), None);
    }

    // Every /api answer: an answer, a refusal, one the route table lacks.
    let api = format!("{base}/api");
    let signed_in = crate::helpers::parent(&api).await;
    let answers = [
        signed_in.get("/users/me").send().await.unwrap(),
        get(&format!("{api}/users/me")).await,
        get(&format!("{api}/no-such-route")).await,
        get(&format!("{api}/openapi.json")).await,
        get(&format!("{api}/health")).await,
    ];
    let statuses: Vec<_> = answers.iter().map(Response::status).collect();
    assert_eq!(
        statuses[..3],
        [
            StatusCode::OK,
            StatusCode::UNAUTHORIZED,
            StatusCode::NOT_FOUND
        ]
    );
    for answer in &answers {
        let url = answer.url().path();
        assert_eq!(header(answer, "cache-control"), Some("no-store"), "{url}");
        assert_eq!(
            header(answer, "content-security-policy"),
            Some(API_POLICY),
            "{url}"
        );
        assert_eq!(
            header(answer, "x-content-type-options"),
            Some("nosniff"),
            "{url}"
        );
        assert_eq!(header(answer, "strict-transport-security"), None, "{url}");
    }
}

#[tokio::test]
async fn the_api_docs_run_without_inline_scripts() {
    let mut stack = Stack::start().await;
    let dist = Dist::new();
    let base = gateway(&mut stack, &dist, false).await;

    let page = get(&format!("{base}/api/docs")).await;
    assert_eq!(page.status(), StatusCode::OK);
    let policy = header(&page, "content-security-policy").unwrap().to_owned();
    assert_eq!(directive(&policy, "script-src"), ["'self'"], "{policy}");
    assert_eq!(directive(&policy, "style-src"), ["'self'"], "{policy}");
    assert!(!policy.contains("unsafe"), "{policy}");
    assert_eq!(directive(&policy, "default-src"), ["'none'"], "{policy}");
    assert_eq!(
        directive(&policy, "frame-ancestors"),
        ["'none'"],
        "{policy}"
    );
    assert_eq!(directive(&policy, "object-src"), ["'none'"], "{policy}");
    assert_eq!(header(&page, "x-content-type-options"), Some("nosniff"));
    let html = page.text().await.unwrap();
    // Every script is a file of this origin: none written in the page.
    let scripts: Vec<_> = html
        .match_indices("<script")
        .map(|(at, _)| &html[at..])
        .collect();
    assert_eq!(scripts.len(), 2, "{html}");
    for script in scripts {
        let tag = &script[..script.find('>').unwrap()];
        assert!(tag.contains(" src=\"/"), "{tag}");
        assert!(script[tag.len() + 1..].starts_with("</script>"), "{script}");
    }
    assert!(html.contains("src=\"/api/docs/start.js\""), "{html}");

    let start = get(&format!("{base}/api/docs/start.js")).await;
    assert_eq!(start.status(), StatusCode::OK);
    assert_eq!(
        header(&start, "content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(header(&start, "x-content-type-options"), Some("nosniff"));
    let script = start.text().await.unwrap();
    assert!(
        script.contains("SwaggerUIBundle({ url: \"/api/openapi.json\""),
        "{script}"
    );
}

#[tokio::test]
async fn hsts_only_when_configured() {
    let mut stack = Stack::start().await;
    let dist = Dist::new();
    let plain = gateway(&mut stack, &dist, false).await;
    let tls = gateway(&mut stack, &dist, true).await;
    for path in ["/", "/api/health", "/api/docs", "/api/no-such-route"] {
        let response = get(&format!("{plain}{path}")).await;
        assert_eq!(
            header(&response, "strict-transport-security"),
            None,
            "{path}"
        );
        let response = get(&format!("{tls}{path}")).await;
        assert_eq!(
            header(&response, "strict-transport-security"),
            Some("max-age=63072000; includeSubDomains"),
            "{path}"
        );
    }
}

/// A link the API handed out, as a browser resolves it on the page of `api`.
fn on_this_origin(api: &str, link: &str) -> String {
    reqwest::Url::parse(api)
        .unwrap()
        .join(link)
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_photo_is_served_from_this_origin_as_what_it_is_and_never_sniffed() {
    let (stack, api) = crate::helpers::start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"requiresPhoto": true})).await;
    // Named and sent as a JPEG; its bytes are a PNG, and that is what is stored.
    let (status, body) = submit(
        &kid,
        form(&chore, Utc::now(), Some(("photo.jpg", images::png(8, 8)))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let pending = queue(&parent).await;
    // The web app shows it as an <img src>: a path of its own origin.
    let link = pending[0]["photoUrl"].as_str().unwrap();
    assert!(link.starts_with("/api/photos/"), "{link}");
    let photo = get(&on_this_origin(&api, link)).await;
    assert_eq!(photo.status(), StatusCode::OK);
    assert_eq!(header(&photo, "content-type"), Some("image/png"));
    assert_eq!(header(&photo, "x-content-type-options"), Some("nosniff"));
    assert_eq!(header(&photo, "cache-control"), Some("no-store"));
    let bytes = photo.bytes().await.unwrap();
    assert_eq!(
        image::guess_format(&bytes).unwrap(),
        image::ImageFormat::Png
    );
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 8);

    // A page in the store under a signed link, stored as an image, is still
    // no photo: its bytes say so, and it is not served.
    let key = format!("{}/page.png", uuid::Uuid::new_v4());
    let page = b"<html><script>alert(document.domain)</script></html>".to_vec();
    stack.photos.put(&key, "image/png", page).await.unwrap();
    let signed = stack
        .photos
        .signed_url(
            &key,
            std::time::Duration::from_secs(60),
            std::time::SystemTime::now(),
        )
        .unwrap();
    let link = gateway::photos::link(&signed).unwrap();
    let refused = get(&on_this_origin(&api, &link)).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(header(&refused, "x-content-type-options"), Some("nosniff"));
    assert!(!refused.text().await.unwrap().contains("<script>"));
    stack.photos.delete(&key).await.unwrap();

    // The answer that hands out the link is an API answer like any other.
    let answer = parent
        .get("/submissions?status=PENDING")
        .send()
        .await
        .unwrap();
    assert_eq!(header(&answer, "cache-control"), Some("no-store"));
    assert_eq!(header(&answer, "x-content-type-options"), Some("nosniff"));
}
