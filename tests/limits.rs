//! Limits as several instances behind a proxy enforce them: counted in one Redis, so that two instances allow what one
//! would; the client known by the proxy's `X-Forwarded-For` only when the proxy is trusted; answers with the
//! `RateLimit` headers and 429 problems with `Retry-After`.

use crate::common;

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
    assert_eq!(create_for(behind_proxy.port, "203.0.113.2").status, 201, "another client behind the same proxy");

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
    let refused =
        send(b.port, "POST", "/v1/games", None, None, Some(&json!({"title": "caesar-cleopatra", "players": 2})))
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

#[test]
fn ipv6_clients_count_as_their_network() {
    let behind_proxy = ServerProcess::start_with_env(
        free_port(),
        None,
        &[
            ("LUDUS_GAMES_PER_MINUTE", "3"),
            ("LUDUS_TRUSTED_PROXIES", "127.0.0.1/32"),
        ],
    );
    // Four addresses of one /64: one client, one quota.
    for address in ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:ffff::3"] {
        assert_eq!(create_for(behind_proxy.port, address).status, 201, "{address}");
    }
    assert_limited(&create_for(behind_proxy.port, "2001:db8:7:1:abcd::4"));
    assert_eq!(create_for(behind_proxy.port, "2001:db8:7:2::1").status, 201, "another /64 is another client");

    // A /48 makes them one client too; 128 bits, each address its own.
    let wide = ServerProcess::start_with_env(
        free_port(),
        None,
        &[
            ("LUDUS_GAMES_PER_MINUTE", "1"),
            ("LUDUS_TRUSTED_PROXIES", "127.0.0.1/32"),
            ("LUDUS_IPV6_PREFIX", "48"),
        ],
    );
    assert_eq!(create_for(wide.port, "2001:db8:7:1::1").status, 201);
    assert_limited(&create_for(wide.port, "2001:db8:7:2::1"));
    let single = ServerProcess::start_with_env(
        free_port(),
        None,
        &[
            ("LUDUS_GAMES_PER_MINUTE", "1"),
            ("LUDUS_TRUSTED_PROXIES", "127.0.0.1/32"),
            ("LUDUS_IPV6_PREFIX", "128"),
        ],
    );
    assert_eq!(create_for(single.port, "2001:db8:7:1::1").status, 201);
    assert_eq!(create_for(single.port, "2001:db8:7:1::2").status, 201);
}

/// When the server closed each connection (EOF or reset), counted from `since`; polled every 10 ms, for at most 10 s.
fn closing_times(connections: &mut [TcpStream], since: std::time::Instant) -> Vec<Duration> {
    let mut closed: Vec<Option<Duration>> = vec![None; connections.len()];
    let deadline = since + Duration::from_secs(10);
    while closed.iter().any(Option::is_none) && std::time::Instant::now() < deadline {
        for (connection, closed) in connections.iter_mut().zip(&mut closed) {
            if closed.is_some() {
                continue;
            }
            connection.set_nonblocking(true).unwrap();
            let mut byte = [0; 1];
            match connection.read(&mut byte) {
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
                _ => *closed = Some(since.elapsed()),
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    closed
        .into_iter()
        .map(|at| at.expect("every connection is closed"))
        .collect()
}

/// `GET /health` from another client address (127.0.0.2): the time its answer took.
fn health_from_another_client(port: u16) -> Duration {
    let started = std::time::Instant::now();
    let connection = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    connection
        .bind(&std::net::SocketAddr::from(([127, 0, 0, 2], 0)).into())
        .unwrap();
    connection
        .connect_timeout(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into(), Duration::from_secs(5))
        .expect("the server takes a connection from another client");
    let mut connection: TcpStream = connection.into();
    connection.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    connection
        .write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    let _ = connection.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "health answers: {answer}");
    started.elapsed()
}

#[test]
fn silent_connections_are_closed_within_the_bound_and_capped_per_client_while_others_are_served() {
    let server = ServerProcess::start_with_env(
        free_port(),
        None,
        &[
            ("LUDUS_FIRST_BYTE_TIMEOUT", "1s"),
            ("LUDUS_MAX_CONNECTIONS_PER_CLIENT", "64"),
        ],
    );
    let opened = std::time::Instant::now();
    let mut silent: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).expect("the listener takes it"))
        .collect();
    // The service answers another client meanwhile.
    assert!(health_from_another_client(server.port) < Duration::from_secs(1));
    let mut closed = closing_times(&mut silent, opened);
    closed.sort();
    // Beyond the client's 64, each is closed at once; the 64 it holds once silent for the bound (1 s).
    let early = closed.iter().filter(|at| **at < Duration::from_millis(700)).count();
    assert_eq!(early, 300 - 64, "the client's connections beyond its cap are closed at once: {closed:?}");
    assert!(closed[300 - 64] >= Duration::from_millis(900), "the others are held until the bound: {closed:?}");
    assert!(closed[299] < Duration::from_secs(3), "and closed within it: {closed:?}");
    assert!(health_from_another_client(server.port) < Duration::from_secs(1));
    // Its places are back: the client is served again.
    let reply = request(server.port, "GET", "/health", &[], None).expect("an answer");
    assert_eq!(reply.status, 200);
}
