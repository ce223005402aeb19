//! Quick play through the real HTTP app on the in-memory store: seeking, waiting, cancelling, the seeker who
//! completes a table getting its game and the others a `matched` notification, ratings kept apart until the window
//! widens, bots filling a table once a seeker's wait is over, a table whose completing instance died before opening
//! its game opened by another, and seeks that end when their wait is over.

use crate::common;

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{TestApp, new_account, send};
use ludus::service::{GameService, SEEK_WAIT, now_ms};
use ludus::store::{InboxPage, RatingUpdate, StoredRating};
use serde_json::{Value, json};

async fn seek(app: &impl TestApp, key: &str, body: Value) -> (StatusCode, Value) {
    send(app, "POST", "/v1/matchmaking", Some(key), Some(body)).await
}

/// The `matched` notifications in the account's inbox.
async fn matched(service: &GameService, account: &str) -> Vec<Value> {
    told(service, account, "matched").await
}

/// The notifications of type `kind` in the account's inbox.
async fn told(service: &GameService, account: &str, kind: &str) -> Vec<Value> {
    let inbox = service
        .notifier
        .read_inbox(account, InboxPage::oldest(1000))
        .await
        .unwrap();
    inbox
        .iter()
        .map(|entry| serde_json::from_str::<Value>(&entry.event).unwrap())
        .filter(|event| event["type"] == kind)
        .collect()
}

/// The accounts at the game's seats, in seat order (null for a bot's).
async fn seated(app: &impl TestApp, game: &str) -> Vec<Value> {
    let (status, game) = send(app, "GET", &format!("/v1/games/{game}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|player| player["account"].clone())
        .collect()
}

fn duel() -> Value {
    json!({"title": "duel", "players": 2})
}

#[actix_web::test]
async fn two_seekers_make_a_game_the_second_at_once_the_first_told_on_its_stream() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let (ada, ada_key) = new_account(&app, "ada").await;
    let (bea, bea_key) = new_account(&app, "bea").await;

    let (status, waiting) = seek(&app, &ada_key, duel()).await;
    assert_eq!((status, &waiting["status"]), (StatusCode::ACCEPTED, &json!("waiting")), "{waiting}");
    let (status, again) = seek(&app, &ada_key, duel()).await;
    assert_eq!((status, again["code"].as_str()), (StatusCode::CONFLICT, Some("already_seeking")), "{again}");
    let (status, _) = send(&app, "DELETE", "/v1/matchmaking", Some(&ada_key), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, gone) = send(&app, "DELETE", "/v1/matchmaking", Some(&ada_key), None).await;
    assert_eq!((status, gone["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_seeking")));
    assert_eq!(seek(&app, &ada_key, duel()).await.0, StatusCode::ACCEPTED);
    let (status, other_pool) = seek(&app, &bea_key, json!({"title": "duel", "players": 2, "rated": true})).await;
    assert_eq!(
        (status, &other_pool["status"]),
        (StatusCode::ACCEPTED, &json!("waiting")),
        "a rated seeker waits apart"
    );
    send(&app, "DELETE", "/v1/matchmaking", Some(&bea_key), None).await;

    let (status, found) = seek(&app, &bea_key, duel()).await;
    assert_eq!((status, &found["status"]), (StatusCode::CREATED, &json!("matched")), "{found}");
    let game = found["game"].as_str().unwrap();
    let mut accounts = seated(&app, game).await;
    accounts.sort_by_key(Value::to_string);
    let mut expected = vec![json!(ada), json!(bea)];
    expected.sort_by_key(Value::to_string);
    assert_eq!(accounts, expected);
    let told = matched(&service, &ada).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!((told[0]["game"].as_str(), told[0]["rated"].as_bool()), (Some(game), Some(false)));
    assert_eq!(matched(&service, &bea).await[0]["seat"], found["seat"]);
    // Each key acts for its seat: the game is playable at once.
    let (status, actions) = send(&app, "GET", &format!("/v1/games/{game}/actions"), Some(&bea_key), None).await;
    assert_eq!(status, StatusCode::OK, "{actions}");
    let (status, _) = send(&app, "DELETE", "/v1/matchmaking", Some(&ada_key), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a matched account seeks no more");
}

#[actix_web::test]
async fn seeking_refuses_what_cannot_be_played() {
    let app =
        test::init_service(App::new().configure(ludus::api::routes(web::Data::new(common::service(common::memory())))))
            .await;
    let (_, key) = new_account(&app, "livia").await;
    let (status, body) = send(&app, "POST", "/v1/matchmaking", None, Some(duel())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("account_key_required")));
    for (request, code) in [
        (json!({"title": "duel", "players": 7}), "invalid_player_count"),
        (json!({"title": "chess", "players": 2}), "unknown_title"),
        (json!({"title": "duel", "players": 2, "bot_after_seconds": 0}), "invalid_bot_after"),
        (json!({"title": "duel", "players": 2, "bot_after_seconds": 3601}), "invalid_bot_after"),
        (
            json!({"title": "duel", "players": 2, "clock": {"initial_seconds": 0, "increment_seconds": 0}}),
            "invalid_clock",
        ),
        (json!({"title": "duel", "players": 2, "colour": "red"}), "malformed_request"),
    ] {
        let (status, body) = seek(&app, &key, request.clone()).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{request}: {body}");
    }
}

#[actix_web::test]
async fn ratings_far_apart_wait_apart_and_a_bot_fills_a_table_once_the_wait_is_over() {
    let store = common::memory();
    let service = web::Data::new(common::service(store.clone()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let (strong, strong_key) = new_account(&app, "strong").await;
    let (_, new_key) = new_account(&app, "newcomer").await;
    let rating = StoredRating {
        rating: 2100.0,
        deviation: 60.0,
        volatility: 0.06,
        games: 40,
    };
    let update = RatingUpdate {
        account: strong.clone(),
        expected_games: 0,
        before: 1500.0,
        rating,
        provisional: false,
    };
    store
        .ratings()
        .apply_ratings("duel", "an-earlier-game", &[update])
        .await
        .unwrap();

    let (_, first) =
        seek(&app, &strong_key, json!({"title": "duel", "players": 2, "rated": true, "bot_after_seconds": 30})).await;
    let (status, second) = seek(&app, &new_key, json!({"title": "duel", "players": 2, "rated": true})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "600 points apart wait at two tables: {second}");
    assert_ne!(first["table"], second["table"]);

    assert_eq!(
        service.tables.fill_due_tables(now_ms()).await.unwrap(),
        0,
        "the strong player still waits for people"
    );
    assert_eq!(service.tables.fill_due_tables(now_ms() + 31_000).await.unwrap(), 1);
    let told = matched(&service, &strong).await;
    assert_eq!(told.len(), 1, "{told:?}");
    let game = told[0]["game"].as_str().unwrap();
    let accounts = seated(&app, game).await;
    assert!(accounts.contains(&json!(strong)), "{accounts:?}");
    assert!(accounts.contains(&Value::Null), "the search bot took the other seat: {accounts:?}");
    let (_, answer) = send(&app, "GET", &format!("/v1/games/{game}"), None, None).await;
    assert_eq!(answer["rated"], true);
    let bot = answer["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|player| player["account"].is_null())
        .unwrap()
        .clone();
    assert_eq!(bot["bot"]["kind"], "search", "{bot}");
    assert_eq!(service.tables.fill_due_tables(now_ms() + 3_600_000).await.unwrap(), 0, "the newcomer chose to wait");
}

#[actix_web::test]
async fn a_table_whose_completing_instance_dies_before_opening_its_game_is_opened_by_another() {
    let store = common::memory();
    // The instance that completes the table dies before opening its game: its seek is cut in that pause.
    let dying = web::Data::new(common::service(store.clone()).with_test_pauses(ludus::service::TestPauses {
        before_opening_table: Some(Duration::from_secs(3600)),
        ..Default::default()
    }));
    let app = test::init_service(App::new().configure(ludus::api::routes(dying.clone()))).await;
    let other = common::service(store);
    let (ada, ada_key) = new_account(&app, "ada").await;
    let (bea, bea_key) = new_account(&app, "bea").await;
    assert_eq!(seek(&app, &ada_key, duel()).await.0, StatusCode::ACCEPTED);
    let cut = tokio::time::timeout(Duration::from_millis(300), seek(&app, &bea_key, duel())).await;
    assert!(cut.is_err(), "the completing seek never answers: its instance died");

    // Its claim holds for a sweep's lease: nobody opens the table meanwhile, and its seekers are seated, waiting
    // for its game.
    assert_eq!(other.tables.fill_due_tables(now_ms()).await.unwrap(), 0);
    for key in [&ada_key, &bea_key] {
        let (status, again) = seek(&app, key, duel()).await;
        assert_eq!((status, again["code"].as_str()), (StatusCode::CONFLICT, Some("already_seeking")), "{again}");
        let (status, _) = send(&app, "DELETE", "/v1/matchmaking", Some(key), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "a complete table's seat is not given up");
    }
    assert!(matched(&other, &ada).await.is_empty());

    // Once the lease is over, another instance's background work opens the game: one game, both seekers told.
    assert_eq!(other.tables.fill_due_tables(now_ms() + 6_000).await.unwrap(), 1);
    let (told_ada, told_bea) = (matched(&other, &ada).await, matched(&other, &bea).await);
    assert_eq!((told_ada.len(), told_bea.len()), (1, 1), "{told_ada:?} {told_bea:?}");
    let game = told_ada[0]["game"].as_str().unwrap();
    assert_eq!(told_bea[0]["game"].as_str(), Some(game));
    assert_ne!(told_ada[0]["seat"], told_bea[0]["seat"]);
    let mut accounts = seated(&app, game).await;
    accounts.sort_by_key(Value::to_string);
    let mut expected = vec![json!(ada), json!(bea)];
    expected.sort_by_key(Value::to_string);
    assert_eq!(accounts, expected);
    let (status, actions) = send(&app, "GET", &format!("/v1/games/{game}/actions"), Some(&bea_key), None).await;
    assert_eq!(status, StatusCode::OK, "{actions}");
    assert_eq!(other.tables.fill_due_tables(now_ms() + 60_000).await.unwrap(), 0, "opened once");
    // The seekers are free again.
    assert_eq!(seek(&app, &ada_key, duel()).await.0, StatusCode::ACCEPTED);
}

#[actix_web::test]
async fn a_seek_ends_when_its_wait_is_over_unless_bots_fill_its_table() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let (ada, ada_key) = new_account(&app, "ada").await;
    let (bea, bea_key) = new_account(&app, "bea").await;
    let (_, waiting) = seek(&app, &ada_key, duel()).await;
    let table = waiting["table"].as_str().unwrap().to_owned();
    let for_bots = json!({"title": "duel", "players": 2, "rated": true, "bot_after_seconds": 3600});
    assert_eq!(seek(&app, &bea_key, for_bots).await.0, StatusCode::ACCEPTED);
    let wait_ms = SEEK_WAIT.as_millis() as u64;
    assert!((60_000..=600_000).contains(&wait_ms), "a few minutes");

    assert_eq!(service.tables.expire_seeks(now_ms()).await.unwrap(), 0, "ada waits on");
    assert_eq!(service.tables.expire_seeks(now_ms() + wait_ms).await.unwrap(), 1);
    let ended = told(&service, &ada, "seek_expired").await;
    assert_eq!(ended, [json!({"type": "seek_expired", "table": table, "title": "duel"})]);
    let (status, gone) = send(&app, "DELETE", "/v1/matchmaking", Some(&ada_key), None).await;
    assert_eq!((status, gone["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_seeking")), "ada waits no more");
    let (status, again) = seek(&app, &ada_key, duel()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{again}");
    assert_ne!(again["table"].as_str(), Some(table.as_str()), "the old table is gone");

    // bea asked for bots after an hour: her seek does not end before, and then bots fill her table.
    service.tables.expire_seeks(now_ms() + 3_600_000).await.unwrap();
    assert!(told(&service, &bea, "seek_expired").await.is_empty());
    assert_eq!(service.tables.fill_due_tables(now_ms() + 3_601_000).await.unwrap(), 1);
    assert_eq!(matched(&service, &bea).await.len(), 1);
}
