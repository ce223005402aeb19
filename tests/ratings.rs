//! Rated games through the real HTTP app on the in-memory store: who may play one, the ratings a finished one gives
//! its accounts (once, however often it is rated again), the ladder's bots with accounts of their own, and the
//! leaderboard's pages with the provisional ratings apart.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{TestApp, new_account, send};
use ludus::service::{GameId, GameService};
use serde_json::{Value, json};

/// A rated duel: `north_key`'s account creates it on north, `south_key`'s joins south.
async fn rated_duel(app: &impl TestApp, north_key: &str, south_key: &str) -> String {
    let create = json!({"title": "duel", "players": 2, "seats": 1, "rated": true});
    let (status, created) = send(app, "POST", "/v1/games", Some(north_key), Some(create)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["game"]["rated"], true);
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let (status, joined) =
        send(app, "POST", &format!("/v1/games/{game}/seats/south/join"), Some(south_key), Some(json!({}))).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    let (_, mine) = send(app, "GET", "/v1/accounts/me/games", Some(south_key), None).await;
    let listed = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|listed| listed["id"] == game.as_str());
    assert_eq!(listed.map(|listed| &listed["rated"]), Some(&json!(true)), "{mine}");
    game
}

async fn resign(app: &impl TestApp, game: &str, key: &str) {
    let resign = json!({"action": {"type": "resign"}});
    let (status, answer) = send(app, "POST", &format!("/v1/games/{game}/actions"), Some(key), Some(resign)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["game"]["status"], "finished", "{answer}");
}

async fn duel_rating(app: &impl TestApp, account: &str) -> Value {
    let (status, profile) = send(app, "GET", &format!("/v1/accounts/{account}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    let ratings = profile["ratings"].as_array().unwrap();
    ratings
        .iter()
        .find(|rating| rating["title"] == "duel")
        .cloned()
        .unwrap_or(Value::Null)
}

fn refused(status: StatusCode, body: &Value, code: &str) {
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], code, "{body}");
}

#[actix_web::test]
async fn a_rated_game_takes_accounts_only_one_seat_each_the_services_seed_and_the_ladders_bots() {
    let app =
        test::init_service(App::new().configure(ludus::api::routes(web::Data::new(common::service(common::memory())))))
            .await;
    let (_, key) = new_account(&app, "livia").await;
    let rated = |extra: Value| {
        let mut body = json!({"title": "duel", "players": 2, "rated": true});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let (status, body) = send(&app, "POST", "/v1/games", Some(&key), Some(rated(json!({"seats": 1, "seed": 7})))).await;
    refused(status, &body, "rated_conflict");
    let (status, body) = send(&app, "POST", "/v1/games", None, Some(rated(json!({"seats": 1})))).await;
    refused(status, &body, "rated_conflict");
    let (status, body) = send(&app, "POST", "/v1/games", Some(&key), Some(rated(json!({})))).await;
    refused(status, &body, "rated_conflict");
    let strange_bot = json!({"bots": {"south": {"kind": "search", "iterations": 7}}});
    let (status, body) = send(&app, "POST", "/v1/games", Some(&key), Some(rated(strange_bot))).await;
    refused(status, &body, "rated_conflict");
    let ladder_bot = json!({"bots": {"south": {"kind": "search", "iterations": 1000}}});
    let (status, body) = send(&app, "POST", "/v1/games", Some(&key), Some(rated(ladder_bot))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let (status, created) = send(&app, "POST", "/v1/games", None, Some(rated(json!({"seats": 0})))).await;
    assert_eq!(status, StatusCode::CREATED, "a rated game may wait for accounts on every seat: {created}");
    let game = created["game"]["id"].as_str().unwrap();
    let (status, lobby) = send(&app, "GET", "/v1/lobby", None, None).await;
    assert_eq!(status, StatusCode::OK);
    let listed = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|listed| listed["id"] == game)
        .unwrap();
    assert_eq!(listed["rated"], true, "the lobby says it is rated");
    let join = |seat: &str| format!("/v1/games/{game}/seats/{seat}/join");
    let (status, body) = send(&app, "POST", &join("north"), None, Some(json!({}))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("account_key_required")), "{body}");
    let (status, body) = send(&app, "POST", &join("north"), Some(&key), Some(json!({}))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = send(&app, "POST", &join("south"), Some(&key), Some(json!({}))).await;
    refused(status, &body, "rated_conflict");
    let (status, unrated) =
        send(&app, "POST", "/v1/games", Some(&key), Some(json!({"title": "duel", "players": 2}))).await;
    assert_eq!((status, &unrated["game"]["rated"]), (StatusCode::CREATED, &json!(false)));
}

#[actix_web::test]
async fn finished_rated_games_rate_their_accounts_once_and_the_leaderboard_pages_them() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let mut players = Vec::new();
    for name in ["ada", "bea", "cato", "dido"] {
        players.push(new_account(&app, name).await);
    }
    let [(ada, ada_key), (bea, bea_key), (cato, cato_key), (_, dido_key)] = &players[..] else {
        unreachable!()
    };
    // ada beats bea and cato; cato beats dido.
    let first = rated_duel(&app, ada_key, bea_key).await;
    resign(&app, &first, bea_key).await;
    let second = rated_duel(&app, cato_key, ada_key).await;
    resign(&app, &second, cato_key).await;
    let third = rated_duel(&app, dido_key, cato_key).await;
    resign(&app, &third, dido_key).await;

    let ada_rating = duel_rating(&app, ada).await;
    assert_eq!(ada_rating["games"], 2, "{ada_rating}");
    assert!(ada_rating["rating"].as_f64().unwrap() > 1600.0, "{ada_rating}");
    assert_eq!(ada_rating["provisional"], true, "two games leave the deviation high");
    assert!(duel_rating(&app, bea).await["rating"].as_f64().unwrap() < 1500.0);
    assert_eq!(duel_rating(&app, cato).await["games"], 2);
    // Each game tells how it moved its seats' ratings: ada's second game took her from her first's rating onwards.
    let (_, second_game) = send(&app, "GET", &format!("/v1/games/{second}"), None, None).await;
    let changes = second_game["rating_changes"]
        .as_array()
        .expect("a rated game over tells its rating changes");
    let ada_change = changes
        .iter()
        .find(|change| change["account"] == *ada)
        .expect("ada's change");
    let (before, after) = (ada_change["before"].as_f64().unwrap(), ada_change["after"].as_f64().unwrap());
    assert!(before > 1500.0 && after > before, "she won both: {ada_change}");
    assert_eq!(after, ada_rating["rating"].as_f64().unwrap(), "her rating now");
    assert_eq!(changes.len(), 2, "{changes:?}");
    let (_, past) = send(&app, "GET", &format!("/v1/games/{second}?at=1"), None, None).await;
    assert!(past.get("rating_changes").is_none(), "not at a past version");

    // Rating the same games again, as a sweep or another instance would, changes nothing.
    for game in [&first, &second, &third] {
        let loaded = service.games.load(&GameId::parse(game).unwrap()).await.unwrap();
        service.ratings.rate(&loaded).await.unwrap();
    }
    assert_eq!(duel_rating(&app, ada).await, ada_rating);
    // An unrated game between the same accounts changes nothing either.
    let create = json!({"title": "duel", "players": 2, "seats": 1});
    let (_, created) = send(&app, "POST", "/v1/games", Some(ada_key), Some(create)).await;
    let unrated = created["game"]["id"].as_str().unwrap().to_owned();
    send(&app, "POST", &format!("/v1/games/{unrated}/seats/south/join"), Some(bea_key), Some(json!({}))).await;
    resign(&app, &unrated, ada_key).await;
    assert_eq!(duel_rating(&app, ada).await, ada_rating);

    let page = |query: &str| {
        let uri = format!("/v1/titles/duel/leaderboard{query}");
        let app = &app;
        async move {
            let (status, page) = send(app, "GET", &uri, None, None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            page
        }
    };
    let established = page("").await;
    assert_eq!((established["total"].as_u64(), established["entries"].as_array().unwrap().len()), (Some(0), 0));
    let first_page = page("?provisional=true&limit=3").await;
    assert_eq!(first_page["total"], 4);
    assert_eq!(first_page["next_offset"], 3);
    let last_page = page("?provisional=true&limit=3&offset=3").await;
    assert!(last_page.get("next_offset").is_none(), "{last_page}");
    let entries: Vec<&Value> = first_page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .chain(last_page["entries"].as_array().unwrap())
        .collect();
    let ranks: Vec<u64> = entries.iter().map(|entry| entry["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    assert_eq!(entries[0]["name"], "ada");
    assert_eq!(entries[3]["name"], "dido", "dido lost her only game, to someone who lost one");
    let ratings: Vec<f64> = entries.iter().map(|entry| entry["rating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|pair| pair[0] >= pair[1]), "{ratings:?}");

    let (status, body) = send(&app, "GET", "/v1/titles/chess/leaderboard", None, None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("title_not_found")));
    let (status, body) = send(&app, "GET", "/v1/titles/duel/leaderboard?limit=0", None, None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")));
}

#[actix_web::test]
async fn a_ladder_bot_plays_rated_games_under_an_account_of_kind_bot() {
    let service = web::Data::new(common::service(common::memory()));
    tokio::spawn(GameService::run_background(service.clone().into_inner(), None));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let (_, key) = new_account(&app, "livia").await;
    let create = json!({"title": "duel", "players": 2, "rated": true, "bots": {"south": {"kind": "random"}}});
    let (status, created) = send(&app, "POST", "/v1/games", Some(&key), Some(create)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap();
    resign(&app, game, &key).await;
    let (status, bot) = send(&app, "GET", "/v1/accounts/ludus.random", None, None).await;
    assert_eq!(status, StatusCode::OK, "{bot}");
    assert_eq!((bot["id"].as_str(), bot["kind"].as_str()), (Some("acc_bot_random"), Some("bot")));
    let rating = duel_rating(&app, "acc_bot_random").await;
    assert_eq!(rating["games"], 1, "{bot}");
    assert!(rating["rating"].as_f64().unwrap() > 1500.0);
    let (status, missing) = send(&app, "GET", "/v1/accounts/nobody-here", None, None).await;
    assert_eq!((status, missing["code"].as_str()), (StatusCode::NOT_FOUND, Some("account_not_found")));
}

/// Deleting an account on `store`: off the leaderboards, its invitation declined, its rated game's seat a deleted
/// player's, its name free again.
async fn a_deleted_account_is_off_the_leaderboards(store: std::sync::Arc<dyn ludus::store::EventStore>) {
    let service = web::Data::new(common::service(store));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let (ada, ada_key) = new_account(&app, "ada").await;
    let (bea, bea_key) = new_account(&app, "bea").await;
    let rated = rated_duel(&app, &ada_key, &bea_key).await;
    resign(&app, &rated, &bea_key).await;
    let invitation = json!({"title": "duel", "players": 2, "seats": {"south": {"account": "bea"}}});
    let (_, invited) = send(&app, "POST", "/v1/games", Some(&ada_key), Some(invitation)).await;
    let invited = invited["game"]["id"].as_str().unwrap().to_owned();
    let board = "/v1/titles/duel/leaderboard?provisional=true";
    let (_, before) = send(&app, "GET", board, None, None).await;
    assert_eq!(before["total"], 2, "{before}");

    let (status, body) = send(&app, "DELETE", "/v1/accounts/me", Some(&bea_key), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, after) = send(&app, "GET", board, None, None).await;
    assert_eq!((after["total"].as_u64(), after["entries"][0]["name"].as_str()), (Some(1), Some("ada")), "{after}");
    assert_eq!(duel_rating(&app, &ada).await["games"], 1, "Ada's rating stays");
    let (status, body) = send(&app, "GET", &format!("/v1/accounts/{bea}"), None, None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("account_not_found")), "{body}");
    let (_, game) = send(&app, "GET", &format!("/v1/games/{rated}"), None, None).await;
    assert_eq!(game["players"][1]["deleted_player"], true, "{game}");
    assert!(!game.to_string().contains(&bea), "{game}");
    let (_, declined) = send(&app, "GET", &format!("/v1/games/{invited}"), None, None).await;
    let south = &declined["players"][1];
    assert!(south.get("invited").is_none() && south["open"] == true, "declined, open to anyone: {declined}");
    let (_, events) = send(&app, "GET", &format!("/v1/games/{invited}/events"), None, None).await;
    assert!(!events.to_string().contains(&bea), "no invitation names her: {events}");
    new_account(&app, "bea").await;
}

#[actix_web::test]
async fn a_deleted_account_is_off_the_leaderboards_in_memory() {
    a_deleted_account_is_off_the_leaderboards(common::memory()).await;
}

#[actix_web::test]
async fn a_deleted_account_is_off_the_leaderboards_on_redis() {
    let redis = common::RedisServer::start();
    a_deleted_account_is_off_the_leaderboards(redis.store()).await;
}
