//! `rediss://`: a real redis-server serving TLS only, with a CA and certificates the tests make. The server's
//! certificate is always verified, client certificates work for servers that require them, and a TLS file that
//! cannot be used stops the binary at start.

use crate::common;

use std::process::{Command, Stdio};

use common::http::{create, next_move, send};
use common::{RedisServer, ServerProcess, TlsFiles};
use ludus::store::{EventStore, RedisStore, RedisTls, Retention, StoreError};
use serde_json::json;

fn store(url: &str, tls: &RedisTls) -> RedisStore {
    RedisStore::open(url, false, tls, Retention::default()).expect("a valid URL")
}

/// The text of a store's refusal to talk to the server.
async fn refusal(store: &RedisStore) -> String {
    match store.ping().await {
        Err(StoreError::Unavailable(reason)) => reason,
        other => panic!("the server must be refused, got {other:?}"),
    }
}

#[test]
fn the_binary_serves_a_game_over_rediss_with_a_private_ca() {
    let files = TlsFiles::generate();
    let redis = RedisServer::start_tls(&files, false);
    let env = files.env(false);
    let env: Vec<(&str, &str)> = env.iter().map(|(name, value)| (*name, value.as_str())).collect();
    let server = ServerProcess::start_with_env(common::free_port(), Some(&redis.url), &env);
    let port = server.port;
    let health = send(port, "GET", "/health", None, None, None).expect("health");
    assert_eq!((health.status, &health.body["store"]), (200, &json!("redis")));

    let game = create(port, 11);
    let (seat, action, version) = next_move(port, &game, 0).expect("a first move");
    let path = format!("/v1/games/{}/actions", game.id);
    let body = json!({"action": action});
    let played = send(port, "POST", &path, Some(game.token(&seat)), None, Some(&body)).expect("played");
    assert_eq!(played.status, 200, "{}", played.body);
    let fetched = send(port, "GET", &format!("/v1/games/{}", game.id), None, None, None).expect("fetched");
    assert_eq!(fetched.status, 200);
    let after = played.body["version"].as_u64().expect("the new version");
    assert!(after > version, "the move appended events");
    assert_eq!(fetched.body["version"], after);
    assert_eq!(
        redis.command(&["XLEN", &format!("ludus:{{{}}}:events", game.id)]),
        format!("int({after})"),
        "the log is in the TLS server"
    );
}

#[tokio::test]
async fn rediss_without_the_ca_is_refused_certificate_verification_on() {
    let files = TlsFiles::generate();
    let redis = RedisServer::start_tls(&files, false);
    // Without LUDUS_REDIS_CA_FILE the system's CAs are trusted, and none of them signed this server's certificate.
    let reason = refusal(&store(&redis.url, &RedisTls::default())).await;
    assert!(reason.contains("certificate"), "a clear reason: {reason}");
    // redis's `#insecure` URL flag cannot turn verification off either: this build has no such mode.
    let insecure = format!("{}/#insecure", redis.url);
    let reason = refusal(&store(&insecure, &RedisTls::default())).await;
    assert!(reason.contains("insecure"), "{reason}");
    // A CA that did not sign the server's certificate is refused just as well.
    let other_ca = TlsFiles::generate().redis_tls(false);
    let reason = refusal(&store(&redis.url, &other_ca)).await;
    assert!(reason.contains("certificate"), "a clear reason: {reason}");
    // The right CA is accepted.
    store(&redis.url, &files.redis_tls(false))
        .ping()
        .await
        .expect("the CA is trusted");
}

#[tokio::test]
async fn mutual_tls_presents_the_client_certificate() {
    let files = TlsFiles::generate();
    let redis = RedisServer::start_tls(&files, true);
    store(&redis.url, &files.redis_tls(true))
        .ping()
        .await
        .expect("the client certificate is accepted");
    let reason = refusal(&store(&redis.url, &files.redis_tls(false))).await;
    assert!(reason.to_lowercase().contains("certificate"), "a clear reason: {reason}");
}

/// Runs the binary with these settings and no Redis running: it must stop before serving anything.
fn start_error(env: &[(&str, &str)]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .env_remove("REDIS_URL")
        .env("LUDUS_BIND", format!("127.0.0.1:{}", common::free_port()))
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn tls_file_errors_stop_the_binary_at_start_with_exit_2() {
    let files = TlsFiles::generate();
    let url = ("LUDUS_REDIS_URL", "rediss://127.0.0.1:1");
    let missing = start_error(&[url, ("LUDUS_REDIS_CA_FILE", "/nonexistent/ca.pem")]);
    assert!(
        missing.starts_with("ludus: LUDUS_REDIS_CA_FILE=\"/nonexistent/ca.pem\" is not valid: a readable PEM file"),
        "{missing}"
    );
    let key = files.path("client-key.pem").display().to_string();
    let not_a_certificate = start_error(&[url, ("LUDUS_REDIS_CA_FILE", &key)]);
    assert!(not_a_certificate.contains("no PEM certificate"), "{not_a_certificate}");
    let ca = files.path("ca.pem").display().to_string();
    let plain = start_error(&[("LUDUS_REDIS_URL", "redis://127.0.0.1:1"), ("LUDUS_REDIS_CA_FILE", &ca)]);
    assert!(plain.contains("not rediss://"), "{plain}");
}
