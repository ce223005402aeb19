//! Tables that survive people, across real `ludus` processes sharing one Redis: seats that resign or let their time
//! run out are taken over by bots and the game goes on to its end; clocks per seat run out exactly once, also when
//! the instance that started them is killed.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use common::http::{logged_count, send};
use common::{RedisServer, ServerProcess, free_port, seat_tokens};
use ludus::engine::table::is_table_action;
use serde_json::{Value, json};

/// Instances sweep often, so that the test waits little.
const SWEEP: (&str, &str) = ("LUDUS_SWEEP_INTERVAL", "100ms");

fn instance(redis: &RedisServer) -> ServerProcess {
    ServerProcess::start_with_env(free_port(), Some(&redis.url), &[SWEEP])
}

fn game(port: u16, id: &str, token: Option<&str>) -> Value {
    send(port, "GET", &format!("/v1/games/{id}"), token, None, None)
        .expect("the game")
        .body
}

fn act(port: u16, id: &str, token: &str, action: &Value) -> (u16, Value) {
    let body = json!({ "action": action });
    let reply =
        send(port, "POST", &format!("/v1/games/{id}/actions"), Some(token), None, Some(&body)).expect("an answer");
    (reply.status, reply.body)
}

/// Waits until `done` holds for the game as seen through `port`.
fn wait_for(port: u16, id: &str, within: Duration, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let game = game(port, id, None);
        if done(&game) {
            return game;
        }
        assert!(Instant::now() < deadline, "{what} not after {within:?}: {game}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_five_player_caligula_goes_on_with_bots_for_two_resignations_and_a_timeout() {
    let redis = RedisServer::start();
    let instances = [instance(&redis), instance(&redis)];
    let port = |turn: usize| instances[turn % 2].port;
    let body = json!({"title": "caligula", "players": 5, "turn_seconds": 3});
    let created = send(port(0), "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(created.body["game"]["clock"]["turn_seconds"], 3);
    let id = created.body["game"]["id"].as_str().unwrap().to_owned();
    let tokens = seat_tokens(&created.body);
    let seats: Vec<String> = tokens.iter().map(|(seat, _)| seat.clone()).collect();
    let token = |seat: &str| tokens.iter().find(|(name, _)| name == seat).unwrap().1.as_str();
    // Two seats resign, each on another instance: bots take them over.
    for (turn, seat) in seats[1..3].iter().enumerate() {
        let (status, answer) = act(port(turn), &id, token(seat), &json!({"type": "resign"}));
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["events"][0]["event"]["type"], "seat_abandoned");
        assert_eq!(answer["game"]["status"], "active", "the game goes on");
    }
    let (status, again) = act(port(1), &id, token(&seats[1]), &json!({"type": "resign"}));
    assert_eq!((status, again["code"].as_str()), (422, Some("seat_abandoned")), "{again}");
    // The next person to act lets the clock run out: a bot takes that seat over too.
    let to_act = wait_for(port(0), &id, Duration::from_secs(60), "a person to act", |game| {
        game["to_act"]
            .as_array()
            .unwrap()
            .iter()
            .any(|seat| !seats[1..3].iter().any(|left| seat == left))
    });
    let late = to_act["to_act"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat.as_str().unwrap().to_owned())
        .find(|seat| !seats[1..3].contains(seat))
        .unwrap();
    let late_index = seats.iter().position(|seat| *seat == late).unwrap();
    wait_for(port(1), &id, Duration::from_secs(10), "the timeout", |game| {
        game["players"][late_index]["abandoned"] == "timed_out"
    });
    // The two players left play on (each move through either instance) until the end.
    let persons: Vec<&String> = seats
        .iter()
        .filter(|seat| !seats[1..3].contains(seat) && **seat != late)
        .collect();
    let started = Instant::now();
    let mut turn = 0;
    let over = loop {
        let spectator = game(port(turn), &id, None);
        if spectator["status"] == "finished" {
            break spectator;
        }
        assert!(started.elapsed() < Duration::from_secs(600), "no end in sight: {spectator}");
        for seat in &persons {
            let mine = game(port(turn), &id, Some(token(seat)));
            let moves: Vec<&Value> = mine["legal_actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|action| !is_table_action(action))
                .collect();
            if let Some(action) = moves.get(turn % moves.len().max(1)) {
                let (status, answer) = act(port(turn), &id, token(seat), action);
                assert!(status == 200 || status == 409 || status == 422, "{status}: {answer}");
            }
        }
        turn += 1;
        std::thread::sleep(Duration::from_millis(20));
    };
    let ending = &over["ending"];
    assert_eq!(ending["reason"], "played_out", "{over}");
    let left: BTreeSet<String> = [seats[1].clone(), seats[2].clone(), late.clone()].into();
    let abandoned: BTreeSet<String> = serde_json::from_value(ending["abandoned"].clone()).unwrap();
    assert_eq!(abandoned, left);
    let ranking = ending["ranking"].as_array().unwrap();
    let last: BTreeSet<String> = serde_json::from_value(ranking.last().unwrap().clone()).unwrap();
    assert_eq!(last, left, "the three leavers rank last, whatever their bots scored: {ranking:?}");
    let ranked: usize = ranking.iter().map(|place| place.as_array().unwrap().len()).sum();
    assert_eq!(ranked, 5, "every seat has a place");
    for player in over["players"].as_array().unwrap() {
        let seat = player["seat"].as_str().unwrap();
        assert_eq!(player["abandoned"].is_string(), left.contains(seat), "{player}");
    }
    assert_eq!(logged_count(port(0), &id, "seat_abandoned"), 3, "each seat left once, whichever instance saw it");
}

/// Creates a two-player game with `clock` on `port` (every seat the creator's: both seats act at once from the
/// start, so that both clocks run).
fn clocked(port: u16, clock: Value) -> String {
    let body = json!({"title": "caesar-cleopatra", "players": 2, "clock": clock});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    let times = &created.body["game"]["clock"]["seats"];
    assert!(times.as_array().unwrap().iter().all(|time| time["running"] == true), "{times}");
    created.body["game"]["id"].as_str().unwrap().to_owned()
}

#[test]
fn a_fischer_clock_and_a_time_bank_run_out_once_when_the_instance_that_set_them_is_killed() {
    let redis = RedisServer::start();
    for clock in [
        json!({"initial_seconds": 1, "increment_seconds": 3}),
        json!({"bank_seconds": 1, "turn_seconds": 1}),
    ] {
        let mut starter = instance(&redis);
        let survivors = [instance(&redis), instance(&redis)];
        let id = clocked(starter.port, clock.clone());
        starter.kill();
        let over = wait_for(survivors[0].port, &id, Duration::from_secs(15), "the timeout", |game| {
            game["status"] == "finished"
        });
        assert_eq!(over["ending"]["reason"], "timed_out", "{clock}: {over}");
        let by: BTreeSet<String> = serde_json::from_value(over["ending"]["by"].clone()).unwrap();
        assert_eq!(by, ["caesar".to_owned(), "cleopatra".to_owned()].into(), "{clock}: both clocks ran");
        assert_eq!(over["clock"]["per_seat"], clock);
        // Both survivors sweep: the timeout is in the log once.
        std::thread::sleep(Duration::from_millis(500));
        assert_eq!(logged_count(survivors[1].port, &id, "timed_out"), 1, "{clock}");
    }
}

#[test]
fn clocks_are_refused_out_of_range_or_with_a_turn_clock_and_bots_with_two_seats() {
    let server = ServerProcess::start(None);
    for (body, code) in [
        (
            json!({"title": "caligula", "players": 3, "clock": {"initial_seconds": 0, "increment_seconds": 1}}),
            "invalid_clock",
        ),
        (
            json!({"title": "caligula", "players": 3, "turn_seconds": 5,
                   "clock": {"bank_seconds": 60, "turn_seconds": 5}}),
            "clock_conflict",
        ),
        (json!({"title": "caligula", "players": 3, "clock": {"bank_seconds": 60}}), "malformed_request"),
        (json!({"title": "caesar-cleopatra", "players": 2, "on_leave": "bot"}), "on_leave_conflict"),
    ] {
        let created = send(server.port, "POST", "/v1/games", None, None, Some(&body)).expect("an answer");
        assert_eq!(created.body["code"], code, "{body}: {}", created.body);
    }
}
