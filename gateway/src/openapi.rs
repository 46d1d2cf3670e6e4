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
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
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
        (name = "health", description = "Health of the stack"),
    )
)]
pub struct ApiDoc;

/// Completes the document once every route has added its paths and schemas.
pub fn complete(mut document: openapi::OpenApi) -> openapi::OpenApi {
    SharedAnswers.modify(&mut document);
    RequiredHaveNoDefault.modify(&mut document);
    document
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
            for operation in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
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
