//! Every registered title, at every player count, played to the end through the HTTP API from random legal actions.

use crate::common;

use actix_web::{App, test, web};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

const GAMES_PER_PLAYER_COUNT: u64 = 2;
const MAX_MOVES: usize = 20_000;

#[actix_web::test]
async fn every_title_plays_to_the_end_over_http() {
    let registry = common::registry();
    let service = web::Data::new(ludus::service::GameService::new(registry.clone(), common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut played = 0;
    for info in registry.infos() {
        for players in info.min_players..=info.max_players {
            for seed in 0..GAMES_PER_PLAYER_COUNT {
                let created: Value = test::call_and_read_body_json(
                    &app,
                    test::TestRequest::post()
                        .uri("/v1/games")
                        .set_json(json!({"title": info.id, "players": players, "seed": seed}))
                        .to_request(),
                )
                .await;
                let id = created["game"]["id"].as_str().expect("an id").to_owned();
                let tokens = common::seat_tokens(&created);
                assert_eq!(tokens.len(), players);
                let mut game = created["game"].clone();
                let mut moves = 0;
                while game["status"] == "active" {
                    assert!(moves < MAX_MOVES, "{} with {players} players did not end", info.id);
                    let to_act = game["to_act"].as_array().expect("to_act");
                    let seat = to_act.choose(&mut rng).expect("an active game has a seat to act");
                    let token = &tokens.iter().find(|(name, _)| name == seat).expect("a known seat").1;
                    let listed: Value = test::call_and_read_body_json(
                        &app,
                        test::TestRequest::get()
                            .uri(&format!("/v1/games/{id}/actions"))
                            .insert_header(("Authorization", format!("Bearer {token}")))
                            .to_request(),
                    )
                    .await;
                    let actions = common::title_actions(listed["actions"].as_array().expect("actions"));
                    assert!(!actions.is_empty(), "{seat} must act but has no action ({})", info.id);
                    let action = &actions[rng.random_range(0..actions.len())];
                    let response = test::call_service(
                        &app,
                        test::TestRequest::post()
                            .uri(&format!("/v1/games/{id}/actions"))
                            .insert_header(("Authorization", format!("Bearer {token}")))
                            .set_json(json!({"action": action, "expected_version": game["version"]}))
                            .to_request(),
                    )
                    .await;
                    assert_eq!(response.status(), 200, "{} rejected listed action {action}", info.id);
                    let body: Value = test::read_body_json(response).await;
                    assert!(body["version"].as_u64() > game["version"].as_u64());
                    game = body["game"].clone();
                    moves += 1;
                }
                let result = &game["result"];
                assert!(result.is_object(), "a finished game has a result");
                let winners = result["winners"].as_array().expect("every title names its winners");
                assert!(winners.iter().all(|w| tokens.iter().any(|(seat, _)| w == seat)), "{}: {result}", info.id);
                let export: Value = test::call_and_read_body_json(
                    &app,
                    test::TestRequest::get()
                        .uri(&format!("/v1/games/{id}/events?limit=10000"))
                        .to_request(),
                )
                .await;
                assert_eq!(export["complete"], true);
                assert_eq!(export["events"].as_array().unwrap().len() as u64, game["version"].as_u64().unwrap());
                played += 1;
            }
        }
    }
    assert!(played >= 2 * GAMES_PER_PLAYER_COUNT, "at least the fixture and one real title were played");
}
