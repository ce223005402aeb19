//! The OpenAPI document: the paths and DTOs from the handlers, plus every title's own schemas, with the
//! title-specific parts (`Action`, `View`, ...) described as a `oneOf` over the titles.

use utoipa::openapi::schema::{OneOfBuilder, Ref, Schema};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, RefOr};
use utoipa::{Modify, OpenApi};

use super::dto::*;
use super::error::Problem;
use super::handlers;
use crate::engine::{OptionInfo, Registry, TitleInfo};
use crate::store::{Persistence, StoreKind};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "ludus",
        description = "Game-state service for César et Cléopâtre, Alea Iacta Est, Caligula and Rome et Carthage.\n\n\
Create a game with `POST /v1/games`; each seat gets a secret token once. Send moves with \
`POST /v1/games/{id}/actions` and `Authorization: Bearer <token>`. Every answer shows only what the caller's seat \
may know; without a token you are a spectator. Errors are RFC 9457 `application/problem+json` with a stable `code`.",
        license(name = "MIT")
    ),
    paths(
        handlers::list_titles,
        handlers::title_map,
        handlers::create_game,
        handlers::get_game,
        handlers::legal_actions,
        handlers::play,
        handlers::list_events,
        super::stream::stream,
        super::stream::issue_ticket,
        handlers::health,
    ),
    components(schemas(Problem, TitleInfo, OptionInfo, StoreKind, GameStatus, Persistence)),
    modifiers(&SeatToken),
    tags(
        (name = "titles", description = "What can be played"),
        (name = "games", description = "Creating, reading and playing games"),
        (name = "service", description = "Operations"),
    )
)]
struct ApiDoc;

struct SeatToken;

impl Modify for SeatToken {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("seat_token", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// The complete document for the titles in `registry`.
pub fn document(registry: &Registry) -> Document {
    let mut document = ApiDoc::openapi();
    document.info.version = env!("CARGO_PKG_VERSION").to_owned();
    let components = document.components.get_or_insert_with(Default::default);
    let mut title_schemas = Vec::new();
    let mut unions: [(&str, &str, Vec<String>); 5] = [
        (
            "Action",
            "An action of one of the titles; the game's title decides which.",
            vec![],
        ),
        (
            "View",
            "A game state as one viewer may see it, in the game's title's shape.",
            vec![],
        ),
        (
            "Event",
            "A log event as one viewer may see it, in the game's title's shape.",
            vec![],
        ),
        (
            "Outcome",
            "The result of a finished game, in the game's title's shape.",
            vec![],
        ),
        ("Options", "Options of a title, given when creating a game.", vec![]),
    ];
    for title in registry.titles() {
        title.schemas(&mut title_schemas);
        let names = title.schema_names();
        let [action, view, event, outcome, options] = &mut unions;
        action.2.push(names.action);
        view.2.push(names.view);
        event.2.push(names.event);
        outcome.2.push(names.outcome);
        options.2.push(names.options);
    }
    // A generated client gets the title ids as an enumeration.
    if let Some(RefOr::T(Schema::Object(request))) = components.schemas.get_mut("CreateGameRequest")
        && let Some(RefOr::T(Schema::Object(title))) = request.properties.get_mut("title")
    {
        title.enum_values = Some(registry.infos().map(|info| info.id.into()).collect());
    }
    for (name, schema) in title_schemas {
        components.schemas.insert(name, schema);
    }
    for (name, description, members) in unions {
        let one_of = members
            .iter()
            .fold(OneOfBuilder::new().description(Some(description)), |builder, member| {
                builder.item(Ref::from_schema_name(member))
            });
        components
            .schemas
            .insert(name.to_owned(), RefOr::T(Schema::OneOf(one_of.build())));
    }
    document
}
