//! Accounts with real binaries on one Redis, two instances: an account's stream gets `your_turn` for games moved on
//! either instance and, after a kill -9 of the instance holding it, resumes on the other with `Last-Event-ID` with
//! nothing lost or doubled; keys act only for their own seats, and a revoked key is refused everywhere at once.

use crate::common;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::http::{Reply, send};
use common::{RedisServer, ServerProcess};
use serde_json::{Value, json};

/// An account's NDJSON stream read over a plain connection (chunked body, one notification per line).
pub struct Notifications {
    reader: BufReader<TcpStream>,
    buffer: String,
}

impl Notifications {
    pub fn open(port: u16, key: &str, after: Option<&str>) -> Notifications {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("the server answers");
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut request = format!(
            "GET /v1/accounts/me/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-ndjson\r\n\
             Authorization: Bearer {key}\r\n"
        );
        if let Some(after) = after {
            request.push_str(&format!("Last-Event-ID: {after}\r\n"));
        }
        request.push_str("\r\n");
        (&stream).write_all(request.as_bytes()).unwrap();
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.contains(" 200 "), "{status}");
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
        }
        reader
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(300)))
            .unwrap();
        Notifications {
            reader,
            buffer: String::new(),
        }
    }

    /// The notifications that come until none came for `quiet`, or the stream ends.
    pub fn until_quiet(&mut self, quiet: Duration) -> Vec<Value> {
        let mut seen = Vec::new();
        let mut last = Instant::now();
        while last.elapsed() < quiet {
            while let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                if !line.trim().is_empty() {
                    seen.push(serde_json::from_str(line.trim()).expect("one JSON notification a line"));
                    last = Instant::now();
                }
            }
            match common::http::read_chunk(&mut self.reader) {
                Ok(Some(chunk)) => self.buffer.push_str(&chunk),
                Ok(None) => break,
                Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(_) => break,
            }
        }
        seen
    }
}

fn account(port: u16, name: &str) -> (String, String) {
    common::http::create_account(port, name, "bot")
}

fn with_seat(port: u16, method: &str, path: &str, key: &str, seat: Option<&str>, body: Option<&Value>) -> Reply {
    let auth = format!("Bearer {key}");
    let mut headers = vec![("Authorization", auth.as_str())];
    if let Some(seat) = seat {
        headers.push(("X-Ludus-Seat", seat));
    }
    common::http::request(port, method, path, &headers, body).expect("an answer")
}

/// A game of César et Cléopâtre created on `creator_port` with `creator_key`, cleopatra reserved for `invited`, who
/// joins on `joiner_port`; its id.
fn invite_and_join(creator_port: u16, creator_key: &str, joiner_port: u16, invited: &str, invited_key: &str) -> String {
    let body = json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": {"account": invited}}});
    let created = send(creator_port, "POST", "/v1/games", Some(creator_key), None, Some(&body)).unwrap();
    assert_eq!(created.status, 201, "{}", created.body);
    let game = created.body["game"]["id"].as_str().unwrap().to_owned();
    let join = format!("/v1/games/{game}/seats/cleopatra/join");
    assert_eq!(
        send(joiner_port, "POST", &join, Some(invited_key), None, None)
            .unwrap()
            .status,
        201
    );
    game
}

/// Plays the first legal action of the seat to act with the key of the account holding it.
fn play_one(port: u16, game: &str, keys: &[(&str, &str)]) -> u64 {
    let state = send(port, "GET", &format!("/v1/games/{game}"), None, None, None)
        .unwrap()
        .body;
    let seat = state["to_act"][0].as_str().expect("a seat to act").to_owned();
    let key = keys
        .iter()
        .find(|(held, _)| *held == seat)
        .expect("the seat's account")
        .1;
    let mine = with_seat(port, "GET", &format!("/v1/games/{game}"), key, None, None);
    let action = mine.body["legal_actions"][0].clone();
    let played =
        with_seat(port, "POST", &format!("/v1/games/{game}/actions"), key, None, Some(&json!({"action": action})));
    assert_eq!(played.status, 200, "{}", played.body);
    played.body["version"].as_u64().unwrap()
}

#[test]
fn an_account_stream_follows_both_instances_and_resumes_after_a_kill_without_loss_or_repeat() {
    let redis = RedisServer::start();
    let mut a = ServerProcess::start(Some(&redis.url));
    let b = ServerProcess::start(Some(&redis.url));
    let (_, ann_key) = account(a.port, "ann");
    let (bob, bob_key) = account(b.port, "bob");
    let mut bobs = Notifications::open(a.port, &bob_key, None);
    let game = invite_and_join(a.port, &ann_key, b.port, &bob, &bob_key);
    let keys = [("caesar", ann_key.as_str()), ("cleopatra", bob_key.as_str())];
    for turn in 0..12 {
        play_one(if turn % 2 == 0 { a.port } else { b.port }, &game, &keys);
    }
    let before_kill = bobs.until_quiet(Duration::from_secs(2));
    let kinds: Vec<&str> = before_kill.iter().map(|note| note["type"].as_str().unwrap()).collect();
    assert_eq!(kinds[..2], ["invited", "game_started"], "{kinds:?}");
    assert!(kinds.contains(&"your_turn"), "{kinds:?}");

    a.kill();
    // Until bob was told it is his turn again, at least once.
    let mut bobs_turns = 0;
    while bobs_turns < 2 {
        play_one(b.port, &game, &keys);
        let state = send(b.port, "GET", &format!("/v1/games/{game}"), None, None, None)
            .unwrap()
            .body;
        bobs_turns += usize::from(state["to_act"][0] == "cleopatra");
    }
    let last = before_kill.last().unwrap()["id"].as_str().unwrap().to_owned();
    let after_kill = Notifications::open(b.port, &bob_key, Some(&last)).until_quiet(Duration::from_secs(2));
    assert!(!after_kill.is_empty(), "the moves made after the kill were told");

    let everything = Notifications::open(b.port, &bob_key, Some("0-0")).until_quiet(Duration::from_secs(2));
    let ids = |notes: &[Value]| {
        notes
            .iter()
            .map(|note| note["id"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let seen: Vec<Value> = before_kill.into_iter().chain(after_kill).collect();
    let turn = |note: &&Value| note["type"] == "your_turn";
    let others = |notes: &[Value]| ids(&notes.iter().filter(|note| !turn(note)).cloned().collect::<Vec<_>>());
    assert_eq!(others(&seen), others(&everything), "nothing lost, nothing twice, in order");
    let versions: Vec<u64> = seen
        .iter()
        .filter(turn)
        .map(|note| note["version"].as_u64().unwrap())
        .collect();
    assert!(versions.windows(2).all(|pair| pair[0] < pair[1]), "{versions:?}");
    assert!(seen.iter().filter(turn).all(|note| note["legal_actions"].is_array()), "{seen:?}");
    // Caught up from the start, the stream leaves out the turns the game moved past: only one that holds now.
    let state = send(b.port, "GET", &format!("/v1/games/{game}"), None, None, None)
        .unwrap()
        .body;
    let holding: Vec<&Value> = everything.iter().filter(turn).collect();
    match state["to_act"][0] == "cleopatra" {
        true => assert_eq!(holding.len(), 1, "{holding:?}"),
        false => assert!(holding.is_empty(), "{holding:?}"),
    }
    assert!(holding.iter().all(|note| note["version"] == state["version"]), "{holding:?}");
}

#[test]
fn keys_act_only_for_their_seats_and_a_revoked_key_is_refused_on_every_instance() {
    let redis = RedisServer::start();
    let a = ServerProcess::start(Some(&redis.url));
    let b = ServerProcess::start(Some(&redis.url));
    let (_, ann_key) = account(a.port, "ann");
    let (bob, bob_key) = account(a.port, "bob");
    let game = invite_and_join(a.port, &ann_key, b.port, &bob, &bob_key);
    // Server-Sent Events unless NDJSON is asked for: each notification's id and type are the SSE id and event.
    let mut sse = TcpStream::connect(("127.0.0.1", b.port)).unwrap();
    sse.set_read_timeout(Some(Duration::from_millis(1500))).unwrap();
    write!(
        sse,
        "GET /v1/accounts/me/stream?after=0-0 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {bob_key}\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = sse.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    assert!(text.contains("content-type: text/event-stream"), "{text}");
    assert!(text.contains("event: invited\ndata: {\"id\":\""), "{text}");
    assert!(text.contains("event: game_started"), "{text}");
    for port in [a.port, b.port] {
        let resign = json!({"action": {"type": "resign"}});
        let refused =
            with_seat(port, "POST", &format!("/v1/games/{game}/actions"), &ann_key, Some("cleopatra"), Some(&resign));
        assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("seat_not_held")));
    }
    let second = send(b.port, "POST", "/v1/accounts/me/keys", Some(&bob_key), None, None).unwrap();
    assert_eq!(second.status, 201);
    let second_key = second.body["key"].as_str().unwrap().to_owned();
    let me = send(a.port, "GET", "/v1/accounts/me", Some(&bob_key), None, None).unwrap();
    let first_id = me.body["keys"][0]["id"].as_str().unwrap().to_owned();
    let revoked = send(b.port, "DELETE", &format!("/v1/accounts/me/keys/{first_id}"), Some(&second_key), None, None);
    assert_eq!(revoked.unwrap().status, 204);
    for port in [a.port, b.port] {
        for path in ["/v1/accounts/me".to_owned(), format!("/v1/games/{game}/actions")] {
            let refused = send(port, "GET", &path, Some(&bob_key), None, None).unwrap();
            assert_eq!((refused.status, refused.body["code"].as_str()), (401, Some("invalid_account_key")));
        }
        let listed = send(port, "GET", &format!("/v1/games/{game}/actions"), Some(&second_key), None, None).unwrap();
        assert_eq!(listed.status, 200, "the new key acts for the seat: {}", listed.body);
    }
}
