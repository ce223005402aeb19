//! Nothing acknowledged is lost or rewritten unseen, on a Redis Cluster with failovers: three primaries with a replica
//! each (`appendfsync everysec`, `cluster-node-timeout 2000`), two ludus instances, a player per game retrying every
//! move under its `Idempotency-Key` on any failure and presenting the last position it was given
//! (`X-Ludus-Known-Head`), a spectator stream per game opened at version 0 while the game is in progress and resumed
//! with `Last-Event-ID` on every end. Three times, a primary is killed while its replica lags (their replication link
//! cut with `iptables` a second before), the replica is promoted, and the old primary comes back as its replica.
//!
//! - With `LUDUS_REDIS_WAIT_REPLICAS=1`: no acknowledged move is lost or rewritten.
//! - Without it, moves acknowledged in the lost second are gone: every player that held one was told
//!   (`history_rewritten`, or 404 for a game created in that second), and every player and stream ends with the log's
//!   own picture.
//! - Either way, before the first fault, no stream message was mislabelled and no stream ended in error; and on one
//!   Redis, a fault-free run of 16 streams opened at version 0 mislabels nothing.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::app::version_of;
use common::http::{Game, Reply, request};
use common::sse::{Read, Sse};
use common::{RedisCluster, RedisServer, ServerProcess, free_port};
use serde_json::{Value, json};

const GAMES: usize = 16;
const FAILOVERS: usize = 3;
const KNOWN: &str = "X-Ludus-Known-Head";

/// A request sent again, to one instance then the other, while it gets no answer or a 503: a move under its key.
fn persist(ports: &[u16; 2], method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Reply {
    let deadline = Instant::now() + Duration::from_secs(90);
    for attempt in 0.. {
        match request(ports[attempt % 2], method, path, headers, body) {
            Some(reply) if reply.status != 503 => return reply,
            _ => {
                assert!(Instant::now() < deadline, "{method} {path} never answered but 503");
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
    unreachable!()
}

/// A game of César et Cléopâtre, asked again while the store fails (a game created by an unanswered try is left).
fn create_persisting(ports: &[u16; 2], seed: u64) -> Game {
    let body = json!({"title": "caesar-cleopatra", "players": 2, "seed": seed});
    let created = persist(ports, "POST", "/v1/games", &[], Some(&body));
    assert_eq!(created.status, 201, "{}", created.body);
    Game {
        id: created.body["game"]["id"].as_str().unwrap().to_owned(),
        tokens: common::seat_tokens(&created.body),
    }
}

fn etag(reply: &Reply) -> String {
    reply.header("etag").expect("an ETag").trim_matches('"').to_owned()
}

/// What one player saw.
#[derive(Default)]
struct Player {
    /// Every position a move of its was acknowledged at.
    acknowledged: Vec<String>,
    /// How many times it was told its history had been rewritten.
    told: usize,
    /// The last position it holds as the game's.
    known: Option<String>,
    /// The game itself was lost (created in the second before a failover onto a replica that lagged): answered 404.
    vanished: bool,
}

/// Plays `game` (every seat, a random listed action each time) until `stop`.
fn play(ports: [u16; 2], game: Game, stop: Arc<AtomicBool>, seed: u64) -> Player {
    let mut player = Player::default();
    let mut pick = seed;
    let path = format!("/v1/games/{}", game.id);
    while !stop.load(Ordering::SeqCst) {
        let known = player.known.clone();
        let headers: Vec<(&str, &str)> = known.iter().map(|known| (KNOWN, known.as_str())).collect();
        let state = persist(&ports, "GET", &path, &headers, None);
        if state.status == 404 {
            player.vanished = true;
            break;
        }
        if state.status == 409 {
            assert_eq!(state.body["code"], "history_rewritten", "{}", state.body);
            player.told += 1;
            player.known = None;
            continue;
        }
        assert_eq!(state.status, 200, "{}", state.body);
        player.known = Some(etag(&state));
        let Some(seat) = state.body["to_act"]
            .as_array()
            .and_then(|seats| seats.first()?.as_str())
        else {
            break;
        };
        let auth = format!("Bearer {}", game.token(seat));
        let listed = persist(&ports, "GET", &format!("{path}/actions"), &[("Authorization", &auth)], None);
        let actions = common::title_actions(listed.body["actions"].as_array().map(Vec::as_slice).unwrap_or(&[]));
        if actions.is_empty() {
            continue;
        }
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let action = &actions[(pick >> 33) as usize % actions.len()];
        let key = format!("{}-{pick:x}", game.id);
        let known = player.known.clone().unwrap_or_default();
        let headers = [
            ("Authorization", auth.as_str()),
            ("Idempotency-Key", &key),
            (KNOWN, &known),
        ];
        let answer = persist(&ports, "POST", &format!("{path}/actions"), &headers, Some(&json!({"action": action})));
        match answer.status {
            200 => {
                let reached = etag(&answer);
                player.acknowledged.push(reached.clone());
                player.known = Some(reached);
            }
            409 if answer.body["code"] == "history_rewritten" => {
                player.told += 1;
                player.known = None;
            }
            // The game moved on under it (the other seat, a retry's first answer): read it again.
            409 | 422 => {}
            404 => {
                player.vanished = true;
                break;
            }
            status => panic!("a move answered {status}: {}", answer.body),
        }
        std::thread::sleep(Duration::from_millis(15));
    }
    player
}

/// What one stream client ends with: the log as it was shown (version → the event shown, `Null` when hidden).
#[derive(Default)]
struct Follower {
    shown: BTreeMap<u64, Value>,
    /// Messages whose id did not name the version their data did, or that did not follow the one before.
    mislabelled: usize,
    /// Restarts from a common version (`rewritten`), and ends in error.
    rewound: usize,
    errors: usize,
}

/// Follows `game`'s stream from version 0, resuming with the last id on every end, until `done` and caught up with
/// `last` (set once the players stopped).
fn follow(
    ports: [u16; 2],
    game: String,
    done: Arc<AtomicBool>,
    last: Arc<std::sync::Mutex<Option<u64>>>,
    trouble: Arc<AtomicUsize>,
) -> Follower {
    let mut follower = Follower::default();
    let mut last_id = "0".to_owned();
    let deadline = Instant::now() + Duration::from_secs(240);
    for connection in 0.. {
        let caught_up = |follower: &Follower| {
            let wanted = *last.lock().unwrap();
            wanted.is_some_and(|wanted| follower.shown.keys().next_back().copied().unwrap_or(0) >= wanted)
        };
        assert!(Instant::now() < deadline, "the stream of {game} never caught up");
        let Some(mut sse) = Sse::open(ports[connection % 2], &game, Some(&last_id)) else {
            if done.load(Ordering::SeqCst) && caught_up(&follower) {
                return follower;
            }
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        loop {
            match sse.next() {
                Read::Message { id, event, data } => match event.as_deref() {
                    Some("game" | "hidden") => {
                        let id = id.expect("a log position's id");
                        let version = version_of(&id);
                        let previous = follower.shown.keys().next_back().copied().unwrap_or(0);
                        if data["version"] != version || version != previous + 1 {
                            follower.mislabelled += 1;
                            trouble.fetch_add(1, Ordering::SeqCst);
                        }
                        follower.shown.insert(version, data["event"].clone());
                        last_id = id;
                    }
                    Some("rewritten") => {
                        let common = data["common_version"].as_u64().expect("the common version");
                        follower.shown.retain(|version, _| *version <= common);
                        follower.rewound += 1;
                        trouble.fetch_add(1, Ordering::SeqCst);
                        last_id = id.expect("the common position's id");
                    }
                    Some("error") => {
                        follower.errors += 1;
                        trouble.fetch_add(1, Ordering::SeqCst);
                        break;
                    }
                    _ => {}
                },
                Read::Idle if done.load(Ordering::SeqCst) && caught_up(&follower) => return follower,
                Read::Idle => {}
                Read::Ended => break,
            }
        }
    }
    unreachable!()
}

/// The log as a spectator sees it (version → the event shown, `Null` for one it may not see), its version, its
/// `ETag`, and whether the game is over (then the log is public, secrets included).
struct SpectatorLog {
    events: BTreeMap<u64, Value>,
    version: u64,
    etag: String,
    finished: bool,
}

/// The log as a spectator sees it, or `None` for a game that is gone.
fn spectator_log(port: u16, id: &str) -> Option<SpectatorLog> {
    let game = persist(&[port, port], "GET", &format!("/v1/games/{id}"), &[], None);
    if game.status == 404 {
        return None;
    }
    let version = game.body["version"].as_u64().unwrap();
    let log = persist(&[port, port], "GET", &format!("/v1/games/{id}/events?after=0&limit=10000"), &[], None);
    let mut events: BTreeMap<u64, Value> = (1..=version).map(|version| (version, Value::Null)).collect();
    for logged in log.body["events"].as_array().unwrap() {
        events.insert(logged["seq"].as_u64().unwrap(), logged["event"].clone());
    }
    Some(SpectatorLog {
        events,
        version,
        etag: etag(&game),
        finished: game.body["status"] == "finished",
    })
}

/// Whether a stream showed the log's event: the same, or, once the game is over and the log public, of the same type
/// (or hidden, as it was while the game was played).
fn shows(streamed: &Value, logged: &Value, finished: bool) -> bool {
    match finished {
        false => streamed == logged,
        true => streamed.is_null() || streamed["type"] == logged["type"],
    }
}

/// A game one slot played: the player's account of it, its stream, and the version the stream must reach.
struct Played {
    game: Game,
    player: Player,
    follower: std::thread::JoinHandle<Follower>,
    last: Arc<std::sync::Mutex<Option<u64>>>,
}

/// One player's games, one after the other (a new one when a game ends), each followed by a stream opened at version
/// 0 once the game is in progress, until `stop`.
fn slot(
    ports: [u16; 2],
    index: usize,
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
    trouble: Arc<AtomicUsize>,
) -> Vec<Played> {
    let mut played = Vec::new();
    for round in 0.. {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let seed = (index * 1000 + round) as u64;
        let game = create_persisting(&ports, seed);
        let last = Arc::new(std::sync::Mutex::new(None));
        let follower = {
            let (id, done, last, trouble) = (game.id.clone(), done.clone(), last.clone(), trouble.clone());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                follow(ports, id, done, last, trouble)
            })
        };
        let copy = Game {
            id: game.id.clone(),
            tokens: game.tokens.clone(),
        };
        let player = play(ports, copy, stop.clone(), seed);
        played.push(Played {
            game,
            player,
            follower,
            last,
        });
    }
    played
}

/// What a run ends with, per game played.
struct Run {
    players: Vec<Player>,
    followers: Vec<Follower>,
    /// Per game: whether each acknowledged position is still in the log.
    held: Vec<Vec<bool>>,
}

/// Runs `GAMES` slots of players and streams on `ports` while `faults` runs; `faults` gets a reading of the streams'
/// trouble so far (mislabelled messages, restarts and errors). Then checks that every player and every stream ends
/// with the log's own picture.
fn run(ports: [u16; 2], faults: impl FnOnce(&dyn Fn() -> usize)) -> Run {
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let trouble = Arc::new(AtomicUsize::new(0));
    let slots: Vec<_> = (0..GAMES)
        .map(|index| {
            let (stop, done, trouble) = (stop.clone(), done.clone(), trouble.clone());
            std::thread::spawn(move || slot(ports, index, stop, done, trouble))
        })
        .collect();
    faults(&|| trouble.load(Ordering::SeqCst));
    stop.store(true, Ordering::SeqCst);
    let played: Vec<Played> = slots.into_iter().flat_map(|slot| slot.join().unwrap()).collect();
    for game in &played {
        // A game that is gone: its stream can only end.
        *game.last.lock().unwrap() = Some(spectator_log(ports[0], &game.game.id).map_or(0, |log| log.version));
    }
    done.store(true, Ordering::SeqCst);
    let mut run = Run {
        players: Vec::new(),
        followers: Vec::new(),
        held: Vec::new(),
    };
    for Played {
        game, player, follower, ..
    } in played
    {
        let follower = follower.join().unwrap();
        let path = format!("/v1/games/{}", game.id);
        let Some(log) = spectator_log(ports[1], &game.id) else {
            // Created in the lost second: the whole game is gone, and its player was told so (404).
            assert!(player.vanished, "{}: a game gone without its player seeing it", game.id);
            run.held.push(vec![false; player.acknowledged.len()]);
            run.players.push(player);
            run.followers.push(follower);
            continue;
        };
        let held = player
            .acknowledged
            .iter()
            .map(|position| {
                let reply = persist(&ports, "GET", &path, &[(KNOWN, position)], None);
                assert!(reply.status == 200 || reply.body["code"] == "history_rewritten", "{}", reply.body);
                reply.status == 200
            })
            .collect();
        // The player presents its last position once more (it may have stopped asking, its game over): the log holds
        // it, or the player is told now, as it would be at its next request.
        let mut player = player;
        if let Some(known) = &player.known {
            let reply = persist(&ports, "GET", &path, &[(KNOWN, known)], None);
            if reply.status == 409 {
                assert_eq!(reply.body["code"], "history_rewritten", "{}", reply.body);
                player.told += 1;
            } else {
                assert_eq!(reply.status, 200, "{}: {}", game.id, reply.body);
            }
        }
        assert_eq!(follower.shown.len() as u64, log.version, "{}: the stream shows every version", game.id);
        let differs = log
            .events
            .iter()
            .find(|(version, logged)| !shows(&follower.shown[version], logged, log.finished));
        assert!(
            differs.is_none(),
            "{} at {}: the stream shows the log's events; at {differs:?} it shows {:?}",
            game.id,
            log.etag,
            differs.map(|(version, _)| &follower.shown[version])
        );
        run.players.push(player);
        run.followers.push(follower);
        run.held.push(held);
    }
    run
}

/// A replication link cut in one direction (what the primary sends its replica is dropped by the kernel), as a slow
/// network or a busy replica does: the primary goes on acknowledging writes its replica never gets. Mended on drop.
/// A paused replica would not do: on loopback, what the primary sent waits for it in the sockets' buffers.
struct CutLink {
    rule: Vec<String>,
}

impl CutLink {
    fn between(primary: &RedisServer) -> Self {
        let replicas = primary.command(&["CLIENT", "LIST", "TYPE", "replica"]);
        let link = replicas
            .split_whitespace()
            .find_map(|field| field.strip_prefix("addr="))
            .and_then(|address| address.rsplit(':').next())
            .expect("the primary has a replica connected");
        let primary_port = primary.port.to_string();
        let rule: Vec<String> = [
            "OUTPUT",
            "-p",
            "tcp",
            "-s",
            "127.0.0.1",
            "--sport",
            &primary_port,
            "-d",
            "127.0.0.1",
            "--dport",
            link,
            "-j",
            "DROP",
        ]
        .map(str::to_owned)
        .into();
        iptables("-I", &rule);
        Self { rule }
    }
}

impl Drop for CutLink {
    fn drop(&mut self) {
        iptables("-D", &self.rule);
    }
}

fn iptables(action: &str, rule: &[String]) {
    let status = std::process::Command::new("iptables")
        .arg(action)
        .args(rule)
        .status()
        .expect("iptables is installed (the test command installs it)");
    assert!(status.success(), "iptables {action} {rule:?}");
}

/// After a fault-free while (in which no stream may have any trouble), kills a primary while its replica lags,
/// `FAILOVERS` times, one primary after the other.
fn failovers(cluster: &mut RedisCluster, trouble: &dyn Fn() -> usize) {
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(trouble(), 0, "before any fault, no stream mislabelled, restarted or ended in error");
    for round in 0..FAILOVERS {
        let topology = cluster.topology();
        let primaries: Vec<u16> = topology.iter().filter(|node| node.1).map(|node| node.0).collect();
        let primary = primaries[round % primaries.len()];
        let replica = topology
            .iter()
            .find(|node| node.2 == Some(primary))
            .expect("the primary has a replica")
            .0;
        let cut = CutLink::between(cluster.node(primary));
        std::thread::sleep(Duration::from_secs(1));
        cluster.stop(primary);
        let deadline = Instant::now() + Duration::from_secs(30);
        while !(cluster.topology().iter().any(|node| node.0 == replica && node.1) && cluster.is_ok()) {
            assert!(Instant::now() < deadline, "the replica on {replica} was never promoted");
            std::thread::sleep(Duration::from_millis(100));
        }
        drop(cut);
        cluster.restart(primary);
        cluster.wait_until_replicated();
        std::thread::sleep(Duration::from_millis(1500));
    }
}

fn cluster_and_instances(wait: bool) -> (RedisCluster, ServerProcess, ServerProcess) {
    let cluster = RedisCluster::start_replicated(&["--appendfsync", "everysec", "--cluster-node-timeout", "2000"]);
    let urls = cluster.urls();
    let replicas = if wait { "1" } else { "0" };
    let settings = [
        ("LUDUS_GAMES_PER_MINUTE", "0"),
        ("LUDUS_MAX_STREAMS_PER_CLIENT", "0"),
        ("LUDUS_REDIS_WAIT_REPLICAS", replicas),
        ("LUDUS_REDIS_WAIT_TIMEOUT", "500ms"),
    ];
    let a = ServerProcess::start_with_env(free_port(), Some(&urls), &settings);
    let b = ServerProcess::start_with_env(free_port(), Some(&urls), &settings);
    (cluster, a, b)
}

/// Stream messages mislabelled, and moves acknowledged, over the whole run.
fn counts(run: &Run) -> (usize, usize) {
    let mislabelled = run.followers.iter().map(|f| f.mislabelled).sum();
    let acknowledged = run.players.iter().map(|p| p.acknowledged.len()).sum();
    (mislabelled, acknowledged)
}

#[test]
fn with_the_wait_no_acknowledged_move_is_lost_over_failovers_onto_lagging_replicas() {
    let (mut cluster, a, b) = cluster_and_instances(true);
    let outcome = run([a.port, b.port], |trouble| failovers(&mut cluster, trouble));
    let (mislabelled, acknowledged) = counts(&outcome);
    let lost: usize = outcome.held.iter().flatten().filter(|held| !**held).count();
    eprintln!(
        "wait 1 replica: {acknowledged} acknowledged moves, {lost} lost, {FAILOVERS} failovers, players told {} times, \
         streams rewound {} times",
        outcome.players.iter().map(|p| p.told).sum::<usize>(),
        outcome.followers.iter().map(|f| f.rewound).sum::<usize>()
    );
    assert!(acknowledged > GAMES * 10, "moves were played through the failovers ({acknowledged})");
    // Reads are not waited for: a player or a stream may have been shown a move still in flight when its primary
    // died, and is then told; what was acknowledged is all there.
    assert_eq!(lost, 0, "no acknowledged move lost or rewritten");
    assert!(outcome.players.iter().all(|p| !p.vanished), "no acknowledged game lost");
    assert_eq!(mislabelled, 0, "no stream message under a wrong id");
}

#[test]
fn without_the_wait_every_lost_move_is_told_and_nobody_keeps_a_wrong_picture() {
    let (mut cluster, a, b) = cluster_and_instances(false);
    let outcome = run([a.port, b.port], |trouble| failovers(&mut cluster, trouble));
    let (mislabelled, acknowledged) = counts(&outcome);
    let mut lost = 0;
    for (player, held) in outcome.players.iter().zip(&outcome.held) {
        let lost_here = held.iter().filter(|held| !**held).count();
        lost += lost_here;
        if lost_here > 0 {
            assert!(
                player.told > 0 || player.vanished,
                "a player that lost {lost_here} acknowledged moves was told (or found its game gone)"
            );
        }
    }
    eprintln!(
        "no wait: {acknowledged} acknowledged moves, {lost} lost and told, {FAILOVERS} failovers, players told {} \
         times, {} games gone (404), streams rewound {} times, {} stream errors",
        outcome.players.iter().map(|p| p.told).sum::<usize>(),
        outcome.players.iter().filter(|p| p.vanished).count(),
        outcome.followers.iter().map(|f| f.rewound).sum::<usize>(),
        outcome.followers.iter().map(|f| f.errors).sum::<usize>()
    );
    assert!(acknowledged > GAMES * 10, "moves were played through the failovers ({acknowledged})");
    assert_eq!(mislabelled, 0, "no stream message under a wrong id");
}

#[test]
fn on_one_redis_sixteen_streams_opened_at_zero_mislabel_nothing() {
    let redis = RedisServer::start_with(&[]);
    let settings = [("LUDUS_GAMES_PER_MINUTE", "0"), ("LUDUS_MAX_STREAMS_PER_CLIENT", "0")];
    let a = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);
    let b = ServerProcess::start_with_env(free_port(), Some(&redis.url), &settings);
    let outcome = run([a.port, b.port], |_| std::thread::sleep(Duration::from_secs(5)));
    let (mislabelled, acknowledged) = counts(&outcome);
    assert!(acknowledged > GAMES * 10, "moves were played ({acknowledged})");
    assert_eq!(mislabelled, 0, "no stream message under a wrong id");
    for follower in &outcome.followers {
        assert_eq!((follower.errors, follower.rewound), (0, 0), "no stream ended or restarted");
    }
    assert!(outcome.held.iter().flatten().all(|held| *held), "nothing lost");
}
