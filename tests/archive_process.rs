//! Archival exactly once across real `ludus` processes sharing a real Redis and a real PostgreSQL: 1,000 finished
//! games of every title and player count are archived by two instances while one of them is killed with SIGKILL
//! between a game's copy in the archive and its removal from Redis. Every game reads back as it read before (its
//! events and the chain hash in its `ETag`), each is in the archive once, nothing of them is left in Redis, and Redis
//! uses as much memory as before the games (within 5%; before: once each instance played and archived a game, client
//! buffers aside).

use crate::common;

use std::collections::HashMap;
use std::time::Duration;

use common::app::{self, FAST_SWEEP, process_call as call};
use common::http::{raw_metrics, request};
use common::postgres::PostgresServer;
use common::{RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

const GAMES: usize = 1000;
/// Every title at every player count, in turn.
const CASES: [(&str, usize); 12] = [
    ("alea-iacta-est", 2),
    ("alea-iacta-est", 3),
    ("alea-iacta-est", 4),
    ("alea-iacta-est", 5),
    ("caesar-cleopatra", 2),
    ("caligula", 2),
    ("caligula", 3),
    ("caligula", 4),
    ("caligula", 5),
    ("rome-carthage", 2),
    ("rome-carthage", 3),
    ("rome-carthage", 4),
];

/// Redis's `used_memory` without what its clients' connections take (`mem_clients_normal`: query and output
/// buffers, about 20 KB a connection, which come and go with the instances' pools, not with games), without the
/// latency histogram (about 20 KB) Redis allocates for each command name the first time it runs (a fixed cost per
/// command, which `CONFIG RESETSTAT` frees) and without its slow log (commands over 10 ms, up to 128 of them with
/// their arguments: about 60 KB on a loaded machine, which made a CI run read 6.1% more before the games than after;
/// `SLOWLOG RESET` frees it). Read until it settles (two readings 250 ms apart within 1 KB, 15 s at most). The
/// level, and what was read, for the failure message.
fn settled_memory(redis: &RedisServer) -> (u64, String) {
    let read = || {
        redis.command(&["CONFIG", "RESETSTAT"]);
        redis.command(&["SLOWLOG", "RESET"]);
        let info = redis.command(&["INFO", "memory"]);
        let value = |name: &str| -> u64 {
            let value = ludus::store::info_value(&info, name).unwrap_or_else(|| panic!("{name} in INFO memory"));
            value.parse().unwrap()
        };
        let (used, clients) = (value("used_memory"), value("mem_clients_normal"));
        let parts = [
            "used_memory_overhead",
            "used_memory_dataset",
            "used_memory_scripts",
            "mem_aof_buffer",
        ];
        let parts = parts.map(|name| format!("{name} {}", value(name))).join(", ");
        let keys = redis.command(&["KEYS", "*"]);
        let keys: String = keys.chars().take(300).collect();
        (used - clients, format!("used_memory {used}, mem_clients_normal {clients}, {parts}; keys {keys}"))
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let mut last = read();
    let mut readings = vec![last.0];
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let next = read();
        readings.push(next.0);
        let settled = next.0.abs_diff(last.0) < 1024;
        last = next;
        if settled || std::time::Instant::now() > deadline {
            return (last.0, format!("{}; read {readings:?}", last.1));
        }
    }
}

/// What a client reads of a game: its events and its `ETag` (version and chain hash).
fn read(port: u16, id: &str) -> (Value, String) {
    let events = request(port, "GET", &format!("/v1/games/{id}/events?limit=1000"), &[], None).expect("an answer");
    assert_eq!(events.status, 200, "{}", events.body);
    let game = request(port, "GET", &format!("/v1/games/{id}"), &[], None).expect("an answer");
    assert_eq!(game.status, 200, "{}", game.body);
    (events.body, game.header("etag").expect("an ETag").to_owned())
}

/// A game of `case` played a few moves (the `n`-th of its kind plays `n % 8`), clocked one time in three, a chat
/// message on every tenth, then resigned by its first seat, which ends it (`on_leave: end`).
fn finished_game(port: u16, (title, players): (&str, usize), n: usize) -> String {
    let (status, created) = call(
        port,
        "POST",
        "/v1/games",
        None,
        Some(&match n % 3 {
            // A clocked game's moves are told with their times.
            1 => json!({"title": title, "players": players, "on_leave": "end",
                        "clock": {"initial_seconds": 600, "increment_seconds": 5}}),
            _ => json!({"title": title, "players": players, "on_leave": "end"}),
        }),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let tokens: HashMap<String, String> = common::seat_tokens(&created).into_iter().collect();
    let bearer = |seat: &str| format!("Bearer {}", tokens[seat]);
    for step in 0..n % 8 {
        let (_, game) = call(port, "GET", &format!("/v1/games/{id}"), None, None);
        let Some(seat) = game["to_act"]
            .as_array()
            .and_then(|seats| seats.first())
            .and_then(Value::as_str)
        else {
            break;
        };
        let auth = bearer(seat);
        let listed = request(port, "GET", &format!("/v1/games/{id}/actions"), &[("Authorization", &auth)], None)
            .expect("an answer");
        let actions = common::title_actions(listed.body["actions"].as_array().expect("actions"));
        let action = &actions[(n + step) % actions.len()];
        let moved = request(
            port,
            "POST",
            &format!("/v1/games/{id}/actions"),
            &[("Authorization", &auth)],
            Some(&json!({"action": action})),
        )
        .expect("an answer");
        assert_eq!(moved.status, 200, "{}", moved.body);
    }
    let first_seat = common::seat_tokens(&created)[0].0.clone();
    let auth = bearer(&first_seat);
    if n.is_multiple_of(10) {
        let said = request(
            port,
            "POST",
            &format!("/v1/games/{id}/chat"),
            &[("Authorization", &auth)],
            Some(&json!({"text": "gg"})),
        )
        .expect("an answer");
        assert_eq!(said.status, 201, "{}", said.body);
    }
    let resigned = request(
        port,
        "POST",
        &format!("/v1/games/{id}/actions"),
        &[("Authorization", &auth)],
        Some(&json!({"action": {"type": "resign"}})),
    )
    .expect("an answer");
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    id
}

#[test]
fn a_thousand_finished_games_are_archived_once_by_two_instances_one_killed_mid_way() {
    let redis = RedisServer::start();
    let postgres = PostgresServer::start();
    let settings = |pause: &'static str| {
        vec![
            ("LUDUS_ARCHIVE_URL", postgres.url.clone()),
            ("LUDUS_ARCHIVE_AFTER", "3s".to_owned()),
            ("LUDUS_GAMES_PER_MINUTE", "0".to_owned()),
            ("LUDUS_CHAT_PER_MINUTE", "0".to_owned()),
            ("LUDUS_TEST_PAUSE_BEFORE_LIVE_REMOVAL_MS", pause.to_owned()),
            (FAST_SWEEP.0, FAST_SWEEP.1.to_owned()),
        ]
    };
    let start = |pause| {
        let env = settings(pause);
        let env: Vec<(&str, &str)> = env.iter().map(|(name, value)| (*name, value.as_str())).collect();
        ServerProcess::start_with_env(free_port(), Some(&redis.url), &env)
    };
    // The instance to be killed waits a while between copying a game and removing it: it dies holding copies.
    let mut doomed = start("1500");
    let steady = start("0");
    // The level before the games is a serving Redis's: each instance has played and archived a game (its scripts
    // loaded, its connections open), which is not what the games leave behind. Measured with no key at all in
    // Redis, a cold start's level was 2% to 9% above the same Redis once the games had left (start-up transients).
    let warm_ups = [doomed.port, steady.port].map(|port| finished_game(port, CASES[0], 0));
    let archived = || postgres.query("SELECT count(*) FROM ludus_games");
    app::wait_for("the warm-up games archived", Duration::from_secs(30), Duration::from_millis(50), || {
        archived() == warm_ups.len().to_string() && redis.command(&["DBSIZE"]) == "int(0)"
    });
    let (baseline, baseline_info) = settled_memory(&redis);

    let mut before = Vec::with_capacity(GAMES);
    let playing = std::time::Instant::now();
    for n in 0..GAMES {
        // Both play until one dies; then the other goes on alone.
        let port = if n.is_multiple_of(2) || n > GAMES / 2 {
            steady.port
        } else {
            doomed.port
        };
        let id = finished_game(port, CASES[n % CASES.len()], n / CASES.len());
        // Read at once, well before its archival (LUDUS_ARCHIVE_AFTER).
        before.push((id.clone(), read(steady.port, &id)));
        if n == GAMES / 2 {
            app::wait_for("archived games", Duration::from_secs(30), Duration::from_millis(50), || {
                postgres.query("SELECT count(*) FROM ludus_games") != "0"
            });
            doomed.kill();
        }
    }

    let played = format!("{} archived once the games were played, in {:?}", archived(), playing.elapsed());
    let live = || redis.command(&["KEYS", "ludus:{*}:meta"]);
    let all = GAMES + warm_ups.len();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while archived() != all.to_string() || live() != "array([])" {
        assert!(
            std::time::Instant::now() < deadline,
            "not every game archived in 120 s: {} in the archive ({played}); live in Redis: {}; the survivor's \
             archival metrics: {:?}",
            archived(),
            live().chars().take(300).collect::<String>(),
            raw_metrics(steady.port)
                .lines()
                .filter(|line| line.starts_with("ludus_archiv") || line.starts_with("ludus_games_archived"))
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(
        postgres.query("SELECT count(*), count(DISTINCT id) FROM ludus_games"),
        format!("{all}|{all}"),
        "each game once"
    );
    assert_eq!(
        postgres.query("SELECT count(*) FROM ludus_games WHERE get_byte(record, 0) = 2"),
        all.to_string(),
        "each game told by its decisions (format 2)"
    );
    let reader = start("0");
    for (id, answer) in &before {
        assert_eq!(&read(reader.port, id), answer, "game {id} reads as it did before its archival");
        let keys = redis.command(&["KEYS", &format!("ludus:{{{id}}}:*")]);
        assert_eq!(keys, "array([])", "nothing of game {id} is left in Redis");
        for notes in ["ludus:due", "ludus:archival"] {
            let noted = redis.command(&["ZSCORE", notes, id]);
            assert_eq!(noted, "nil", "game {id} is left noted in {notes} (its clock's deadline)");
        }
    }
    let (after, after_info) = settled_memory(&redis);
    let drift = after.abs_diff(baseline) as f64 / baseline as f64;
    assert!(
        drift <= 0.05,
        "Redis used {baseline} bytes before the games ({baseline_info}) and {after} after ({after_info}): {:.1}%",
        drift * 100.0
    );
}
