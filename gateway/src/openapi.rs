//! The OpenAPI 3 document, assembled from the route handlers' annotations.

use utoipa::{
    Modify, OpenApi,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Chorely API", description = "Family chores and rewards."),
    servers((url = "/api")),
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

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
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
