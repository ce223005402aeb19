//! Rome et Carthage through the HTTP API: the map endpoint, and whole games for 2, 3 and 4 players played from
//! random legal actions, with checks on what spectators can see.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::MemoryStore;

type Response = (StatusCode, Value);

async fn call(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    request: test::TestRequest,
) -> Response {
    let response = test::call_service(app, request.to_request()).await;
    let status = response.status();
    let body = test::read_body(response).await;
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

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
async fn serves_the_map() {
    let service = web::Data::new(GameService::new(
        Registry::with_all_titles(),
        Arc::new(MemoryStore::new()),
    ));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let (status, map) = call(&app, test::TestRequest::get().uri("/v1/titles/rome-carthage/map")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(map["cities"].as_array().unwrap().len(), 56);
    assert!(map["cities"][0]["lon"].is_number() && map["cities"][0]["lat"].is_number());
    assert_eq!(map["roads"].as_array().unwrap().len(), 63);
    assert_eq!(map["substitute"], true);
}

#[actix_web::test]
async fn plays_whole_games_over_http() {
    let service = web::Data::new(GameService::new(
        Registry::with_all_titles(),
        Arc::new(MemoryStore::new()),
    ));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for (players, seed) in [(2, 11u64), (3, 12), (4, 13), (4, 14)] {
        let (status, created) = call(
            &app,
            test::TestRequest::post().uri("/v1/games").set_json(json!({
                "title": "rome-carthage",
                "players": players,
                "seed": seed,
                "options": {"no_progress_rounds": 2, "partners_see_hands": seed % 2 == 0}
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
        let mut finished = false;
        for _ in 0..5_000 {
            let (status, game) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
            assert_eq!(status, StatusCode::OK);
            // A spectator sees card ids only for the public starting card.
            let starting = game["view"]["starting_card"].as_str().unwrap_or("").to_owned();
            assert!(
                card_ids(&game["view"].to_string()).iter().all(|c| *c == starting),
                "a spectator sees a card id"
            );
            if game["status"] == "finished" {
                let result = &game["result"];
                assert!(result["end_reason"].is_string(), "{result}");
                assert_eq!(result["scores"].as_object().unwrap().len(), players);
                finished = true;
                break;
            }
            let to_act: Vec<String> = game["to_act"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_owned())
                .collect();
            let seat = to_act.choose(&mut rng).expect("someone must act");
            let token = &tokens.iter().find(|(s, _)| s == seat).unwrap().1;
            let (status, listed) = call(
                &app,
                test::TestRequest::get()
                    .uri(&format!("/v1/games/{id}/actions"))
                    .insert_header(("Authorization", format!("Bearer {token}"))),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            let actions = listed["actions"].as_array().unwrap();
            // Keep the walk warlike: nobody offers or accepts a draw.
            let choices: Vec<&Value> = actions
                .iter()
                .filter(|a| a["type"] != "offer_draw" && a["type"] != "accept_draw")
                .collect();
            let action = (*choices.choose(&mut rng).expect("an action")).clone();
            let (status, played) = call(
                &app,
                test::TestRequest::post()
                    .uri(&format!("/v1/games/{id}/actions"))
                    .insert_header(("Authorization", format!("Bearer {token}")))
                    .set_json(json!({"action": action})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{action} rejected: {played}");
        }
        assert!(finished, "{players} players: the game did not end");
        // The spectator's log hides every secret until the end; then the service publishes it whole.
        let (_, events) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/events"))).await;
        assert_eq!(events["complete"], true);
        assert!(events["events"].as_array().unwrap().len() > 20);
    }
}

#[actix_web::test]
async fn spectator_log_hides_secrets_during_the_game() {
    let service = web::Data::new(GameService::new(
        Registry::with_all_titles(),
        Arc::new(MemoryStore::new()),
    ));
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let (_, created) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "rome-carthage", "players": 4, "seed": 3})),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap();
    let (status, events) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}/events"))).await;
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
