//! A graceful shutdown, as a rolling deploy does it: two instances of the real binary on one Redis, 200 live streams
//! and moves in flight on the first when it gets SIGTERM. Its readiness turns 503, every stream gets a last message
//! telling its client to reconnect, the process exits within its grace, no acknowledged move is lost, and every
//! stream resumes on the second instance with `Last-Event-ID`, with no gap and nothing twice.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::http::{Game, create, next_move, send};
use common::sse::{Read, Sse};
use common::{RedisServer, ServerProcess, free_port};
use serde_json::json;

const GAMES: usize = 20;
const STREAMS_PER_GAME: usize = 10;
const GRACE_SECONDS: u64 = 5;
/// Few enough that no game ends (a finished game's stream would end by itself).
const MOVES_PER_GAME: usize = 20;

/// What one stream client saw: every version, in order, and how many times it had to reconnect.
struct Seen {
    versions: Vec<u64>,
    /// The last message's id, which a reconnection sends back as EventSource does.
    last_id: Option<String>,
    reconnects: usize,
    told_to_reconnect: bool,
}

/// Reads `game`'s stream from `first`, reconnecting to `second` with `Last-Event-ID` whenever the stream ends, until
/// it has seen the version `last` announces (set once the load stopped).
fn follow(first: u16, second: u16, game: String, last: Arc<AtomicU64>, opened: Arc<AtomicU64>) -> Seen {
    let mut seen = Seen {
        versions: Vec::new(),
        last_id: None,
        reconnects: 0,
        told_to_reconnect: false,
    };
    let mut sse = Sse::open(first, &game, None).expect("the stream opens on the first instance");
    opened.fetch_add(1, Ordering::SeqCst);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let caught_up = || {
            let target = last.load(Ordering::SeqCst);
            target > 0 && seen.versions.last().is_some_and(|version| *version >= target)
        };
        match sse.next() {
            Read::Message { id, event, .. } => {
                seen.told_to_reconnect |= event.as_deref() == Some("reconnect");
                if let Some(id) = id {
                    seen.versions.push(common::app::version_of(&id));
                    seen.last_id = Some(id);
                }
            }
            Read::Idle if caught_up() => return seen,
            Read::Idle => {}
            Read::Ended if caught_up() => return seen,
            Read::Ended => {
                // Resume where this client stopped, on the instance that stays.
                let resume = seen.last_id.clone();
                sse = loop {
                    if let Some(next) = Sse::open(second, &game, resume.as_deref()) {
                        break next;
                    }
                    assert!(!caught_up(), "the stream of {game} was refused although nothing is left to send");
                    assert!(Instant::now() < deadline, "the second instance never took the stream of {game}");
                    std::thread::sleep(Duration::from_millis(100));
                };
                seen.reconnects += 1;
            }
        }
        assert!(Instant::now() < deadline, "the stream of {game} never caught up");
    }
}

/// Plays moves of `game` while `playing`, on `first` until it is gone, then on `second`; returns the versions the
/// acknowledged moves reached.
fn play(first: u16, second: u16, game: Game, playing: Arc<AtomicBool>) -> Vec<u64> {
    let mut acknowledged = Vec::new();
    let mut port = first;
    let mut pick = 0;
    while playing.load(Ordering::SeqCst) && pick < MOVES_PER_GAME {
        let Some((seat, action, version)) = next_move(port, &game, pick) else {
            port = second;
            continue;
        };
        pick += 1;
        let body = json!({"action": action, "expected_version": version});
        let key = format!("move-{version}");
        let path = format!("/v1/games/{}/actions", game.id);
        match send(port, "POST", &path, Some(game.token(&seat)), Some(&key), Some(&body)) {
            Some(reply) if reply.status == 200 => acknowledged.push(reply.body["version"].as_u64().unwrap()),
            Some(reply) if reply.status == 409 || reply.status == 503 || reply.status == 422 => {}
            Some(reply) => panic!("a move answered {}: {}", reply.status, reply.body),
            // The first instance closed the connection: its move may or may not have been applied, but it was
            // never acknowledged. The other instance goes on.
            None => port = second,
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    acknowledged
}

#[test]
fn sigterm_drains_an_instance_without_losing_a_move_or_a_stream_message() {
    let redis = RedisServer::start();
    let settings = [
        ("LUDUS_MAX_STREAMS_PER_CLIENT", "0"),
        ("LUDUS_SHUTDOWN_GRACE", "5s"),
        ("LUDUS_GAMES_PER_MINUTE", "0"),
    ];
    let mut first = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);
    let second = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);
    let games: Vec<Game> = (0..GAMES).map(|seed| create(second.port, seed as u64)).collect();
    let lasts: Vec<Arc<AtomicU64>> = (0..GAMES).map(|_| Arc::new(AtomicU64::new(0))).collect();
    let opened = Arc::new(AtomicU64::new(0));
    let streams: Vec<_> = (0..GAMES * STREAMS_PER_GAME)
        .map(|index| {
            let (game, last, opened) = (games[index % GAMES].id.clone(), lasts[index % GAMES].clone(), opened.clone());
            let (a, b) = (first.port, second.port);
            std::thread::spawn(move || follow(a, b, game, last, opened))
        })
        .collect();
    while opened.load(Ordering::SeqCst) < (GAMES * STREAMS_PER_GAME) as u64 {
        std::thread::sleep(Duration::from_millis(50));
    }
    let metrics = send(first.port, "GET", "/health", None, None, None).unwrap();
    assert_eq!(metrics.body["streams"], GAMES * STREAMS_PER_GAME, "every stream is open on the first instance");

    let playing = Arc::new(AtomicBool::new(true));
    let players: Vec<_> = games
        .iter()
        .map(|game| {
            let (game, playing) = (
                Game {
                    id: game.id.clone(),
                    tokens: game.tokens.clone(),
                },
                playing.clone(),
            );
            let (a, b) = (first.port, second.port);
            std::thread::spawn(move || play(a, b, game, playing))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));

    let terminated = Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &first.pid().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let unready = Instant::now() + Duration::from_secs(1);
    loop {
        let readiness = send(first.port, "GET", "/readyz", None, None, None).expect("still serving");
        if readiness.status == 503 {
            assert_eq!(readiness.body["status"], "draining");
            break;
        }
        assert!(Instant::now() < unready, "readiness turns 503 at once: {}", readiness.body);
        std::thread::sleep(Duration::from_millis(20));
    }
    let exited = first.wait_for_exit(Duration::from_secs(GRACE_SECONDS + 5));
    assert!(exited.is_some(), "the instance exits after SIGTERM");
    assert!(
        terminated.elapsed() < Duration::from_secs(GRACE_SECONDS + 2),
        "within its grace of {GRACE_SECONDS} s (took {:?})",
        terminated.elapsed()
    );
    std::thread::sleep(Duration::from_secs(2));
    playing.store(false, Ordering::SeqCst);
    let acknowledged: Vec<Vec<u64>> = players.into_iter().map(|player| player.join().unwrap()).collect();

    let mut moves = 0;
    for ((game, acked), last) in games.iter().zip(&acknowledged).zip(&lasts) {
        let state = send(second.port, "GET", &format!("/v1/games/{}", game.id), None, None, None).unwrap();
        let version = state.body["version"].as_u64().unwrap();
        let distinct: BTreeSet<&u64> = acked.iter().collect();
        assert_eq!(distinct.len(), acked.len(), "{}: no version acknowledged twice", game.id);
        assert!(
            acked.iter().all(|reached| *reached <= version),
            "{}: every acknowledged move is in the log",
            game.id
        );
        let log = send(second.port, "GET", &format!("/v1/games/{}/events", game.id), None, None, None).unwrap();
        let seqs: Vec<u64> = log.body["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect();
        assert_eq!(seqs, (1..=version).collect::<Vec<_>>(), "{}: the log is whole", game.id);
        moves += acked.len();
        last.store(version, Ordering::SeqCst);
    }
    assert!(moves > GAMES, "moves were played through the shutdown ({moves})");

    for stream in streams {
        let seen = stream.join().unwrap();
        assert!(seen.told_to_reconnect, "the draining instance told the stream to reconnect");
        assert_eq!(seen.reconnects, 1, "one resumption, on the second instance");
        let first_seen = *seen.versions.first().expect("messages");
        assert_eq!(
            seen.versions,
            (first_seen..first_seen + seen.versions.len() as u64).collect::<Vec<_>>(),
            "no gap and nothing twice"
        );
    }
}
