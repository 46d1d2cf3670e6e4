//! What the gateway reads from a request before any service sees it: JSON
//! bodies whose refusals name the field, and no text holding a NUL character
//! (PostgreSQL cannot store one, so it would otherwise surface as a server
//! error deep inside a service). Invalid UTF-8 and lone surrogates never get
//! this far: the JSON parser refuses them.

use axum::{
    body::Bytes,
    extract::{FromRequest, FromRequestParts, Request, rejection::PathRejection},
    http::{HeaderMap, StatusCode, Uri, header::CONTENT_TYPE, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};
use kit::{codes, refusal::Refusal};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ApiError, ApiResult};

/// A JSON body: `415` without a JSON content type, `400` naming the field
/// for a value of the wrong type or text holding a NUL.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers()) {
            return Err(ApiError::from(codes::json_body_expected())
                .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
        parse(&bytes).map(Body)
    }
}

/// A query string whose refusals name the parameter, like a body's.
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let deserializer =
            serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(deserializer)
            .map(Query)
            .map_err(|err| {
                refused(
                    codes::invalid_query,
                    err.path().to_string(),
                    err.into_inner().to_string(),
                )
            })
    }
}

/// Path parameters whose refusals are JSON errors like every other.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::new(rejection.status(), rejection.body_text())
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|mime| mime.trim().to_ascii_lowercase())
        .is_some_and(|mime| mime == "application/json" || mime.ends_with("+json"))
}

/// `bytes` as a `T`, or the error naming what was wrong with them.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> ApiResult<T> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|err| ApiError::from(codes::invalid_body(err.to_string())))?;
    // Every body of the API is an object (serde would read an array as one).
    if !value.is_object() {
        return Err(codes::invalid_body("expected a JSON object").into());
    }
    if let Some(field) = nul_field(&value, &mut String::new()) {
        return Err(ApiError::bad_text(field));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        refused(
            codes::invalid_body,
            err.path().to_string(),
            err.into_inner().to_string(),
        )
    })
}

/// The error for a value serde refused at `field` (`.` for the whole, then
/// refused as `whole` says: the body's or the query's refusal).
fn refused(whole: fn(String) -> Refusal, field: String, problem: String) -> ApiError {
    if field == "." {
        whole(problem).into()
    } else if problem.starts_with("must ") {
        // The value was refused in words (an enum's "must be one of ...").
        let refusal = codes::invalid_field(field.clone(), problem);
        ApiError::field(field, refusal)
    } else {
        let refusal = codes::malformed_field(field.clone(), problem);
        ApiError::field(field, refusal)
    }
}

/// The path (`name`, `thresholds.A`, `items[2]`) of the first string or key
/// holding a NUL, if any.
fn nul_field(value: &Value, path: &mut String) -> Option<String> {
    match value {
        Value::String(text) if text.contains('\0') => Some(shown(path)),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            let found = nul_field(item, path);
            path.truncate(len);
            found
        }),
        Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&key.replace('\0', "\\u0000"));
            let found = if key.contains('\0') {
                Some(path.clone())
            } else {
                nul_field(item, path)
            };
            path.truncate(len);
            found
        }),
        _ => None,
    }
}

fn shown(path: &str) -> String {
    if path.is_empty() {
        "body".to_owned()
    } else {
        path.to_owned()
    }
}

/// Refuses a request whose path or query holds a NUL (percent-encoded as
/// `%00`), naming the query parameter, before any route runs.
pub async fn refuse_nul_in_uri(request: Request, next: Next) -> Response {
    match nul_in_uri(request.uri()) {
        Some(field) => ApiError::bad_text(field).into_response(),
        None => next.run(request).await,
    }
}

fn nul_in_uri(uri: &Uri) -> Option<String> {
    let path = percent_encoding::percent_decode_str(uri.path()).collect::<Vec<u8>>();
    if path.contains(&0) {
        return Some("path".to_owned());
    }
    form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .find(|(key, value)| key.contains('\0') || value.contains('\0'))
        .map(|(key, _)| key.replace('\0', "\\u0000"))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Form {
        first_name: Option<String>,
        scale: Option<std::collections::BTreeMap<String, f64>>,
        tags: Option<Vec<String>>,
    }

    fn refused(json: &str) -> (String, Vec<String>) {
        let (message, details) = refused_with(json);
        (message, details.into_iter().map(|d| d.field).collect())
    }

    fn refused_with(json: &str) -> (String, Vec<crate::error::FieldDetail>) {
        let err = parse::<Form>(json.as_bytes()).unwrap_err();
        assert_eq!(err.status, StatusCode::BAD_REQUEST, "{json}");
        (err.message, err.details)
    }

    #[test]
    fn nul_anywhere_in_a_body_names_its_field() {
        for (json, field) in [
            (r#"{"firstName":"An\u0000n"}"#, "firstName"),
            (r#"{"scale":{"A\u0000":90}}"#, "scale.A\\u0000"),
            (r#"{"tags":["ok","b\u0000d"]}"#, "tags[1]"),
        ] {
            let (message, details) = refused_with(json);
            assert_eq!(
                message,
                format!("{field} contains a character that is not allowed")
            );
            let [detail] = &details[..] else {
                panic!("{json}: {details:?}")
            };
            assert_eq!(detail.field, field, "{json}");
            assert_eq!(detail.code.as_str(), "BAD_TEXT");
            assert_eq!(
                detail.params.clone().map(Value::Object),
                Some(serde_json::json!({ "field": field }))
            );
        }
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_field() {
        let (message, details) = refused_with(r#"{"firstName": 5}"#);
        assert_eq!(details.len(), 1);
        assert_eq!(details[0].field, "firstName");
        assert!(message.starts_with("firstName: invalid type"), "{message}");
        // The parser's words travel as a value of the code, for clients to
        // show beside the field.
        assert_eq!(details[0].code.as_str(), "MALFORMED_FIELD");
        let params = details[0].params.clone().unwrap();
        assert_eq!(params["field"], "firstName");
        assert!(
            params["problem"]
                .as_str()
                .is_some_and(|p| p.starts_with("invalid type")),
            "{params:?}"
        );
    }

    #[test]
    fn a_value_refused_in_words_says_them_after_its_field() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Scaled {
            scale: crate::json::GradeScale,
        }
        let err = parse::<Scaled>(br#"{"scale": "ROMAN"}"#).unwrap_err();
        assert!(
            err.message.starts_with("scale must be one of "),
            "{}",
            err.message
        );
        assert_eq!(err.code.map(|c| c.as_str()), Some("INVALID_FIELD"));
        assert_eq!(err.details[0].code.as_str(), "INVALID_FIELD");
    }

    #[test]
    fn null_is_an_absent_optional_field() {
        let form: Form = parse(br#"{"firstName": null, "scale": null, "extra": 1}"#).unwrap();
        assert!(form.first_name.is_none() && form.scale.is_none());
    }

    #[test]
    fn a_body_is_an_object() {
        for json in ["[null, null]", "\"text\"", "3", "null"] {
            let (message, fields) = refused(json);
            assert_eq!(message, "Invalid request body: expected a JSON object");
            assert!(fields.is_empty());
        }
        let err = parse::<Form>(b"{").unwrap_err();
        assert!(
            err.message.starts_with("Invalid request body: EOF"),
            "{}",
            err.message
        );
        assert_eq!(err.code.map(|c| c.as_str()), Some("INVALID_BODY"));
    }

    #[test]
    fn a_nul_in_the_uri_is_found() {
        let uri = |s: &str| s.parse::<Uri>().unwrap();
        assert_eq!(
            nul_in_uri(&uri("/api/admin/users?search=a%00b")),
            Some("search".into())
        );
        assert_eq!(nul_in_uri(&uri("/api/chores/ab%00cd")), Some("path".into()));
        assert_eq!(nul_in_uri(&uri("/api/admin/users?search=a%20b")), None);
    }
}
