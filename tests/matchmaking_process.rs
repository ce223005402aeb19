//! Quick play raced across two real `ludus` processes sharing one Redis: a hundred accounts seeking at once, half
//! through each instance, make tables of distinct accounts, and no account sits at two tables; and a table whose
//! completing instance is killed (SIGKILL) before opening its game is opened by the other instance.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use common::http::request;
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

const SEEKERS: usize = 100;
const PLAYERS: usize = 4;

fn call(port: u16, method: &str, path: &str, key: Option<&str>, body: Option<&Value>) -> (u16, Value) {
    let auth = key.map(|key| format!("Bearer {key}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|auth| ("Authorization", auth.as_str())).collect();
    let reply = request(port, method, path, &headers, body).expect("an answer");
    (reply.status, reply.body)
}

#[test]
fn a_hundred_racing_seekers_on_two_instances_sit_once_each_at_tables_of_distinct_accounts() {
    let redis = RedisServer::start();
    // A hundred accounts from one address: beyond the default cap on account creation.
    let uncapped = [("LUDUS_ACCOUNTS_PER_HOUR", "0")];
    let instance = || ServerProcess::start_with_env(free_port(), Some(&redis.url), &uncapped);
    let instances = [instance(), instance()];
    let ports: Vec<u16> = instances.iter().map(|instance| instance.port).collect();
    let accounts: Vec<(String, String)> = (0..SEEKERS)
        .map(|n| {
            let body = json!({"name": format!("seeker-{n}"), "kind": "player"});
            let (status, created) = call(ports[n % 2], "POST", "/v1/accounts", None, Some(&body));
            assert_eq!(status, 201, "{created}");
            (created["id"].as_str().unwrap().to_owned(), created["key"].as_str().unwrap().to_owned())
        })
        .collect();

    let start = Arc::new(Barrier::new(SEEKERS));
    let seekers: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(n, (_, key))| {
            let (port, key, start) = (ports[n % 2], key.clone(), start.clone());
            std::thread::spawn(move || {
                let body = json!({"title": "alea-iacta-est", "players": PLAYERS});
                start.wait();
                call(port, "POST", "/v1/matchmaking", Some(&key), Some(&body))
            })
        })
        .collect();
    let answers: Vec<(u16, Value)> = seekers.into_iter().map(|seeker| seeker.join().unwrap()).collect();

    let games: BTreeSet<String> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, answer)| answer["game"].as_str().unwrap().to_owned())
        .collect();
    assert!(answers.iter().all(|(status, _)| *status == 201 || *status == 202), "{answers:?}");
    assert_eq!(games.len(), SEEKERS / PLAYERS, "every table completed once, by one seeker");
    let mut seated_at: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for game in &games {
        let (status, answer) = call(ports[0], "GET", &format!("/v1/games/{game}"), None, None);
        assert_eq!(status, 200, "{answer}");
        let at_table: BTreeSet<String> = answer["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|player| player["account"].as_str().expect("every seat an account's").to_owned())
            .collect();
        assert_eq!(at_table.len(), PLAYERS, "a table of distinct accounts: {answer}");
        for account in at_table {
            seated_at.entry(account).or_default().push(game.clone());
        }
    }
    assert_eq!(seated_at.len(), SEEKERS, "every seeker sits somewhere");
    assert!(seated_at.values().all(|games| games.len() == 1), "no account at two tables: {seated_at:?}");
    for (n, (account, key)) in accounts.iter().enumerate() {
        let (status, _) = call(ports[n % 2], "DELETE", "/v1/matchmaking", Some(key), None);
        assert_eq!(status, 404, "{account} seeks no more");
        let (status, mine) = call(ports[(n + 1) % 2], "GET", "/v1/accounts/me/games", Some(key), None);
        assert_eq!(status, 200, "{mine}");
        let listed: Vec<&str> = mine["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|game| game["id"].as_str().unwrap())
            .collect();
        assert_eq!(listed, [seated_at[account][0].as_str()], "the account's games list its one table");
    }
}

/// The account's games (ids) as `port` lists them.
fn games_of(port: u16, key: &str) -> Vec<String> {
    let (status, mine) = call(port, "GET", "/v1/accounts/me/games", Some(key), None);
    assert_eq!(status, 200, "{mine}");
    mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_table_whose_completing_instance_is_killed_before_opening_its_game_is_opened_by_the_other_instance() {
    let redis = RedisServer::start();
    // The first instance holds a completed table's game back (and sweeps nothing), so that it can be killed then.
    let pause = ("LUDUS_TEST_PAUSE_BEFORE_OPENING_TABLE_MS", "120000");
    let mut dying =
        ServerProcess::start_with_env(free_port(), Some(&redis.url), &[pause, ("LUDUS_SWEEP_INTERVAL", "off")]);
    let other = ServerProcess::start_with_env(free_port(), Some(&redis.url), &[("LUDUS_SWEEP_INTERVAL", "100ms")]);
    let [(ada, ada_key), (bea, bea_key)] = ["ada", "bea"].map(|name| {
        let body = json!({"name": name, "kind": "player"});
        let (status, created) = call(other.port, "POST", "/v1/accounts", None, Some(&body));
        assert_eq!(status, 201, "{created}");
        (created["id"].as_str().unwrap().to_owned(), created["key"].as_str().unwrap().to_owned())
    });
    let duel = json!({"title": "caesar-cleopatra", "players": 2});
    let (status, waiting) = call(other.port, "POST", "/v1/matchmaking", Some(&ada_key), Some(&duel));
    assert_eq!(status, 202, "{waiting}");

    // Bea completes the table through the first instance, which is killed before it opens the game.
    let (port, key, body) = (dying.port, bea_key.clone(), duel.clone());
    let completing = std::thread::spawn(move || {
        request(port, "POST", "/v1/matchmaking", &[("Authorization", &format!("Bearer {key}"))], Some(&body))
    });
    std::thread::sleep(Duration::from_millis(1500));
    let (status, _) = call(other.port, "DELETE", "/v1/matchmaking", Some(&ada_key), None);
    assert_eq!(status, 404, "ada's table is complete: she waits no more");
    assert!(games_of(other.port, &ada_key).is_empty(), "no game yet");
    dying.kill();
    assert!(completing.join().unwrap().is_none(), "the completing seek got no answer");

    // Once the dead instance's claim ends (5 s), the other instance's background work opens the game.
    let started = Instant::now();
    let game = loop {
        if let [game] = games_of(other.port, &ada_key).as_slice() {
            break game.clone();
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the game not opened in 30 s");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(games_of(other.port, &bea_key), std::slice::from_ref(&game));
    let (status, answer) = call(other.port, "GET", &format!("/v1/games/{game}"), None, None);
    assert_eq!(status, 200, "{answer}");
    let seated: BTreeSet<&str> = answer["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|player| player["account"].as_str().expect("every seat an account's"))
        .collect();
    assert_eq!(seated, BTreeSet::from([ada.as_str(), bea.as_str()]));
    // Opened once: later sweeps make no second game, and both may seek again.
    std::thread::sleep(Duration::from_secs(6));
    assert_eq!(games_of(other.port, &ada_key), std::slice::from_ref(&game));
    for key in [&ada_key, &bea_key] {
        let (status, again) = call(other.port, "POST", "/v1/matchmaking", Some(key), Some(&duel));
        assert!(status == 202 || status == 201, "{again}");
    }
}
