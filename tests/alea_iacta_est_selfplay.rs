//! Alea Iacta Est played to the end through the HTTP API, from random legal actions, for 2 to 5 players.
//! (The engine-level self-play with invariants is in `src/games/alea_iacta_est/tests/selfplay.rs`.)

mod common;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use serde_json::{Value, json};

async fn call(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    request: test::TestRequest,
) -> (StatusCode, Value) {
    let response = test::call_service(app, request.to_request()).await;
    let status = response.status();
    let body = test::read_body(response).await;
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

fn bearer(token: &str) -> (&'static str, String) {
    ("Authorization", format!("Bearer {token}"))
}

#[actix_web::test]
async fn random_games_through_http_reach_the_end() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let (status, titles) = call(&app, test::TestRequest::get().uri("/v1/titles")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(titles.to_string().contains("alea-iacta-est"));
    for players in 2..=5usize {
        let (status, created) = call(
            &app,
            test::TestRequest::post().uri("/v1/games").set_json(json!({
                "title": "alea-iacta-est",
                "players": players,
                "seed": 100 + players,
                "options": {"first_player": "brutus"}
            })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["game"]["id"].as_str().unwrap().to_owned();
        let tokens: Vec<(String, String)> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["seat"].as_str().unwrap().to_owned(),
                    s["token"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(tokens.len(), players);
        assert_eq!(created["game"]["to_act"], json!(["brutus"]));
        let mut pick: u64 = 12345 + players as u64;
        let mut moves = 0;
        loop {
            let (status, game) = call(
                &app,
                test::TestRequest::get().uri(&format!("/v1/games/{id}")),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            if game["status"] == "finished" {
                let result = &game["result"];
                assert_eq!(result["scores"].as_object().unwrap().len(), players);
                assert!(!result["winners"].as_array().unwrap().is_empty());
                assert_eq!(result["ranking"].as_array().unwrap().len(), players);
                break;
            }
            let seat = game["to_act"][0].as_str().expect("someone acts").to_owned();
            let token = &tokens.iter().find(|(s, _)| *s == seat).unwrap().1;
            let (status, listed) = call(
                &app,
                test::TestRequest::get()
                    .uri(&format!("/v1/games/{id}/actions"))
                    .insert_header(bearer(token)),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            let actions = listed["actions"].as_array().unwrap();
            assert!(!actions.is_empty(), "{seat} must act: {game}");
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = actions[(pick >> 33) as usize % actions.len()].clone();
            let (status, played) = call(
                &app,
                test::TestRequest::post()
                    .uri(&format!("/v1/games/{id}/actions"))
                    .insert_header(bearer(token))
                    .set_json(json!({ "action": action })),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{action} -> {played}");
            moves += 1;
            assert!(moves < 5_000, "the game does not end");
        }
        // The finished log is public and complete.
        let (status, log) = call(
            &app,
            test::TestRequest::get().uri(&format!("/v1/games/{id}/events?after=0")),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(log["complete"], true);
        let last = log["events"].as_array().unwrap().last().unwrap();
        assert_eq!(last["event"]["type"], "game_end");
    }
}

#[actix_web::test]
async fn http_errors_use_the_rule_codes() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let (_, created) = call(
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
    let (status, body) = call(&app, post(token(1), json!({"type": "latrina_forced"}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "not_your_turn");
    let (status, body) = call(
        &app,
        post(
            token(0),
            json!({"type": "place", "building": "templum", "values": [1]}),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "building_not_used");
    let (status, _) = call(
        &app,
        post(
            token(0),
            json!({"type": "place", "building": "latrina", "values": [1]}),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for bad in [
        json!({"first_player": "ennius"}),
        json!({"first_player": 2}),
        json!({"x": 1}),
    ] {
        let (status, _) = call(
            &app,
            test::TestRequest::post().uri("/v1/games").set_json(json!({
                "title": "alea-iacta-est", "players": 3, "options": bad
            })),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}
