//! Requests as bytes on the wire to the real binary: what actix-http refuses before the app (answers without a
//! problem document, which actix gives no way to shape: see docs/api.md, "Answers without a problem document"), and
//! header bytes that do reach the app, which answers problem+json.

use crate::common;

use common::ServerProcess;
use common::http::{Reply, create, next_move, raw};
use serde_json::json;

/// A request head with `Host` and `Connection: close`, these further header lines, and the blank line.
fn request(method: &str, path: &str, headers: &[&[u8]]) -> Vec<u8> {
    let mut bytes = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n").into_bytes();
    for header in headers {
        bytes.extend_from_slice(header);
        bytes.extend_from_slice(b"\r\n");
    }
    bytes.extend_from_slice(b"\r\n");
    bytes
}

fn send(port: u16, bytes: &[u8]) -> Reply {
    raw(port, bytes).expect("the server answers")
}

/// actix's own answer: the status alone, with an empty body and no problem document.
fn assert_bare(reply: &Reply, status: u16, what: &str) {
    assert_eq!(reply.status, status, "{what}");
    assert_eq!(reply.header("content-length"), Some("0"), "{what}: an empty body");
    assert_eq!(reply.header("content-type"), None, "{what}: no problem document");
}

fn assert_problem(reply: &Reply, status: u16, code: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(reply.header("content-type"), Some("application/problem+json"));
    assert_eq!(reply.body["code"], code, "{}", reply.body);
}

#[test]
fn request_header_too_large_is_actix_s_bare_431() {
    let server = ServerProcess::start(None);
    // actix-http refuses a head once 128 KiB arrive without its end. Exactly that much is sent, so that the server
    // has read every byte when it closes (unread bytes would make it reset the connection).
    let mut head = request("GET", "/v1/titles", &[]);
    head.truncate(head.len() - 2);
    head.extend_from_slice(b"X-Padding: ");
    head.resize(128 * 1024, b'a');
    assert_bare(&send(server.port, &head), 431, "a 128 KiB head");
    // More than 96 header lines, however short.
    let lines: Vec<Vec<u8>> = (0..100).map(|i| format!("X-Header-{i}: 1").into_bytes()).collect();
    let lines: Vec<&[u8]> = lines.iter().map(Vec::as_slice).collect();
    assert_bare(&send(server.port, &request("GET", "/v1/titles", &lines)), 431, "100 headers");
}

#[test]
fn a_large_header_below_actix_s_limit_reaches_the_app() {
    let server = ServerProcess::start(None);
    let padding = format!("X-Padding: {}", "a".repeat(40 * 1024));
    let titles = send(server.port, &request("GET", "/v1/titles", &[padding.as_bytes()]));
    assert_eq!(titles.status, 200, "a 40 KiB header is no reason to refuse");
    let unknown = send(server.port, &request("GET", "/nowhere", &[padding.as_bytes()]));
    assert_problem(&unknown, 404, "not_found");
}

#[test]
fn malformed_request_is_actix_s_bare_400() {
    let server = ServerProcess::start(None);
    let port = server.port;
    assert_bare(&send(port, &request("GET", "/v1/titles", &[b"Bad Name: 1"])), 400, "a space in a header name");
    assert_bare(&send(port, &request("GET", "/v1/titles", &[b"no colon"])), 400, "a header line without a colon");
    assert_bare(
        &send(port, &request("POST", "/v1/games", &[b"Content-Length: many"])),
        400,
        "a Content-Length that is no number",
    );
    assert_bare(&send(port, b"GET /v1/titles HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "HTTP/1.1 without Host");
    assert_bare(&send(port, b"GE T /v1/titles HTTP/1.1\r\nHost: a\r\n\r\n"), 400, "a malformed request line");
}

#[test]
fn a_head_not_finished_in_5_s_is_actix_s_bare_408() {
    let server = ServerProcess::start(None);
    let started = std::time::Instant::now();
    let reply = send(server.port, b"GET /v1/titles HTTP/1.1\r\nHost: a\r\n");
    assert_bare(&reply, 408, "an unfinished head");
    assert!(started.elapsed() >= std::time::Duration::from_secs(4), "{:?}", started.elapsed());
}

#[test]
fn malformed_authorization_idempotency_key_and_last_event_id_bytes_answer_problem_json() {
    let server = ServerProcess::start(None);
    let port = server.port;
    let game = create(port, 5);
    let (seat, action, _) = next_move(port, &game, 0).expect("a move");
    let token = format!("Authorization: Bearer {}", game.token(&seat));
    // Bytes that are not UTF-8 (obs-text) pass actix's parser: the app reads them, and refuses them itself.
    let tickets = format!("/v1/games/{}/stream-tickets", game.id);
    let opaque_token = request("POST", &tickets, &[b"Authorization: Bearer \xff\xfe", b"Content-Length: 0"]);
    assert_problem(&send(port, &opaque_token), 401, "invalid_token");

    let body = json!({"action": action}).to_string();
    let length = format!("Content-Length: {}", body.len());
    let mut play = request(
        "POST",
        &format!("/v1/games/{}/actions", game.id),
        &[
            token.as_bytes(),
            b"Idempotency-Key: k\xe9",
            b"Content-Type: application/json",
            length.as_bytes(),
        ],
    );
    play.extend_from_slice(body.as_bytes());
    assert_problem(&send(port, &play), 400, "invalid_idempotency_key");

    let stream = format!("/v1/games/{}/stream", game.id);
    let resume = request("GET", &stream, &[b"Last-Event-ID: \xff"]);
    assert_problem(&send(port, &resume), 400, "invalid_last_event_id");
}
