//! Acknowledged means replicated, when asked: with `LUDUS_REDIS_WAIT_REPLICAS` a write (a move, a new game, an
//! account) is answered only once a replica holds it, on a real `redis-server` primary and its replica. A replica that
//! stops answering turns writes into 503 `replication_timeout`, which a retry under the same key settles once it is
//! back: applied once, answered as the first time.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::RedisServer;
use common::app::{TestApp, bearer, call};
use ludus::config::CorsOrigins;
use ludus::store::{RedisStore, RedisTls, Replication, Retention};
use serde_json::{Value, json};

const WAIT: Replication = Replication {
    replicas: 1,
    timeout: Duration::from_millis(300),
    aof: false,
};

async fn play(app: &impl TestApp, id: &str, token: &str, key: &str) -> (StatusCode, Option<String>, Value) {
    let (status, headers, body) = call(
        app,
        TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(bearer(token))
            .insert_header(("Idempotency-Key", key))
            .set_json(json!({"action": {"type": "bump"}})),
    )
    .await;
    let replayed = headers
        .get("idempotent-replayed")
        .map(|value| value.to_str().unwrap().to_owned());
    (status, replayed, body)
}

fn events_held(server: &RedisServer, id: &str) -> u64 {
    let reply = server.command(&["XLEN", &format!("ludus:{{{id}}}:events")]);
    let digits: String = reply.chars().filter(char::is_ascii_digit).collect();
    digits.parse().unwrap_or_else(|_| panic!("a length, not {reply}"))
}

#[actix_web::test]
async fn writes_are_acknowledged_once_a_replica_holds_them() {
    // A replica starts its first sync at once rather than after the 5 s a primary waits for others to join it.
    let primary = RedisServer::start_with(&["--repl-diskless-sync-delay", "0"]);
    let replica = RedisServer::replica_of(&primary);
    let store = RedisStore::open(&primary.url, false, &RedisTls::default(), Retention::default())
        .expect("a valid URL")
        .with_replication(WAIT);
    let app = common::app::app_on(Arc::new(store), CorsOrigins::default()).await;

    let (status, _, health) = call(&app, TestRequest::get().uri("/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["replication"]["wait_replicas"], 1, "{health}");
    assert_eq!(health["replication"]["replicas_seen"], 1, "{health}");
    let (_, _, ready) = call(&app, TestRequest::get().uri("/readyz")).await;
    assert_eq!(ready["replicas_seen"], 1, "{ready}");

    let (status, _, created) = call(
        &app,
        TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let north = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let south = created["seats"][1]["token"].as_str().unwrap().to_owned();
    let (status, _, moved) = play(&app, &id, &north, "first").await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let version = moved["version"].as_u64().unwrap();
    assert_eq!(events_held(&replica, &id), version, "acknowledged: the replica holds it already");

    // The replica stops answering (a busy or cut-off replica): the primary takes the move, but it is not acknowledged.
    replica.signal("STOP");
    let (status, _, refused) = play(&app, &id, &south, "second").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{refused}");
    assert_eq!(refused["code"], "replication_timeout", "{refused}");
    let reached = events_held(&primary, &id);
    assert!(reached > version, "the primary took it");
    let (status, _, account) = call(
        &app,
        TestRequest::post()
            .uri("/v1/accounts")
            .set_json(json!({"name": "unreplicated", "kind": "player"})),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "an account's key is a write too: {account}");
    assert_eq!(account["code"], "replication_timeout");
    replica.signal("CONT");

    // The retry under the same key: the move applied once, its first answer given, the replica holding it.
    let (status, replayed, retried) = play(&app, &id, &south, "second").await;
    assert_eq!(status, StatusCode::OK, "{retried}");
    assert_eq!(replayed.as_deref(), Some("true"), "the first answer, not a second move");
    assert_eq!(retried["version"], reached);
    assert_eq!(events_held(&replica, &id), reached);
    let (_, _, game) = call(&app, TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
    assert_eq!(game["version"], reached, "one move, not two");
}
