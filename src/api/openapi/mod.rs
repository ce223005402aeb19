//! The OpenAPI document: the paths and DTOs from the handlers, plus every title's own schemas, refined for client
//! generators: named variants with discriminators, closed request objects, integer ranges the server really accepts,
//! per-title game creation, and a documented example for every error code.

mod problems;
mod refine;
mod title_schemas;

use serde_json::{Value, json};
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::dto::*;
use super::error::Problem;
use super::request::SESSION_COOKIE;
use super::{accounts, chat, events, games, health, lobby, matchmaking, moves, ratings, stream, titles};
use crate::engine::{GameSeed, Lang, OptionInfo, Registry, RuleCode, TitleInfo};
use crate::service::LobbyStatus;
use crate::store::{Persistence, StoreKind};
use problems::{document_problems, document_session_cookie, problem_code_schema};
use refine::{bound_integers, document_account_keys, drop_internal_references, no_null_parameters};
use title_schemas::{add_create_requests, add_seek_requests, add_title_schemas};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "ludus",
        description = "Game-state service for César et Cléopâtre, Alea Iacta Est, Caligula and Rome et Carthage.\n\n\
Create a game with `POST /v1/games`; each seat gets a secret token once. Send moves with \
`POST /v1/games/{id}/actions` and `Authorization: Bearer <token>`. An account (`POST /v1/accounts`) has one key \
that acts for every seat bound to it and one stream of notifications. Every answer shows only what the caller's seat \
may know; without a token you are a spectator. Errors are RFC 9457 `application/problem+json` with a stable `code`.",
        license(name = "MIT", identifier = "MIT")
    ),
    servers((url = "/", description = "The ludus that serves this document")),
    // The same operations as `super::endpoints`, which a test holds this list to.
    paths(
        titles::list_titles,
        titles::title_map,
        ratings::leaderboard,
        games::create_game,
        lobby::lobby,
        lobby::join_seat,
        lobby::seat_bot,
        lobby::rematch,
        lobby::decline_seat,
        lobby::bind_seat,
        matchmaking::seek,
        matchmaking::cancel_seek,
        games::get_game,
        moves::legal_actions,
        moves::play,
        events::list_events,
        stream::stream,
        stream::issue_ticket,
        chat::post_chat,
        chat::list_chat,
        accounts::create_account,
        accounts::session::sign_up,
        accounts::session::sign_in,
        accounts::session::sign_out,
        accounts::passkeys::sign_in_challenge,
        accounts::passkeys::passkey_sign_in,
        accounts::session::list_sessions,
        accounts::session::revoke_session,
        accounts::me,
        accounts::delete_account,
        ratings::account_profile,
        accounts::add_key,
        accounts::revoke_key,
        accounts::passkeys::registration_challenge,
        accounts::passkeys::add_passkey,
        accounts::passkeys::list_passkeys,
        accounts::passkeys::remove_passkey,
        accounts::games::my_games,
        accounts::export::export,
        accounts::stream::account_stream,
        accounts::stream::issue_stream_ticket,
        accounts::webhook::set_webhook,
        accounts::webhook::webhook,
        accounts::webhook::remove_webhook,
        accounts::webhook::deliveries,
        health::health,
        health::livez,
        health::readyz,
        health::metrics,
    ),
    components(schemas(Problem, RuleCode, TitleInfo, OptionInfo, StoreKind, GameStatus, Persistence, LobbyStatus, Lang, accounts::dto::GamesStatus)),
    modifiers(&SeatToken),
    tags(
        (name = "titles", description = "What can be played"),
        (name = "games", description = "Creating, reading and playing games"),
        (name = "lobby", description = "Meeting other players: open seats, joining, rematches"),
        (name = "accounts", description = "One identity across games: keys, the account's games and its notifications"),
        (name = "service", description = "Operations"),
    )
)]
struct ApiDoc;

struct SeatToken;

impl Modify for SeatToken {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("seat_token", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        // An account key is a bearer credential too (`lk_...`); where a seat token is accepted, so is the key of the
        // account the seat is bound to.
        components.add_security_scheme("account_key", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        // A person signed in (`POST /v1/sessions`): the cookie acts as the account wherever its key would.
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                SESSION_COOKIE,
                "The session of a person signed in with `POST /v1/sessions`; where an account key is accepted, so is \
                 this cookie (a bearer credential wins over it). A write with it must come from the service's own \
                 pages (`Origin`, or `Sec-Fetch-Site: same-origin`).",
            ))),
        );
    }
}

/// The complete document for the titles in `registry`.
pub fn document(registry: &Registry) -> Value {
    let mut document = serde_json::to_value(ApiDoc::openapi()).expect("the OpenAPI document serializes");
    document["info"]["version"] = env!("CARGO_PKG_VERSION").into();
    let schemas = document["components"]["schemas"]
        .as_object_mut()
        .expect("the document has schemas");
    add_title_schemas(schemas, registry);
    add_create_requests(schemas, registry);
    add_seek_requests(schemas, registry);
    schemas.insert("ProblemCode".to_owned(), problem_code_schema());
    document_problems(&mut document);
    no_null_parameters(&mut document);
    document_account_keys(&mut document);
    document_session_cookie(&mut document);
    document_play_example(&mut document, registry);
    // The map operation takes the ids of the titles that have one.
    let with_map: Vec<&str> = registry
        .titles()
        .filter(|title| title.map().is_some())
        .map(|title| title.info().id)
        .collect();
    document["paths"]["/v1/titles/{id}/map"]["get"]["parameters"][0]["schema"]["enum"] = json!(with_map);
    let titles: Vec<&str> = registry.infos().map(|info| info.id).collect();
    document["paths"]["/v1/titles/{id}/leaderboard"]["get"]["parameters"][0]["schema"]["enum"] = json!(titles);
    for parameter in document["paths"]["/v1/lobby"]["get"]["parameters"]
        .as_array_mut()
        .expect("the lobby takes parameters")
    {
        if parameter["name"] == "title" {
            parameter["schema"]["enum"] = json!(titles);
        }
    }
    bound_integers(&mut document);
    drop_internal_references(&mut document);
    document
}

/// The example move is the first legal action of the first seat to act in the game `CreateGameRequest`'s example
/// creates, so that trying the two examples in a row works (with no `expected_version`: the created game's version
/// is the service's to tell, e.g. one more with a `table_opened`).
fn document_play_example(document: &mut Value, registry: &Registry) {
    let create = document["components"]["schemas"]["CreateGameRequest"]["example"].clone();
    let title = registry
        .get(create["title"].as_str().expect("the example names a title"))
        .expect("the example's title is served");
    let players = create["players"].as_u64().expect("the example has players") as usize;
    let seed = GameSeed::from_u64(create["seed"].as_u64().expect("the example is seeded"));
    let options = title
        .normalize_options(create.get("options"))
        .expect("the example's options are valid");
    let events = title
        .create(players, &options, seed)
        .expect("the example game can be created");
    let session = title
        .replay(players, &options, &events)
        .expect("the example game replays");
    let seat = session.to_act()[0];
    let action = session.legal_actions(seat).swap_remove(0);
    document["components"]["schemas"]["PlayRequest"]["example"] = json!({ "action": action });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::endpoints;

    #[test]
    fn public_descriptions_carry_no_internal_notes() {
        let registry = Registry::with_all_titles();
        let document = document(&registry);
        let mut descriptions = Vec::new();
        collect_descriptions(&document, &mut descriptions);
        let internal = [
            "(D",
            "spec ",
            "struct",
            "serde",
            "deny_unknown_fields",
            "TODO",
            "engine",
        ];
        for text in descriptions {
            for marker in internal {
                assert!(!text.contains(marker), "{marker:?} in the public description {text:?}");
            }
        }
    }

    #[test]
    fn the_document_lists_exactly_the_routed_operations() {
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap();
        let mut documented: Vec<(String, String)> = document["paths"]
            .as_object()
            .unwrap()
            .iter()
            .flat_map(|(path, item)| {
                item.as_object()
                    .unwrap()
                    .keys()
                    .map(|method| (path.clone(), method.clone()))
            })
            .collect();
        let mut routed: Vec<(String, String)> = endpoints()
            .iter()
            .map(|endpoint| (endpoint.path.clone(), endpoint.method_name().to_owned()))
            .collect();
        documented.sort();
        routed.sort();
        assert_eq!(documented, routed);
    }

    fn collect_descriptions<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(object) => {
                for (key, field) in object {
                    match field {
                        Value::String(text) if key == "description" => out.push(text),
                        _ => collect_descriptions(field, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| collect_descriptions(item, out)),
            _ => {}
        }
    }
}
