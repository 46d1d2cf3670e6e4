//! The OpenAPI 3.1 document, assembled from the route handlers' annotations
//! and the JSON types, then completed with what every operation shares: the
//! answers the gateway itself gives before a handler runs (401 without a
//! valid token, 403 for the wrong role, 400 and 415 for a body that is not
//! the operation's JSON, 404 for an id of nothing the caller may see).

use utoipa::{
    Modify, OpenApi, PartialSchema, ToSchema,
    openapi::{
        self, RefOr,
        path::{Operation, ParameterIn},
        response::ResponseBuilder,
        schema::{ObjectBuilder, Schema, SchemaType, Type},
        security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
    },
};

use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(title = "Chorely API", description = "Family chores and rewards."),
    servers((url = "/api")),
    components(schemas(
        TimeZone,
        crate::json::SubjectBody,
        crate::json::EmailOrEmpty,
        crate::json::PlanFilter,
        crate::json::StatusFilter,
        crate::json::RoleFilter,
    )),
    modifiers(&BearerAuth),
    tags(
        (name = "auth", description = "Sign-up, login and invitations"),
        (name = "users", description = "The signed-in user"),
        (name = "organizations", description = "The signed-in user's family"),
        (name = "children", description = "Children of the family"),
        (name = "tablet", description = "The family tablet (with its device token)"),
        (name = "webhooks", description = "Endpoints receiving the family's events"),
        (name = "calendar", description = "Private calendar feeds (iCalendar)"),
        (name = "store", description = "The reward store: items, redemptions"),
        (name = "savings", description = "Savings goals and statements (payslips)"),
        (name = "notifications", description = "The notification centre, its settings and unsubscribe links"),
        (name = "events", description = "Live updates (Server-Sent Events)"),
        (name = "health", description = "Health of the stack"),
    )
)]
pub struct ApiDoc;

/// Completes the document once every route has added its paths and schemas.
pub fn complete(mut document: openapi::OpenApi) -> openapi::OpenApi {
    SharedAnswers.modify(&mut document);
    RequiredHaveNoDefault.modify(&mut document);
    UniqueOperationIds.modify(&mut document);
    Links.modify(&mut document);
    document
}

/// The document as JSON. utoipa 5.5 writes a link's fields in snake case
/// (`operation_id`); OpenAPI spells them in camel case, so they are renamed.
pub fn to_json(document: &openapi::OpenApi) -> serde_json::Value {
    let mut json = serde_json::to_value(document).unwrap_or_default();
    let links = json["paths"]
        .as_object_mut()
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(|item| item.as_object_mut())
        .flat_map(|item| item.values_mut())
        .filter_map(|operation| operation["responses"].as_object_mut())
        .flat_map(|responses| responses.values_mut())
        .filter_map(|response| response.get_mut("links").and_then(|l| l.as_object_mut()))
        .flat_map(|links| links.values_mut())
        .filter_map(|link| link.as_object_mut());
    for link in links {
        for (snake, camel) in [
            ("operation_id", "operationId"),
            ("operation_ref", "operationRef"),
            ("request_body", "requestBody"),
        ] {
            if let Some(value) = link.remove(snake) {
                link.insert(camel.to_owned(), value);
            }
        }
    }
    json
}

fn operations(
    item: &mut openapi::PathItem,
) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("get", &mut item.get),
        ("put", &mut item.put),
        ("post", &mut item.post),
        ("delete", &mut item.delete),
        ("patch", &mut item.patch),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.as_mut().map(|o| (method, o)))
}

/// Operation ids are the handlers' names, which two areas may share
/// (`stats` of the console and of the dashboard): a shared one is prefixed
/// with its path's first segment (`admin_stats`, `dashboard_stats`).
struct UniqueOperationIds;

impl Modify for UniqueOperationIds {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for item in openapi.paths.paths.values_mut() {
            for (_, operation) in operations(item) {
                if let Some(id) = &operation.operation_id {
                    *seen.entry(id.clone()).or_default() += 1;
                }
            }
        }
        for (path, item) in &mut openapi.paths.paths {
            let area = path
                .trim_start_matches('/')
                .split('/')
                .next()
                .unwrap_or_default();
            for (_, operation) in operations(item) {
                if let Some(id) = operation.operation_id.as_mut()
                    && seen.get(id.as_str()).is_some_and(|n| *n > 1)
                {
                    *id = format!("{area}_{id}");
                }
            }
        }
    }
}

/// What a created resource leads to: the operations that take its id (or
/// the id of what its answer holds), so clients and the contract test can
/// follow them.
struct LinkFrom {
    /// The operation that creates, and the status it answers with.
    method: &'static str,
    path: &'static str,
    status: &'static str,
    /// Where the id is in the answer (a JSON pointer).
    id: &'static str,
    /// The operations taking it as their `id` parameter.
    to: &'static [(&'static str, &'static str)],
}

const LINKS: &[LinkFrom] = &[
    LinkFrom {
        method: "post",
        path: "/categories",
        status: "201",
        id: "/id",
        to: &[("put", "/categories/{id}"), ("delete", "/categories/{id}")],
    },
    LinkFrom {
        method: "post",
        path: "/chores",
        status: "201",
        id: "/id",
        to: &[
            ("put", "/chores/{id}"),
            ("delete", "/chores/{id}"),
            ("get", "/chores/{id}/turns"),
            ("post", "/chores/{id}/turns/swap"),
        ],
    },
    LinkFrom {
        method: "post",
        path: "/children/invite",
        status: "201",
        id: "/child/id",
        to: &[
            ("put", "/children/{id}"),
            ("put", "/children/{id}/ratings"),
            ("post", "/children/{id}/adjust-balance"),
            ("get", "/subjects/{id}"),
            ("post", "/subjects/{id}"),
            ("post", "/subjects/{id}/archive-all"),
            ("delete", "/children/{id}"),
        ],
    },
    LinkFrom {
        method: "post",
        path: "/subjects/{id}",
        status: "201",
        id: "/id",
        to: &[
            ("put", "/subjects/{id}"),
            ("post", "/subjects/{id}/grade"),
            ("delete", "/subjects/{id}"),
        ],
    },
    LinkFrom {
        method: "post",
        path: "/submissions",
        status: "201",
        id: "/id",
        to: &[
            ("get", "/submissions/{id}"),
            ("patch", "/submissions/{id}/review"),
        ],
    },
];

/// Adds [`LINKS`] to the answers that create things.
struct Links;

impl Modify for Links {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        for LinkFrom {
            method,
            path,
            status,
            id,
            to: targets,
        } in LINKS
        {
            let mut links = Vec::new();
            for (target_method, target_path) in *targets {
                let target = openapi.paths.paths.get_mut(*target_path).and_then(|item| {
                    operations(item)
                        .find(|(m, _)| m == target_method)
                        .and_then(|(_, o)| o.operation_id.clone())
                });
                let Some(target) = target else {
                    panic!("link to {target_method} {target_path}, which is not in the document");
                };
                links.push((
                    target.clone(),
                    openapi::link::LinkBuilder::new()
                        .operation_id(target)
                        .parameter("id", format!("$response.body#{id}"))
                        .build(),
                ));
            }
            let response = openapi
                .paths
                .paths
                .get_mut(*path)
                .and_then(|item| operations(item).find(|(m, _)| m == method).map(|(_, o)| o))
                .and_then(|o| o.responses.responses.get_mut(*status));
            let Some(RefOr::T(response)) = response else {
                panic!("links from {method} {path} {status}, which is not in the document");
            };
            for (name, link) in links {
                response.links.insert(name, RefOr::T(link));
            }
        }
    }
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        // The family tablet's device token (see routes::tablets).
        components.add_security_scheme(
            "tablet",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Tablet-Token",
                "The device token of a browser set up as the family tablet",
            ))),
        );
    }
}

/// An IANA time zone name, e.g. `Europe/Paris`: the zones the services know.
pub struct TimeZone;

impl PartialSchema for TimeZone {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::new(Type::String))
            .enum_values(Some(chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name())))
            .description(Some("An IANA time zone name, e.g. `Europe/Paris`."))
            .into()
    }
}

impl ToSchema for TimeZone {}

/// Adds the answers every operation of a kind can give to each operation
/// that does not already describe them.
struct SharedAnswers;

impl Modify for SharedAnswers {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for (_, operation) in operations(item) {
                shared_answers(operation);
            }
        }
    }
}

fn shared_answers(operation: &mut Operation) {
    let secured = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_body = operation.request_body.is_some();
    let params = operation.parameters.as_deref().unwrap_or_default();
    let has_path = params.iter().any(|p| p.parameter_in == ParameterIn::Path);
    let has_query = params.iter().any(|p| p.parameter_in == ParameterIn::Query);
    let mut add = |status: &str, description: &str| {
        let responses = &mut operation.responses.responses;
        if !responses.contains_key(status) {
            responses.insert(
                status.to_owned(),
                RefOr::T(
                    ResponseBuilder::new()
                        .description(description)
                        .content(
                            "application/json",
                            openapi::content::ContentBuilder::new()
                                .schema(Some(RefOr::Ref(openapi::Ref::from_schema_name(
                                    ErrorBody::name(),
                                ))))
                                .build(),
                        )
                        .build(),
                ),
            );
        }
    };
    if secured {
        add(
            "401",
            "No valid token: missing, expired, revoked or suspended",
        );
        add("403", "The caller's role may not do this");
    }
    if has_body {
        add(
            "400",
            "The body is not valid for this operation; `details` names the fields",
        );
        add("415", "The body is not of the operation's content type");
    }
    if has_query || has_path {
        add("400", "A parameter is not valid; `details` names it");
    }
    if has_path {
        add("404", "Nothing with this id that the caller may see");
    }
}

/// A property the request must carry has no default: `required` means the
/// caller says it. (Bodies read a missing field as empty so the service can
/// answer with its own "... is required" text, which gives them one.)
struct RequiredHaveNoDefault;

impl Modify for RequiredHaveNoDefault {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        for schema in components.schemas.values_mut() {
            if let RefOr::T(Schema::Object(object)) = schema {
                for name in object.required.clone() {
                    match object.properties.get_mut(&name) {
                        Some(RefOr::T(Schema::Object(property))) => property.default = None,
                        Some(RefOr::T(Schema::OneOf(property))) => property.default = None,
                        _ => {}
                    }
                }
            }
        }
    }
}
