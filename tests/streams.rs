//! Live streams at scale, against the real binary and a real redis-server: one shared reader per instance (Redis
//! connections do not grow with the number of streams), caps per instance and per client address answered as
//! problems, and a gone client's place freed within a second.

use crate::common;

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::http::{Game, create, request};
use common::{RedisServer, ServerProcess};
use serde_json::Value;

/// Opens a stream of `game` from the loopback address `from`; returns the open connection and the status line's
/// code with the head of the answer.
fn open_stream(port: u16, game: &Game, from: Ipv4Addr) -> (TcpStream, u16, String) {
    let mut stream = connect_from(from, port);
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        stream,
        "GET /v1/games/{}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
        game.id
    )
    .unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).unwrap_or(0) == 0 {
            break;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (stream, status, head)
}

/// A TCP connection to the server from a chosen loopback source address (all of 127.0.0.0/8 is local). std has no
/// bind-before-connect for TCP: tokio's `TcpSocket` does it, on a small runtime of its own.
fn connect_from(from: Ipv4Addr, port: u16) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from((from, 0))).unwrap();
        socket.connect(SocketAddr::from(([127, 0, 0, 1], port))).await.unwrap()
    });
    let stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
}

fn problem_code(head_and_rest: &mut TcpStream) -> String {
    let mut body = String::new();
    let _ = head_and_rest.read_to_string(&mut body);
    let json = body.find('{').map(|start| &body[start..]).unwrap_or("");
    serde_json::from_str::<Value>(json.trim_end_matches(|c| c != '}'))
        .ok()
        .and_then(|problem| problem["code"].as_str().map(str::to_owned))
        .unwrap_or(body)
}

/// Connections Redis holds from clients other than the one asking.
fn redis_clients(redis: &RedisServer) -> usize {
    redis.command(&["CLIENT", "LIST"]).lines().count() - 1
}

fn open_streams(port: u16) -> u64 {
    request(port, "GET", "/health", &[], None).expect("health").body["streams"]
        .as_u64()
        .expect("a stream count")
}

#[test]
fn streams_share_one_reader_and_are_capped_per_client_and_instance() {
    let redis = RedisServer::start_with(&[]);
    let port = common::free_port();
    let server = ServerProcess::start_with_env(
        port,
        Some(&redis.url),
        &[("LUDUS_MAX_STREAMS", "40"), ("LUDUS_MAX_STREAMS_PER_CLIENT", "30")],
    );
    let game = create(server.port, 1);
    let first_client = Ipv4Addr::new(127, 0, 0, 1);
    let mut held = Vec::new();
    for _ in 0..30 {
        let (stream, status, head) = open_stream(port, &game, first_client);
        assert_eq!(status, 200, "{head}");
        held.push(stream);
    }
    let (mut refused, status, _) = open_stream(port, &game, first_client);
    assert_eq!(status, 429, "a client's 31st stream is refused");
    assert_eq!(problem_code(&mut refused), "too_many_streams");

    let second_client = Ipv4Addr::new(127, 0, 0, 2);
    for _ in 0..10 {
        let (stream, status, _) = open_stream(port, &game, second_client);
        assert_eq!(status, 200);
        held.push(stream);
    }
    let (mut full, status, _) = open_stream(port, &game, Ipv4Addr::new(127, 0, 0, 3));
    assert_eq!(status, 503, "the instance holds its maximum");
    assert_eq!(problem_code(&mut full), "streams_full");
    assert_eq!(open_streams(port), 40);

    // 40 streams, and the server holds a handful of Redis connections: one per thread that sends commands (each
    // worker and the background work), the appends channel and the room messages' channel.
    let threads = std::thread::available_parallelism().map_or(1, usize::from) + 1;
    let clients = redis_clients(&redis);
    assert!(clients <= threads + 2, "{clients} Redis connections for 40 streams");
    // Moves still reach every stream.
    let (seat, action, _) = common::http::next_move(port, &game, 0).expect("a move");
    let played = common::http::send(
        port,
        "POST",
        &format!("/v1/games/{}/actions", game.id),
        Some(game.token(&seat)),
        Some("stream-test-move"),
        Some(&serde_json::json!({"action": action})),
    )
    .expect("an answer");
    assert_eq!(played.status, 200, "{}", played.body);
    for stream in &mut held {
        let mut seen = String::new();
        let mut buffer = [0u8; 4096];
        while !seen.contains("event: ") {
            let read = stream.read(&mut buffer).expect("the move arrives");
            assert!(read > 0, "the stream stays open");
            seen.push_str(&String::from_utf8_lossy(&buffer[..read]));
        }
    }
}

#[test]
fn a_gone_client_frees_its_stream_within_a_second() {
    let redis = RedisServer::start_with(&[]);
    let server = ServerProcess::start(Some(&redis.url));
    let game = create(server.port, 2);
    let (stream, status, _) = open_stream(server.port, &game, Ipv4Addr::LOCALHOST);
    assert_eq!(status, 200);
    assert_eq!(open_streams(server.port), 1);
    drop(stream);
    let gone = Instant::now();
    while open_streams(server.port) > 0 {
        assert!(
            gone.elapsed() < Duration::from_secs(3),
            "the closed stream is still counted after {:?}",
            gone.elapsed()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("closed stream freed after {:?}", gone.elapsed());
}
