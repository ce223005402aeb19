//! The real HTTP app (routes, extractors, error mapping) over the in-memory store, with the fixture title.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{Response, app, bearer, call};
use ludus::config::CorsOrigins;
use serde_json::{Value, json};

/// `POST /v1/games` with a body of the given media type, as is.
fn raw_create(content_type: &str, payload: &'static str) -> test::TestRequest {
    test::TestRequest::post()
        .uri("/v1/games")
        .insert_header(("content-type", content_type.to_owned()))
        .set_payload(payload)
}

fn assert_problem(response: &Response, status: StatusCode, code: &str) {
    assert_eq!(response.0, status, "body: {}", response.2);
    assert_eq!(response.1.get("content-type").and_then(|v| v.to_str().ok()), Some("application/problem+json"));
    assert_eq!(response.2["code"], code, "body: {}", response.2);
    assert_eq!(response.2["status"], status.as_u16());
    assert!(response.2["detail"].as_str().is_some_and(|d| !d.is_empty()));
}

/// Creates a duel; returns (id, north token, south token, body).
async fn create(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
) -> (String, String, String, Value) {
    let (status, headers, body) = call(
        app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2, "seed": 7})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["game"]["id"].as_str().unwrap().to_owned();
    assert_eq!(headers.get("location").unwrap().to_str().unwrap(), format!("/v1/games/{id}"));
    let token = |i: usize| body["seats"][i]["token"].as_str().unwrap().to_owned();
    (id, token(0), token(1), body)
}

#[actix_web::test]
async fn lists_titles() {
    let app = app().await;
    let (status, _, body) = call(&app, test::TestRequest::get().uri("/v1/titles")).await;
    assert_eq!(status, StatusCode::OK);
    let duel = body
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "duel")
        .expect("fixture listed");
    assert_eq!(duel["seats"], json!(["north", "south"]));
    assert_eq!(duel["min_players"], 2);

    // The table's actions, as data: every title's, but the draw's where the rules have a draw of their own.
    let table_actions = |title: &str| -> Vec<(String, bool)> {
        let listed = body
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == title)
            .expect("title listed");
        (listed["table_actions"].as_array().unwrap().iter())
            .map(|action| (action["type"].as_str().unwrap().to_owned(), action["listed"].as_bool().unwrap()))
            .collect()
    };
    let every = table_actions("duel");
    let unlisted: Vec<&str> = every
        .iter()
        .filter(|(_, listed)| !listed)
        .map(|(kind, _)| kind.as_str())
        .collect();
    assert_eq!(unlisted, ["resign", "abort", "hand_to_bot"]);
    let kinds: Vec<&str> = every.iter().map(|(kind, _)| kind.as_str()).collect();
    assert_eq!(kinds, ludus::engine::table::TABLE_ACTION_TYPES);
    let rome: Vec<String> = table_actions("rome-carthage")
        .into_iter()
        .map(|(kind, _)| kind)
        .collect();
    assert!(!rome.iter().any(|kind| kind.contains("draw")) && rome.len() == kinds.len() - 3, "{rome:?}");

    // docs/api.md tells every one of them, and no other, under "Table actions" (and "Undo").
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md")).expect("docs/api.md");
    let bullet = |title: &str| {
        let start = docs
            .find(&format!("- **{title}"))
            .unwrap_or_else(|| panic!("a bullet {title}"));
        let end = docs[start + 2..]
            .find("\n- **")
            .map_or(docs.len(), |end| start + 2 + end);
        docs[start..end].to_owned()
    };
    let told = bullet("Table actions") + &bullet("Undo.");
    for kind in &kinds {
        assert!(told.contains(&format!("`{kind}`")) || told.contains(&format!("{{\"type\": \"{kind}\"}}")), "{kind}");
    }
    for sent in told.split("{\"type\": \"").skip(1) {
        let kind = &sent[..sent.find('"').unwrap()];
        assert!(kinds.contains(&kind), "docs/api.md tells of a table action {kind} the service does not take");
    }
}

#[actix_web::test]
async fn creates_a_game_with_secret_tokens_and_a_spectator_view() {
    let app = app().await;
    let (id, north, south, body) = create(&app).await;
    assert_eq!(id.len(), 32, "128-bit hex id");
    assert_eq!(north.len(), 64, "256-bit hex token");
    assert_ne!(north, south);
    assert_eq!(body["seats"][0]["seat"], "north");
    assert_eq!(body["game"]["version"], 2);
    assert_eq!(body["game"]["status"], "active");
    assert_eq!(body["game"]["to_act"], json!(["north"]));
    assert_eq!(body["game"]["view"]["my_card"], Value::Null, "the spectator sees no card");
    assert!(body["game"].get("seat").is_none());
}

#[actix_web::test]
async fn same_seed_gives_the_same_game() {
    let app = app().await;
    let (id_a, north_a, ..) = create(&app).await;
    let (id_b, north_b, ..) = create(&app).await;
    assert_ne!(id_a, id_b);
    let view = |id: String, token: String| {
        test::TestRequest::get()
            .uri(&format!("/v1/games/{id}"))
            .insert_header(bearer(&token))
    };
    let a = call(&app, view(id_a, north_a)).await.2;
    let b = call(&app, view(id_b, north_b)).await.2;
    assert_eq!(a["view"]["my_card"], b["view"]["my_card"]);
    assert!(a["view"]["my_card"].as_u64().is_some());
}

#[actix_web::test]
async fn rejects_bad_creation_requests() {
    let app = app().await;
    let post = |body: Value| test::TestRequest::post().uri("/v1/games").set_json(body);
    assert_problem(
        &call(&app, post(json!({"title": "chess", "players": 2}))).await,
        StatusCode::BAD_REQUEST,
        "unknown_title",
    );
    assert_problem(
        &call(&app, post(json!({"title": "duel", "players": 3}))).await,
        StatusCode::BAD_REQUEST,
        "invalid_player_count",
    );
    assert_problem(
        &call(&app, post(json!({"title": "duel", "players": 2, "options": {"nope": 1}}))).await,
        StatusCode::BAD_REQUEST,
        "invalid_options",
    );
    assert_problem(&call(&app, post(json!({"title": "duel"}))).await, StatusCode::BAD_REQUEST, "malformed_request");
    assert_problem(
        &call(&app, raw_create("application/json", "{nope")).await,
        StatusCode::BAD_REQUEST,
        "malformed_request",
    );
    assert_problem(
        &call(&app, raw_create("text/plain", "{}")).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    );
    let huge = json!({"title": "x".repeat(ludus::api::MAX_BODY_BYTES), "players": 2});
    assert_problem(&call(&app, post(huge)).await, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
}

#[actix_web::test]
async fn views_depend_on_the_token() {
    let app = app().await;
    let (id, north, _, _) = create(&app).await;
    let get = || test::TestRequest::get().uri(&format!("/v1/games/{id}"));
    let seat = call(&app, get().insert_header(bearer(&north))).await;
    assert_eq!(seat.0, StatusCode::OK);
    assert_eq!(seat.2["seat"], "north");
    assert!(seat.2["view"]["my_card"].as_u64().is_some());
    assert_problem(&call(&app, get().insert_header(bearer("wrong"))).await, StatusCode::UNAUTHORIZED, "invalid_token");
    assert_problem(
        &call(&app, get().insert_header(("Authorization", "Basic abc"))).await,
        StatusCode::UNAUTHORIZED,
        "invalid_token",
    );
    assert_problem(
        &call(&app, test::TestRequest::get().uri("/v1/games/0123")).await,
        StatusCode::NOT_FOUND,
        "game_not_found",
    );
}

#[actix_web::test]
async fn lists_legal_actions_for_the_seat() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let get = |token: &str| {
        test::TestRequest::get()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
    };
    let north_actions = call(&app, get(&north)).await;
    // The title's actions, then the table's open to the seat now (a draw may be offered on its turn).
    assert_eq!(north_actions.2["actions"], json!([{"type": "bump"}, {"type": "reveal"}, {"type": "offer_draw"}]));
    assert_eq!(north_actions.2["seat"], "north");
    assert_eq!(call(&app, get(&south)).await.2["actions"], json!([]));
    assert_problem(
        &call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/actions"))).await,
        StatusCode::UNAUTHORIZED,
        "missing_token",
    );
}

#[actix_web::test]
async fn a_seat_gets_its_legal_actions_with_the_game_and_with_each_move_answer() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let game_as = |token: Option<&str>| {
        let request = test::TestRequest::get().uri(&format!("/v1/games/{id}"));
        match token {
            Some(token) => request.insert_header(bearer(token)),
            None => request,
        }
    };
    assert_eq!(
        call(&app, game_as(Some(&north))).await.2["legal_actions"],
        json!([{"type": "bump"}, {"type": "reveal"}, {"type": "offer_draw"}])
    );
    assert_eq!(call(&app, game_as(Some(&south))).await.2["legal_actions"], json!([]));
    assert!(call(&app, game_as(None)).await.2.get("legal_actions").is_none(), "a spectator has none");
    // The answer to north's move lists what north may do next: it is south's turn, and north may take its move back.
    let moved = call(
        &app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(&north))
            .set_json(json!({"action": {"type": "bump"}})),
    )
    .await;
    assert_eq!(moved.2["game"]["legal_actions"], json!([{"type": "undo"}]));
    let listed = call(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(&south)),
    )
    .await;
    assert_eq!(call(&app, game_as(Some(&south))).await.2["legal_actions"], listed.2["actions"]);
}

#[actix_web::test]
async fn plays_moves_and_maps_errors() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let post = |token: &str, body: Value| {
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
            .set_json(body)
    };
    let played = call(&app, post(&north, json!({"action": {"type": "bump"}}))).await;
    assert_eq!(played.0, StatusCode::OK, "{}", played.2);
    assert_eq!(played.2["version"], 4);
    // A seat's first move is noted first: until every seat moved, the game may be aborted.
    assert_eq!(
        played.2["events"],
        json!([
            {"seq": 3, "event": {"type": "first_move", "seat": "north"}},
            {"seq": 4, "event": {"type": "bumped", "seat": 0}},
        ])
    );
    assert_eq!(played.2["game"]["to_act"], json!(["south"]));

    assert_problem(
        &call(&app, post(&north, json!({"action": {"type": "bump"}}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not_your_turn",
    );
    assert_problem(
        &call(&app, post(&south, json!({"action": {"type": "fly"}}))).await,
        StatusCode::BAD_REQUEST,
        "invalid_action",
    );
    assert_problem(&call(&app, post(&south, json!({"action": 5}))).await, StatusCode::BAD_REQUEST, "invalid_action");
    assert_problem(&call(&app, post(&south, json!({"move": {}}))).await, StatusCode::BAD_REQUEST, "malformed_request");
    let conflict = call(&app, post(&south, json!({"action": {"type": "bump"}, "expected_version": 2}))).await;
    assert_problem(&conflict, StatusCode::CONFLICT, "version_conflict");
    assert_eq!(conflict.2["current_version"], 4);
    assert_eq!(conflict.2["expected_version"], 2);
    let pinned = call(&app, post(&south, json!({"action": {"type": "bump"}, "expected_version": 4}))).await;
    assert_eq!(pinned.0, StatusCode::OK);
    assert_problem(
        &call(
            &app,
            test::TestRequest::post()
                .uri(&format!("/v1/games/{id}/actions"))
                .set_json(json!({"action": {"type": "bump"}})),
        )
        .await,
        StatusCode::UNAUTHORIZED,
        "missing_token",
    );
}

#[actix_web::test]
async fn idempotency_key_returns_the_first_answer_and_appends_nothing() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let post = |token: &str, key: &str| {
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
            .insert_header(("Idempotency-Key", key.to_owned()))
            .set_json(json!({"action": {"type": "reveal"}}))
    };
    let first = call(&app, post(&north, "k-1")).await;
    assert_eq!(first.0, StatusCode::OK);
    assert!(first.1.get("idempotent-replayed").is_none());
    let retry = call(&app, post(&north, "k-1")).await;
    assert_eq!(retry.0, StatusCode::OK);
    assert_eq!(retry.1.get("idempotent-replayed").unwrap(), "true");
    assert_eq!(retry.2, first.2);
    // Keys are per seat: south's identical key is its own request, and never sees north's answer.
    let south_move = call(&app, post(&south, "k-1")).await;
    assert_eq!(south_move.0, StatusCode::OK);
    assert!(south_move.1.get("idempotent-replayed").is_none());
    assert_eq!(south_move.2["version"], 5);
    let game = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}")))
        .await
        .2;
    assert_eq!(game["version"], 5);
    assert_problem(&call(&app, post(&north, "")).await, StatusCode::BAD_REQUEST, "invalid_idempotency_key");
}

#[actix_web::test]
async fn prefer_return_minimal_answers_a_move_without_the_game_and_says_so() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let post = |token: &str, key: &str, prefer: Option<&str>| {
        let request = test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
            .insert_header(("Idempotency-Key", key.to_owned()))
            .set_json(json!({"action": {"type": "bump"}}));
        match prefer {
            Some(prefer) => request.insert_header(("Prefer", prefer.to_owned())),
            None => request,
        }
    };
    let lean = call(&app, post(&north, "lean", Some("respond-async, return=minimal"))).await;
    assert_eq!(lean.0, StatusCode::OK, "{}", lean.2);
    assert_eq!(lean.1.get("preference-applied").unwrap(), "return=minimal");
    assert!(lean.2.get("game").is_none(), "{}", lean.2);
    assert_eq!(lean.2["status"], "active");
    assert_eq!(lean.2["to_act"], json!(["south"]));
    assert_eq!(lean.2["legal_actions"], json!([{"type": "undo"}]));
    assert!(!lean.2["events"].as_array().unwrap().is_empty(), "the move's events");
    let version = lean.2["version"].as_u64().unwrap();

    // The full answer to the next move carries the same fields inside its game.
    let full = call(&app, post(&south, "full", None)).await;
    assert!(full.1.get("preference-applied").is_none());
    assert!(full.2["version"].as_u64().unwrap() > version);
    assert_eq!(full.2["game"]["to_act"], json!(["north"]));
    assert!(full.2.get("to_act").is_none() && full.2.get("status").is_none());
    // A retry is the same move, answered in the retry's own form.
    let retried = call(&app, post(&north, "lean", None)).await;
    assert_eq!(retried.1.get("idempotent-replayed").unwrap(), "true");
    assert!(retried.1.get("preference-applied").is_none());
    assert_eq!((&retried.2["version"], &retried.2["events"]), (&lean.2["version"], &lean.2["events"]));
    assert_eq!(retried.2["game"]["to_act"], lean.2["to_act"]);
    let retried = call(&app, post(&north, "lean", Some("return=minimal"))).await;
    assert_eq!(retried.2, lean.2);
    assert_eq!(retried.1.get("preference-applied").unwrap(), "return=minimal");
}

#[actix_web::test]
async fn an_idempotency_key_reused_with_another_body_is_refused() {
    let app = app().await;
    let (id, north, _, _) = create(&app).await;
    let post = |body: Value, expected: Option<u64>| {
        let mut body = json!({ "action": body });
        if let Some(version) = expected {
            body["expected_version"] = json!(version);
        }
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(&north))
            .insert_header(("Idempotency-Key", "same-key"))
            .set_json(body)
    };
    let first = call(&app, post(json!({"type": "bump"}), None)).await;
    assert_eq!(first.0, StatusCode::OK);
    for other in [
        post(json!({"type": "reveal"}), None),
        post(json!({"type": "not an action"}), None),
        post(json!({"type": "bump"}), Some(2)),
    ] {
        assert_problem(&call(&app, other).await, StatusCode::UNPROCESSABLE_ENTITY, "idempotency_key_reused");
    }
    // The very same body is still the replay of the first answer, and nothing was appended meanwhile.
    let again = call(&app, post(json!({"type": "bump"}), None)).await;
    assert_eq!(again.1.get("idempotent-replayed").unwrap(), "true");
    assert_eq!(again.2, first.2);
    let game = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
    assert_eq!(game.2["version"], first.2["version"]);
}

#[actix_web::test]
async fn the_event_log_is_paged() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    for token in [&north, &south, &north] {
        let moved = call(
            &app,
            test::TestRequest::post()
                .uri(&format!("/v1/games/{id}/actions"))
                .insert_header(bearer(token))
                .set_json(json!({"action": {"type": "bump"}})),
        )
        .await;
        assert_eq!(moved.0, StatusCode::OK);
    }
    let page = |query: &str| test::TestRequest::get().uri(&format!("/v1/games/{id}/events?{query}"));
    let whole = call(&app, page("after=0")).await.2;
    let version = whole["version"].as_u64().unwrap();
    assert!(whole.get("next_after").is_none(), "one page holds it all by default");
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let answer = call(&app, page(&format!("after={after}&limit=2"))).await.2;
        seen.extend(answer["events"].as_array().unwrap().iter().cloned());
        match answer["next_after"].as_u64() {
            Some(next) => {
                assert_eq!(next, after + 2);
                after = next;
            }
            None => break,
        }
    }
    assert!(after + 2 >= version);
    assert_eq!(Value::Array(seen), whole["events"]);
    for bad in ["limit=0", "limit=10001", "limit=x"] {
        assert_problem(&call(&app, page(bad)).await, StatusCode::BAD_REQUEST, "invalid_query");
    }
}

#[actix_web::test]
async fn the_root_leads_to_the_docs() {
    let app = app().await;
    let (status, headers, _) = call(&app, test::TestRequest::get().uri("/")).await;
    assert_eq!(status, StatusCode::FOUND);
    assert_eq!(headers.get("location").unwrap(), "/docs/");
}

#[actix_web::test]
async fn event_log_is_redacted_until_the_game_ends() {
    let app = app().await;
    let (id, north, south, _) = create(&app).await;
    let events = |token: Option<&str>, after: u64| {
        let request = test::TestRequest::get().uri(&format!("/v1/games/{id}/events?after={after}"));
        match token {
            Some(token) => request.insert_header(bearer(token)),
            None => request,
        }
    };
    let spectator = call(&app, events(None, 0)).await.2;
    assert_eq!(spectator["complete"], false);
    assert_eq!(spectator["events"][0]["event"], json!({"type": "dealt", "seat": 0}));
    let seat = call(&app, events(Some(&north), 0)).await.2;
    assert!(seat["events"][0]["event"]["card"].as_u64().is_some(), "north sees its own card");
    assert_eq!(seat["events"][1]["event"], json!({"type": "dealt", "seat": 1}), "but not south's");
    assert_eq!(call(&app, events(None, 1)).await.2["events"].as_array().unwrap().len(), 1);
    assert_eq!(call(&app, events(None, 50)).await.2["events"], json!([]));

    let reveal = |token: &str| {
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
            .set_json(json!({"action": {"type": "reveal"}}))
    };
    call(&app, reveal(&north)).await;
    let last = call(&app, reveal(&south)).await.2;
    assert_eq!(last["game"]["status"], "finished");
    assert!(last["game"]["result"]["winners"].is_array());
    assert_problem(&call(&app, reveal(&north)).await, StatusCode::UNPROCESSABLE_ENTITY, "game_over");
    let export = call(&app, events(None, 0)).await.2;
    assert_eq!(export["complete"], true);
    assert!(
        export["events"][1]["event"]["card"].as_u64().is_some(),
        "the finished log is public (this title keeps nothing secret forever)"
    );
    assert_problem(
        &call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/events?after=-1"))).await,
        StatusCode::BAD_REQUEST,
        "invalid_query",
    );
}

#[actix_web::test]
async fn unknown_routes_and_methods_are_problems() {
    let app = app().await;
    assert_problem(&call(&app, test::TestRequest::get().uri("/nope")).await, StatusCode::NOT_FOUND, "not_found");
    let wrong_method = call(&app, test::TestRequest::delete().uri("/v1/titles")).await;
    assert_problem(&wrong_method, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    assert_eq!(wrong_method.1.get("allow").unwrap(), "GET");
    let actions = call(&app, test::TestRequest::put().uri("/v1/games/x/actions")).await;
    assert_eq!(actions.1.get("allow").unwrap(), "GET, POST");
}

#[actix_web::test]
async fn a_title_without_a_map_has_none() {
    let app = app().await;
    assert_problem(
        &call(&app, test::TestRequest::get().uri("/v1/titles/duel/map")).await,
        StatusCode::NOT_FOUND,
        "map_not_found",
    );
    assert_problem(
        &call(&app, test::TestRequest::get().uri("/v1/titles/nope/map")).await,
        StatusCode::NOT_FOUND,
        "map_not_found",
    );
}

#[actix_web::test]
async fn health_names_the_store() {
    let app = app().await;
    let (status, _, body) = call(&app, test::TestRequest::get().uri("/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"status": "ok", "store": "memory", "durable": false, "streams": 0}));
}

#[actix_web::test]
async fn serves_openapi_and_swagger_ui() {
    let app = app().await;
    let (status, _, spec) = call(&app, test::TestRequest::get().uri("/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(spec["paths"]["/v1/games/{id}/actions"]["post"].is_object());
    let one_of = spec["components"]["schemas"]["Action"]["oneOf"].as_array().unwrap();
    assert!(one_of.contains(&json!({"$ref": "#/components/schemas/DuelAction"})));
    let docs = test::call_service(&app, test::TestRequest::get().uri("/docs/").to_request()).await;
    assert_eq!(docs.status(), StatusCode::OK);
    let html = test::read_body(docs).await;
    assert!(String::from_utf8_lossy(&html).contains("swagger"));
}

#[actix_web::test]
async fn limits_game_creation_per_client() {
    use ludus::api::limits::Limits;
    let service = web::Data::new(common::service(common::memory()));
    let settings = ludus::api::Settings {
        limits: Limits {
            games_per_minute: 2,
            ..Limits::default()
        },
        ..ludus::api::Settings::default()
    };
    let app =
        test::init_service(App::new().configure(ludus::api::routes_with(service, web::Data::new(settings)))).await;
    let post = |ip: &str| {
        test::TestRequest::post()
            .uri("/v1/games")
            .peer_addr(format!("{ip}:5000").parse().unwrap())
            .set_json(json!({"title": "duel", "players": 2}))
    };
    assert_eq!(call(&app, post("127.0.0.11")).await.0, StatusCode::CREATED);
    assert_eq!(call(&app, post("127.0.0.11")).await.0, StatusCode::CREATED);
    let refused = call(&app, post("127.0.0.11")).await;
    assert_problem(&refused, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    assert!(refused.1.get("retry-after").is_some());
    assert_eq!(call(&app, post("127.0.0.12")).await.0, StatusCode::CREATED);
}

#[actix_web::test]
async fn refuses_deeply_nested_actions() {
    let app = app().await;
    let (id, north, _, _) = create(&app).await;
    let mut deep = json!("x");
    for _ in 0..40 {
        deep = json!({ "a": deep });
    }
    let request = test::TestRequest::post()
        .uri(&format!("/v1/games/{id}/actions"))
        .insert_header(bearer(&north))
        .set_json(json!({"action": {"type": "bump", "extra": deep}}));
    assert_problem(&call(&app, request).await, StatusCode::BAD_REQUEST, "action_too_deep");
}

/// `method uri` with a bearer token and `payload` sent as it is, as JSON.
fn raw_json(method: &str, uri: &str, token: Option<&str>, payload: &'static str) -> test::TestRequest {
    let request = match method {
        "PUT" => test::TestRequest::put(),
        _ => test::TestRequest::post(),
    }
    .uri(uri)
    .insert_header(("content-type", "application/json"))
    .set_payload(payload);
    match token {
        Some(token) => request.insert_header(bearer(token)),
        None => request,
    }
}

#[actix_web::test]
async fn a_key_twice_in_one_object_is_refused_by_every_operation_that_reads_a_body() {
    let app = app().await;
    let (id, north, _, _) = create(&app).await;
    let before = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}")))
        .await
        .2;
    let (_, _, open) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2, "seats": 1})),
    )
    .await;
    let open_id = open["game"]["id"].as_str().unwrap().to_owned();
    let creator = open["seats"][0]["token"].as_str().unwrap().to_owned();
    let (_, key) = common::app::new_account(&app, "duplicates").await;
    let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
    let cases: [(&str, &str, Option<&str>, &'static str, &str); 9] = [
        (
            "POST",
            "/v1/games",
            None,
            r#"{"title":"caesar-cleopatra","title":"caligula","players":2}"#,
            r#"key "title" twice in the body's object"#,
        ),
        (
            "POST",
            leak(format!("/v1/games/{id}/actions")),
            Some(&north),
            r#"{"action":{"type":"abort","type":"resign"}}"#,
            r#"key "type" twice in the object at action"#,
        ),
        (
            "POST",
            leak(format!("/v1/games/{id}/actions")),
            Some(&north),
            r#"{"action":{"type":"bump"},"expected_version":1,"expected_version":2}"#,
            r#"key "expected_version""#,
        ),
        (
            "POST",
            leak(format!("/v1/games/{open_id}/seats/south/join")),
            None,
            r#"{"name":"Livia","name":"Marcus"}"#,
            r#"key "name""#,
        ),
        (
            "POST",
            leak(format!("/v1/games/{open_id}/seats/south/bot")),
            Some(&creator),
            r#"{"kind":"random","kind":"search"}"#,
            r#"key "kind""#,
        ),
        (
            "POST",
            leak(format!("/v1/games/{id}/chat")),
            Some(&north),
            r#"{"text":"ave","text":"vale"}"#,
            r#"key "text""#,
        ),
        ("POST", "/v1/accounts", None, r#"{"name":"ann","kind":"bot","name":"bob"}"#, r#"key "name""#),
        (
            "PUT",
            "/v1/accounts/me/webhook",
            Some(&key),
            r#"{"url":"https://a.example/","url":"https://b.example/"}"#,
            r#"key "url""#,
        ),
        (
            "POST",
            "/v1/matchmaking",
            Some(&key),
            r#"{"title":"duel","players":2,"clock":{"initial_seconds":60,"increment_seconds":1,"initial_seconds":5}}"#,
            r#"key "initial_seconds" twice in the object at clock"#,
        ),
    ];
    for (method, uri, token, payload, named) in cases {
        let answer = call(&app, raw_json(method, uri, token, payload)).await;
        assert_problem(&answer, StatusCode::BAD_REQUEST, "invalid_body");
        let detail = answer.2["detail"].as_str().unwrap();
        assert!(detail.contains(named), "{method} {uri}: {detail}");
    }
    // Nothing was applied: the game is where it was, the seat still open, no account.
    let game = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}")))
        .await
        .2;
    assert_eq!(game["version"], before["version"]);
    let open = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{open_id}")))
        .await
        .2;
    assert_eq!(open["players"][1]["open"], true);
    let accounts = call(&app, test::TestRequest::get().uri("/v1/accounts/ann")).await;
    assert_eq!(accounts.0, StatusCode::NOT_FOUND);
    // The same bodies with each key once are read.
    let played = call(
        &app,
        raw_json("POST", leak(format!("/v1/games/{id}/actions")), Some(&north), r#"{"action":{"type":"bump"}}"#),
    )
    .await;
    assert_eq!(played.0, StatusCode::OK, "{}", played.2);
}

const PAGE: &str = "http://page.example:3000";

/// The app as a server started with `LUDUS_CORS_ORIGINS=<PAGE>`.
async fn app_for_page()
-> impl actix_web::dev::Service<actix_http::Request, Response = actix_web::dev::ServiceResponse, Error = actix_web::Error>
{
    common::app::app_with_cors(CorsOrigins::Only(vec![PAGE.to_owned()])).await
}

fn preflight(path: &str, origin: &str, method: &str, headers: &str) -> test::TestRequest {
    test::TestRequest::default()
        .method(actix_web::http::Method::OPTIONS)
        .uri(path)
        .insert_header(("Origin", origin.to_owned()))
        .insert_header(("Access-Control-Request-Method", method.to_owned()))
        .insert_header(("Access-Control-Request-Headers", headers.to_owned()))
}

/// A comma-separated header's items, lowercased.
fn header_items(headers: &actix_web::http::header::HeaderMap, name: &str) -> Vec<String> {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(|text| text.split(',').map(|item| item.trim().to_ascii_lowercase()).collect())
        .unwrap_or_default()
}

/// Every request header the OpenAPI document declares (`Prefer`, `Idempotency-Key`, `X-Ludus-Seat`...), lower-case:
/// a page on another origin may send each of them.
fn documented_headers() -> Vec<String> {
    let document: Value = serde_json::from_str(&ludus::api::openapi_json(&common::service(common::memory()))).unwrap();
    let mut headers: Vec<String> = document["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|operations| operations.as_object().unwrap().values())
        .flat_map(|operation| operation["parameters"].as_array().cloned().unwrap_or_default())
        .filter(|parameter| parameter["in"] == "header")
        .map(|parameter| parameter["name"].as_str().unwrap().to_ascii_lowercase())
        .collect();
    headers.sort();
    headers.dedup();
    assert!(headers.contains(&"prefer".to_owned()), "{headers:?}");
    headers
}

#[actix_web::test]
async fn cors_preflight_from_an_allowed_origin_allows_the_api_headers_on_every_route() {
    let app = app_for_page().await;
    let (id, ..) = create(&app).await;
    let routes = [
        ("/v1/games", "POST", "content-type"),
        (
            &format!("/v1/games/{id}/actions") as &str,
            "POST",
            "authorization, content-type, idempotency-key, prefer",
        ),
        ("/v1/accounts/me/stream-tickets", "POST", "authorization"),
        (&format!("/v1/games/{id}/stream"), "GET", "authorization, last-event-id"),
        (&format!("/v1/games/{id}/stream-tickets"), "POST", "authorization"),
        ("/no/such/route", "GET", "authorization"),
    ];
    let needed: Vec<String> = ["authorization".to_owned(), "content-type".to_owned()]
        .into_iter()
        .chain(documented_headers())
        .collect();
    for (path, method, requested) in routes {
        let (status, headers, _) = call(&app, preflight(path, PAGE, method, requested)).await;
        assert_eq!(status, StatusCode::OK, "the preflight of {method} {path} is answered, not 405");
        assert_eq!(headers.get("access-control-allow-origin").unwrap(), PAGE);
        assert!(header_items(&headers, "access-control-allow-methods").contains(&method.to_ascii_lowercase()));
        let allowed = header_items(&headers, "access-control-allow-headers");
        for header in &needed {
            assert!(allowed.contains(header), "{header} allowed on {path}: {allowed:?}");
        }
        assert!(headers.get("access-control-allow-credentials").is_none(), "never with credentials");
    }
}

#[actix_web::test]
async fn cors_default_allows_any_origin_without_credentials() {
    let app = app().await;
    let (status, headers, _) =
        call(&app, preflight("/v1/games", "https://anywhere.example", "POST", "content-type")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), "*");
    assert!(headers.get("access-control-allow-credentials").is_none());
}

#[actix_web::test]
async fn cors_disallowed_origin_gets_no_cors_headers() {
    let app = app_for_page().await;
    let stranger = "http://evil.example";
    let (status, headers, _) = call(&app, preflight("/v1/games", stranger, "POST", "content-type")).await;
    assert!(!status.is_success(), "the preflight fails: {status}");
    assert!(headers.get("access-control-allow-origin").is_none());
    assert!(headers.get("access-control-allow-headers").is_none());
    let (status, headers, _) = call(
        &app,
        test::TestRequest::get()
            .uri("/v1/titles")
            .insert_header(("Origin", stranger)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "non-browser clients are not blocked");
    assert!(
        headers.get("access-control-allow-origin").is_none(),
        "so a browser does not let the stranger's page read it"
    );
}

#[actix_web::test]
async fn cors_exposed_headers_present_on_a_real_answer() {
    let app = app_for_page().await;
    let (status, headers, body) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .insert_header(("Origin", PAGE))
            .set_json(json!({"title": "duel", "players": 2})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), PAGE);
    let exposed = header_items(&headers, "access-control-expose-headers");
    for header in ["location", "idempotent-replayed", "retry-after"] {
        assert!(exposed.contains(&header.to_owned()), "{header} exposed: {exposed:?}");
    }
}

#[actix_web::test]
async fn the_documents_examples_create_a_game_and_play_its_first_move() {
    let app = app().await;
    let (_, _, spec) = call(&app, test::TestRequest::get().uri("/openapi.json")).await;
    let schemas = &spec["components"]["schemas"];
    let create = schemas["CreateGameRequest"]["example"].clone();
    let (status, _, created) = call(&app, test::TestRequest::post().uri("/v1/games").set_json(&create)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let to_act = created["game"]["to_act"][0].as_str().unwrap();
    let seats = created["seats"].as_array().unwrap();
    let token = seats.iter().find(|seat| seat["seat"] == to_act).unwrap()["token"]
        .as_str()
        .unwrap();
    let play = schemas["PlayRequest"]["example"].clone();
    let request = test::TestRequest::post()
        .uri(&format!("/v1/games/{id}/actions"))
        .insert_header(bearer(token))
        .set_json(&play);
    let (status, _, played) = call(&app, request).await;
    assert_eq!(status, StatusCode::OK, "the example move {play} on the example game: {played}");
}
