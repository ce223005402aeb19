//! The log is the only truth: when Redis loses its tail (restored from an older RDB), restarts empty or is flushed,
//! an instance that cached a game serves exactly what a fresh process rebuilds from the log, and never appends onto
//! a state that is not the log's. Two instances (services with their own caches) share one real redis-server.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::RedisServer;
use ludus::engine::Viewer;
use ludus::service::{Caller, GameId, GameService, IdempotencyKey, MoveRequest, NewGame, ServiceError};
use rand::{Rng, SeedableRng};
use serde_json::Value;

#[path = "../examples/shared/moves.rs"]
mod moves;
use moves::random_move;

const TITLE: &str = "caesar-cleopatra";

struct Table {
    id: GameId,
    tokens: Vec<String>,
}

async fn create(service: &GameService, seed: u64) -> Table {
    let created = service
        .tables
        .create(NewGame::closed(TITLE, 2, Some(seed), None))
        .await
        .expect("a game");
    Table {
        id: created.game.meta.id.clone(),
        tokens: created.tokens.into_iter().map(|(_, token)| token).collect(),
    }
}

/// Plays random legal moves through `service` until the log holds at least `version` events; returns the version.
async fn play_until(service: &GameService, table: &Table, version: u64, rng: &mut impl Rng) -> u64 {
    loop {
        let snapshot = service.games.load(&table.id).await.expect("the game loads");
        if snapshot.version() >= version || snapshot.session.is_finished() {
            return snapshot.version();
        }
        let seat = snapshot.session.to_act()[0];
        let actions = common::title_actions(&snapshot.session.legal_actions(seat));
        let request = random_move(&actions, rng);
        service
            .games
            .play(&table.id, &Caller::Token(table.tokens[seat].clone()), &request)
            .await
            .expect("a legal move is accepted");
    }
}

/// Every viewer's view, the version and the seats to act, as `service` serves them.
async fn everything_seen(service: &GameService, table: &Table) -> Vec<Value> {
    let snapshot = service.games.load(&table.id).await.expect("the game loads");
    let mut seen = vec![
        Value::from(snapshot.version()),
        serde_json::json!(snapshot.to_act()),
        serde_json::json!(snapshot.session.view(Viewer::Spectator)),
    ];
    seen.extend((0..snapshot.seats.len()).map(|seat| serde_json::json!(snapshot.session.view(Viewer::Seat(seat)))));
    seen
}

/// Waits out the reconnection that follows a Redis restart (the first commands may answer 503).
async fn reconnected(service: &GameService) {
    for _ in 0..100 {
        match service.store_ready().await {
            Ok(_) => return,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    panic!("Redis did not come back");
}

/// What a process that never saw the game before serves.
async fn fresh_view(redis: &RedisServer, table: &Table) -> Vec<Value> {
    everything_seen(&common::service(redis.store()), table).await
}

fn copy(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap_or_else(|e| panic!("copy {from:?} to {to:?}: {e}"));
}

#[tokio::test]
async fn cached_state_is_rebuilt_when_redis_comes_back_from_an_older_rdb() {
    // Snapshot persistence only, so that a restart loads exactly the RDB file we put back.
    let mut redis = RedisServer::start_with(&["--appendonly", "no"]);
    let (a, b) = (common::service(redis.store()), common::service(redis.store()));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let table = create(&a, 9).await;
    let saved_at = play_until(&a, &table, 14, &mut rng).await;
    redis.save();
    let backup = redis.dir().join("older.rdb");
    copy(&redis.dir().join("dump.rdb"), &backup);
    let cached_at = play_until(&a, &table, saved_at + 10, &mut rng).await;
    assert!(cached_at > saved_at);

    // Redis comes back from the backup: the log is at `saved_at` again, and `a` still caches `cached_at`.
    redis.stop();
    copy(&backup, &redis.dir().join("dump.rdb"));
    redis.respawn(&["--appendonly", "no"]);
    reconnected(&a).await;
    reconnected(&b).await;
    assert_eq!(everything_seen(&a, &table).await, fresh_view(&redis, &table).await);
    assert_eq!(a.games.load(&table.id).await.unwrap().version(), saved_at);

    // `a` plays on from the log's state (no `contention`), and `b` pushes the log past what `a` had cached.
    play_until(&a, &table, saved_at + 1, &mut rng).await;
    let pushed_to = play_until(&b, &table, cached_at + 5, &mut rng).await;
    assert!(pushed_to > cached_at);
    assert_eq!(everything_seen(&a, &table).await, fresh_view(&redis, &table).await);
    assert_eq!(everything_seen(&b, &table).await, fresh_view(&redis, &table).await);
}

#[tokio::test]
async fn an_instance_never_appends_onto_a_state_the_log_lost() {
    let mut redis = RedisServer::start_with(&["--appendonly", "no"]);
    let (a, b) = (common::service(redis.store()), common::service(redis.store()));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let table = create(&a, 21).await;
    let saved_at = play_until(&a, &table, 14, &mut rng).await;
    redis.save();
    let backup = redis.dir().join("older.rdb");
    copy(&redis.dir().join("dump.rdb"), &backup);
    let cached_at = play_until(&a, &table, saved_at + 10, &mut rng).await;
    redis.stop();
    copy(&backup, &redis.dir().join("dump.rdb"));
    redis.respawn(&["--appendonly", "no"]);
    reconnected(&a).await;
    reconnected(&b).await;

    // `b` never cached the game: it grows the log past `a`'s cached version with other moves.
    let mut other_rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    play_until(&b, &table, cached_at + 3, &mut other_rng).await;
    // `a` moves now: it must decide on the log's state, so every seat sees what a fresh process sees.
    let before = a.games.load(&table.id).await.unwrap().version();
    play_until(&a, &table, before + 1, &mut rng).await;
    let log = redis.store().load(&table.id).await.unwrap();
    let rebuilt = common::service(redis.store());
    assert_eq!(everything_seen(&rebuilt, &table).await, everything_seen(&a, &table).await);
    assert_eq!(log.head, a.games.load(&table.id).await.unwrap().head);
}

#[tokio::test]
async fn a_snapshot_whose_head_the_log_lost_is_not_used() {
    let redis = RedisServer::start();
    let a = common::service(redis.store());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let table = create(&a, 31).await;
    let played_to = play_until(&a, &table, ludus::service::SNAPSHOT_EVERY + 6, &mut rng).await;
    let latest = redis.store().load_latest(&table.id).await.unwrap();
    let snapshot_at = latest.snapshot.expect("a snapshot").head.version;
    assert!(snapshot_at >= ludus::service::SNAPSHOT_EVERY && snapshot_at <= played_to);

    // The log loses its tail, back to before the snapshot (as a failover to a lagging replica would).
    let kept = snapshot_at - 4;
    let events_key = format!("ludus:{{{}}}:events", table.id);
    // Rewritten rather than trimmed with XDEL, which would leave the stream's last id where it was.
    let keep_head = "local kept = redis.call('XRANGE', KEYS[1], '-', '0-' .. ARGV[1]) redis.call('DEL', KEYS[1]) \
         for _, entry in ipairs(kept) do redis.call('XADD', KEYS[1], entry[1], unpack(entry[2])) end return #kept";
    redis.command(&["EVAL", keep_head, "1", &events_key, &kept.to_string()]);
    let latest = redis.store().load_latest(&table.id).await.unwrap();
    assert_eq!(latest.snapshot, None, "a snapshot beyond the log is not returned");
    assert_eq!(latest.events.len() as u64, kept, "the whole log is");

    // A fresh process serves the log's state and plays on from it, writing snapshots again.
    let fresh = common::service(redis.store());
    assert_eq!(fresh.games.load(&table.id).await.unwrap().version(), kept);
    let mut other_rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
    play_until(&fresh, &table, ludus::service::SNAPSHOT_EVERY + 2, &mut other_rng).await;
    let latest = redis.store().load_latest(&table.id).await.unwrap();
    let log = redis.store().load(&table.id).await.unwrap();
    assert_eq!(latest.head, log.head);
    assert!(latest.snapshot.is_some(), "the new snapshot matches the new log");
    assert_eq!(everything_seen(&fresh, &table).await, fresh_view(&redis, &table).await);
}

#[tokio::test]
async fn a_game_that_vanished_from_redis_is_gone_for_a_caching_instance_too() {
    let mut redis = RedisServer::start();
    let a = common::service(redis.store());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);

    let flushed = create(&a, 3).await;
    play_until(&a, &flushed, 12, &mut rng).await;
    redis.command(&["FLUSHALL"]);
    assert!(matches!(a.games.load(&flushed.id).await, Err(ServiceError::GameNotFound)));

    let emptied = create(&a, 4).await;
    play_until(&a, &emptied, 12, &mut rng).await;
    redis.stop();
    std::fs::remove_dir_all(redis.dir()).unwrap();
    std::fs::create_dir_all(redis.dir()).unwrap();
    redis.respawn(&[]);
    reconnected(&a).await;
    assert!(matches!(a.games.load(&emptied.id).await, Err(ServiceError::GameNotFound)));
    assert!(matches!(
        common::service(redis.store()).games.load(&emptied.id).await,
        Err(ServiceError::GameNotFound)
    ));
}

#[actix_web::test]
async fn a_live_stream_of_a_vanished_game_ends() {
    use actix_web::{App, test, web};
    let redis = RedisServer::start();
    let service = web::Data::new(common::service(redis.store()));
    let table = create(&service, 5).await;
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let response = test::call_service(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{}/stream", table.id))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 200);
    let mut body = std::pin::pin!(response.into_body());
    redis.command(&["FLUSHALL"]);
    // The watcher re-reads every watched game every 5 s: the stream learns within that and ends with an error.
    let text = tokio::time::timeout(Duration::from_secs(15), async {
        let mut text = String::new();
        while let Some(Ok(chunk)) =
            std::future::poll_fn(|cx| actix_web::body::MessageBody::poll_next(body.as_mut(), cx)).await
        {
            text.push_str(std::str::from_utf8(&chunk).unwrap());
        }
        text
    })
    .await
    .expect("the stream ends");
    assert!(text.contains("event: error"), "{text}");
    assert!(text.contains("log_changed"), "{text}");
    assert_eq!(service.watcher().open_streams(), 0, "the stream's place is freed");
    let again = test::call_service(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{}/stream", table.id))
            .to_request(),
    )
    .await;
    assert_eq!(again.status(), 404, "reconnecting finds no game");
}

#[actix_web::test]
async fn health_reports_what_redis_says_about_persistence() {
    use actix_web::{App, test, web};
    for (extra, durable, appendonly, appendfsync) in [
        (&[][..], true, true, "always"),
        (&["--appendfsync", "everysec"][..], false, true, "everysec"),
        (&["--appendonly", "no"][..], false, false, "always"),
    ] {
        let redis = RedisServer::start_with(extra);
        let service = web::Data::new(common::service(redis.store()));
        let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
        let health: Value =
            test::call_and_read_body_json(&app, test::TestRequest::get().uri("/health").to_request()).await;
        assert_eq!(health["durable"], durable, "{extra:?}: {health}");
        assert_eq!(health["persistence"]["appendonly"], appendonly, "{extra:?}: {health}");
        assert_eq!(health["persistence"]["appendfsync"], appendfsync, "{extra:?}: {health}");
        assert_eq!(health["persistence"]["role"], "master");
    }
}

/// An answer that depends on the move: the mover's view after it, and where it started.
/// Sends `action` as `seat` under the idempotency key `key`.
async fn keyed_move(
    service: &GameService,
    table: &Table,
    seat: usize,
    action: &Value,
    key: &str,
) -> ludus::service::PlayOutcome {
    let request = MoveRequest {
        action,
        known: None,
        expected_version: None,
        idempotency_key: Some(&IdempotencyKey::parse(key).unwrap()),
    };
    let caller = Caller::Token(table.tokens[seat].clone());
    service.games.play(&table.id, &caller, &request).await.unwrap()
}

fn seat_view_answer(done: &ludus::service::Move) -> String {
    serde_json::json!([done.after.session.view(Viewer::Seat(done.seat)), done.from_version]).to_string()
}

#[tokio::test]
async fn idempotency_records_are_small_and_expire() {
    let redis = RedisServer::start();
    let service = common::service(redis.store());
    let table = create(&service, 11).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut answers = Vec::new();
    for index in 0..20 {
        let snapshot = service.games.load(&table.id).await.unwrap();
        let seat = snapshot.session.to_act()[0];
        let actions = common::title_actions(&snapshot.session.legal_actions(seat));
        let action = actions[rng.random_range(0..actions.len())].clone();
        let key = format!("move-{index}");
        let ludus::service::PlayOutcome::Played(done) = keyed_move(&service, &table, seat, &action, &key).await else {
            panic!("a first request is played")
        };
        answers.push((seat, action, key, seat_view_answer(&done)));
    }
    let mut connection = redis::Client::open(redis.url.as_str())
        .unwrap()
        .get_connection()
        .unwrap();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("ludus:{{{}}}:idem:*", table.id))
        .query(&mut connection)
        .unwrap();
    assert_eq!(keys.len(), 20);
    for key in &keys {
        let bytes: usize = redis::cmd("STRLEN").arg(key).query(&mut connection).unwrap();
        assert!(bytes <= 128, "{key} holds {bytes} bytes");
        let ttl: i64 = redis::cmd("PTTL").arg(key).query(&mut connection).unwrap();
        assert!(ttl > 0 && ttl <= 24 * 3600 * 1000, "{key} expires in {ttl} ms");
    }
    // Each retry's answer, rebuilt from the log, is the first answer to the byte.
    for (seat, action, key, first) in answers {
        let ludus::service::PlayOutcome::Replayed(done) = keyed_move(&service, &table, seat, &action, &key).await
        else {
            panic!("a retry is replayed")
        };
        assert_eq!(seat_view_answer(&done), first);
    }
}
