//! The web app and the API docs page, served from the gateway's own origin.

use std::path::Path;

use axum::{Router, response::Html, routing::get};
use tower_http::services::{ServeDir, ServeFile};

/// A page rendering `/api/openapi.json` with Swagger UI (its files ship with the web build).
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
  <script>window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs" });</script>
</body>
</html>"##;

pub fn docs_page() -> Router {
    Router::new().route("/api/docs", get(|| async { Html(DOCS_PAGE) }))
}

/// Static files of the built app; any other path gets `index.html`, so client
/// routes like `/invite/abc` load the app.
pub fn spa(dist: &Path) -> Router {
    let index = dist.join("index.html");
    Router::new().fallback_service(ServeDir::new(dist).fallback(ServeFile::new(index)))
}
