//! Promises under faults, against the real binary and a real redis-server on loopback: no acknowledged move is lost
//! when the server is SIGKILLed, no move is applied twice, racing clients never both win, and idempotency keys hold
//! across processes. Generic: every test plays the first title's listed legal actions.

use crate::common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use common::http::{Game, Reply, create, events_as, next_move, send};
use common::{RedisServer, ServerProcess};
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

const KILLS: usize = 100;
const RACERS: usize = 32;

/// Checks that the log's positions are exactly 1..=version, each once.
fn assert_log_is_whole(port: u16, game: &Game) -> u64 {
    let log = events_as(port, game, None, 0);
    let version = log["version"].as_u64().unwrap();
    if log["complete"] == true {
        let seqs: Vec<u64> = log["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect();
        assert_eq!(seqs, (1..=version).collect::<Vec<_>>(), "every version exactly once");
    }
    version
}

#[test]
fn acknowledged_moves_survive_sigkill_and_none_is_applied_twice() {
    let redis = RedisServer::start();
    let mut server = ServerProcess::start(Some(&redis.url));
    let port = server.port;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let (mut kills, mut acknowledged, mut games) = (0, 0, 0);
    while kills < KILLS {
        games += 1;
        let game = create(port, games);
        let mut previous = None;
        while kills < KILLS {
            let Some((seat, action, before)) = next_move(port, &game, rng.random::<u32>() as usize) else {
                break;
            };
            let key = format!("move-{before}");
            let body = json!({"action": action});
            let path = format!("/v1/games/{}/actions", game.id);
            // Now and then, kill the server while this request is in flight.
            let killer = (rng.random_range(0..3) == 0).then(|| {
                let delay = std::time::Duration::from_micros(rng.random_range(0..3000));
                let pid = server.pid();
                std::thread::spawn(move || {
                    std::thread::sleep(delay);
                    unsafe_kill(pid);
                })
            });
            let first = send(port, "POST", &path, Some(game.token(&seat)), Some(&key), Some(&body));
            if let Some(killer) = killer {
                killer.join().unwrap();
                kills += 1;
                server.kill();
                server = ServerProcess::start_on(port, Some(&redis.url));
            }
            // A lost answer is retried with the same key: the move is applied at most once.
            let reply = match first {
                Some(reply) if reply.status != 503 => reply,
                _ => send(port, "POST", &path, Some(game.token(&seat)), Some(&key), Some(&body)).expect("answer"),
            };
            assert_eq!(reply.status, 200, "{}", reply.body);
            let after = reply.body["version"].as_u64().unwrap();
            acknowledged += 1;
            // The move is in the log, as its seat saw it, right after the previous one: none lost, none twice.
            assert!(previous.is_none_or(|p| p == before), "each move starts where the previous one ended");
            assert!(after > before);
            let seen = events_as(port, &game, Some(&seat), before);
            let logged: Vec<&Value> = seen["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["seq"].as_u64().unwrap() <= after)
                .collect();
            assert_eq!(logged, reply.body["events"].as_array().unwrap().iter().collect::<Vec<_>>(), "move to {after}");
            previous = Some(after);
        }
        assert_eq!(assert_log_is_whole(port, &game), previous.unwrap_or(0), "only acknowledged moves are logged");
    }
    eprintln!("kills survived: {kills}, acknowledged moves: {acknowledged}, games: {games}");
}

fn unsafe_kill(pid: u32) {
    let _ = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status();
}

#[test]
fn racing_clients_never_both_win() {
    let redis = RedisServer::start();
    let server = ServerProcess::start(Some(&redis.url));
    let port = server.port;
    let games: Vec<Arc<Game>> = (0..4).map(|seed| Arc::new(create(port, seed))).collect();
    let accepted = Arc::new(AtomicU64::new(0));
    let conflicts = Arc::new(AtomicU64::new(0));
    let wins: Arc<Mutex<Vec<(usize, u64, u64)>>> = Arc::default();
    let racers: Vec<_> = (0..RACERS)
        .map(|racer| {
            let (games, accepted, conflicts, wins) = (games.clone(), accepted.clone(), conflicts.clone(), wins.clone());
            std::thread::spawn(move || {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(racer as u64);
                for _ in 0..12 {
                    // Half the racers crowd one game; the others spread over all of them.
                    let index = if racer % 2 == 0 {
                        0
                    } else {
                        rng.random_range(0..games.len())
                    };
                    let game = &games[index];
                    let Some((seat, action, version)) = next_move(port, game, 0) else {
                        continue;
                    };
                    let body = json!({"action": action, "expected_version": version});
                    let path = format!("/v1/games/{}/actions", game.id);
                    let reply = send(port, "POST", &path, Some(game.token(&seat)), None, Some(&body)).expect("answer");
                    match reply.status {
                        200 => {
                            accepted.fetch_add(1, Ordering::Relaxed);
                            let new = reply.body["version"].as_u64().unwrap();
                            wins.lock().unwrap().push((index, version, new));
                        }
                        409 => {
                            assert_eq!(reply.body["code"], "version_conflict");
                            assert_eq!(reply.body["expected_version"], version);
                            assert!(reply.body["current_version"].as_u64().unwrap() > version);
                            conflicts.fetch_add(1, Ordering::Relaxed);
                        }
                        other => panic!("unexpected {other}: {}", reply.body),
                    }
                }
            })
        })
        .collect();
    for racer in racers {
        racer.join().unwrap();
    }
    let mut wins = wins.lock().unwrap().clone();
    assert!(conflicts.load(Ordering::Relaxed) > 0, "the racers did collide");
    for (index, game) in games.iter().enumerate() {
        let mut mine: Vec<(u64, u64)> = wins.iter().filter(|w| w.0 == index).map(|w| (w.1, w.2)).collect();
        mine.sort();
        // Each winning move starts where the previous ended: no two winners at one version, no gap.
        for pair in mine.windows(2) {
            assert_eq!(pair[0].1, pair[1].0, "game {index}: moves {pair:?} overlap or leave a gap");
        }
        let version = assert_log_is_whole(port, game);
        assert_eq!(mine.last().map_or(version, |m| m.1), version);
    }
    wins.clear();
    // The log replays to the state served: a fresh process (no cache) serves the same views.
    let fresh = ServerProcess::start(Some(&redis.url));
    for game in &games {
        let path = format!("/v1/games/{}", game.id);
        for (seat, token) in &game.tokens {
            let served = send(port, "GET", &path, Some(token), None, None).unwrap().body;
            let rebuilt = send(fresh.port, "GET", &path, Some(token), None, None).unwrap().body;
            assert_eq!(
                common::without_presence(&served),
                common::without_presence(&rebuilt),
                "{seat}'s view rebuilt from the log"
            );
        }
    }
    eprintln!(
        "racers: {RACERS}, accepted moves: {}, conflicts: {}",
        accepted.load(Ordering::Relaxed),
        conflicts.load(Ordering::Relaxed)
    );
}

#[test]
fn idempotency_keys_hold_across_two_processes() {
    let redis = RedisServer::start();
    let (a, b) = (ServerProcess::start(Some(&redis.url)), ServerProcess::start(Some(&redis.url)));
    let game = create(a.port, 21);
    let (seat, action, version) = next_move(a.port, &game, 0).expect("a move");
    let path = format!("/v1/games/{}/actions", game.id);
    let body = json!({"action": action});
    let send_same = |port| send(port, "POST", &path, Some(game.token(&seat)), Some("same"), Some(&body)).unwrap();
    let first = send_same(a.port);
    assert_eq!(first.status, 200);
    let again = send_same(b.port);
    assert_eq!(again.status, 200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    assert_eq!(assert_log_is_whole(b.port, &game), first.body["version"].as_u64().unwrap());
    assert!(first.body["version"].as_u64().unwrap() > version);

    // The same new key sent to both processes at once: applied once, answered twice the same way.
    let (seat, action, _) = next_move(a.port, &game, 0).expect("a move");
    let body = json!({"action": action});
    let token = game.token(&seat).to_owned();
    let racing: Vec<_> = [a.port, b.port]
        .into_iter()
        .map(|port| {
            let (path, token, body) = (path.clone(), token.clone(), body.clone());
            std::thread::spawn(move || send(port, "POST", &path, Some(&token), Some("twice"), Some(&body)).unwrap())
        })
        .collect();
    let replies: Vec<Reply> = racing.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(replies.iter().all(|r| r.status == 200), "{:?}", replies.iter().map(|r| &r.body).collect::<Vec<_>>());
    assert_eq!(replies[0].body, replies[1].body);
    assert_eq!(assert_log_is_whole(a.port, &game), replies[0].body["version"].as_u64().unwrap());
}
