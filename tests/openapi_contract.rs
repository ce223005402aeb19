//! What the served OpenAPI document promises, checked against the real app with the real titles: its examples work,
//! request objects are closed, integers have the range the document gives, and data the document accepts is never
//! refused as malformed.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::app::{TestApp, app, bearer, call};
use ludus::engine::RuleCode;
use serde_json::{Value, json};

async fn document(app: &impl TestApp) -> Value {
    let (status, _, document) = call(app, test::TestRequest::get().uri("/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    document
}

async fn create(app: &impl TestApp, body: Value) -> Value {
    let (status, _, created) = call(app, test::TestRequest::post().uri("/v1/games").set_json(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

/// (token, its legal actions) of the first seat that must act.
fn seat_to_act(created: &Value, views: &[Value]) -> (String, Vec<Value>) {
    let seats = created["seats"].as_array().unwrap();
    let index = views
        .iter()
        .position(|view| !view["legal_actions"].as_array().unwrap().is_empty())
        .expect("some seat must act");
    (
        seats[index]["token"].as_str().unwrap().to_owned(),
        views[index]["legal_actions"].as_array().unwrap().clone(),
    )
}

async fn seat_views(app: &impl TestApp, created: &Value) -> Vec<Value> {
    let id = created["game"]["id"].as_str().unwrap();
    let mut views = Vec::new();
    for seat in created["seats"].as_array().unwrap() {
        let request = test::TestRequest::get()
            .uri(&format!("/v1/games/{id}"))
            .insert_header(bearer(seat["token"].as_str().unwrap()));
        views.push(call(app, request).await.2);
    }
    views
}

fn play(id: &str, token: &str, body: Value) -> test::TestRequest {
    test::TestRequest::post()
        .uri(&format!("/v1/games/{id}/actions"))
        .insert_header(bearer(token))
        .set_json(body)
}

#[actix_web::test]
async fn the_example_move_is_legal_on_the_example_game() {
    let app = app().await;
    let document = document(&app).await;
    let schemas = &document["components"]["schemas"];
    let created = create(&app, schemas["CreateGameRequest"]["example"].clone()).await;
    let id = created["game"]["id"].as_str().unwrap();
    let example = schemas["PlayRequest"]["example"].clone();
    let mut accepted = false;
    for seat in created["seats"].as_array().unwrap() {
        let (status, _, body) = call(&app, play(id, seat["token"].as_str().unwrap(), example.clone())).await;
        if status == StatusCode::OK {
            accepted = true;
            break;
        }
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    assert!(accepted, "the example move is legal for the seat to act");
}

#[actix_web::test]
async fn action_variants_refuse_unknown_fields_as_the_document_says() {
    let app = app().await;
    let document = document(&app).await;
    let schemas = document["components"]["schemas"].as_object().unwrap();
    for title in ["caesar-cleopatra", "alea-iacta-est", "caligula", "rome-carthage"] {
        let created = create(&app, json!({"title": title, "players": 2, "seed": 5})).await;
        let id = created["game"]["id"].as_str().unwrap();
        let (token, actions) = seat_to_act(&created, &seat_views(&app, &created).await);
        let mut action = actions[0].clone();
        let variant = schemas
            .values()
            .find(|schema| {
                schema["additionalProperties"] == false
                    && schema["properties"]["type"]["enum"][0] == action["type"]
                    && schema["title"].as_str().is_some()
            })
            .unwrap_or_else(|| panic!("{title}: no closed variant named for {action}"));
        assert!(
            variant["title"]
                .as_str()
                .unwrap()
                .chars()
                .next()
                .unwrap()
                .is_uppercase()
        );
        action["unexpected"] = json!(1);
        let (status, _, body) = call(&app, play(id, &token, json!({"action": action}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{title}: {body}");
        assert_eq!(body["code"], "invalid_action");
    }
}

#[actix_web::test]
async fn an_action_of_another_title_is_unprocessable_not_malformed() {
    let app = app().await;
    let caligula = create(&app, json!({"title": "caligula", "players": 2, "seed": 3})).await;
    let (_, caligula_actions) = seat_to_act(&caligula, &seat_views(&app, &caligula).await);
    let caesar = create(&app, json!({"title": "caesar-cleopatra", "players": 2, "seed": 3})).await;
    let id = caesar["game"]["id"].as_str().unwrap();
    let token = caesar["seats"][0]["token"].as_str().unwrap();
    let (status, _, body) = call(&app, play(id, token, json!({"action": caligula_actions[0]}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "action_of_another_title");
    let (status, _, body) = call(&app, play(id, token, json!({"action": {"type": "no_such_action"}}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "invalid_action");
}

#[actix_web::test]
async fn integers_beyond_int64_are_refused_and_integral_floats_accepted() {
    let app = app().await;
    let too_big = 9_223_372_036_854_775_808_u64;
    let (status, _, body) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "caligula", "players": 2, "seed": too_big})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let created =
        create(&app, json!({"title": "caligula", "players": 2.0, "seed": 9_223_372_036_854_775_807_u64})).await;
    assert_eq!(created["seats"].as_array().unwrap().len(), 2);
    let id = created["game"]["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (status, _, body) =
        call(&app, play(id, token, json!({"action": {"type": "pass"}, "expected_version": too_big}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "malformed_request");
    let (status, _, body) =
        call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/events?after={too_big}"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _, body) = call(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{id}/stream"))
            .insert_header(("Last-Event-ID", too_big.to_string())),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "invalid_last_event_id");
}

#[actix_web::test]
async fn options_that_do_not_fit_the_player_count_are_unprocessable() {
    let app = app().await;
    let (status, _, body) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "alea-iacta-est", "players": 2, "options": {"first_player": "darius"}})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "options_conflict");
    let (status, _, body) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "caesar-cleopatra", "players": 2, "options": []})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "invalid_options");
}

#[actix_web::test]
async fn every_problem_response_has_an_example_per_code() {
    let app = app().await;
    let document = document(&app).await;
    let conflicts = &document["paths"]["/v1/games/{id}/actions"]["post"]["responses"]["409"]["content"]["application/problem+json"]
        ["examples"];
    let codes: Vec<&str> = conflicts.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        codes,
        [
            "contention",
            "history_rewritten",
            "idempotency_record_lost",
            "version_conflict"
        ]
    );
    assert_ne!(conflicts["contention"]["value"]["detail"], conflicts["version_conflict"]["value"]["detail"]);
    let enumerated = &document["components"]["schemas"]["ProblemCode"]["anyOf"][0]["enum"];
    for code in codes {
        assert!(enumerated.as_array().unwrap().iter().any(|listed| listed == code), "{code}");
    }
}

#[actix_web::test]
async fn every_rule_code_is_listed_in_the_document() {
    let app = app().await;
    let document = document(&app).await;
    let listed = &document["components"]["schemas"]["RuleCode"]["enum"];
    let codes: Vec<&str> = RuleCode::ALL.iter().map(|code| code.as_str()).collect();
    assert_eq!(listed, &json!(codes));
    let problem_code = document["components"]["schemas"]["ProblemCode"]["description"]
        .as_str()
        .unwrap();
    assert!(problem_code.contains("`RuleCode`"), "{problem_code}");
}

#[actix_web::test]
async fn every_operation_that_reads_a_body_documents_a_key_given_twice() {
    let app = app().await;
    let document = document(&app).await;
    let mut reading = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation.get("requestBody").is_none() {
                continue;
            }
            reading.push(format!("{method} {path}"));
            let examples = &operation["responses"]["400"]["content"]["application/problem+json"]["examples"];
            assert_eq!(
                examples["invalid_body"]["value"]["code"], "invalid_body",
                "{method} {path} reads a body: its 400 answers list invalid_body"
            );
        }
    }
    assert_eq!(reading.len(), 13, "{reading:?}");
}
