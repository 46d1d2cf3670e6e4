//! What a child's session on the family tablet may reach: the tablet's
//! screens (their chores, submissions, jars, goals, store and grades), never
//! the account's security. The tablet is a shared device a PIN opens for
//! five minutes: two-factor sign-in, passwords, the profile, calendar feeds
//! and ending sessions everywhere would outlive it or lock the child out.
//! The services refuse the security calls to such a session again.

use axum::http::Method;

/// The routes (method and pattern under `/api`) open to a tablet session.
/// Everything else answers 403 `NOT_ON_TABLET`.
pub const ALLOWED: &[(&str, &str)] = &[
    ("GET", "/users/me"),
    ("POST", "/auth/renew"),
    ("POST", "/auth/logout"),
    ("GET", "/events"),
    ("GET", "/dashboard/stats"),
    ("GET", "/organizations/current"),
    ("GET", "/categories"),
    ("GET", "/multipliers"),
    ("GET", "/chores"),
    ("GET", "/chores/today"),
    ("GET", "/chores/week"),
    ("GET", "/chores/{id}/turns"),
    ("GET", "/missed"),
    ("GET", "/submissions"),
    ("POST", "/submissions"),
    ("GET", "/submissions/availability"),
    ("GET", "/submissions/history"),
    ("GET", "/submissions/{id}"),
    ("GET", "/notifications"),
    ("POST", "/notifications/read"),
    ("GET", "/children"),
    ("GET", "/children/{id}/jars"),
    ("POST", "/children/{id}/transfers"),
    ("GET", "/children/{id}/goals"),
    ("POST", "/children/{id}/goals"),
    ("PUT", "/goals/{id}"),
    ("DELETE", "/goals/{id}"),
    ("GET", "/children/{id}/statement"),
    ("GET", "/children/{id}/allowance"),
    ("GET", "/children/{id}/interest"),
    ("GET", "/children/{id}/pauses"),
    ("GET", "/store/items"),
    ("POST", "/store/items/{id}/redeem"),
    ("GET", "/store/redemptions"),
    ("GET", "/subjects/{id}"),
    ("GET", "/payouts"),
];

/// Whether a tablet session may call `method` on the route `pattern` (the
/// matched path, with or without its `/api` prefix).
pub fn allows(method: &Method, pattern: &str) -> bool {
    let pattern = pattern.strip_prefix("/api").unwrap_or(pattern);
    ALLOWED
        .iter()
        .any(|(m, p)| *p == pattern && method.as_str() == *m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tablets_screens_are_open_and_the_accounts_security_is_not() {
        assert!(allows(&Method::GET, "/api/chores/today"));
        assert!(allows(&Method::POST, "/submissions"));
        assert!(!allows(&Method::DELETE, "/submissions"));
        for (method, path) in [
            (Method::POST, "/api/users/me/mfa"),
            (Method::POST, "/api/users/me/mfa/confirm"),
            (Method::POST, "/api/users/me/mfa/disable"),
            (Method::PUT, "/api/users/me"),
            (Method::PUT, "/api/users/me/password"),
            (Method::PUT, "/api/users/me/notifications"),
            (Method::GET, "/api/calendar/feeds"),
            (Method::POST, "/api/calendar/feeds"),
            (Method::DELETE, "/api/calendar/feeds/{id}"),
            (Method::POST, "/api/auth/logout-everywhere"),
            (Method::POST, "/api/auth/resend-verification"),
        ] {
            assert!(!allows(&method, path), "{method} {path}");
        }
    }

    /// Each route named is one the API has: a renamed route would
    /// otherwise silently close a tablet screen.
    #[test]
    fn every_allowed_route_is_in_the_api() {
        let doc = crate::startup::openapi_document();
        for (method, path) in ALLOWED {
            let operation = &doc["paths"][path][method.to_ascii_lowercase()];
            assert!(operation.is_object(), "{method} {path} is not in the API");
        }
    }
}
