//! Notifications are never lost: an append writes what it tells the accounts to the game's outbox in its own atomic
//! step, so an instance killed with SIGKILL between the append and the delivery loses none: another instance's sweep
//! delivers them, once each, however many sweep after it. Real `ludus` processes on one real `redis-server`.

use crate::common;

use std::time::Duration;

use common::app::{self, FAST_SWEEP, NO_SWEEP, process_account, process_call as call};
use common::http::request;
use common::sse::{Read, Sse};
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

fn account(port: u16, name: &str) -> String {
    process_account(port, name).1
}

/// Every notification in the account's inbox, read from its stream from the start until it is quiet.
fn inbox(port: u16, key: &str) -> Vec<Value> {
    let auth = format!("Bearer {key}");
    let headers = [("Authorization", auth.as_str()), ("Last-Event-ID", "0-0")];
    let mut stream = Sse::open_path(port, "/v1/accounts/me/stream", &headers).expect("the account stream opens");
    let mut notifications = Vec::new();
    loop {
        match stream.next() {
            Read::Message { data, .. } if !data.is_null() => notifications.push(data),
            Read::Message { .. } => {}
            Read::Idle | Read::Ended => return notifications,
        }
    }
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
    let caesar = account(reader.port, "caesar-notified");
    let cleopatra = account(reader.port, "cleopatra-notified");
    let create = json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": "open"}});
    let (status, created) = call(reader.port, "POST", "/v1/games", Some(&caesar), Some(&create));
    assert_eq!(status, 201, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let join = format!("/v1/games/{game}/seats/cleopatra/join");
    let (status, joined) = call(reader.port, "POST", &join, Some(&cleopatra), Some(&json!({})));
    assert_eq!(status, 201, "{joined}");
    let before = turns(&inbox(reader.port, &cleopatra)).len();

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
    assert_eq!(turns(&inbox(reader.port, &cleopatra)).len(), before, "the moving instance holds them back");
    moving.kill();
    drop(mover);

    // Another instance sweeps: the move's notifications arrive, once.
    let _sweeper = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    let (_, state) = call(reader.port, "GET", &path, None, None);
    let moved_to = state["version"].as_u64().unwrap();
    wait_for("the notifications", Duration::from_secs(30), || {
        turns(&inbox(reader.port, &cleopatra)).contains(&(game.clone(), moved_to))
    });
    let _second = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[FAST_SWEEP]);
    std::thread::sleep(Duration::from_secs(6));
    let told = turns(&inbox(reader.port, &cleopatra));
    let mut distinct = told.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(told.len(), distinct.len(), "each notification once: {told:?}");
    assert_eq!(told.len(), before + 1, "the move's your_turn, and nothing else new: {told:?}");
}
