//! A minimal blocking HTTP/1.1 client for tests against a real server process on loopback.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request; `None` when the server cannot be reached or the connection breaks.
pub fn request(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Option<Reply> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    let payload = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if body.is_some() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", payload.len()));
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(payload.as_bytes()).ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    parse(&raw)
}

/// Sends `bytes` as they are (a request of the test's own making, malformed if it likes) and reads the answer until
/// the server closes, keeping what came before a reset: a server refusing a request may close before reading it all.
pub fn raw(port: u16, bytes: &[u8]) -> Option<Reply> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    let _ = stream.write_all(bytes);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    parse(&raw)
}

/// An HTTP/1.1 answer: `None` without a status line; a body that is not JSON is `Null`.
fn parse(raw: &[u8]) -> Option<Reply> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let mut lines = head.lines();
    let status = lines.next()?.split_whitespace().nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let body = serde_json::from_str(body).unwrap_or(Value::Null);
    Some(Reply { status, headers, body })
}

/// A game created over HTTP, with its seats' tokens.
pub struct Game {
    pub id: String,
    pub tokens: Vec<(String, String)>,
}

impl Game {
    pub fn token(&self, seat: &str) -> &str {
        &self
            .tokens
            .iter()
            .find(|(name, _)| name == seat)
            .expect("a seat of the game")
            .1
    }
}

/// One request with an optional bearer token and idempotency key.
pub fn send(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    key: Option<&str>,
    body: Option<&Value>,
) -> Option<Reply> {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    if let Some(key) = key {
        headers.push(("Idempotency-Key", key));
    }
    request(port, method, path, &headers, body)
}

/// Creates a game of the first listed title with its fewest players.
pub fn create(port: u16, seed: u64) -> Game {
    let titles = send(port, "GET", "/v1/titles", None, None, None).expect("titles").body;
    let title = &titles[0];
    let body = json!({"title": title["id"], "players": title["min_players"], "seed": seed});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    Game {
        id: created.body["game"]["id"].as_str().unwrap().to_owned(),
        tokens: super::seat_tokens(&created.body),
    }
}

/// The seat to act, its token's legal actions and the game version, or None once the game is over.
pub fn next_move(port: u16, game: &Game, pick: usize) -> Option<(String, Value, u64)> {
    let state = send(port, "GET", &format!("/v1/games/{}", game.id), None, None, None)?.body;
    let seat = state["to_act"].as_array()?.first()?.as_str()?.to_owned();
    let listed = send(port, "GET", &format!("/v1/games/{}/actions", game.id), Some(game.token(&seat)), None, None)?;
    let actions = super::title_actions(listed.body["actions"].as_array()?);
    let action = actions.get(pick % actions.len().max(1))?.clone();
    Some((seat, action, listed.body["version"].as_u64()?))
}

/// The next chunk of a chunked body, `None` at its end. A chunk is read whole once its size line came (ludus writes
/// each stream message as one chunk), waiting up to 30 s for its bytes whatever the reader's usual timeout.
pub fn read_chunk(reader: &mut std::io::BufReader<TcpStream>) -> std::io::Result<Option<String>> {
    use std::io::{BufRead, ErrorKind};
    let mut size = String::new();
    if reader.read_line(&mut size)? == 0 {
        return Ok(None);
    }
    let size = usize::from_str_radix(size.trim(), 16).map_err(|_| ErrorKind::InvalidData)?;
    if size == 0 {
        return Ok(None);
    }
    let mut chunk = vec![0; size + 2];
    let usual = reader.get_ref().read_timeout()?;
    reader.get_ref().set_read_timeout(Some(Duration::from_secs(30)))?;
    reader.read_exact(&mut chunk)?;
    reader.get_ref().set_read_timeout(usual)?;
    Ok(Some(String::from_utf8_lossy(&chunk[..size]).into_owned()))
}

/// A new account of `kind`: its id and key.
pub fn create_account(port: u16, name: &str, kind: &str) -> (String, String) {
    let created = send(port, "POST", "/v1/accounts", None, None, Some(&json!({"name": name, "kind": kind}))).unwrap();
    assert_eq!(created.status, 201, "{}", created.body);
    let field = |name: &str| created.body[name].as_str().unwrap().to_owned();
    (field("id"), field("key"))
}

/// Sends `action` as `seat`'s move, with its token.
pub fn play(port: u16, game: &Game, seat: &str, action: &Value) -> Reply {
    let path = format!("/v1/games/{}/actions", game.id);
    send(port, "POST", &path, Some(game.token(seat)), None, Some(&json!({"action": action}))).expect("an answer")
}

pub fn events_as(port: u16, game: &Game, seat: Option<&str>, after: u64) -> Value {
    let token = seat.map(|s| game.token(s));
    send(port, "GET", &format!("/v1/games/{}/events?after={after}&limit=10000", game.id), token, None, None)
        .expect("events")
        .body
}

/// How many events of type `kind` the game's public log holds (read through `port`).
pub fn logged_count(port: u16, id: &str, kind: &str) -> usize {
    let events = send(port, "GET", &format!("/v1/games/{id}/events"), None, None, None)
        .expect("events")
        .body;
    events["events"]
        .as_array()
        .expect("the log's events")
        .iter()
        .filter(|logged| logged["event"]["type"] == kind)
        .count()
}

/// The `/metrics` body as text (the test client reads JSON bodies).
pub fn raw_metrics(port: u16) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an answer");
    assert!(head.contains("text/plain; version=0.0.4"), "{head}");
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        unchunk(body)
    } else {
        body.to_owned()
    }
}

/// A chunked body's content.
fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}
