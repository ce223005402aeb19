//! Chat and presence across real `ludus` processes sharing one Redis: a message written on one instance reaches a
//! stream opened on the other; a seat streaming on one instance is connected in the other's answers, whose streams
//! are told when it comes and when, its stream closed and the presence TTL passed, it goes.

use crate::common;

use std::io::{BufReader, ErrorKind, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::app::next_block;
use common::http::{read_chunk, send};
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

/// A short presence TTL, so that the test waits little for a seat to go (its stream renewed every 667 ms, late by up
/// to 1.3 s on a busy machine before it would seem gone).
const TTL: (&str, &str) = ("LUDUS_PRESENCE_TTL", "2s");

fn instance(redis: &RedisServer) -> ServerProcess {
    ServerProcess::start_with_env(free_port(), Some(&redis.url), &[TTL])
}

/// A game of César et Cléopâtre created on `port`, every seat taken: its id and the tokens of caesar and cleopatra.
fn create(port: u16) -> (String, String, String) {
    let body = json!({"title": "caesar-cleopatra", "players": 2});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    let tokens = common::seat_tokens(&created.body);
    let token = |seat: &str| tokens.iter().find(|(name, _)| name == seat).unwrap().1.clone();
    (created.body["game"]["id"].as_str().unwrap().to_owned(), token("caesar"), token("cleopatra"))
}

/// A game's stream read over a plain connection: its messages as (SSE event, data).
struct Events {
    reader: BufReader<TcpStream>,
    text: String,
}

impl Events {
    fn open(port: u16, game: &str, token: Option<&str>) -> Events {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("the server answers");
        let auth = token.map_or_else(String::new, |token| format!("Authorization: Bearer {token}\r\n"));
        write!(&stream, "GET /v1/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n").unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        while !head.ends_with("\r\n\r\n") {
            let mut line = String::new();
            assert!(std::io::BufRead::read_line(&mut reader, &mut line).unwrap() > 0, "{head}");
            head.push_str(&line);
        }
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        reader
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        Events {
            reader,
            text: String::new(),
        }
    }

    /// The data of the next message of `event` that `accept` takes, skipping others, within 10 s.
    fn next(&mut self, event: &str, accept: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            while let Some(block) = next_block(&mut self.text) {
                if block.field("event").as_deref() == Some(event) {
                    assert_eq!(block.field("id"), None, "a {event} message is no log position");
                    let data: Value = serde_json::from_str(&block.field("data").unwrap()).unwrap();
                    if accept(&data) {
                        return data;
                    }
                }
            }
            assert!(Instant::now() < deadline, "no such {event} message within 10 s");
            match read_chunk(&mut self.reader) {
                Ok(Some(chunk)) => self.text.push_str(&chunk),
                Ok(None) => panic!("the stream ended"),
                Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(error) => panic!("the stream broke: {error}"),
            }
        }
    }
}

/// The game as a spectator sees it on `port`, once `check` holds (within 10 s).
fn spectator_sees(port: u16, game: &str, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let seen = send(port, "GET", &format!("/v1/games/{game}"), None, None, None)
            .expect("the game")
            .body;
        if check(&seen) {
            return seen;
        }
        assert!(Instant::now() < deadline, "{what} never showed: {seen}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_message_written_on_one_instance_reaches_a_stream_on_the_other() {
    let redis = RedisServer::start();
    let (a, b) = (instance(&redis), instance(&redis));
    let (game, caesar, cleopatra) = create(a.port);
    let mut on_b = Events::open(b.port, &game, Some(&cleopatra));
    let text = "Ave, <b>Cleopatra</b> & co";
    let path = format!("/v1/games/{game}/chat");
    let sent = send(a.port, "POST", &path, Some(&caesar), None, Some(&json!({"text": text}))).unwrap();
    assert_eq!(sent.status, 201, "{}", sent.body);
    let heard = on_b.next("chat", |_| true);
    assert_eq!(heard, sent.body, "the message as stored, its text as written");
    assert_eq!(heard["seat"], "caesar");
    let paged = send(b.port, "GET", &path, Some(&cleopatra), None, None).unwrap();
    assert_eq!(paged.body["messages"], json!([sent.body]), "either instance pages it");
}

#[test]
fn a_seat_streaming_on_one_instance_is_connected_on_the_other_until_its_ttl_passes() {
    let redis = RedisServer::start();
    let (a, b) = (instance(&redis), instance(&redis));
    let (game, caesar_token, _) = create(a.port);
    let caesar = |game: &Value| {
        game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|player| player["seat"] == "caesar")
            .unwrap()
            .clone()
    };
    let caesar_connected = |game: &Value| caesar(game)["connected"].clone();
    let before = spectator_sees(b.port, &game, "the game", |_| true);
    assert_eq!(caesar_connected(&before), false, "nobody seen yet: {before}");
    let mut watching_on_b = Events::open(b.port, &game, None);

    let streaming_on_a = Events::open(a.port, &game, Some(&caesar_token));
    let came = watching_on_b.next("presence", |told| told["seat"] == "caesar");
    assert_eq!(came["connected"], true);
    spectator_sees(b.port, &game, "caesar connected on b", |game| caesar_connected(game) == true);
    // Two TTLs pass while the stream stays open on a: it keeps caesar connected on b.
    std::thread::sleep(Duration::from_secs(4));
    let still = spectator_sees(b.port, &game, "the game", |_| true);
    assert_eq!(caesar_connected(&still), true, "{still}");

    drop(streaming_on_a);
    let closed = Instant::now();
    let went = watching_on_b.next("presence", |told| told["seat"] == "caesar");
    assert_eq!(went["connected"], false);
    assert!(closed.elapsed() >= Duration::from_secs(1), "not before the TTL ran out");
    let after = spectator_sees(b.port, &game, "caesar gone on b", |game| caesar_connected(game) == false);
    let last_seen = caesar(&after)["last_seen_ms"]
        .as_u64()
        .expect("remembered after it went");
    assert!(last_seen >= came["last_seen_ms"].as_u64().unwrap(), "seen while it streamed");
}
