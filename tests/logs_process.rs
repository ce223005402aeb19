//! No secret reaches the logs: the real binary, on Redis, logging at `debug` into a file, is used the way a person
//! and a bot use it (sign-up, a wrong and a right sign-in, an account key, a game played with seat tokens and the
//! session cookie, stream tickets redeemed, a guest's seat bound, sign-out), and then no password, session token,
//! account key, seat token nor ticket may be found in what it wrote.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::http::{Reply, request};
use common::{RedisServer, ServerProcess};
use serde_json::{Value, json};

const PASSWORD: &str = "Tr0ub4dor&3-never-logged";
const WRONG_PASSWORD: &str = "Tr0ub4dor&3-nor-this-one";

struct Client {
    port: u16,
    origin: String,
}

impl Client {
    /// A request from the service's own pages (`Origin`), with a bearer credential or a cookie.
    fn send(&self, method: &str, path: &str, auth: Auth<'_>, body: Option<Value>) -> Reply {
        let credential = match auth {
            Auth::Bearer(token) => Some(("Authorization", format!("Bearer {token}"))),
            Auth::Cookie(token) => Some(("Cookie", format!("ludus_session={token}"))),
            Auth::None => None,
        };
        let mut headers = vec![("Origin", self.origin.as_str())];
        if let Some((name, value)) = &credential {
            headers.push((name, value.as_str()));
        }
        request(self.port, method, path, &headers, body.as_ref()).expect("the server answers")
    }

    /// Opens `path` (a stream) and reads its first line: the ticket in its query is redeemed.
    fn open_stream(&self, path: &str) {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let head = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
        (&stream).write_all(head.as_bytes()).unwrap();
        let mut status = String::new();
        BufReader::new(&stream).read_line(&mut status).unwrap();
        assert!(status.contains(" 200 "), "{path}: {status}");
    }
}

#[derive(Clone, Copy)]
enum Auth<'a> {
    Bearer(&'a str),
    Cookie(&'a str),
    None,
}

fn session_of(reply: &Reply) -> String {
    let cookie = reply.header("set-cookie").expect("a session cookie");
    cookie["ludus_session=".len()..cookie.find(';').unwrap()].to_owned()
}

#[test]
fn no_password_token_key_or_ticket_is_ever_logged() {
    let redis = RedisServer::start();
    let log = std::env::temp_dir().join(format!("ludus-secrets-{}.log", common::free_port()));
    let mut server = ServerProcess::start_logging(Some(&redis.url), "debug", &log);
    let client = Client {
        port: server.port,
        origin: "http://127.0.0.1".to_owned(),
    };
    let mut secrets: Vec<(&str, String)> =
        vec![("password", PASSWORD.into()), ("wrong password", WRONG_PASSWORD.into())];

    let signed_up =
        client.send("POST", "/v1/accounts/sign-up", Auth::None, Some(json!({"name": "livia", "password": PASSWORD})));
    assert_eq!(signed_up.status, 201, "{}", signed_up.body);
    secrets.push(("sign-up session", session_of(&signed_up)));
    let wrong =
        client.send("POST", "/v1/sessions", Auth::None, Some(json!({"name": "livia", "password": WRONG_PASSWORD})));
    assert_eq!(wrong.status, 401, "{}", wrong.body);
    let signed_in =
        client.send("POST", "/v1/sessions", Auth::None, Some(json!({"name": "livia", "password": PASSWORD})));
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    let session = session_of(&signed_in);
    secrets.push(("session", session.clone()));
    let key = client.send("POST", "/v1/accounts/me/keys", Auth::Cookie(&session), None);
    assert_eq!(key.status, 201, "{}", key.body);
    let key = key.body["key"].as_str().unwrap().to_owned();
    secrets.push(("account key", key.clone()));

    // A guest's game, one seat bound to the account, moves made with a seat token and with the cookie.
    let created = client.send(
        "POST",
        "/v1/games",
        Auth::None,
        Some(json!({"title": "caesar-cleopatra", "players": 2, "seed": 7})),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let game = created.body["game"]["id"].as_str().unwrap().to_owned();
    let tokens = common::seat_tokens(&created.body);
    secrets.extend(tokens.iter().map(|(_, token)| ("seat token", token.clone())));
    let (bound_seat, bound_token) = &tokens[0];
    let bound = client.send(
        "POST",
        &format!("/v1/games/{game}/bind"),
        Auth::Cookie(&session),
        Some(json!({"token": bound_token})),
    );
    assert_eq!(bound.status, 200, "{}", bound.body);
    for _ in 0..6 {
        let state = client.send("GET", &format!("/v1/games/{game}"), Auth::None, None).body;
        let Some(seat) = state["to_act"][0].as_str() else { break };
        let token = &tokens.iter().find(|(held, _)| held == seat).unwrap().1;
        let listed = client
            .send("GET", &format!("/v1/games/{game}/actions"), Auth::Bearer(token), None)
            .body;
        let action = common::title_actions(listed["actions"].as_array().unwrap())[0].clone();
        let body = json!({"action": action, "expected_version": listed["version"]});
        let moved = if seat == bound_seat {
            let path = format!("/v1/games/{game}/actions");
            let headers = [
                ("Origin", client.origin.as_str()),
                ("Cookie", &format!("ludus_session={session}")),
                ("X-Ludus-Seat", seat),
            ];
            request(client.port, "POST", &path, &headers, Some(&body)).unwrap()
        } else {
            client.send("POST", &format!("/v1/games/{game}/actions"), Auth::Bearer(token), Some(body))
        };
        assert_eq!(moved.status, 200, "{}", moved.body);
    }

    // Tickets travel in URLs (EventSource sends no header): redeemed, they must not be logged either.
    let ticket = client.send("POST", &format!("/v1/games/{game}/stream-tickets"), Auth::Bearer(&tokens[1].1), None);
    assert_eq!(ticket.status, 201, "{}", ticket.body);
    let ticket = ticket.body["ticket"].as_str().unwrap().to_owned();
    secrets.push(("game stream ticket", ticket.clone()));
    client.open_stream(&format!("/v1/games/{game}/stream?ticket={ticket}"));
    let ticket = client.send("POST", "/v1/accounts/me/stream-tickets", Auth::Bearer(&key), None);
    assert_eq!(ticket.status, 201, "{}", ticket.body);
    let ticket = ticket.body["ticket"].as_str().unwrap().to_owned();
    secrets.push(("account stream ticket", ticket.clone()));
    client.open_stream(&format!("/v1/accounts/me/stream?ticket={ticket}"));
    let used_again = client.send("GET", &format!("/v1/accounts/me/stream?ticket={ticket}"), Auth::None, None);
    assert_eq!(used_again.status, 401, "a used ticket is refused (and its refusal logged without it)");

    let signed_out = client.send("DELETE", "/v1/sessions/current", Auth::Cookie(&session), None);
    assert_eq!(signed_out.status, 204);
    let refused = client.send("GET", "/v1/accounts/me", Auth::Cookie(&session), None);
    assert_eq!(refused.status, 401, "an ended session is refused (and its refusal logged without it)");
    server.kill();

    let logged = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(logged.contains("signed in") && logged.contains("seat bound"), "the log was written: {logged}");
    for (what, secret) in &secrets {
        assert!(!logged.contains(secret.as_str()), "the {what} is in the log");
    }
}
