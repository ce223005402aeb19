//! Caligula through the real HTTP app: whole games from random legal actions, for every player count, with the
//! seats' views, the spectator's view and the redacted event log checked along the way.

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
async fn caligula_games_play_to_the_end_through_http() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let (status, titles) = call(&app, test::TestRequest::get().uri("/v1/titles")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(titles.to_string().contains("\"caligula\""));
    let (status, map) = call(&app, test::TestRequest::get().uri("/v1/titles/caligula/map")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(map["substitute"], true);
    for players in 2..=5usize {
        for seed in 0..2u64 {
            let (status, created) = call(
                &app,
                test::TestRequest::post().uri("/v1/games").set_json(json!({
                    "title": "caligula", "players": players, "seed": seed
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
            let mut game = created["game"].clone();
            let mut pick: u64 = seed * 31 + players as u64;
            let mut steps = 0;
            while game["status"] == "active" {
                steps += 1;
                assert!(steps < 5_000, "game too long");
                let seat = game["to_act"][0].as_str().expect("someone acts").to_owned();
                let token = &tokens.iter().find(|(s, _)| *s == seat).unwrap().1;
                let (status, legal) = call(
                    &app,
                    test::TestRequest::get()
                        .uri(&format!("/v1/games/{id}/actions"))
                        .insert_header(bearer(token)),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{legal}");
                let actions = legal["actions"].as_array().unwrap();
                assert!(!actions.is_empty());
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let action = actions[((pick >> 33) as usize) % actions.len()].clone();
                let (status, played) = call(
                    &app,
                    test::TestRequest::post()
                        .uri(&format!("/v1/games/{id}/actions"))
                        .insert_header(bearer(token))
                        .set_json(json!({"action": action})),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{played}");
                // The acting seat's view holds its own private section only.
                assert_eq!(played["game"]["view"]["private"]["seat"], seat.as_str());
                let text = played["events"].to_string();
                assert!(!text.contains("\"coniura\":["), "a deck order leaked: {text}");
                game = played["game"].clone();
            }
            assert_eq!(game["status"], "finished");
            let result = &game["result"];
            assert!(result["winners"].as_array().is_some_and(|w| !w.is_empty()));
            assert_eq!(result["scores"].as_object().unwrap().len(), players);
            let (status, spectator) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
            assert_eq!(status, StatusCode::OK);
            assert!(spectator["view"]["private"].is_null());
            assert_eq!(spectator["view"]["phase"]["phase"], "game_over");
        }
    }
}
