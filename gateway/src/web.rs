//! The web app and the API docs page, served from the gateway's own origin,
//! each with the Content-Security-Policy it runs under.

use std::path::Path;

use axum::{
    Router,
    http::{HeaderValue, header},
    response::{Html, IntoResponse},
    routing::get,
};
use tower_http::{
    services::{ServeDir, ServeFile},
    set_header::SetResponseHeaderLayer,
};

/// A page rendering `/api/openapi.json` with Swagger UI (its files ship with
/// the web build). No inline script: the start script is a file of its own,
/// so the page runs under a policy that allows scripts from this origin only.
const DOCS_PAGE: &str = r##"<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Chorely API</title>
  <link rel="stylesheet" href="/api-docs/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/api-docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/start.js"></script>
</body>
</html>"##;

/// Starts Swagger UI on the docs page. No validator: it would send the
/// document to swagger.io and show a badge from there.
const DOCS_START: &str = "window.ui = SwaggerUIBundle({ url: \"/api/openapi.json\", dom_id: \"#docs\", validatorUrl: null });\n";

/// The policy of the web app (a single-page app built by Vite, see
/// web/vite.config.ts). The access token lives in local storage, so this is
/// what stands between an injected script and the token:
/// - scripts only from this origin: no inline script, no eval (the built app
///   has neither; its service worker and Workbox's files are same-origin);
/// - styles only from this origin: the stylesheets are files, and the style
///   values React sets go through the CSSOM (`element.style`), which a policy
///   does not govern, so no `'unsafe-inline'` is needed;
/// - images from this origin (submission photos too, under `/api/photos`),
///   `data:` (QR codes, icons in stylesheets) and `blob:` (the preview of a
///   photo before it is uploaded);
/// - requests (the API, the live event stream) only to this origin;
/// - no plugins, no `<base>` elsewhere, forms only here, never framed.
pub const APP_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; \
     img-src 'self' data: blob:";

/// The policy of the API docs page: as strict as the app's. Swagger UI (5.x)
/// sets its styles through the CSSOM and its stylesheet is a file, so it
/// needs no `'unsafe-inline'` (the browser tests expand an operation under
/// this policy and see no violation); its icons are `data:` SVGs.
const DOCS_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

pub fn docs_page() -> Router {
    Router::new()
        .route("/api/docs", get(|| async { Html(DOCS_PAGE) }))
        .route(
            "/api/docs/start.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    DOCS_START,
                )
                    .into_response()
            }),
        )
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DOCS_POLICY),
        ))
}

/// Static files of the built app; any other path gets `index.html`, so client
/// routes like `/invite/abc` load the app. Every answer carries `policy`.
pub fn spa(dist: &Path, policy: HeaderValue) -> Router {
    let index = dist.join("index.html");
    Router::new()
        .fallback_service(ServeDir::new(dist).fallback(ServeFile::new(index)))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            policy,
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_come_from_this_origin_only() {
        assert!(
            APP_POLICY.ends_with("; img-src 'self' data: blob:"),
            "{APP_POLICY}"
        );
        for policy in [APP_POLICY, DOCS_POLICY] {
            assert!(!policy.contains("unsafe"), "{policy}");
            assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
            assert!(policy.contains("object-src 'none'"), "{policy}");
        }
    }
}
