//! Notifications are never lost: an append writes what it tells the accounts to the game's outbox in its own atomic
//! step, so an instance killed with SIGKILL between the append and the delivery loses none: another instance's sweep
//! delivers them, once each, however many sweep after it. Real `ludus` processes on one real `redis-server`.

use crate::common;

use std::time::Duration;

use common::app::{self, FAST_SWEEP, NO_SWEEP, process_account, process_call as call};
use common::http::request;
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

/// Every notification in account `id`'s inbox, as the store keeps them (its stream leaves out the turns a game moved
/// past).
fn inbox(redis: &RedisServer, id: &str) -> Vec<Value> {
    let mut connection = redis::Client::open(redis.url.as_str())
        .and_then(|client| client.get_connection())
        .expect("the server answers");
    let entries: Vec<(String, Vec<String>)> = redis::cmd("XRANGE")
        .arg(format!("ludus:account:{{{id}}}:inbox"))
        .arg("-")
        .arg("+")
        .query(&mut connection)
        .expect("the inbox");
    // Each entry's one field, `e`, holds the notification's JSON.
    (entries.iter())
        .map(|(_, fields)| serde_json::from_str(&fields[1]).expect("a notification"))
        .collect()
}

/// The account's `your_turn` notifications: (game, version) of each.
fn turns(notifications: &[Value]) -> Vec<(String, u64)> {
    notifications
        .iter()
        .filter(|notification| notification["type"] == "your_turn")
        .map(|turn| (turn["game"].as_str().unwrap().to_owned(), turn["version"].as_u64().unwrap()))
        .collect()
}

fn wait_for(what: &str, within: Duration, done: impl FnMut() -> bool) {
    app::wait_for(what, within, Duration::from_millis(100), done);
}

#[test]
fn notifications_an_instance_was_killed_before_delivering_are_delivered_once_by_a_sweep() {
    let redis = RedisServer::start();
    let pause = ("LUDUS_TEST_PAUSE_BEFORE_NOTIFYING_MS", "120000");
    let mut moving = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[pause, NO_SWEEP]);
    let reader = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[NO_SWEEP]);
    let (_, caesar) = process_account(reader.port, "caesar-notified");
    let (cleopatra_id, cleopatra) = process_account(reader.port, "cleopatra-notified");
    let create = json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": "open"}});
    let (status, created) = call(reader.port, "POST", "/v1/games", Some(&caesar), Some(&create));
    assert_eq!(status, 201, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let join = format!("/v1/games/{game}/seats/cleopatra/join");
    let (status, joined) = call(reader.port, "POST", &join, Some(&cleopatra), Some(&json!({})));
    assert_eq!(status, 201, "{joined}");
    let before = turns(&inbox(&redis, &cleopatra_id)).len();

    // Caesar moves through the instance that holds notifications back; it is killed once the move is in the log.
    let path = format!("/v1/games/{game}");
    let (_, state) = call(reader.port, "GET", &path, None, None);
    let version = state["version"].as_u64().unwrap();
    let (_, listed) = call(reader.port, "GET", &format!("{path}/actions"), Some(&caesar), None);
    let action = common::title_actions(listed["actions"].as_array().unwrap())[0].clone();
    let port = moving.port;
    let (key, move_path) = (caesar.clone(), format!("{path}/actions"));
    let mover = std::thread::spawn(move || {
        let auth = format!("Bearer {key}");
        let _ = request(port, "POST", &move_path, &[("Authorization", &auth)], Some(&json!({"action": action})));
    });
    wait_for("the move in the log", Duration::from_secs(20), || {
        call(reader.port, "GET", &path, None, None).1["version"]
            .as_u64()
            .unwrap()
            > version
    });
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(turns(&inbox(&redis, &cleopatra_id)).len(), before, "the moving instance holds them back");
    moving.kill();
    drop(mover);

    // Another instance sweeps: the move's notifications arrive, once.
    let _sweeper = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    let (_, state) = call(reader.port, "GET", &path, None, None);
    let moved_to = state["version"].as_u64().unwrap();
    wait_for("the notifications", Duration::from_secs(30), || {
        turns(&inbox(&redis, &cleopatra_id)).contains(&(game.clone(), moved_to))
    });
    let _second = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    std::thread::sleep(Duration::from_secs(6));
    let told = turns(&inbox(&redis, &cleopatra_id));
    let mut distinct = told.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(told.len(), distinct.len(), "each notification once: {told:?}");
    assert_eq!(told.len(), before + 1, "the move's your_turn, and nothing else new: {told:?}");
}
