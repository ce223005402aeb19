//! Webhook deliveries with real binaries on one Redis, two instances sweeping, to a receiver on loopback started by
//! the test: signatures verify, a receiver answering 500 gets retries with growing waits, every notification is
//! delivered once and in order, a webhook that keeps failing is disabled (and the account's stream says so), and URLs
//! to private addresses are refused unless allowed.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::http::send;
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

/// One request the receiver got.
#[derive(Clone, Debug)]
struct Received {
    at: Instant,
    event: String,
    signature: String,
    body: Vec<u8>,
    answered: u16,
}

/// An HTTP receiver on loopback answering each request with the status `answer` gives for its number (from 0).
struct Receiver {
    port: u16,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    fn start(answer: impl Fn(usize) -> u16 + Send + 'static) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let log = received.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut headers = Vec::new();
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some((name, value)) = line.split_once(':') {
                        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
                    }
                }
                let header = |name: &str| {
                    headers
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default()
                };
                let mut body = vec![0; header("content-length").parse().unwrap_or(0)];
                let _ = reader.read_exact(&mut body);
                let mut log = log.lock().unwrap();
                let answered = answer(log.len());
                log.push(Received {
                    at: Instant::now(),
                    event: header("ludus-event-id"),
                    signature: header("ludus-signature"),
                    body,
                    answered,
                });
                drop(log);
                let _ = write!(stream, "HTTP/1.1 {answered} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            }
        });
        Receiver { port, received }
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/hook", self.port)
    }
}

const ALLOW: [(&str, &str); 3] = [
    ("LUDUS_WEBHOOK_ALLOW_PRIVATE", "on"),
    ("LUDUS_WEBHOOK_FIRST_RETRY", "100ms"),
    ("LUDUS_SWEEP_INTERVAL", "50ms"),
];

fn account(port: u16, name: &str) -> (String, String) {
    common::http::create_account(port, name, "app")
}

fn set_webhook(port: u16, key: &str, url: &str) -> common::http::Reply {
    common::http::request(
        port,
        "PUT",
        "/v1/accounts/me/webhook",
        &[("Authorization", &format!("Bearer {key}"))],
        Some(&json!({"url": url})),
    )
    .unwrap()
}

/// A game of ann's (caesar) against a random bot: every move makes notifications for ann.
fn game_against_a_bot(port: u16, key: &str) -> String {
    let body = json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": {"kind": "random"}}});
    let created = send(port, "POST", "/v1/games", Some(key), None, Some(&body)).unwrap();
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["game"]["id"].as_str().unwrap().to_owned()
}

fn wait_for(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !done() {
        assert!(Instant::now() < deadline, "waited {within:?} for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn now_unix() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

#[test]
fn deliveries_are_signed_retried_with_growing_waits_and_each_delivered_once_in_order() {
    let redis = RedisServer::start();
    let a = ServerProcess::start_with_env(free_port(), Some(&redis.url), &ALLOW);
    let b = ServerProcess::start_with_env(free_port(), Some(&redis.url), &ALLOW);
    // The first three requests fail: the first notification is delivered at the fourth attempt.
    let receiver = Receiver::start(|n| if n < 3 { 500 } else { 204 });
    let (_, key) = account(a.port, "site");
    let set = set_webhook(b.port, &key, &receiver.url());
    assert_eq!(set.status, 200, "{}", set.body);
    let secret = set.body["secret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("whsec_"));
    let game = game_against_a_bot(a.port, &key);
    // A few moves of ann's, sent to both instances.
    for turn in 0..6 {
        let port = if turn % 2 == 0 { a.port } else { b.port };
        let mine = send(port, "GET", &format!("/v1/games/{game}"), Some(&key), None, None)
            .unwrap()
            .body;
        if mine["status"] == "finished" {
            break;
        }
        if let Some(action) = common::title_actions(mine["legal_actions"].as_array().unwrap()).first() {
            send(
                port,
                "POST",
                &format!("/v1/games/{game}/actions"),
                Some(&key),
                None,
                Some(&json!({"action": action})),
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // The notifications from the stream's start: all but the turns the game moved past (which the webhook may have
    // delivered while they held).
    let everything = read_ndjson(a.port, &key);
    assert!(everything.len() >= 2, "{everything:?}");
    let ids: Vec<String> = everything
        .iter()
        .map(|note| note["id"].as_str().unwrap().to_owned())
        .collect();
    let delivered_ids = || -> Vec<String> {
        (receiver.received().iter())
            .filter(|got| got.answered == 204)
            .map(|got| got.event.clone())
            .collect()
    };
    wait_for("every notification delivered", Duration::from_secs(30), || {
        ids.iter().all(|id| delivered_ids().contains(id))
    });
    std::thread::sleep(Duration::from_millis(500));
    let received = receiver.received();
    let delivered = delivered_ids();
    let position = |id: &String| -> (u64, u64) {
        let (ms, sequence) = id.split_once('-').unwrap();
        (ms.parse().unwrap(), sequence.parse().unwrap())
    };
    assert!(
        delivered.windows(2).all(|pair| position(&pair[0]) < position(&pair[1])),
        "each notification delivered once, in order, though two instances deliver: {delivered:?}"
    );
    for got in &received {
        let tolerance = Duration::from_secs(300);
        assert!(ludus::webhook::verify(&secret, &got.signature, &got.body, now_unix(), tolerance));
        assert!(!ludus::webhook::verify("whsec_other", &got.signature, &got.body, now_unix(), tolerance));
        let body: Value = serde_json::from_slice(&got.body).unwrap();
        assert_eq!(body["id"].as_str(), Some(got.event.as_str()), "the body names its event");
        if body["type"] == "your_turn" {
            assert!(
                body["legal_actions"]
                    .as_array()
                    .is_some_and(|actions| !actions.is_empty()),
                "{body}"
            );
        }
    }
    let first: Vec<&Received> = received.iter().take(4).collect();
    assert!(first.iter().all(|got| got.event == ids[0]), "the first notification is retried until delivered");
    let waits: Vec<Duration> = first.windows(2).map(|pair| pair[1].at - pair[0].at).collect();
    assert!(waits[1] > waits[0] && waits[2] > waits[1], "growing waits: {waits:?}");
    let deliveries = send(b.port, "GET", "/v1/accounts/me/webhook/deliveries", Some(&key), None, None).unwrap();
    let statuses: Vec<u64> = deliveries.body["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|delivery| delivery["status"].as_u64())
        .collect();
    assert!(statuses.contains(&500) && statuses.contains(&204), "{statuses:?}");
}

/// The account's notifications, from the first one its inbox keeps, as its stream gives them within a moment.
fn read_ndjson(port: u16, key: &str) -> Vec<Value> {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_millis(1500))).unwrap();
    write!(
        stream,
        "GET /v1/accounts/me/stream?after=0-0 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-ndjson\r\n\
         Authorization: Bearer {key}\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    text.lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn a_webhook_that_keeps_failing_is_disabled_and_the_stream_says_so() {
    let redis = RedisServer::start();
    let fast = [
        ("LUDUS_WEBHOOK_ALLOW_PRIVATE", "on"),
        ("LUDUS_WEBHOOK_FIRST_RETRY", "1ms"),
        ("LUDUS_SWEEP_INTERVAL", "20ms"),
    ];
    let a = ServerProcess::start_with_env(free_port(), Some(&redis.url), &fast);
    let b = ServerProcess::start_with_env(free_port(), Some(&redis.url), &fast);
    let receiver = Receiver::start(|_| 500);
    let (_, key) = account(a.port, "broken");
    assert_eq!(set_webhook(a.port, &key, &receiver.url()).status, 200);
    game_against_a_bot(b.port, &key);
    wait_for("the webhook disabled", Duration::from_secs(90), || {
        let state = send(a.port, "GET", "/v1/accounts/me/webhook", Some(&key), None, None).unwrap();
        state.body["disabled"] == true
    });
    let attempts = receiver.received();
    assert_eq!(attempts.len(), 20, "DISABLE_AFTER attempts, then no more");
    assert!(attempts.iter().all(|got| got.event == attempts[0].event), "all for the first notification");
    let notes = read_ndjson(b.port, &key);
    assert!(notes.iter().any(|note| note["type"] == "webhook_disabled"), "{notes:?}");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(receiver.received().len(), 20, "nothing more once disabled");
}

#[test]
fn webhooks_to_private_addresses_are_refused_unless_allowed() {
    let server = ServerProcess::start(None);
    let (_, key) = account(server.port, "careful");
    for url in [
        "http://example.com/hook",
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://[::ffff:192.168.1.1]/hook",
        "not a url",
    ] {
        let refused = set_webhook(server.port, &key, url);
        assert_eq!(
            (refused.status, refused.body["code"].as_str()),
            (400, Some("invalid_webhook_url")),
            "{url}: {}",
            refused.body
        );
    }
    let public = set_webhook(server.port, &key, "https://hooks.example.com/ludus");
    assert_eq!(public.status, 200, "{}", public.body);
}
