//! The archive of finished games on a real PostgreSQL, behind a real `redis-server`: a finished game leaves Redis
//! entirely and reads back the same from the archive (the game, as a seat and as a spectator, at a past version, its
//! events and its chat); a rematch brings it back; while PostgreSQL is down, games are served and archival waits.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use actix_web::{App, test, web};
use common::RedisServer;
use common::app::{Duel, TestApp, bearer, call};
use common::postgres::PostgresServer;
use ludus::clock::now_ms;
use ludus::engine::Registry;
use ludus::engine::table::TableAction;
use ludus::ids::GameId;
use ludus::service::{Caller, GameService, MoveRequest, NewGame, RulesCodec};
use ludus::store::{DecodedLog, EventStore, GameMeta, LogCodec, Postgres, Recoded, TieredStore};
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

/// The archive, its logs told by this build's rules.
fn archive(postgres: &PostgresServer) -> Postgres {
    archive_with(postgres, Arc::new(RulesCodec::new(Registry::with_all_titles())))
}

fn archive_with(postgres: &PostgresServer, codec: Arc<dyn LogCodec>) -> Postgres {
    Postgres::open(&postgres.url, codec).expect("a PostgreSQL URL")
}

/// Redis in front of PostgreSQL, finished games due in the archive at once.
fn tiered(redis: &RedisServer, postgres: &PostgresServer) -> Arc<dyn EventStore> {
    tiered_over(redis, archive(postgres))
}

fn tiered_over(redis: &RedisServer, archive: Postgres) -> Arc<dyn EventStore> {
    Arc::new(TieredStore::new(redis.store(), archive, Duration::from_millis(1)))
}

/// An instance: its service (to sweep) and its app.
async fn instance(store: Arc<dyn EventStore>) -> (web::Data<GameService>, impl TestApp) {
    let service = web::Data::new(common::service(store));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    (service, app)
}

async fn post(app: &impl TestApp, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut request = TestRequest::post().uri(path).set_json(body);
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    (status, body)
}

/// A duel played to its end, with a word in its chat.
async fn finished_duel(app: &impl TestApp) -> Duel {
    let (status, created) = post(app, "/v1/games", None, json!({"title": "duel", "players": 2, "seed": 7})).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let duel = Duel::from_created(&created);
    let actions = format!("/v1/games/{}/actions", duel.id);
    for token in [&duel.north, &duel.south] {
        let (status, body) = post(app, &actions, Some(token), json!({"action": {"type": "reveal"}})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) =
        post(app, &format!("/v1/games/{}/chat", duel.id), Some(&duel.north), json!({"text": "gg"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    duel
}

/// Everything a client reads of a game: as each seat and as a spectator, at version 2, its events, its chat.
async fn reads(app: &impl TestApp, duel: &Duel) -> Vec<Value> {
    let id = &duel.id;
    let paths = [
        (format!("/v1/games/{id}"), None),
        (format!("/v1/games/{id}"), Some(duel.north.as_str())),
        (format!("/v1/games/{id}?lang=fr"), Some(duel.south.as_str())),
        (format!("/v1/games/{id}?at=2"), None),
        (format!("/v1/games/{id}/events"), None),
        (format!("/v1/games/{id}/events?after=1&limit=2"), Some(duel.north.as_str())),
        (format!("/v1/games/{id}/chat"), Some(duel.south.as_str())),
    ];
    answers(app, paths).await
}

/// The answers to GET `paths`, each with its bearer token if any: each path, its `ETag` and its body (without
/// presence, which changes from one read to the next).
async fn answers(app: &impl TestApp, paths: impl IntoIterator<Item = (String, Option<&str>)>) -> Vec<Value> {
    let mut answers = Vec::new();
    for (path, token) in paths {
        let mut request = TestRequest::get().uri(&path);
        if let Some(token) = token {
            request = request.insert_header(bearer(token));
        }
        let (status, headers, body) = call(app, request).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        let etag = headers.get("etag").map(|etag| etag.to_str().unwrap().to_owned());
        let body = match body.get("players") {
            Some(_) => common::without_presence(&body),
            None => body,
        };
        answers.push(json!({"path": path, "etag": etag, "body": body}));
    }
    answers
}

/// The game's own keys in Redis (under its hash tag), and whether every other key naming it (a rate of its chat)
/// expires.
fn redis_keys(redis: &RedisServer, id: &str) -> Vec<String> {
    let mut connection = redis::Client::open(redis.url.as_str())
        .and_then(|client| client.get_connection())
        .expect("Redis answers");
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("*{id}*"))
        .query(&mut connection)
        .unwrap();
    let (own, others): (Vec<String>, Vec<String>) =
        keys.into_iter().partition(|key| key.contains(&format!("{{{id}}}")));
    for key in others {
        let ttl: i64 = redis::cmd("PTTL").arg(&key).query(&mut connection).unwrap();
        assert!(ttl > 0, "{key} never expires");
    }
    own
}

#[actix_web::test]
async fn a_finished_game_leaves_redis_for_the_archive_and_reads_the_same() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let duel = finished_duel(&app).await;
    let before = reads(&app, &duel).await;
    assert!(redis_keys(&redis, &duel.id).iter().any(|key| key.ends_with(":events")), "live in Redis first");

    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    assert_eq!(redis_keys(&redis, &duel.id), Vec::<String>::new(), "nothing of the game is left in Redis");
    assert_eq!(postgres.query("SELECT count(*) FROM ludus_games"), "1");
    // The test title is not among the codec's (the titles of the build): its log is kept as events (format 1).
    assert_eq!(postgres.query("SELECT get_byte(record, 0) FROM ludus_games"), "1");
    assert_eq!(reads(&app, &duel).await, before, "the same instance reads the same");
    // Another instance, which never saw the game: from the archive alone.
    let (_, other) = instance(tiered(&redis, &postgres)).await;
    assert_eq!(reads(&other, &duel).await, before, "another instance reads the same");

    assert_eq!(service.games.archive_due(now_ms() + 120_000).await.unwrap(), 0, "archived once");
    assert_eq!(postgres.query("SELECT count(*) FROM ludus_games"), "1");
}

/// The listings (sorted sets) in Redis that hold game `id`.
fn redis_listings_of(redis: &RedisServer, id: &str) -> Vec<String> {
    redis_keys_holding(redis, id)
        .into_iter()
        .filter(|(_, kind)| kind == "zset")
        .map(|(key, _)| key)
        .collect()
}

/// Every Redis key, with its type, whose sorted set or hash has `text` as a member or field.
fn redis_keys_holding(redis: &RedisServer, text: &str) -> Vec<(String, String)> {
    let mut connection = redis::Client::open(redis.url.as_str())
        .and_then(|client| client.get_connection())
        .expect("Redis answers");
    let keys: Vec<String> = redis::cmd("KEYS").arg("*").query(&mut connection).unwrap();
    let mut holding = Vec::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query(&mut connection).unwrap();
        let holds = match kind.as_str() {
            "zset" => redis::cmd("ZSCORE")
                .arg(&key)
                .arg(text)
                .query::<Option<f64>>(&mut connection)
                .unwrap()
                .is_some(),
            "hash" => redis::cmd("HEXISTS")
                .arg(&key)
                .arg(text)
                .query(&mut connection)
                .unwrap(),
            _ => false,
        };
        if holds {
            holding.push((key, kind));
        }
    }
    holding
}

/// A keyed move (`Idempotency-Key: last`) with `token`: its status and body.
async fn keyed_reveal(app: &impl TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    let request = TestRequest::post()
        .uri(&format!("/v1/games/{id}/actions"))
        .insert_header(bearer(token))
        .insert_header(("Idempotency-Key", "last"))
        .set_json(json!({"action": {"type": "reveal"}}));
    let (status, _, body) = call(app, request).await;
    (status, body)
}

/// A duel Ann's account creates with its south seat open, which Bob's account joins, played to its end (its last
/// move keyed, `keyed_reveal`): its id and the last mover's token.
async fn accounts_duel(app: &impl TestApp, ann_key: &str, bob_key: &str) -> (String, String) {
    let body = json!({"title": "duel", "players": 2, "seats": {"south": "open"}});
    let (status, created) = common::app::send(app, "POST", "/v1/games", Some(ann_key), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let (status, joined) =
        common::app::send(app, "POST", &format!("/v1/games/{id}/seats/south/join"), Some(bob_key), None).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    let reveal = json!({"action": {"type": "reveal"}});
    let first = created["seats"][0]["token"].as_str();
    let (status, body) = post(app, &format!("/v1/games/{id}/actions"), first, reveal).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let last = joined["token"].as_str().unwrap().to_owned();
    let (status, body) = keyed_reveal(app, &id, &last).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, last)
}

/// The ids of a listing's pages, `limit` a page, followed to the end.
async fn listed_ids(app: &impl TestApp, key: Option<&str>, path: &str, limit: usize) -> Vec<String> {
    let (mut ids, mut before) = (Vec::new(), None::<String>);
    loop {
        let cursor = before.map(|cursor| format!("&before={cursor}")).unwrap_or_default();
        let (status, page) = common::app::send(app, "GET", &format!("{path}&limit={limit}{cursor}"), key, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {page}");
        ids.extend(
            page["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|game| game["id"].as_str().unwrap().to_owned()),
        );
        match page["next_before"].as_str() {
            Some(next) => before = Some(next.to_owned()),
            None => return ids,
        }
    }
}

#[actix_web::test]
async fn finished_games_are_listed_and_exported_for_their_accounts_and_in_the_lobby_from_the_archive_too() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let (_, ann_key) = common::app::new_account(&app, "ann").await;
    let (_, bob_key) = common::app::new_account(&app, "bob").await;
    let (older, older_last) = accounts_duel(&app, &ann_key, &bob_key).await;
    let (status, answer) = keyed_reveal(&app, &older, &older_last).await;
    assert_eq!(status, StatusCode::OK, "a retried move is answered again while the game is live: {answer}");
    assert!(!redis_listings_of(&redis, &older).is_empty(), "listed live first");
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    assert_eq!(redis_listings_of(&redis, &older), Vec::<String>::new(), "no listing or note of it is left in Redis");
    assert_eq!(redis_keys(&redis, &older), Vec::<String>::new());
    // A newer game, finished and still live: the pages run across Redis and the archive, newest first.
    let (newer, _) = accounts_duel(&app, &ann_key, &bob_key).await;
    let (status, gone) = keyed_reveal(&app, &older, &older_last).await;
    assert_eq!((status, gone["code"].as_str()), (StatusCode::GONE, Some("answer_archived")), "{gone}");

    let both = vec![newer.clone(), older.clone()];
    let (_, other) = instance(tiered(&redis, &postgres)).await;
    for app in [&app, &other] {
        for key in [&ann_key, &bob_key] {
            for limit in [1, 20] {
                let mine = listed_ids(app, Some(key), "/v1/accounts/me/games?status=finished", limit).await;
                assert_eq!(mine, both, "an account's finished games, {limit} a page");
            }
            let active = listed_ids(app, Some(key), "/v1/accounts/me/games?status=active", 20).await;
            assert_eq!(active, Vec::<String>::new());
        }
        for limit in [1, 20] {
            let lobby = listed_ids(app, None, "/v1/lobby?status=finished&title=duel", limit).await;
            assert_eq!(lobby, both, "the lobby's finished games, {limit} a page");
        }
    }
    let (_, eve_key) = common::app::new_account(&app, "eve").await;
    let hers = listed_ids(&app, Some(&eve_key), "/v1/accounts/me/games?status=finished", 20).await;
    assert_eq!(hers, Vec::<String>::new(), "nobody else's");

    let lines = export(&other, &bob_key).await;
    assert_eq!(lines[0]["kind"], "account");
    assert_eq!(lines[0]["account"]["name"], "bob");
    let key_id = lines[0]["keys"][0]["id"].as_str().unwrap();
    assert!(bob_key.contains(key_id) && !lines[0].to_string().contains(&bob_key), "the key's id, never the key");
    let games: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line["game"]["id"].as_str().unwrap())
        .collect();
    assert_eq!(games, both, "the account's games, archived or not");
    for line in &lines[1..] {
        assert_eq!((line["kind"].as_str(), line["game"]["seats"].clone()), (Some("game"), json!(["south"])));
        let events = line["events"].as_array().unwrap();
        assert_eq!(events.len() as u64, line["game"]["version"].as_u64().unwrap(), "the whole log: {line}");
    }
    let eves = export(&app, &eve_key).await;
    assert_eq!((eves.len(), eves[0]["account"]["name"].as_str()), (1, Some("eve")), "no games of others");
}

/// `GET /v1/accounts/me/export` with `key`: its JSON lines.
async fn export(app: &impl TestApp, key: &str) -> Vec<Value> {
    let request = TestRequest::get()
        .uri("/v1/accounts/me/export")
        .insert_header(bearer(key));
    let response = test::call_service(app, request.to_request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("content-type").unwrap(), "application/x-ndjson");
    let body = test::read_body(response).await;
    let text = std::str::from_utf8(&body).expect("UTF-8");
    assert!(text.ends_with('\n'), "every line ends");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON document a line"))
        .collect()
}

#[actix_web::test]
async fn a_rematch_of_an_archived_game_brings_it_back_and_it_is_archived_again_longer() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let duel = finished_duel(&app).await;
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    let archived_version = postgres.query(&format!("SELECT version FROM ludus_games WHERE id = '{}'", duel.id));

    let (status, rematch) = post(&app, &format!("/v1/games/{}/rematch", duel.id), Some(&duel.north), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{rematch}");
    let keys = redis_keys(&redis, &duel.id);
    assert!(keys.iter().any(|key| key.ends_with(":events")), "back in Redis to be written to: {keys:?}");
    let (status, _, game) = call(&app, TestRequest::get().uri(&format!("/v1/games/{}", duel.id))).await;
    assert_eq!(status, StatusCode::OK);
    let version = game["version"].as_u64().unwrap();
    assert_eq!(version, archived_version.parse::<u64>().unwrap() + 1, "the rematch is one more event: {game}");

    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    assert_eq!(redis_keys(&redis, &duel.id), Vec::<String>::new());
    let rows = postgres.query(&format!("SELECT count(*), max(version) FROM ludus_games WHERE id = '{}'", duel.id));
    assert_eq!(rows, format!("1|{version}"), "one row, with the longer log");
}

#[actix_web::test]
async fn while_postgresql_is_down_games_are_served_and_archival_waits() {
    let (redis, mut postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let duel = finished_duel(&app).await;
    let before = reads(&app, &duel).await;
    postgres.kill();

    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 0, "nothing moves");
    let keys = redis_keys(&redis, &duel.id);
    assert!(keys.iter().any(|key| key.ends_with(":events")), "the game stays live: {keys:?}");
    assert_eq!(reads(&app, &duel).await, before);
    let (status, created) = post(&app, "/v1/games", None, json!({"title": "duel", "players": 2})).await;
    assert_eq!(status, StatusCode::CREATED, "new games are served: {created}");

    postgres.restart();
    // Claimed by the failed attempt: due again once its lease ends.
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 0, "still leased");
    assert_eq!(service.games.archive_due(now_ms() + 120_000).await.unwrap(), 1);
    assert_eq!(redis_keys(&redis, &duel.id), Vec::<String>::new());
    assert_eq!(reads(&app, &duel).await, before);
}

/// A game's events and its `ETag` (its version and chain hash).
async fn events_and_etag(app: &impl TestApp, id: &str) -> (Value, String) {
    let (status, _, events) = call(app, TestRequest::get().uri(&format!("/v1/games/{id}/events"))).await;
    assert_eq!(status, StatusCode::OK, "{events}");
    let (status, headers, game) = call(app, TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    (events, headers.get("etag").expect("an ETag").to_str().unwrap().to_owned())
}

/// A later release whose rules differ from this build's: it reads no record told by this build's decisions.
struct OtherRules;

impl LogCodec for OtherRules {
    fn encode(&self, _: &GameMeta, _: &[String]) -> Option<Vec<u8>> {
        None
    }

    fn decode(&self, _: &GameMeta, _: &[u8]) -> Result<DecodedLog, String> {
        Err("recorded for other rules".into())
    }
}

#[actix_web::test]
async fn an_archive_told_by_decisions_is_frozen_as_events_for_a_rules_change_and_compacted_back() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let (status, created) = post(&app, "/v1/games", None, json!({"title": "caligula", "players": 2})).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let token = common::seat_tokens(&created)[0].1.clone();
    let action = json!({"action": {"type": "resign"}});
    let (status, body) = post(&app, &format!("/v1/games/{id}/actions"), Some(&token), action).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let before = events_and_etag(&app, &id).await;
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    let format = || postgres.query("SELECT get_byte(record, 0) FROM ludus_games");
    assert_eq!(format(), "2", "told by its decisions");

    let frozen = archive(&postgres).recode(false).await.unwrap();
    assert_eq!(
        frozen,
        Recoded {
            rewritten: 1,
            unchanged: 0,
            unreadable: 0
        }
    );
    assert_eq!(format(), "1", "kept as its events");
    let (_, upgraded) = instance(tiered_over(&redis, archive_with(&postgres, Arc::new(OtherRules)))).await;
    let read = events_and_etag(&upgraded, &id).await;
    assert_eq!(read, before, "a release with other rules reads the frozen game the same");

    let compacted = archive(&postgres).recode(true).await.unwrap();
    assert_eq!(
        compacted,
        Recoded {
            rewritten: 1,
            unchanged: 0,
            unreadable: 0
        }
    );
    assert_eq!(format(), "2");
    let (_, fresh) = instance(tiered(&redis, &postgres)).await;
    assert_eq!(events_and_etag(&fresh, &id).await, before, "compacted back, it reads the same");
    let unread = archive_with(&postgres, Arc::new(OtherRules))
        .recode(false)
        .await
        .unwrap();
    assert_eq!(
        unread,
        Recoded {
            rewritten: 0,
            unchanged: 0,
            unreadable: 1
        },
        "other rules cannot freeze it"
    );
    assert_eq!(format(), "2", "left as it was");
}

#[actix_web::test]
async fn a_word_in_the_chat_of_an_archived_game_is_archived_with_it() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let duel = finished_duel(&app).await;
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    let chat = format!("/v1/games/{}/chat", duel.id);
    let read_chat = || async {
        let request = TestRequest::get().uri(&chat).insert_header(bearer(&duel.south));
        let (status, _, body) = call(&app, request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body.to_string()
    };
    assert!(read_chat().await.contains("gg"), "read from the archive, decoded");

    let (status, body) = post(&app, &chat, Some(&duel.south), json!({"text": "well played"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1, "archived again");
    assert_eq!(redis_keys(&redis, &duel.id), Vec::<String>::new());
    let (_, other) = instance(tiered(&redis, &postgres)).await;
    for app in [&app, &other] {
        let request = TestRequest::get().uri(&chat).insert_header(bearer(&duel.south));
        let (status, _, body) = call(app, request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.to_string().contains("gg") && body.to_string().contains("well played"), "{body}");
    }
}

/// Every Redis key whose name holds `text` (in any case), or whose sorted set or hash has it as a member or field.
fn redis_keys_naming(redis: &RedisServer, text: &str) -> Vec<String> {
    let mut connection = redis::Client::open(redis.url.as_str())
        .and_then(|client| client.get_connection())
        .expect("Redis answers");
    let keys: Vec<String> = redis::cmd("KEYS").arg("*").query(&mut connection).unwrap();
    let named = keys
        .into_iter()
        .filter(|key| key.to_lowercase().contains(&text.to_lowercase()));
    let mut naming: Vec<String> = named
        .chain(redis_keys_holding(redis, text).into_iter().map(|(key, _)| key))
        .collect();
    naming.sort();
    naming.dedup();
    naming
}

#[actix_web::test]
async fn a_deleted_account_leaves_its_games_and_shows_as_a_deleted_player_live_and_archived() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    let (ann, ann_key) = common::app::new_account(&app, "ann").await;
    let (bob, bob_key) = common::app::new_account(&app, "bob").await;
    let (archived, bob_token) = accounts_duel(&app, &ann_key, &bob_key).await;
    let chat = format!("/v1/games/{archived}/chat");
    let (status, body) = post(&app, &chat, Some(&bob_token), json!({"text": "gg"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 1);
    // A game on: Bob's seat, named, has not moved yet.
    let body = json!({"title": "duel", "players": 2, "seats": {"south": "open"}});
    let (_, created) = common::app::send(&app, "POST", "/v1/games", Some(&ann_key), Some(body)).await;
    let live = created["game"]["id"].as_str().unwrap().to_owned();
    let join = format!("/v1/games/{live}/seats/south/join");
    let (status, joined) = post(&app, &join, Some(&bob_key), json!({"name": "Bobby Tables"})).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    let live_token = joined["token"].as_str().unwrap().to_owned();
    let (status, body) = post(&app, &format!("/v1/games/{live}/chat"), Some(&live_token), json!({"text": "hi"})).await;
    assert_eq!((status, body["name"].as_str()), (StatusCode::CREATED, Some("Bobby Tables")), "{body}");

    let (status, body) = common::app::send(&app, "DELETE", "/v1/accounts/me", Some(&bob_key), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, body) = common::app::send(&app, "GET", "/v1/accounts/me", Some(&bob_key), None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_account_key")));
    let (status, body) = common::app::send(&app, "DELETE", "/v1/accounts/me", Some(&bob_key), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a deleted account's key opens nothing: {body}");

    // Both games are over, Bob's seat a deleted player's in every answer, and nothing names him.
    let (_, other) = instance(tiered(&redis, &postgres)).await;
    let check = |game: Value, events: Value, id: &str| {
        assert_eq!(game["status"], "finished", "{game}");
        let south = &game["players"][1];
        assert_eq!((south["seat"].as_str(), south["deleted_player"].as_bool()), (Some("south"), Some(true)));
        assert!(south.get("name").is_none() && south.get("account").is_none(), "{south}");
        assert_eq!(game["players"][0]["account"].as_str(), Some(ann.as_str()), "Ann's seat stays hers");
        for answer in [game.to_string(), events.to_string()] {
            assert!(!answer.contains(&bob) && !answer.contains("Bobby"), "{id}: {answer}");
        }
        let erased = events["events"].as_array().unwrap().last().unwrap()["event"].clone();
        assert_eq!(erased, json!({"type": "seats_erased", "seats": ["south"]}));
    };
    for app in [&app, &other] {
        for id in [&archived, &live] {
            let (status, game) = common::app::send(app, "GET", &format!("/v1/games/{id}"), None, None).await;
            assert_eq!(status, StatusCode::OK, "{game}");
            let (_, events) = common::app::send(app, "GET", &format!("/v1/games/{id}/events"), None, None).await;
            check(game, events, id);
        }
    }
    let (_, live_events) = common::app::send(&app, "GET", &format!("/v1/games/{live}/events"), None, None).await;
    let types: Vec<&str> = live_events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|logged| logged["event"]["type"].as_str().unwrap())
        .collect();
    assert!(types.ends_with(&["resigned", "seats_erased"]), "the live game's seat left it first: {types:?}");
    for (id, token, text) in [(&archived, &bob_token, "gg"), (&live, &live_token, "hi")] {
        let (_, words) = common::app::send(&app, "GET", &format!("/v1/games/{id}/chat"), Some(token), None).await;
        let said = &words["messages"][0];
        assert_eq!((said["seat"].as_str(), said["text"].as_str()), (Some("south"), Some(text)), "{words}");
        assert!(said.get("name").is_none(), "his words stay, not under his name: {words}");
    }

    // The archived game came back to be written to, and leaves again as it now is.
    assert_eq!(service.games.archive_due(now_ms() + 1_000).await.unwrap(), 2);
    let (_, game) = common::app::send(&other, "GET", &format!("/v1/games/{archived}"), None, None).await;
    let (_, events) = common::app::send(&other, "GET", &format!("/v1/games/{archived}/events"), None, None).await;
    check(game, events, &archived);
    assert_eq!(redis_keys_naming(&redis, &bob), Vec::<String>::new(), "nothing of Bob's account in Redis");
    assert_eq!(redis_keys_naming(&redis, "bob"), Vec::<String>::new(), "nor his name");
    let rows = postgres.query(&format!("SELECT count(*) FROM ludus_listings WHERE listing LIKE '%{bob}%'"));
    assert_eq!(rows, "0", "no archived listing of his");
    let mine = listed_ids(&app, Some(&ann_key), "/v1/accounts/me/games?status=finished", 20).await;
    assert_eq!(mine, vec![live.clone(), archived.clone()], "Ann's games stay hers");
    let (new_bob, _) = common::app::new_account(&app, "Bob").await;
    assert_ne!(new_bob, bob, "the name is free again, for a new account");
}

/// A game of Rome et Carthage played to its end by random moves of its seats (`seed` makes both), its id and seat
/// tokens.
async fn random_game(service: &GameService, seed: u64) -> (String, Vec<String>) {
    let created = service
        .tables
        .create(NewGame::closed("rome-carthage", 2, Some(seed), None))
        .await
        .expect("a game");
    let id = created.game.meta.id.clone();
    let tokens: Vec<String> = created.tokens.into_iter().map(|(_, token)| token).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    loop {
        let game = service.games.load(&id).await.expect("the game loads");
        let Some(&seat) = game.session.to_act().first() else {
            return (id.to_string(), tokens);
        };
        let actions: Vec<_> = (game.session.legal_actions(seat).into_iter())
            .filter(|action| TableAction::parse(action).is_none())
            .collect();
        let request = MoveRequest {
            action: &actions[rng.random_range(0..actions.len())],
            known: None,
            expected_version: None,
            idempotency_key: None,
        };
        let caller = Caller::Token(tokens[seat].clone());
        service.games.play(&id, &caller, &request).await.expect("a legal move");
    }
}

/// Game `id` as a seat and a spectator see it, at a past version, and a page of its events.
async fn long_game_reads(app: &impl TestApp, id: &str, token: &str) -> Vec<Value> {
    let paths = [
        (format!("/v1/games/{id}"), Some(token)),
        (format!("/v1/games/{id}?lang=fr"), None),
        (format!("/v1/games/{id}?at=700"), Some(token)),
        (format!("/v1/games/{id}/events?after=990&limit=20"), None),
    ];
    answers(app, paths).await
}

/// A long log's record keeps the state the game ends in (format 3): an instance that never read the game answers
/// its first read from that state, without replaying the decisions, and then everything else the same.
#[actix_web::test]
async fn a_long_game_s_first_read_comes_from_its_kept_end_state_and_every_read_is_the_same() {
    let (redis, postgres) = (RedisServer::start(), PostgresServer::start());
    let (service, app) = instance(tiered(&redis, &postgres)).await;
    // The first of the seeds' games with a long log (most are: 3,000 events on average).
    let mut seeds = 1..;
    let (id, tokens) = loop {
        let (id, tokens) = random_game(&service, seeds.next().unwrap()).await;
        if service.games.load(&GameId::known(&id)).await.unwrap().version() >= 1_000 {
            break (id, tokens);
        }
    };
    let before = long_game_reads(&app, &id, &tokens[1]).await;
    assert!(service.games.archive_due(now_ms() + 1_000).await.unwrap() >= 1);
    let format = postgres.query(&format!("SELECT get_byte(record, 0) FROM ludus_games WHERE id = '{id}'"));
    assert_eq!(format, "3", "its end state kept");
    assert_eq!(redis_keys(&redis, &id), Vec::<String>::new(), "nothing of the game is left in Redis");

    let codec = Arc::new(CountedDecodes::default());
    let (_, other) = instance(tiered_over(&redis, archive_with(&postgres, codec.clone()))).await;
    let first = answers(&other, [(format!("/v1/games/{id}"), Some(tokens[1].as_str()))]).await;
    assert_eq!(first[..], before[..1], "the first read, from the kept state");
    assert_eq!(codec.decodes.load(Ordering::Relaxed), 0, "not replayed");
    assert_eq!(long_game_reads(&other, &id, &tokens[1]).await, before, "then every read the same");
    assert_eq!(codec.decodes.load(Ordering::Relaxed), 1, "replayed once for the past and the events, then kept");
}

/// This build's rules, counting the logs they replay.
#[derive(Default)]
struct CountedDecodes {
    decodes: AtomicUsize,
}

impl LogCodec for CountedDecodes {
    fn encode(&self, meta: &GameMeta, events: &[String]) -> Option<Vec<u8>> {
        RulesCodec::new(Registry::with_all_titles()).encode(meta, events)
    }

    fn decode(&self, meta: &GameMeta, bytes: &[u8]) -> Result<DecodedLog, String> {
        self.decodes.fetch_add(1, Ordering::Relaxed);
        RulesCodec::new(Registry::with_all_titles()).decode(meta, bytes)
    }
}
