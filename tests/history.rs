//! A rewritten history is told, never hidden: when the store loses acknowledged events (a failover onto a lagging
//! replica, a restart from an older backup) and the game goes on from an earlier position, a client that presents a
//! position it was given (`ETag`, a stream message's id) gets `history_rewritten` with the last version both
//! histories share, and a stream resumed from such a position starts again from there. On the memory store (which
//! loses a tail only when a test asks) and on a real `redis-server` restarted from an older RDB file.

use crate::common;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::RedisServer;
use common::app::{Duel, TestApp, bearer, call, read_messages, version_of};
use ludus::config::CorsOrigins;
use ludus::store::{EventStore, MemoryStore};
use serde_json::{Value, json};

const KNOWN: &str = "X-Ludus-Known-Head";

async fn create(app: &impl TestApp) -> Duel {
    let (status, _, body) = call(
        app,
        TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2, "seed": 5})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    Duel::from_created(&body)
}

/// A move with an optional known head: status, `ETag` (unquoted) and body.
async fn play(
    app: &impl TestApp,
    duel: &Duel,
    token: &str,
    kind: &str,
    known: Option<&str>,
) -> (StatusCode, Option<String>, Value) {
    let mut request = TestRequest::post()
        .uri(&format!("/v1/games/{}/actions", duel.id))
        .insert_header(bearer(token))
        .set_json(json!({"action": {"type": kind}}));
    if let Some(known) = known {
        request = request.insert_header((KNOWN, format!("\"{known}\"")));
    }
    let (status, headers, body) = call(app, request).await;
    let etag = headers
        .get("etag")
        .map(|value| value.to_str().unwrap().trim_matches('"').to_owned());
    (status, etag, body)
}

async fn get(app: &impl TestApp, duel: &Duel, known: Option<&str>) -> (StatusCode, Option<String>, Value) {
    let mut request = TestRequest::get().uri(&format!("/v1/games/{}", duel.id));
    if let Some(known) = known {
        request = request.insert_header((KNOWN, known.to_owned()));
    }
    let (status, headers, body) = call(app, request).await;
    let etag = headers
        .get("etag")
        .map(|value| value.to_str().unwrap().trim_matches('"').to_owned());
    (status, etag, body)
}

fn assert_rewritten(answer: &(StatusCode, Option<String>, Value), common: u64) {
    let (status, _, body) = answer;
    assert_eq!(*status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "history_rewritten", "{body}");
    assert_eq!(body["common_version"], common, "{body}");
}

/// How a test makes the store lose what it acknowledged after a point.
enum Loss {
    Memory(Arc<MemoryStore>),
    /// The RDB file saved at that point is put back and the server restarted from it.
    Redis(Box<RedisServer>),
}

impl Loss {
    fn store(&self) -> Arc<dyn EventStore> {
        match self {
            Loss::Memory(store) => store.clone(),
            Loss::Redis(redis) => redis.store(),
        }
    }

    /// Marks the point to come back to (Redis: saves a snapshot now).
    fn mark(&self) {
        if let Loss::Redis(redis) = self {
            redis.save();
            std::fs::copy(redis.dir().join("dump.rdb"), redis.dir().join("older.rdb")).unwrap();
        }
    }

    /// Loses everything after the mark (`keep` events of game `id` remain).
    async fn lose(&mut self, id: &str, keep: u64) {
        match self {
            Loss::Memory(store) => store.lose_tail(id, keep).unwrap(),
            Loss::Redis(redis) => {
                redis.stop();
                std::fs::copy(redis.dir().join("older.rdb"), redis.dir().join("dump.rdb")).unwrap();
                redis.respawn(&["--appendonly", "no"]);
            }
        }
    }
}

/// Two instances on one store; the store loses a move that one of them acknowledged, the other goes on from before
/// it. Every client that holds the lost position is told, and where to start again.
async fn a_lost_position_is_told_with_the_common_version(mut loss: Loss) {
    let a = common::app::app_on(loss.store(), CorsOrigins::default()).await;
    let duel = create(&a).await;
    let (status, e3, _) = play(&a, &duel, &duel.north, "bump", None).await;
    assert_eq!(status, StatusCode::OK);
    let e3 = e3.expect("a move's answer has an ETag");
    let (status, _, game) = get(&a, &duel, None).await;
    assert_eq!(status, StatusCode::OK);
    let kept = game["version"].as_u64().unwrap();
    assert_eq!(version_of(&e3), kept, "the ETag names the version the move reached");
    loss.mark();
    let (status, e4, _) = play(&a, &duel, &duel.south, "bump", Some(&e3)).await;
    assert_eq!(status, StatusCode::OK, "a known head the log holds is fine");
    let e4 = e4.unwrap();
    assert_eq!(get(&a, &duel, Some(&e4)).await.1.as_deref(), Some(e4.as_str()));

    loss.lose(&duel.id, kept).await;
    // A restarted Redis: `a`'s connection finds out on its next call.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while get(&a, &duel, None).await.0 == StatusCode::SERVICE_UNAVAILABLE {
        assert!(std::time::Instant::now() < deadline, "the instance reconnects");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // Another instance, which never saw version 4, goes on from 3 with another move.
    let b = common::app::app_on(loss.store(), CorsOrigins::default()).await;
    let (status, other4, body) = play(&b, &duel, &duel.south, "reveal", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let other4 = other4.unwrap();
    let other_version = version_of(&other4);
    assert!(other_version > kept);
    assert_ne!(other4, e4, "another history at the same version");

    // South still holds 4 as it was told: every request that presents it is told, on either instance.
    assert_rewritten(&play(&a, &duel, &duel.south, "bump", Some(&e4)).await, kept);
    assert_rewritten(&play(&b, &duel, &duel.north, "bump", Some(&e4)).await, kept);
    assert_rewritten(&get(&a, &duel, Some(&e4)).await, kept);
    let (status, etag, game) = get(&b, &duel, Some(&e3)).await;
    assert_eq!(status, StatusCode::OK, "the kept version is in both histories");
    assert_eq!(etag.as_deref(), Some(other4.as_str()));
    assert_eq!(game["version"], other_version);
    // Nothing was appended by the refused moves.
    assert_eq!(get(&a, &duel, None).await.1.as_deref(), Some(other4.as_str()));

    // A stream resumed from the lost position starts again from the kept version, saying so first.
    let request = TestRequest::get()
        .uri(&format!("/v1/games/{}/stream", duel.id))
        .insert_header(("Last-Event-ID", e4.clone()))
        .to_request();
    let response = actix_web::test::call_service(&a, request).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let messages = read_messages(&mut body, 1 + (other_version - kept) as usize).await;
    assert_eq!(messages[0].0, kept, "the rewritten message's id is the common position");
    assert_eq!(messages[0].1, "rewritten");
    assert_eq!(messages[0].2["common_version"], kept);
    let versions: Vec<u64> = messages[1..].iter().map(|message| message.0).collect();
    assert_eq!(versions, (kept + 1..=other_version).collect::<Vec<_>>(), "then the log's own events");
    assert!(
        messages.iter().any(|message| message.2["event"]["type"] == "revealed"),
        "the log's own events after it: {messages:?}"
    );
    // Resumed from a position both hold, a stream sends what follows, nothing else.
    let request = TestRequest::get()
        .uri(&format!("/v1/games/{}/stream", duel.id))
        .insert_header(("Last-Event-ID", e3.clone()))
        .to_request();
    let mut body = actix_web::test::call_service(&b, request).await.into_body();
    let messages = read_messages(&mut body, (other_version - kept) as usize).await;
    let versions: Vec<u64> = messages.iter().map(|message| message.0).collect();
    assert_eq!(versions, (kept + 1..=other_version).collect::<Vec<_>>());
    assert!(messages.iter().all(|message| message.1 != "rewritten"));

    // Once reloaded, south plays on with the log's head.
    let (status, _, body) = play(&a, &duel, &duel.north, "bump", Some(&other4)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_web::test]
async fn a_lost_position_is_told_in_memory() {
    a_lost_position_is_told_with_the_common_version(Loss::Memory(Arc::new(MemoryStore::default()))).await;
}

#[actix_web::test]
async fn a_lost_position_is_told_on_redis_restarted_from_an_older_rdb() {
    let redis = RedisServer::start_with(&["--appendonly", "no"]);
    a_lost_position_is_told_with_the_common_version(Loss::Redis(Box::new(redis))).await;
}

#[actix_web::test]
async fn malformed_known_heads_and_stream_ids_are_refused() {
    let app = common::app::app().await;
    let duel = create(&app).await;
    for bad in ["3", "3-xyz", "-3-0011223344556677", "3-00112233445566778"] {
        let (status, _, body) = get(&app, &duel, Some(bad)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_eq!(body["code"], "invalid_known_head");
        if bad == "3" {
            // A bare version is still a Last-Event-ID (without a hash, nothing to check).
            continue;
        }
        let request = TestRequest::get()
            .uri(&format!("/v1/games/{}/stream", duel.id))
            .insert_header(("Last-Event-ID", bad));
        let (status, _, body) = call(&app, request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_eq!(body["code"], "invalid_last_event_id");
    }
    // An empty header is a client that holds no position yet: answered as without it.
    let (status, _, body) = get(&app, &duel, Some("")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
