//! Limits as several instances behind a proxy enforce them: counted in one Redis, so that two instances allow what one
//! would; the client known by the proxy's `X-Forwarded-For` only when the proxy is trusted; answers with the
//! `RateLimit` headers and 429 problems with `Retry-After`.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::http::{Reply, create, next_move, play, request, send};
use common::{RedisServer, ServerProcess, free_port};
use serde_json::json;

/// Creates a game on `port` as if for `client` (an `X-Forwarded-For` header).
fn create_for(port: u16, client: &str) -> Reply {
    let body = json!({"title": "caesar-cleopatra", "players": 2});
    request(port, "POST", "/v1/games", &[("X-Forwarded-For", client)], Some(&body)).expect("an answer")
}

fn assert_limited(reply: &Reply) {
    assert_eq!(reply.status, 429, "{}", reply.body);
    assert_eq!(reply.body["code"], "rate_limited");
    assert!(
        reply
            .header("retry-after")
            .is_some_and(|seconds| seconds.parse::<u64>().unwrap() >= 1)
    );
    assert!(reply.header("ratelimit").is_some_and(|state| state.contains(";r=0;")));
}

#[test]
fn a_trusted_proxy_names_the_client_and_an_untrusted_one_cannot() {
    let behind_proxy = ServerProcess::start_with_env(
        free_port(),
        None,
        &[
            ("LUDUS_GAMES_PER_MINUTE", "2"),
            ("LUDUS_TRUSTED_PROXIES", "127.0.0.1/32"),
        ],
    );
    let first = create_for(behind_proxy.port, "203.0.113.1");
    assert_eq!(first.status, 201);
    assert_eq!(first.header("ratelimit-policy"), Some("\"games\";q=2;w=60"));
    assert!(
        first
            .header("ratelimit")
            .is_some_and(|state| state.starts_with("\"games\";r=1;t="))
    );
    assert_eq!(create_for(behind_proxy.port, "203.0.113.1").status, 201);
    assert_limited(&create_for(behind_proxy.port, "203.0.113.1"));
    assert_eq!(
        create_for(behind_proxy.port, "203.0.113.2").status,
        201,
        "another client behind the same proxy"
    );

    // Without a trusted proxy the header is the client's own word: it is ignored, the peer is the client.
    let open = ServerProcess::start_with_env(free_port(), None, &[("LUDUS_GAMES_PER_MINUTE", "2")]);
    assert_eq!(create_for(open.port, "198.51.100.1").status, 201);
    assert_eq!(create_for(open.port, "198.51.100.2").status, 201);
    assert_limited(&create_for(open.port, "198.51.100.3"));
}

#[test]
fn limits_hold_across_two_instances_on_one_redis() {
    let redis = RedisServer::start();
    let settings = [
        ("LUDUS_GAMES_PER_MINUTE", "3"),
        ("LUDUS_MOVES_PER_MINUTE", "3"),
        ("LUDUS_MAX_STREAMS_PER_CLIENT", "2"),
    ];
    let a = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);
    let b = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);

    // Game creation per client: 2 on one instance and 1 on the other use up the 3.
    let game = create(a.port, 1);
    create(a.port, 2);
    create(b.port, 3);
    let refused = send(
        b.port,
        "POST",
        "/v1/games",
        None,
        None,
        Some(&json!({"title": "caesar-cleopatra", "players": 2})),
    )
    .unwrap();
    assert_limited(&refused);

    // Moves per seat: 3 a minute, wherever they are sent.
    for (pick, port) in [a.port, b.port, a.port].into_iter().enumerate() {
        let (seat, action, _) = next_move(port, &game, pick).expect("a move");
        let played = play(port, &game, &seat, &action);
        assert_eq!(played.status, 200, "{}", played.body);
        assert_eq!(played.header("ratelimit-policy"), Some("\"moves\";q=3;w=60"));
    }
    let (seat, action, _) = next_move(b.port, &game, 3).expect("a move");
    let refused = play(b.port, &game, &seat, &action);
    assert_limited(&refused);

    // Streams per client: one on each instance uses up the 2; closing one frees its place for the other.
    let on_a = open_stream(a.port, &game.id);
    let _on_b = open_stream(b.port, &game.id);
    let refused = raw_status(b.port, &game.id);
    assert_eq!(refused, 429, "the third stream of this client, on either instance");
    drop(on_a);
    let reopened = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        raw_status(a.port, &game.id) == 200
    });
    assert!(reopened, "a closed stream's place is given back");
}

/// An open stream of `game` (spectator), kept open until dropped.
fn open_stream(port: u16, game: &str) -> TcpStream {
    let (stream, status) = ask_stream(port, game);
    assert_eq!(status, 200, "the stream opens");
    stream
}

/// The status of one more stream request (its connection closed at once).
fn raw_status(port: u16, game: &str) -> u16 {
    ask_stream(port, game).1
}

/// A spectator's stream request for `game`, and the status of its answer.
fn ask_stream(port: u16, game: &str) -> (TcpStream, u16) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        stream,
        "GET /v1/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).unwrap();
    let status = String::from_utf8_lossy(&head[9..12]).parse().unwrap();
    (stream, status)
}
