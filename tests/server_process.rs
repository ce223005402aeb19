//! The real `ludus` binary on loopback against a real redis-server: games survive a SIGKILL of the server, the
//! in-memory store says it is not durable, a Redis outage answers 503 quickly and heals by itself, and streams share
//! one HTTP/2 connection.

use crate::common;

use std::time::{Duration, Instant};

use common::http::{Game, Reply, create, next_move, request, send};
use common::{RedisServer, ServerProcess};
use serde_json::{Value, json};

fn call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Reply {
    send(port, method, path, token, None, body).expect("the server answers")
}

/// Creates a game of the first title and plays `moves` legal actions.
fn start_game(port: u16, moves: usize) -> Game {
    let game = create(port, 3);
    for _ in 0..moves {
        play_first_legal_action(port, &game);
    }
    game
}

fn play_first_legal_action(port: u16, game: &Game) -> Reply {
    let (seat, action, _) = next_move(port, game, 0).expect("a move");
    let path = format!("/v1/games/{}/actions", game.id);
    let played = call(port, "POST", &path, Some(game.token(&seat)), Some(&json!({"action": action})));
    assert_eq!(played.status, 200, "{}", played.body);
    played
}

#[test]
fn a_game_survives_a_server_kill_on_redis() {
    let redis = RedisServer::start();
    let mut server = ServerProcess::start(Some(&redis.url));
    let port = server.port;
    assert_eq!(call(port, "GET", "/health", None, None).body["store"], "redis");
    let game = start_game(port, 3);
    let id = &game.id;
    let before = call(port, "GET", &format!("/v1/games/{id}"), None, None).body;

    server.kill();
    assert!(request(port, "GET", "/health", &[], None).is_none(), "the server is gone");
    let server = ServerProcess::start_on(port, Some(&redis.url));

    let after = call(server.port, "GET", &format!("/v1/games/{id}"), None, None).body;
    assert_eq!(after, before, "the restarted server rebuilds the same game from Redis");
    let played = play_first_legal_action(server.port, &game);
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
        json!({"status": "ok", "store": "memory", "durable": false, "streams": 0})
    );
    let id = start_game(port, 1).id;
    server.kill();
    let server = ServerProcess::start_on(port, None);
    assert_eq!(call(server.port, "GET", &format!("/v1/games/{id}"), None, None).status, 404);
}

#[test]
fn a_redis_outage_answers_503_quickly_and_heals() {
    let mut redis = RedisServer::start_on(common::free_port());
    let server = ServerProcess::start(Some(&redis.url));
    let game = start_game(server.port, 1);
    let id = &game.id;
    let (seat, action, version) = next_move(server.port, &game, 0).expect("a move");
    redis.stop();
    let path = format!("/v1/games/{id}/actions");
    let body = json!({"action": action});
    let requests: [(&str, &str, Option<&str>, Option<&Value>); 4] = [
        ("GET", &format!("/v1/games/{id}"), None, None),
        ("POST", &path, Some(game.token(&seat)), Some(&body)),
        ("POST", "/v1/games", None, Some(&json!({"title": "caesar-cleopatra", "players": 2}))),
        ("GET", &format!("/v1/games/{id}/events"), None, None),
    ];
    for (method, path, token, body) in requests {
        let started = Instant::now();
        let down = call(server.port, method, path, token, body);
        let latency = started.elapsed();
        assert_eq!(down.status, 503, "{method} {path}: {}", down.body);
        assert_eq!(down.header("content-type"), Some("application/problem+json"));
        assert_eq!(down.body["code"], "store_unavailable");
        // The promise is "no hang": a bound far above the store timeout, not a performance figure.
        assert!(latency < Duration::from_secs(5), "{method} {path} answered in {latency:?}");
        eprintln!("503 for {method} {path} with Redis down in {latency:?}");
    }
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
    let log = call(server.port, "GET", &format!("/v1/games/{id}/events"), None, None).body;
    assert_eq!(log["version"], version, "nothing was half written during the outage");
    play_first_legal_action(server.port, &game);
}

#[test]
fn answers_are_compressed_when_asked_and_streams_never() {
    let server = ServerProcess::start(None);
    let gzip = request(server.port, "GET", "/openapi.json", &[("Accept-Encoding", "gzip")], None).expect("an answer");
    assert_eq!(gzip.status, 200);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    let plain = request(server.port, "GET", "/openapi.json", &[], None).expect("an answer");
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.body.is_object());
}

#[test]
fn the_command_line_speaks_plain_words() {
    let binary = env!("CARGO_BIN_EXE_ludus");
    let help = std::process::Command::new(binary).arg("--help").output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("LUDUS_REDIS_URL"));
    let unknown = std::process::Command::new(binary).arg("serve-please").output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown command"));
    let bad_setting = std::process::Command::new(binary)
        .env("LUDUS_FINISHED_TTL", "soon")
        .output()
        .unwrap();
    assert_eq!(bad_setting.status.code(), Some(2));
    let said = String::from_utf8_lossy(&bad_setting.stderr);
    assert!(said.contains("LUDUS_FINISHED_TTL") && said.contains("soon"), "{said}");
}

/// Reads `stream` until a message of log version `version` came; its SSE event name.
async fn message_of_version(stream: &mut h2::RecvStream, version: u64) -> String {
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout(Duration::from_secs(10), stream.data())
            .await
            .expect("a message within 10 s")
            .expect("the stream is open")
            .expect("data");
        let _ = stream.flow_control().release_capacity(chunk.len());
        text.push_str(std::str::from_utf8(&chunk).unwrap());
        // A message's id is its version, `-` and 16 hex digits of the log's hash there.
        let wanted = format!("id: {version}-");
        if let Some(start) = text.find(&wanted) {
            let rest = &text[start + wanted.len() + 16..];
            if let Some(kind) = rest.strip_prefix("\nevent: ").and_then(|rest| rest.lines().next()) {
                return kind.to_owned();
            }
        }
    }
}

#[test]
fn streams_share_one_http2_connection() {
    let server = ServerProcess::start(None);
    let game = create(server.port, 5);
    let (seat, _, version) = next_move(server.port, &game, 0).expect("a move");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let tcp = tokio::net::TcpStream::connect(("127.0.0.1", server.port))
            .await
            .unwrap();
        let (client, connection) = h2::client::handshake(tcp).await.expect("HTTP/2 without TLS (h2c)");
        tokio::spawn(connection);
        let mut streams = Vec::new();
        for token in [Some(game.token(&seat)), None] {
            let mut request = http::Request::get(format!("http://127.0.0.1/v1/games/{}/stream", game.id));
            if let Some(token) = token {
                request = request.header("Authorization", format!("Bearer {token}"));
            }
            let mut client = client.clone().ready().await.unwrap();
            let (response, _) = client.send_request(request.body(()).unwrap(), true).unwrap();
            let response = response.await.unwrap();
            assert_eq!(response.status(), 200);
            assert_eq!(response.headers()["content-type"], "text/event-stream");
            streams.push(response.into_body());
        }
        let played = tokio::task::spawn_blocking({
            let port = server.port;
            move || play_first_legal_action(port, &game).body
        })
        .await
        .unwrap();
        let after = played["version"].as_u64().unwrap();
        assert!(after > version);
        for stream in &mut streams {
            let kind = message_of_version(stream, after).await;
            assert!(kind == "game" || kind == "hidden", "{kind}");
        }
    });
}

#[test]
fn healthcheck_asks_readyz_as_its_help_says() {
    let ludus = env!("CARGO_BIN_EXE_ludus");
    let help = std::process::Command::new(ludus).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let line = help
        .lines()
        .find(|line| line.trim_start().starts_with("healthcheck"))
        .unwrap_or_else(|| panic!("no healthcheck in the help: {help}"));
    assert!(line.contains("GET /readyz"), "{line}");
    assert!(!help.contains("/health "), "{help}");

    let healthcheck = |port: u16| {
        std::process::Command::new(ludus)
            .arg("healthcheck")
            .env("LUDUS_BIND", format!("127.0.0.1:{port}"))
            .output()
            .unwrap()
    };
    let server = ServerProcess::start(None);
    let ready = healthcheck(server.port);
    assert!(ready.status.success(), "{}", String::from_utf8_lossy(&ready.stderr));
    // Nothing listens on a port this test just freed: unhealthy.
    let closed = common::free_port();
    assert!(!healthcheck(closed).status.success());
}
