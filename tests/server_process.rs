//! The real `ludus` binary on loopback against a real redis-server: games survive a SIGKILL of the server, the
//! in-memory store says it is not durable, and a Redis outage answers 503 quickly and heals by itself.

mod common;

use std::time::{Duration, Instant};

use common::http::{Reply, request};
use common::{RedisServer, ServerProcess};
use serde_json::{Value, json};

fn call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    request(port, method, path, &headers, body).expect("the server answers")
}

/// Creates a game of the first title and plays `moves` legal actions; returns (id, tokens by seat).
fn start_game(port: u16, moves: usize) -> (String, Vec<(String, String)>) {
    let titles = call(port, "GET", "/v1/titles", None, None).body;
    let title = &titles[0];
    let created = call(
        port,
        "POST",
        "/v1/games",
        None,
        Some(&json!({"title": title["id"], "players": title["min_players"], "seed": 3})),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["game"]["id"].as_str().unwrap().to_owned();
    let tokens: Vec<(String, String)> = created.body["seats"]
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
    for _ in 0..moves {
        play_first_legal_action(port, &id, &tokens);
    }
    (id, tokens)
}

fn play_first_legal_action(port: u16, id: &str, tokens: &[(String, String)]) -> Reply {
    let game = call(port, "GET", &format!("/v1/games/{id}"), None, None).body;
    let seat = game["to_act"][0].as_str().expect("someone to act");
    let token = &tokens.iter().find(|(name, _)| name == seat).unwrap().1;
    let actions = call(port, "GET", &format!("/v1/games/{id}/actions"), Some(token), None).body;
    let action = actions["actions"][0].clone();
    let played = call(
        port,
        "POST",
        &format!("/v1/games/{id}/actions"),
        Some(token),
        Some(&json!({"action": action})),
    );
    assert_eq!(played.status, 200, "{}", played.body);
    played
}

#[test]
fn a_game_survives_a_server_kill_on_redis() {
    let redis = RedisServer::start();
    let mut server = ServerProcess::start(Some(&redis.url));
    let port = server.port;
    assert_eq!(call(port, "GET", "/health", None, None).body["store"], "redis");
    let (id, tokens) = start_game(port, 3);
    let before = call(port, "GET", &format!("/v1/games/{id}"), None, None).body;

    server.kill();
    assert!(
        request(port, "GET", "/health", &[], None).is_none(),
        "the server is gone"
    );
    let server = ServerProcess::start_on(port, Some(&redis.url));

    let after = call(server.port, "GET", &format!("/v1/games/{id}"), None, None).body;
    assert_eq!(after, before, "the restarted server rebuilds the same game from Redis");
    let played = play_first_legal_action(server.port, &id, &tokens);
    assert!(played.body["version"].as_u64() > before["version"].as_u64());
    let log = call(server.port, "GET", &format!("/v1/games/{id}/events"), None, None).body;
    assert_eq!(log["version"], played.body["version"]);
}

#[test]
fn the_memory_store_is_not_durable_and_says_so() {
    let mut server = ServerProcess::start(None);
    let port = server.port;
    assert_eq!(
        call(port, "GET", "/health", None, None).body,
        json!({"status": "ok", "store": "memory", "durable": false})
    );
    let (id, _) = start_game(port, 1);
    server.kill();
    let server = ServerProcess::start_on(port, None);
    assert_eq!(
        call(server.port, "GET", &format!("/v1/games/{id}"), None, None).status,
        404
    );
}

#[test]
fn a_redis_outage_answers_503_quickly_and_heals() {
    let mut redis = RedisServer::start_on(common::free_port());
    let server = ServerProcess::start(Some(&redis.url));
    let (id, tokens) = start_game(server.port, 1);
    redis.stop();
    let started = Instant::now();
    let down = call(server.port, "GET", &format!("/v1/games/{id}"), None, None);
    assert_eq!(down.status, 503, "{}", down.body);
    assert_eq!(down.header("content-type"), Some("application/problem+json"));
    assert_eq!(down.body["code"], "store_unavailable");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered in {:?}",
        started.elapsed()
    );
    assert_eq!(call(server.port, "GET", "/health", None, None).status, 503);

    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let reply = call(server.port, "GET", &format!("/v1/games/{id}"), None, None);
        if reply.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "service did not resume: {}", reply.body);
        std::thread::sleep(Duration::from_millis(100));
    }
    play_first_legal_action(server.port, &id, &tokens);
}
