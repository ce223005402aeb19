//! Title-specific checks through the HTTP API. Whole games of every title, at every player count, are played in
//! `http_selfplay.rs`; the rules themselves are tested next to each engine.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::app::{app, bearer, call};
use serde_json::{Value, json};

/// Card ids (`<suit>_<rank>`) quoted in a JSON text.
fn card_ids(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            ["clubs_", "diamonds_", "hearts_", "spades_"]
                .iter()
                .any(|suit| s.starts_with(suit))
        })
        .map(str::to_owned)
        .collect()
}

#[actix_web::test]
async fn rome_carthage_serves_its_map() {
    let app = app().await;
    let (status, _, map) = call(&app, test::TestRequest::get().uri("/v1/titles/rome-carthage/map")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(map["cities"].as_array().unwrap().len(), 56);
    assert!(map["cities"][0]["lon"].is_number() && map["cities"][0]["lat"].is_number());
    assert_eq!(map["roads"].as_array().unwrap().len(), 63);
    assert_eq!(map["substitute"], true);
}

#[actix_web::test]
async fn rome_carthage_spectator_log_hides_secrets() {
    let app = app().await;
    let (_, _, created) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "rome-carthage", "players": 4, "seed": 3})),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap();
    let (status, _, events) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/events"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(events["complete"], false);
    for logged in events["events"].as_array().unwrap() {
        let event = &logged["event"];
        if event["type"] == "starting_card" {
            continue;
        }
        assert!(card_ids(&event.to_string()).is_empty(), "{event}");
        if event["type"].as_str().unwrap().starts_with("talon") {
            assert!(event.get("order").is_none(), "a talon order leaked: {event}");
        }
    }
    let dealt: Vec<&Value> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["type"] == "hand_dealt")
        .collect();
    assert_eq!(dealt.len(), 4);
    assert!(dealt.iter().all(|e| e["event"]["count"] == 8));
}

#[actix_web::test]
async fn caligula_serves_its_card_data() {
    let app = app().await;
    let (status, _, data) = call(&app, test::TestRequest::get().uri("/v1/titles/caligula/map")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(data["substitute"], true, "the substitute card data is marked as such");
}

#[actix_web::test]
async fn alea_iacta_est_errors_use_the_rule_codes() {
    let app = app().await;
    let (_, _, created) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "alea-iacta-est", "players": 3, "seed": 1})),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let token = |i: usize| created["seats"][i]["token"].as_str().unwrap().to_owned();
    let post = |token: String, action: Value| {
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(&token))
            .set_json(json!({ "action": action }))
    };
    let (status, _, body) = call(&app, post(token(1), json!({"type": "latrina_forced"}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "not_your_turn");
    let (status, _, body) =
        call(&app, post(token(0), json!({"type": "place", "building": "templum", "values": [1]}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "building_not_used");
    let (status, _, _) =
        call(&app, post(token(0), json!({"type": "place", "building": "latrina", "values": [1]}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // A seat of larger games only: valid options, but not for 3 players.
    for (bad, status, code) in [
        (json!({"first_player": "ennius"}), StatusCode::UNPROCESSABLE_ENTITY, "options_conflict"),
        (json!({"first_player": 2}), StatusCode::BAD_REQUEST, "invalid_options"),
        (json!({"x": 1}), StatusCode::BAD_REQUEST, "invalid_options"),
    ] {
        let (answered, _, body) = call(
            &app,
            test::TestRequest::post().uri("/v1/games").set_json(json!({
                "title": "alea-iacta-est", "players": 3, "options": bad
            })),
        )
        .await;
        assert_eq!(answered, status, "{body}");
        assert_eq!(body["code"], code);
    }
}
