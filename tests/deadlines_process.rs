//! Deadlines across real `ludus` processes sharing one Redis, with no coordinator: a timeout is applied exactly once
//! whichever instance is alive, an instance killed with SIGKILL leaves nothing undone, and a restarted instance
//! catches up on what fell due while none ran.

use crate::common;

use std::time::{Duration, Instant};

use common::http::{logged_count, send};
use common::{RedisServer, ServerProcess, free_port};
use ludus::service::now_ms;
use serde_json::{Value, json};

/// Instances sweep often, so that the test waits little.
const SWEEP: (&str, &str) = ("LUDUS_SWEEP_INTERVAL", "100ms");

fn instance(redis: &RedisServer) -> ServerProcess {
    ServerProcess::start_with_env(free_port(), Some(&redis.url), &[SWEEP])
}

/// A César et Cléopâtre game with a one-second clock, every seat taken: both seats must act at once from the start.
fn clocked_game(port: u16) -> String {
    let body = json!({"title": "caesar-cleopatra", "players": 2, "turn_seconds": 1});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    assert!(created.body["game"]["clock"]["deadline_ms"].as_u64().is_some(), "the clock runs from the start");
    created.body["game"]["id"].as_str().unwrap().to_owned()
}

fn game(port: u16, id: &str) -> Value {
    send(port, "GET", &format!("/v1/games/{id}"), None, None, None)
        .expect("the game")
        .body
}

/// Waits until the game is over, as seen through `port`.
fn wait_until_over(port: u16, id: &str, within: Duration) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let game = game(port, id);
        if game["status"] == "finished" {
            return game;
        }
        assert!(Instant::now() < deadline, "the game is still {} after {within:?}", game["status"]);
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_timeout_is_applied_once_by_the_survivor_when_the_scheduling_instance_is_killed() {
    let redis = RedisServer::start();
    let mut scheduler = instance(&redis);
    let survivor = instance(&redis);
    let id = clocked_game(scheduler.port);
    scheduler.kill();
    let over = wait_until_over(survivor.port, &id, Duration::from_secs(10));
    assert_eq!(over["ending"]["reason"], "timed_out");
    assert_eq!(over["ending"]["by"], json!(["cleopatra", "caesar"]), "both seats had to act");
    assert_eq!(over["ending"]["losers"], json!(["cleopatra", "caesar"]));
    assert_eq!(over["ending"]["winners"], json!([]));
    // Both instances kept sweeping (the survivor) or had swept (the scheduler) this game: one timeout all the same.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(logged_count(survivor.port, &id, "timed_out"), 1);
}

#[test]
fn two_live_instances_apply_each_timeout_once() {
    let redis = RedisServer::start();
    let (first, second) = (instance(&redis), instance(&redis));
    let ids: Vec<String> = (0..6)
        .map(|n| clocked_game(if n % 2 == 0 { first.port } else { second.port }))
        .collect();
    for id in &ids {
        wait_until_over(first.port, id, Duration::from_secs(10));
    }
    std::thread::sleep(Duration::from_millis(500));
    for id in &ids {
        assert_eq!(logged_count(second.port, id, "timed_out"), 1, "game {id}");
    }
    assert_eq!(redis.command(&["ZCARD", "ludus:due"]), "int(0)", "nothing stays due");
}

#[test]
fn a_claim_held_by_a_killed_instance_is_taken_over_by_a_restarted_one() {
    let redis = RedisServer::start();
    let mut first = instance(&redis);
    let id = clocked_game(first.port);
    first.kill();
    // What an instance that claimed the due game and died before applying the timeout leaves behind: the game noted
    // due again at the end of its lease (the claim script writes exactly this).
    let lease_end = now_ms() + 3_000;
    assert_eq!(redis.command(&["ZADD", "ludus:due", "XX", "CH", &lease_end.to_string(), &id]), "int(1)");
    std::thread::sleep(Duration::from_millis(1_200));
    // The deadline passed while no instance ran; the restarted one must wait for the lease, then apply it.
    let restarted = instance(&redis);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(game(restarted.port, &id)["status"], "active", "the lease still holds the game");
    let over = wait_until_over(restarted.port, &id, Duration::from_secs(8));
    assert_eq!(over["ending"]["reason"], "timed_out");
    assert!(now_ms() >= lease_end, "not before the lease ended");
    assert_eq!(logged_count(restarted.port, &id, "timed_out"), 1);
}
