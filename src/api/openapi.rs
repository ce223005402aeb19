//! The OpenAPI document: the paths and DTOs from the handlers, plus every title's own schemas, refined for client
//! generators: named variants with discriminators, closed request objects, integer ranges the server really accepts,
//! per-title game creation, and a documented example for every error code.

use serde_json::{Map, Value, json};
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use super::dto::*;
use super::error::{ApiError, ErrorCode, Problem};
use super::handlers;
use crate::engine::bot::Bot;
use crate::engine::table::{OpenedSeat, TableAction, TableEvent};
use crate::engine::{ActionError, GameSeed, OptionInfo, Registry, RuleError, Title, TitleInfo};
use crate::service::{LobbyStatus, ServiceError};
use crate::store::{Persistence, StoreKind};
use utoipa::PartialSchema;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "ludus",
        description = "Game-state service for César et Cléopâtre, Alea Iacta Est, Caligula and Rome et Carthage.\n\n\
Create a game with `POST /v1/games`; each seat gets a secret token once. Send moves with \
`POST /v1/games/{id}/actions` and `Authorization: Bearer <token>`. Every answer shows only what the caller's seat \
may know; without a token you are a spectator. Errors are RFC 9457 `application/problem+json` with a stable `code`.",
        license(name = "MIT", identifier = "MIT")
    ),
    servers((url = "/", description = "The ludus that serves this document")),
    paths(
        handlers::list_titles,
        handlers::title_map,
        handlers::create_game,
        handlers::lobby,
        handlers::join_seat,
        handlers::seat_bot,
        handlers::rematch,
        handlers::get_game,
        handlers::legal_actions,
        handlers::play,
        handlers::list_events,
        super::stream::stream,
        super::stream::issue_ticket,
        handlers::health,
    ),
    components(schemas(Problem, TitleInfo, OptionInfo, StoreKind, GameStatus, Persistence, LobbyStatus)),
    modifiers(&SeatToken),
    tags(
        (name = "titles", description = "What can be played"),
        (name = "games", description = "Creating, reading and playing games"),
        (name = "lobby", description = "Meeting other players: open seats, joining, rematches"),
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

/// The service's error codes each operation may answer (besides `not_found`, `method_not_allowed` and `internal`,
/// which any address may answer). Every problem response the handlers document must be covered here, and the other
/// way round: `document` panics otherwise, which the tests catch.
fn operation_errors(method: &str, path: &str) -> &'static [ErrorCode] {
    use ErrorCode::*;
    match (method, path) {
        ("get", "/v1/titles/{id}/map") => &[MapNotFound],
        ("post", "/v1/games") => &[
            MalformedRequest,
            UnknownTitle,
            InvalidPlayerCount,
            InvalidOptions,
            InvalidSeats,
            InvalidName,
            InvalidTurnSeconds,
            OptionsConflict,
            SeatsConflict,
            SeedNotPublic,
            PayloadTooLarge,
            UnsupportedMediaType,
            RateLimited,
            StoreUnavailable,
        ],
        ("get", "/v1/lobby") => &[InvalidQuery, UnknownTitle, StoreUnavailable, LogChanged],
        ("post", "/v1/games/{id}/seats/{seat}/join") => &[
            MalformedRequest,
            InvalidName,
            GameNotFound,
            SeatNotFound,
            SeatTaken,
            JoinTooLate,
            Contention,
            PayloadTooLarge,
            UnsupportedMediaType,
            StoreUnavailable,
            LogChanged,
        ],
        ("post", "/v1/games/{id}/seats/{seat}/bot") => &[
            MalformedRequest,
            MissingToken,
            InvalidToken,
            GameNotFound,
            SeatNotFound,
            SeatTaken,
            JoinTooLate,
            Contention,
            PayloadTooLarge,
            UnsupportedMediaType,
            StoreUnavailable,
            LogChanged,
        ],
        ("post", "/v1/games/{id}/rematch") => &[
            MissingToken,
            InvalidToken,
            GameNotFound,
            GameNotFinished,
            NoRematch,
            Contention,
            StoreUnavailable,
            LogChanged,
        ],
        ("get", "/v1/games/{id}") => &[
            InvalidQuery,
            InvalidToken,
            GameNotFound,
            VersionNotReached,
            StoreUnavailable,
            LogChanged,
        ],
        ("get", "/v1/games/{id}/actions") | ("post", "/v1/games/{id}/stream-tickets") => {
            &[MissingToken, InvalidToken, GameNotFound, StoreUnavailable, LogChanged]
        }
        ("post", "/v1/games/{id}/actions") => &[
            MalformedRequest,
            InvalidAction,
            ActionTooDeep,
            InvalidIdempotencyKey,
            MissingToken,
            InvalidToken,
            GameNotFound,
            VersionConflict,
            Contention,
            IdempotencyRecordLost,
            PayloadTooLarge,
            UnsupportedMediaType,
            GameOver,
            ActionOfAnotherTitle,
            IdempotencyKeyReused,
            StoreUnavailable,
            LogChanged,
        ],
        ("get", "/v1/games/{id}/events") => &[InvalidQuery, InvalidToken, GameNotFound, StoreUnavailable, LogChanged],
        ("get", "/v1/games/{id}/stream") => &[
            InvalidLastEventId,
            InvalidQuery,
            ConflictingCredentials,
            InvalidToken,
            InvalidTicket,
            GameNotFound,
            TooManyStreams,
            StoreUnavailable,
            LogChanged,
            StreamsFull,
        ],
        _ => &[],
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
    schemas.insert("ProblemCode".to_owned(), problem_code_schema());
    document_problems(&mut document);
    no_null_parameters(&mut document);
    document_play_example(&mut document, registry);
    // The map operation takes the ids of the titles that have one.
    let with_map: Vec<&str> = registry
        .titles()
        .filter(|title| title.map().is_some())
        .map(|title| title.info().id)
        .collect();
    document["paths"]["/v1/titles/{id}/map"]["get"]["parameters"][0]["schema"]["enum"] = json!(with_map);
    let titles: Vec<&str> = registry.infos().map(|info| info.id).collect();
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

/// Each title's schemas, with its action and event unions split into named variants under a discriminator, and the
/// game-agnostic unions (`Action`, `View`, `Event`, `Outcome`) over the titles.
fn add_title_schemas(schemas: &mut Map<String, Value>, registry: &Registry) {
    let mut unions: [(&str, &str, Vec<String>); 4] = [
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
    ];
    for title in registry.titles() {
        let mut own = Vec::new();
        title.schemas(&mut own);
        for (name, schema) in own {
            schemas.insert(name, serde_json::to_value(schema).expect("schemas serialize"));
        }
        let names = title.schema_names();
        let prefix = title_prefix(title.as_ref());
        name_variants(schemas, &names.action, &prefix, "", true);
        name_variants(schemas, &names.event, &prefix, "Event", false);
        let [action, view, event, outcome] = &mut unions;
        action.2.push(names.action);
        view.2.push(names.view);
        event.2.push(names.event);
        outcome.2.push(names.outcome);
    }
    // The titles' other tagged unions (phases, ...) get named variants too, so that no generated class is called
    // `Phase_oneOf_3`.
    let others: Vec<String> = schemas
        .iter()
        .filter(|(_, schema)| tag_key(schema).is_some())
        .map(|(name, _)| name.clone())
        .collect();
    for name in others {
        // A bot arrives in requests, which refuse unknown fields.
        let closed = name == Bot::name();
        name_variants(schemas, &name, &name, "", closed);
    }
    // The table's actions and events, which every title's games take besides their own.
    let mut table = Vec::new();
    for (name, schema) in [
        ("TableAction", TableAction::schema()),
        ("TableEvent", TableEvent::schema()),
        ("OpenedSeat", OpenedSeat::schema()),
    ] {
        table.push((name.to_owned(), schema));
    }
    for (name, schema) in table {
        schemas.insert(name, serde_json::to_value(schema).expect("schemas serialize"));
    }
    name_variants(schemas, "TableAction", "Table", "", true);
    name_variants(schemas, "TableEvent", "Table", "Event", false);
    let [action, _, event, _] = &mut unions;
    action.2.push("TableAction".to_owned());
    event.2.push("TableEvent".to_owned());
    for (name, description, members) in unions {
        let refs: Vec<Value> = members.iter().map(|member| reference(member)).collect();
        schemas.insert(name.to_owned(), json!({"description": description, "oneOf": refs}));
    }
}

fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

/// Moves the inline variants of the tagged union `union` into schemas of their own, named `prefix` + the tag in
/// PascalCase + `suffix`, and adds the discriminator. `closed`: the server refuses unknown fields. Panics when `union`
/// is not a union of objects tagged by one property.
fn name_variants(schemas: &mut Map<String, Value>, union: &str, prefix: &str, suffix: &str, closed: bool) {
    let tag_key = tag_key(&schemas[union]).unwrap_or_else(|| panic!("{union} is not a tagged union"));
    let Some(Value::Array(variants)) = schemas
        .get_mut(union)
        .and_then(|schema| schema.get_mut("oneOf"))
        .map(Value::take)
    else {
        unreachable!("a tagged union is a oneOf");
    };
    let mut mapping = Map::new();
    let mut refs = Vec::new();
    for mut variant in variants {
        let tag = variant["properties"][&tag_key]["enum"][0]
            .as_str()
            .expect("tagged")
            .to_owned();
        let name = format!("{prefix}{}{suffix}", pascal_case(&tag));
        variant["title"] = name.clone().into();
        if closed {
            variant["additionalProperties"] = false.into();
        }
        let previous = schemas.insert(name.clone(), variant);
        assert!(previous.is_none(), "two schemas are named {name}");
        mapping.insert(tag, format!("#/components/schemas/{name}").into());
        refs.push(reference(&name));
    }
    let schema = &mut schemas[union];
    schema["oneOf"] = refs.into();
    schema["discriminator"] = json!({"propertyName": tag_key, "mapping": mapping});
}

/// The property that tells the variants of a `oneOf` apart: one every inline object variant requires, with a single
/// string value. `None` when the schema is not such a union.
fn tag_key(schema: &Value) -> Option<String> {
    let variants = schema.get("oneOf")?.as_array()?;
    let first = variants.first()?;
    let candidates = first.get("required")?.as_array()?;
    candidates
        .iter()
        .filter_map(Value::as_str)
        .find(|key| {
            variants.iter().all(|variant| {
                variant["properties"][key]["enum"]
                    .as_array()
                    .is_some_and(|values| values.len() == 1)
                    && variant["required"]
                        .as_array()
                        .is_some_and(|required| required.iter().any(|name| name == key))
            })
        })
        .map(str::to_owned)
}

fn pascal_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// `CreateGameRequest` as one schema per title (discriminated by `title`), so that `players` and `options` are
/// checked against that title's own limits and options.
fn add_create_requests(schemas: &mut Map<String, Value>, registry: &Registry) {
    let generic = schemas
        .remove("CreateGameRequest")
        .expect("CreateGameRequest is documented");
    // Each title describes its own seats inline (its seat ids, its largest player count).
    for inlined in ["SeatsRequest", "SeatChoice"] {
        schemas.remove(inlined);
    }
    let mut mapping = Map::new();
    let mut refs = Vec::new();
    for title in registry.titles() {
        let info = title.info();
        let name = format!("Create{}Game", title_prefix(title.as_ref()));
        let mut schema = generic.clone();
        schema.as_object_mut().expect("an object schema").remove("example");
        schema["title"] = name.clone().into();
        schema["description"] = format!("Creates a game of {}.", info.name).into();
        schema["additionalProperties"] = false.into();
        let properties = &mut schema["properties"];
        properties["title"]["enum"] = json!([info.id]);
        properties["players"]["minimum"] = info.min_players.into();
        properties["players"]["maximum"] = info.max_players.into();
        let seat_choice = json!({"type": "string", "enum": ["open", "mine"]});
        let seat_choices: Map<String, Value> = info.seats[..info.max_players]
            .iter()
            .map(|seat| ((*seat).to_owned(), seat_choice.clone()))
            .collect();
        properties["seats"] = json!({
            "description": properties["seats"]["description"],
            "oneOf": [
                {"type": "null"},
                {"type": "integer", "minimum": 0, "maximum": info.max_players,
                    "description": "The creator takes this many seats, the first ones in seat order; the others are open."},
                {"type": "object", "properties": seat_choices, "additionalProperties": false,
                    "description": "`open` or `mine` per seat id; the seats left out are the creator's."},
            ],
        });
        let seat_bots: Map<String, Value> = info.seats[..info.max_players]
            .iter()
            .map(|seat| ((*seat).to_owned(), reference(&Bot::name())))
            .collect();
        properties["bots"] = json!({
            "description": properties["bots"]["description"],
            "oneOf": [
                {"type": "null"},
                {"type": "object", "properties": seat_bots, "additionalProperties": false},
            ],
        });
        properties["options"] = json!({
            "description": "The title's options; omitted fields take their defaults.",
            "oneOf": [{"type": "null"}, reference(&title.schema_names().options)],
        });
        mapping.insert(info.id.to_owned(), format!("#/components/schemas/{name}").into());
        refs.push(reference(&name));
        schemas.insert(name, schema);
    }
    schemas.insert(
        "CreateGameRequest".to_owned(),
        json!({
            "description": generic.get("description").cloned().unwrap_or_else(|| "A new game.".into()),
            "oneOf": refs,
            "discriminator": {"propertyName": "title", "mapping": mapping},
            "example": generic["example"],
        }),
    );
}

fn title_prefix(title: &dyn Title) -> String {
    let action = title.schema_names().action;
    action.strip_suffix("Action").unwrap_or(&action).to_owned()
}

fn problem_code_schema() -> Value {
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|code| code.as_str()).collect();
    json!({
        "description": "A problem's stable code: one of the service's codes, or for an illegal move (422) the \
            rule code of the game's title (lower-case words joined by `_`, e.g. `not_your_turn`).",
        "anyOf": [
            {"title": "ServiceErrorCode", "type": "string", "enum": codes},
            {"title": "RuleCode", "type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        ],
    })
}

/// Gives each problem response the examples of the codes its operation may answer with that status.
fn document_problems(document: &mut Value) {
    let paths = document["paths"].as_object_mut().expect("the document has paths");
    for (path, item) in paths {
        for (method, operation) in item.as_object_mut().expect("path items are objects") {
            let codes = operation_errors(method, path);
            let mut documented = Vec::new();
            for (status, response) in operation["responses"]
                .as_object_mut()
                .expect("operations have responses")
            {
                let Some(content) = response.pointer_mut("/content/application~1problem+json") else {
                    continue;
                };
                let status: u16 = status.parse().expect("numeric statuses");
                let mut examples: Map<String, Value> = codes
                    .iter()
                    .filter(|code| code.status().as_u16() == status)
                    .map(|&code| (code.as_str().to_owned(), example(code.as_str(), &example_error(code))))
                    .collect();
                if status == 422 {
                    let illegal = ServiceError::Action(ActionError::Rule(RuleError::new(
                        "not_your_turn",
                        "it is not your turn",
                    )));
                    examples.insert(
                        "rule".to_owned(),
                        example("an illegal move: the code is the title's rule code", &illegal.into()),
                    );
                }
                assert!(
                    !examples.is_empty(),
                    "{method} {path} documents {status} but no code for it"
                );
                content["examples"] = examples.into();
                documented.push(status);
            }
            for code in codes {
                assert!(
                    documented.contains(&code.status().as_u16()),
                    "{method} {path} may answer {} but does not document {}",
                    code.as_str(),
                    code.status()
                );
            }
        }
    }
}

/// An error of `code` as the service answers it, with the example detail.
fn example_error(code: ErrorCode) -> ApiError {
    match code {
        ErrorCode::VersionConflict => ServiceError::VersionConflict {
            expected: 41,
            actual: 42,
        }
        .into(),
        _ => ApiError::new(code, code.example_detail()),
    }
}

/// An OpenAPI example of the problem document `error` answers.
fn example(summary: &str, error: &ApiError) -> Value {
    json!({"summary": summary, "value": error.problem()})
}

/// A header or query parameter is absent or a string, never JSON `null`: optional ones are not "nullable".
fn no_null_parameters(document: &mut Value) {
    let paths = document["paths"].as_object_mut().expect("the document has paths");
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) else {
            continue;
        };
        for parameter in parameters {
            if let Some(Value::Array(kinds)) = parameter.pointer_mut("/schema/type") {
                kinds.retain(|kind| kind != "null");
                if let [single] = kinds.as_slice() {
                    parameter["schema"]["type"] = single.clone();
                }
            }
        }
    }
}

/// The example move is the first legal action of the first seat to act in the game `CreateGameRequest`'s example
/// creates, so that trying the two examples in a row works.
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
    document["components"]["schemas"]["PlayRequest"]["example"] = json!({
        "action": action,
        "expected_version": session.version(),
    });
}

/// JSON Schema's `integer` has no size: give every integer the range the server reads (and writes), so that a client
/// generated from the document neither sends a value the server refuses nor fails on one it receives. The formats
/// become the two that generators know, `int32` and `int64`.
fn bound_integers(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let is_integer = match object.get("type") {
                Some(Value::String(kind)) => kind == "integer",
                Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "integer"),
                _ => false,
            };
            if is_integer {
                let format = object.get("format").and_then(Value::as_str).unwrap_or("int64");
                let (format, min, max): (&str, i64, i64) = match format {
                    "int8" => ("int32", i8::MIN.into(), i8::MAX.into()),
                    // utoipa spells the unsigned formats in kebab case.
                    "u-int8" => ("int32", 0, u8::MAX.into()),
                    "int16" => ("int32", i16::MIN.into(), i16::MAX.into()),
                    "u-int16" => ("int32", 0, u16::MAX.into()),
                    "int32" => ("int32", i32::MIN.into(), i32::MAX.into()),
                    "u-int32" => ("int64", 0, u32::MAX.into()),
                    // u64 and usize: the server refuses what does not fit in an int64.
                    "u-int64" => ("int64", 0, i64::MAX),
                    _ => ("int64", i64::MIN, i64::MAX),
                };
                object.insert("format".to_owned(), format.into());
                let min = object
                    .get("minimum")
                    .and_then(Value::as_i64)
                    .map_or(min, |own| own.max(min));
                let max = object
                    .get("maximum")
                    .and_then(Value::as_i64)
                    .map_or(max, |own| own.min(max));
                object.insert("minimum".to_owned(), min.into());
                object.insert("maximum".to_owned(), max.into());
            }
            object.values_mut().for_each(bound_integers);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// The titles' doc comments cite the rules specification and its numbered decisions ("(spec 8.2)", "(D24)"), which
/// help whoever maintains the rules but mean nothing to a client: the public document leaves them out.
fn drop_internal_references(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, field) in object.iter_mut() {
                match field {
                    Value::String(text) if key == "description" => *text = without_references(text),
                    _ => drop_internal_references(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(drop_internal_references),
        _ => {}
    }
}

fn without_references(text: &str) -> String {
    fn is_reference(part: &str) -> bool {
        let part = part.trim();
        let numbered = |rest: &str| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.');
        // A bare section number has a dot ("7.9"): "(1, 2 or 3)" is not a reference.
        part.starts_with("spec ")
            || part.strip_prefix('D').is_some_and(numbered)
            || (numbered(part) && part.contains('.'))
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|offset| open + offset) else {
            break;
        };
        let inside = &rest[open + 1..close];
        let kept: Vec<&str> = inside.split(',').filter(|part| !is_reference(part)).collect();
        out.push_str(&rest[..open]);
        if kept.is_empty() {
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
        } else {
            out.push('(');
            out.push_str(kept.join(",").trim());
            out.push(')');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specification_references_are_left_out_of_descriptions() {
        assert_eq!(without_references("The result (spec 8)."), "The result.");
        assert_eq!(
            without_references("Face up, oldest first (D15)."),
            "Face up, oldest first."
        );
        assert_eq!(
            without_references("The pile (owner only, option `arranged`, D3)."),
            "The pile (owner only, option `arranged`)."
        );
        assert_eq!(
            without_references("Shuffled again (7.9); see (spec section 9)"),
            "Shuffled again; see"
        );
        assert_eq!(without_references("Two values (1, 2 or 3)"), "Two values (1, 2 or 3)");
    }

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
