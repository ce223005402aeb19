//! Ratings exactly once across real `ludus` processes sharing one Redis: an instance killed with SIGKILL between a
//! rated game's last append and its ratings leaves them to another instance's sweep, which applies them once; the
//! sweeps after it change nothing.

use crate::common;

use std::time::Duration;

use common::app::{self, FAST_SWEEP, NO_SWEEP, process_account, process_call as call};
use common::http::request;
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

/// The account's César et Cléopâtre rating as `port` reads it, if it has one.
fn rating(port: u16, account: &str) -> Option<Value> {
    let (status, profile) = call(port, "GET", &format!("/v1/accounts/{account}"), None, None);
    assert_eq!(status, 200, "{profile}");
    profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|rating| rating["title"] == "caesar-cleopatra")
        .cloned()
}

fn wait_for(what: &str, within: Duration, done: impl FnMut() -> bool) {
    app::wait_for(what, within, Duration::from_millis(50), done);
}

#[test]
fn ratings_an_instance_was_killed_before_applying_are_applied_once_by_another_instances_sweep() {
    let redis = RedisServer::start();
    let pause = ("LUDUS_TEST_PAUSE_BEFORE_RATING_MS", "120000");
    let mut ending = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[pause, NO_SWEEP]);
    let reader = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[NO_SWEEP]);
    let (caesar, caesar_key) = process_account(reader.port, "caesar-player");
    let (cleopatra, cleopatra_key) = process_account(reader.port, "cleopatra-player");
    let create = json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": "open"}, "rated": true});
    let (status, created) = call(reader.port, "POST", "/v1/games", Some(&caesar_key), Some(&create));
    assert_eq!(status, 201, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let join = format!("/v1/games/{game}/seats/cleopatra/join");
    let (status, joined) = call(reader.port, "POST", &join, Some(&cleopatra_key), Some(&json!({})));
    assert_eq!(status, 201, "{joined}");

    // Cleopatra resigns through the instance that holds its ratings back: the game ends in the store, and the
    // instance is killed before it rates it.
    let port = ending.port;
    let resign = std::thread::spawn(move || {
        let body = json!({"action": {"type": "resign"}});
        let _ = request(
            port,
            "POST",
            &format!("/v1/games/{game}/actions"),
            &[("Authorization", &format!("Bearer {cleopatra_key}"))],
            Some(&body),
        );
    });
    let game = created["game"]["id"].as_str().unwrap();
    wait_for("the game's end", Duration::from_secs(20), || {
        call(reader.port, "GET", &format!("/v1/games/{game}"), None, None).1["status"] == "finished"
    });
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(rating(reader.port, &caesar), None, "the ending instance holds the ratings back");
    ending.kill();
    drop(resign);

    let _sweeper = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    wait_for("the ratings", Duration::from_secs(30), || rating(reader.port, &caesar).is_some());
    let winner = rating(reader.port, &caesar).unwrap();
    let loser = rating(reader.port, &cleopatra).expect("both accounts are rated");
    assert_eq!((winner["games"].as_u64(), loser["games"].as_u64()), (Some(1), Some(1)));
    assert!(winner["rating"].as_f64().unwrap() > 1500.0 && loser["rating"].as_f64().unwrap() < 1500.0);

    // More instances sweeping, for longer than a sweep's lease: the game is rated once.
    let _second = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    std::thread::sleep(Duration::from_secs(6));
    assert_eq!(rating(reader.port, &caesar), Some(winner));
    assert_eq!(rating(reader.port, &cleopatra), Some(loser));
}
