//! Measures what accounts cost on a running ludus: many account streams held open on one instance (Redis
//! connections, Redis commands and ludus CPU while idle, ludus's resident memory, and how long a move between two
//! accounts takes to reach their streams), then webhooks (deliveries per second to a receiver started here, how long
//! each waited, and a check of every delivery against the accounts' inboxes in Redis).
//!
//! `cargo run --release --example accounts -- --port 8080 --pid <ludus pid> --redis redis://127.0.0.1:6379 \
//!     --streams 2000 --notifications 200 --webhooks 200 --moves 3000 --players 8`
//! (`scripts/measure-accounts` starts Redis and ludus, with the settings this needs, and runs this.) Traffic goes to
//! 127.0.0.1 only; every loop is bounded by the counts given or by a deadline.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ludus::engine::table::TableAction;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

mod shared;
use shared::{Instance, percentile, rss_kib};

struct Args {
    instance: Instance,
    redis: String,
    streams: usize,
    notifications: usize,
    webhooks: usize,
    moves: usize,
    players: usize,
}

fn args() -> Args {
    let mut args = Args {
        instance: Instance::default(),
        redis: "redis://127.0.0.1:6379".into(),
        streams: 2000,
        notifications: 200,
        webhooks: 200,
        moves: 3000,
        players: 8,
    };
    shared::read_flags(|flag, value, number| match flag {
        flag if args.instance.takes(flag, number) => {}
        "--redis" => args.redis = value.to_owned(),
        "--streams" => args.streams = number().max(2),
        "--notifications" => args.notifications = number(),
        "--webhooks" => args.webhooks = number().max(1),
        "--moves" => args.moves = number(),
        "--players" => args.players = number().max(1),
        other => panic!("unknown argument {other}"),
    });
    args
}

/// One HTTP/1.1 request on a new connection, with an account key if given; the status and the JSON body.
async fn call(port: u16, method: &str, path: &str, key: Option<&str>, body: Option<&Value>) -> (u16, Value) {
    let payload = body.map(Value::to_string).unwrap_or_default();
    let mut headers = key
        .map(|k| format!("Authorization: Bearer {k}\r\n"))
        .unwrap_or_default();
    // Every move carries a key, as every client should: a retry can then never apply it twice. Its answer need not
    // carry the whole game (`Prefer: return=minimal`): nothing here reads it.
    if method == "POST" && path.ends_with("/actions") {
        headers.push_str(&format!("Idempotency-Key: {:032x}\r\n", rand::random::<u128>()));
        headers.push_str("Prefer: return=minimal\r\n");
    }
    // An empty body declared JSON is refused: a request without one (a join) declares none.
    if body.is_some() {
        headers.push_str("Content-Type: application/json\r\n");
    }
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{headers}\
         Content-Length: {}\r\n\r\n{payload}",
        payload.len()
    );
    shared::exchange(port, &request).await
}

#[derive(Clone)]
struct Account {
    id: String,
    key: String,
}

/// `count` accounts named `<prefix><run>-<index>` (`run` random, so that runs on one store do not collide), made by
/// a few clients at once, in index order.
async fn create_accounts(port: u16, prefix: &str, count: usize) -> Vec<Account> {
    let workers = 16.min(count.max(1));
    let prefix = format!("{prefix}{:08x}-", rand::random::<u32>());
    let tasks: Vec<_> = (0..workers)
        .map(|worker| {
            let prefix = prefix.clone();
            tokio::spawn(async move {
                let mut made = Vec::new();
                for index in (worker..count).step_by(workers) {
                    let body = json!({"name": format!("{prefix}{index}"), "kind": "bot"});
                    let (status, created) = call(port, "POST", "/v1/accounts", None, Some(&body)).await;
                    assert_eq!(status, 201, "{created}");
                    let field = |name: &str| created[name].as_str().unwrap().to_owned();
                    made.push((
                        index,
                        Account {
                            id: field("id"),
                            key: field("key"),
                        },
                    ));
                }
                made
            })
        })
        .collect();
    let mut accounts = Vec::with_capacity(count);
    for task in tasks {
        accounts.extend(task.await.expect("accounts created"));
    }
    accounts.sort_by_key(|(index, _)| *index);
    accounts.into_iter().map(|(_, account)| account).collect()
}

/// A game of caesar-cleopatra: the key's account takes caesar; cleopatra is a random bot, or reserved for `rival`.
async fn new_game(port: u16, key: &str, rival: Option<&str>) -> String {
    let body = match rival {
        Some(rival) => json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": {"account": rival}}}),
        None => json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": {"kind": "random"}}}),
    };
    let (status, created) = call(port, "POST", "/v1/games", Some(key), Some(&body)).await;
    assert_eq!(status, 201, "{created}");
    created["game"]["id"].as_str().unwrap().to_owned()
}

/// The CPU time the process has used (user and system), in clock ticks of 10 ms.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name (in parentheses): state is field 3, utime and stime fields 14 and 15.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let field = |index: usize| fields.get(index - 3).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    field(14) + field(15)
}

fn redis(url: &str) -> redis::Connection {
    redis::Client::open(url)
        .and_then(|client| client.get_connection())
        .expect("Redis answers")
}

/// The connections to Redis other than this one (all of them ludus's), and how many of those are subscribed.
fn redis_clients(url: &str) -> (usize, usize) {
    let mut connection = redis(url);
    let me: u64 = redis::cmd("CLIENT")
        .arg("ID")
        .query(&mut connection)
        .expect("CLIENT ID");
    let list: String = redis::cmd("CLIENT")
        .arg("LIST")
        .query(&mut connection)
        .expect("CLIENT LIST");
    let field = |line: &str, name: &str| {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .map(str::to_owned)
    };
    let others: Vec<&str> = list
        .lines()
        .filter(|line| field(line, "id") != Some(me.to_string()))
        .collect();
    let subscribed = others
        .iter()
        .filter(|line| {
            ["sub", "psub"]
                .iter()
                .any(|name| field(line, name).is_some_and(|n| n != "0"))
        })
        .count();
    (others.len(), subscribed)
}

/// Redis commands per second and ludus's share of a core over `window` of quiet.
async fn idle_rates(url: &str, pid: u32, window: Duration) -> (f64, f64) {
    let mut connection = redis(url);
    let mut processed = || -> u64 {
        let info: String = redis::cmd("INFO").arg("stats").query(&mut connection).expect("INFO");
        info.lines()
            .find_map(|line| line.strip_prefix("total_commands_processed:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    };
    let (commands, ticks) = (processed(), cpu_ticks(pid));
    tokio::time::sleep(window).await;
    let seconds = window.as_secs_f64();
    // Less this connection's own INFO.
    let commands = processed().saturating_sub(commands + 1);
    (commands as f64 / seconds, (cpu_ticks(pid) - ticks) as f64 / 100.0 / seconds)
}

/// A notification as a stream or a webhook carried it, with when it came.
type Arrival = (Instant, Value);

/// Opens the account's NDJSON stream and reads it until the program ends: counts it as opened (or refused) and its
/// notifications, and hands each to `sink` if there is one.
async fn hold_stream(port: u16, key: String, counts: Arc<StreamCounts>, sink: Option<mpsc::UnboundedSender<Arrival>>) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else {
        counts.refused.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let request = format!(
        "GET /v1/accounts/me/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-ndjson\r\n\
         Authorization: Bearer {key}\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).await.is_err() {
        counts.refused.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let (mut pending, mut buffer, mut in_body) = (Vec::new(), vec![0u8; 4096], false);
    while let Ok(read) = stream.read(&mut buffer).await {
        if read == 0 {
            break;
        }
        pending.extend_from_slice(&buffer[..read]);
        if !in_body {
            let Some(end) = pending.windows(4).position(|w| w == b"\r\n\r\n") else {
                continue;
            };
            if !pending.starts_with(b"HTTP/1.1 200") {
                counts.refused.fetch_add(1, Ordering::Relaxed);
                return;
            }
            counts.opened.fetch_add(1, Ordering::Relaxed);
            pending.drain(..end + 4);
            in_body = true;
        }
        // Chunk sizes and the chunks' ends are lines of their own; each notification is one line of JSON.
        while let Some(newline) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=newline).collect();
            if line.first() != Some(&b'{') {
                continue;
            }
            counts.notifications.fetch_add(1, Ordering::Relaxed);
            if let (Some(sink), Ok(note)) = (&sink, serde_json::from_slice::<Value>(&line)) {
                let _ = sink.send((Instant::now(), note));
            }
        }
    }
    if in_body {
        counts.closed.fetch_add(1, Ordering::Relaxed);
    }
}

#[derive(Default)]
struct StreamCounts {
    opened: AtomicU64,
    refused: AtomicU64,
    closed: AtomicU64,
    notifications: AtomicU64,
}

/// A game between two accounts whose streams are followed here.
struct Pair {
    seats: [(Account, mpsc::UnboundedReceiver<Arrival>); 2],
    game: String,
    /// The version after the last move made here: a `your_turn` below it was sent before that move.
    known: u64,
    /// The newest `your_turn` of the game the streams brought and no move answered yet, with its account's index.
    told: Option<(usize, Value)>,
    /// The streams told the game's end.
    finished: bool,
}

impl Pair {
    async fn start(
        port: u16,
        caesar: (Account, mpsc::UnboundedReceiver<Arrival>),
        cleopatra: (Account, mpsc::UnboundedReceiver<Arrival>),
    ) -> Pair {
        let mut pair = Pair {
            seats: [caesar, cleopatra],
            game: String::new(),
            known: 0,
            told: None,
            finished: false,
        };
        pair.new_game(port).await;
        pair
    }

    /// A new game of the two: caesar's account creates it with cleopatra reserved for the other, who joins.
    async fn new_game(&mut self, port: u16) {
        let [(caesar, _), (cleopatra, _)] = &self.seats;
        self.game = new_game(port, &caesar.key, Some(&cleopatra.id)).await;
        (self.known, self.told, self.finished) = (0, None, false);
        let path = format!("/v1/games/{}/seats/cleopatra/join", self.game);
        let (status, joined) = call(port, "POST", &path, Some(&cleopatra.key), None).await;
        assert_eq!(status, 201, "{joined}");
    }

    /// Takes in a notification of the account `index`: its game's newest `your_turn` not answered yet, or its end.
    fn take_in(&mut self, index: usize, note: Value) {
        if note["game"] != self.game.as_str() {
            return;
        }
        match note["type"].as_str() {
            Some("game_finished") => self.finished = true,
            Some("your_turn") => {
                let version = note["version"].as_u64().unwrap_or(0);
                let newer = (self.told.as_ref()).is_none_or(|(_, told)| told["version"].as_u64() <= Some(version));
                if version >= self.known && newer {
                    self.told = Some((index, note));
                }
            }
            _ => {}
        }
    }

    /// Takes in what the streams brought so far.
    fn take_in_arrived(&mut self) {
        for index in 0..2 {
            while let Ok((_, note)) = self.seats[index].1.try_recv() {
                self.take_in(index, note);
            }
        }
    }

    /// The next notification either stream brings before `deadline`, with its account's index.
    async fn next_arrival(&mut self, deadline: Instant) -> Option<(Instant, usize, Value)> {
        let [(_, first), (_, second)] = &mut self.seats;
        let next = async {
            tokio::select! {
                Some((at, note)) = first.recv() => Some((at, 0, note)),
                Some((at, note)) = second.recv() => Some((at, 1, note)),
                else => None,
            }
        };
        let deadline = tokio::time::Instant::from_std(deadline);
        tokio::time::timeout_at(deadline, next).await.ok().flatten()
    }
}

/// What the latency loop measured: each move's time to its first notification on a stream of the game's accounts,
/// each move's answer, the notifications that never came within 10 s, and the requests the moves took.
struct Latencies {
    latencies: Vec<Duration>,
    answers: Vec<Duration>,
    missed: usize,
    moves: usize,
    requests: usize,
}

/// Moves in the pairs' games one at a time, `count` times, as a bot of docs/accounts.md plays: each one of the actions
/// the last `your_turn` of the game carried, one request a move (a finished game is replaced: two requests). From
/// sending each move to the first notification it makes arriving on a stream of the game's accounts (`your_turn` to
/// each account with a seat to act after every change, or `game_finished`); and the moves' own answers.
async fn notification_latencies(port: u16, pairs: &mut [Pair], count: usize) -> Latencies {
    let mut measured = Latencies {
        latencies: Vec::new(),
        answers: Vec::new(),
        missed: 0,
        moves: 0,
        requests: 0,
    };
    for turn in 0..count * 4 {
        if measured.latencies.len() + measured.missed >= count {
            break;
        }
        let pair = &mut pairs[turn % pairs.len()];
        pair.take_in_arrived();
        if pair.finished {
            pair.new_game(port).await;
            measured.requests += 2;
            continue;
        }
        let Some((mover, note)) = pair.told.take() else {
            // A new game's first turn may still be on its way.
            match pair.next_arrival(Instant::now() + Duration::from_secs(10)).await {
                Some((_, index, note)) => pair.take_in(index, note),
                None => measured.missed += 1,
            }
            continue;
        };
        let actions = title_actions(&note);
        if actions.is_empty() {
            continue;
        }
        let action = actions[rand::random_range(0..actions.len())].clone();
        let key = pair.seats[mover].0.key.clone();
        let path = format!("/v1/games/{}/actions", pair.game);
        let sent = Instant::now();
        let (status, played) = call(port, "POST", &path, Some(&key), Some(&json!({"action": action}))).await;
        measured.answers.push(sent.elapsed());
        assert_eq!(status, 200, "{played}");
        (measured.moves, measured.requests) = (measured.moves + 1, measured.requests + 1);
        let version = played["version"].as_u64().unwrap();
        pair.known = version;
        let deadline = sent + Duration::from_secs(10);
        loop {
            let Some((at, index, note)) = pair.next_arrival(deadline).await else {
                measured.missed += 1;
                break;
            };
            let caused = note["game"] == pair.game.as_str() && note["version"].as_u64() >= Some(version);
            pair.take_in(index, note);
            if caused {
                measured.latencies.push(at - sent);
                break;
            }
        }
    }
    measured
}

/// Holds one stream per account, then measures what they cost and how fast they are told.
async fn streams(args: &Args) {
    let port = args.instance.port;
    let started = Instant::now();
    let accounts = create_accounts(port, "s", args.streams).await;
    println!("accounts created: {} in {:.1?}", accounts.len(), started.elapsed());
    let window = Duration::from_secs(10);
    let (clients_before, subscribed_before) = redis_clients(&args.redis);
    let rss_before = rss_kib(args.instance.pid);
    let (commands_before, cpu_before) = idle_rates(&args.redis, args.instance.pid, window).await;

    // The accounts of the latency pairs come first; their streams hand their notifications over.
    let pairs = (args.notifications / 20).clamp(1, accounts.len() / 2);
    let counts = Arc::new(StreamCounts::default());
    let mut receivers = Vec::new();
    let mut holders = Vec::new();
    let started = Instant::now();
    for (index, account) in accounts.iter().enumerate() {
        let sink = (index < 2 * pairs).then(|| {
            let (sender, receiver) = mpsc::unbounded_channel();
            receivers.push((account.clone(), receiver));
            sender
        });
        holders.push(tokio::spawn(hold_stream(port, account.key.clone(), counts.clone(), sink)));
        if index % 500 == 499 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    let settled = || counts.opened.load(Ordering::Relaxed) + counts.refused.load(Ordering::Relaxed);
    while (settled() as usize) < accounts.len() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let open_time = started.elapsed();
    let opened = counts.opened.load(Ordering::Relaxed);
    let (_, health) = call(port, "GET", "/health", None, None).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_open = rss_kib(args.instance.pid);
    let (clients_open, subscribed_open) = redis_clients(&args.redis);
    let (commands_open, cpu_open) = idle_rates(&args.redis, args.instance.pid, window).await;

    let mut games = Vec::new();
    let mut receivers = receivers.into_iter();
    while let (Some(caesar), Some(cleopatra)) = (receivers.next(), receivers.next()) {
        games.push(Pair::start(port, caesar, cleopatra).await);
    }
    let Latencies {
        mut latencies,
        mut answers,
        missed,
        moves,
        requests,
    } = notification_latencies(port, &mut games, args.notifications).await;
    latencies.sort();
    answers.sort();
    let rss_after = rss_kib(args.instance.pid);
    for holder in &holders {
        holder.abort();
    }

    println!(
        "streams opened: {opened} of {} in {open_time:.1?} ({} refused, {} closed by ludus); the server counts {}; \
         {} notifications read on them",
        accounts.len(),
        counts.refused.load(Ordering::Relaxed),
        counts.closed.load(Ordering::Relaxed),
        health["streams"],
        counts.notifications.load(Ordering::Relaxed)
    );
    println!(
        "redis connections from ludus: {clients_before} ({subscribed_before} subscribed) before the streams, \
         {clients_open} ({subscribed_open} subscribed) with them open"
    );
    println!(
        "ludus RSS: {} MiB before the streams, {} MiB with them open ({:.1} KiB per stream), {} MiB after the moves",
        rss_before / 1024,
        rss_open / 1024,
        rss_open.saturating_sub(rss_before) as f64 / opened.max(1) as f64,
        rss_after / 1024
    );
    println!(
        "idle, over {window:?}: redis {commands_before:.0} commands/s and ludus {:.1}% of a core before the streams; \
         {commands_open:.0} commands/s and {:.1}% of a core with them open",
        cpu_before * 100.0,
        cpu_open * 100.0
    );
    if latencies.is_empty() {
        println!("move to notification on the stream: none arrived ({missed} missed)");
    } else {
        println!(
            "move to its first notification on a stream of the game's accounts, {} moves in {pairs} games of two \
             accounts: p50 {:.2?}, p99 {:.2?}, max {:.2?} ({missed} missed within 10 s); the moves' answers: \
             p50 {:.2?}, p99 {:.2?}",
            latencies.len(),
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            latencies[latencies.len() - 1],
            percentile(&answers, 0.5),
            percentile(&answers, 0.99),
        );
    }
    println!(
        "requests a move, playing each your_turn's actions: {:.3} ({requests} for {moves} moves, new games included)",
        requests as f64 / moves.max(1) as f64
    );
}

/// One request the webhook receiver got.
struct Received {
    /// The account's index, from the path `/hook/<index>`.
    account: usize,
    event: String,
    at: Instant,
    at_ms: u64,
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

/// Where the webhook receiver hands each delivered notification, with its account's index: to the player of that
/// account (`index % players`).
type Routes = Arc<Vec<mpsc::UnboundedSender<(usize, Value)>>>;

/// Answers 204 to at most `cap` connections, logging each request and routing its notification.
async fn receive(listener: TcpListener, log: Arc<Mutex<Vec<Received>>>, routes: Routes, cap: usize) {
    for _ in 0..cap {
        let Ok((connection, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(answer(connection, log.clone(), routes.clone()));
    }
}

async fn answer(mut connection: TcpStream, log: Arc<Mutex<Vec<Received>>>, routes: Routes) {
    let (mut raw, mut buffer) = (Vec::new(), [0u8; 4096]);
    let head_end = loop {
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        match connection.read(&mut buffer).await {
            Ok(read) if read > 0 && raw.len() < 65_536 => raw.extend_from_slice(&buffer[..read]),
            _ => return,
        }
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).into_owned();
    let header = |name: &str| {
        head.lines().find_map(|line| {
            let (found, value) = line.split_once(':')?;
            found.trim().eq_ignore_ascii_case(name).then(|| value.trim().to_owned())
        })
    };
    let length: usize = header("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
    while raw.len() < head_end + length.min(1 << 20) {
        match connection.read(&mut buffer).await {
            Ok(read) if read > 0 => raw.extend_from_slice(&buffer[..read]),
            _ => return,
        }
    }
    let account = head
        .split_whitespace()
        .nth(1)
        .and_then(|path| path.strip_prefix("/hook/"))
        .and_then(|index| index.parse().ok());
    if let (Some(account), Some(event)) = (account, header("ludus-event-id")) {
        let (at, at_ms) = (Instant::now(), unix_ms());
        log.lock().unwrap().push(Received {
            account,
            event,
            at,
            at_ms,
        });
        let body = raw.get(head_end..head_end + length).unwrap_or_default();
        if let Ok(note) = serde_json::from_slice::<Value>(body) {
            let _ = routes[account % routes.len()].send((account, note));
        }
    }
    let _ = connection
        .write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        .await;
}

fn inbox_key(account: &Account) -> String {
    // The store's name for an account's inbox (src/store/redis/accounts.rs).
    format!("ludus:account:{{{}}}:inbox", account.id)
}

/// Each account's inbox, oldest first: each entry's id and notification.
fn inboxes(connection: &mut redis::Connection, accounts: &[Account]) -> Vec<Vec<(String, Value)>> {
    let mut pipe = redis::pipe();
    for account in accounts {
        pipe.cmd("XRANGE").arg(inbox_key(account)).arg("-").arg("+");
    }
    let entries: Vec<Vec<(String, HashMap<String, String>)>> = pipe.query(connection).expect("XRANGE");
    (entries.into_iter())
        .map(|inbox| {
            (inbox.into_iter())
                .map(|(id, fields)| {
                    let note = fields.get("e").and_then(|event| serde_json::from_str(event).ok());
                    (id, note.unwrap_or(Value::Null))
                })
                .collect()
        })
        .collect()
}

/// The entries of `inbox` a webhook owes: all but the `your_turn`s a later entry of their game supersedes (a newer
/// turn of the seat, or the game's end), which a delivery leaves out once its game moved past them.
fn owed(inbox: &[(String, Value)]) -> Vec<&str> {
    let superseded = |at: usize, turn: &Value| {
        inbox[at + 1..].iter().any(|(_, later)| {
            later["game"] == turn["game"]
                && (later["type"] == "game_finished" || (later["type"] == "your_turn" && later["seat"] == turn["seat"]))
        })
    };
    (inbox.iter().enumerate())
        .filter(|(at, (_, note))| note["type"] != "your_turn" || !superseded(*at, note))
        .map(|(_, (id, _))| id.as_str())
        .collect()
}

fn inboxes_size(connection: &mut redis::Connection, accounts: &[Account]) -> u64 {
    let mut pipe = redis::pipe();
    for account in accounts {
        pipe.cmd("XLEN").arg(inbox_key(account));
    }
    let sizes: Vec<u64> = pipe.query(connection).expect("XLEN");
    sizes.iter().sum()
}

/// The title's actions listed in a game answer: a random player skips the table's (undo), or it could undo forever.
fn title_actions(game: &Value) -> Vec<&Value> {
    (game["legal_actions"].as_array().into_iter().flatten())
        .filter(|action| TableAction::parse(action).is_none())
        .collect()
}

/// Moves for its accounts (by index: the account, its game and the version after its last move there), each against
/// a random bot, from the notifications their webhooks deliver (`notes`), as a bot of docs/accounts.md plays: each
/// `your_turn` at or past that version gets one POST of one of the actions it carries, each `game_finished` a new
/// game; while the shared count of moves is under `total`, until the webhooks stay quiet for 10 s. The moves made,
/// the requests they took and when the last was answered.
async fn play_against_bots(
    port: u16,
    mut seats: HashMap<usize, (Account, String, u64)>,
    mut notes: mpsc::UnboundedReceiver<(usize, Value)>,
    claimed: Arc<AtomicUsize>,
    total: usize,
) -> (usize, usize, Option<Instant>) {
    let (mut made, mut requests, mut last) = (0, 0, None);
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut heard = Instant::now();
    while claimed.load(Ordering::Relaxed) < total && Instant::now() < deadline {
        let (index, note) = match tokio::time::timeout(Duration::from_secs(1), notes.recv()).await {
            Ok(Some(delivered)) => delivered,
            Ok(None) => break,
            Err(_) if heard.elapsed() > Duration::from_secs(10) => break,
            Err(_) => continue,
        };
        heard = Instant::now();
        let Some((account, game, known)) = seats.get_mut(&index) else {
            continue;
        };
        if note["game"] != game.as_str() {
            continue;
        }
        match note["type"].as_str() {
            Some("game_finished") => {
                (*game, *known) = (new_game(port, &account.key, None).await, 0);
                requests += 1;
                continue;
            }
            Some("your_turn") if note["version"].as_u64().is_some_and(|version| version >= *known) => {}
            _ => continue,
        }
        let actions = title_actions(&note);
        if actions.is_empty() {
            continue;
        }
        if claimed.fetch_add(1, Ordering::Relaxed) >= total {
            break;
        }
        let action = &actions[rand::random_range(0..actions.len())];
        let path = format!("/v1/games/{game}/actions");
        let (status, played) = call(port, "POST", &path, Some(&account.key), Some(&json!({"action": action}))).await;
        assert_eq!(status, 200, "{played}");
        *known = played["version"].as_u64().unwrap_or(*known);
        (made, requests, last) = (made + 1, requests + 1, Some(Instant::now()));
    }
    (made, requests, last)
}

/// Webhooks for `count` new accounts to a receiver here, notifications made by moves against random bots; what
/// arrived, how fast, and whether it matches the inboxes.
async fn webhooks(args: &Args) {
    let port = args.instance.port;
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let receiver_port = listener.local_addr().unwrap().port();
    let log = Arc::new(Mutex::new(Vec::new()));
    let players = args.players.min(args.webhooks).max(1);
    let (routes, deliveries): (Vec<_>, Vec<_>) = (0..players).map(|_| mpsc::unbounded_channel()).unzip();
    // Far more than the deliveries can be: a few notifications per move and game.
    let cap = 10 * (args.moves + args.webhooks) + 1000;
    let receiving = tokio::spawn(receive(listener, log.clone(), Arc::new(routes), cap));
    let accounts = create_accounts(port, "w", args.webhooks).await;
    for (index, account) in accounts.iter().enumerate() {
        let body = json!({"url": format!("http://127.0.0.1:{receiver_port}/hook/{index}")});
        let (status, set) = call(port, "PUT", "/v1/accounts/me/webhook", Some(&account.key), Some(&body)).await;
        assert_eq!(status, 200, "{set}");
    }
    let started = Instant::now();
    let mut seats: Vec<HashMap<usize, (Account, String, u64)>> = vec![HashMap::new(); players];
    for (index, account) in accounts.iter().enumerate() {
        let game = new_game(port, &account.key, None).await;
        seats[index % players].insert(index, (account.clone(), game, 0));
    }
    let claimed = Arc::new(AtomicUsize::new(0));
    let moves_started = Instant::now();
    let tasks: Vec<_> = (seats.into_iter().zip(deliveries))
        .map(|(mine, notes)| tokio::spawn(play_against_bots(port, mine, notes, claimed.clone(), args.moves)))
        .collect();
    let (mut moves, mut requests, mut last_move) = (0, 0, None);
    for task in tasks {
        let (made, asked, last) = task.await.expect("moves played");
        (moves, requests) = (moves + made, requests + asked);
        last_move = last_move.max(last);
    }
    let last_move = last_move.unwrap_or(moves_started);
    let moves_time = last_move - moves_started;

    // Until the bots' last moves are told and everything stored has arrived (or 120 s).
    let mut connection = redis(&args.redis);
    let deadline = Instant::now() + Duration::from_secs(120);
    let (mut stored, mut steady_since) = (0, Instant::now());
    while Instant::now() < deadline {
        let now_stored = inboxes_size(&mut connection, &accounts);
        if now_stored != stored {
            (stored, steady_since) = (now_stored, Instant::now());
        }
        let arrived = log.lock().unwrap().len() as u64;
        if arrived >= stored && steady_since.elapsed() >= Duration::from_secs(2) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    receiving.abort();
    let expected = inboxes(&mut connection, &accounts);
    let log = std::mem::take(&mut *log.lock().unwrap());

    let (mut missing, mut duplicates, mut unexpected, mut out_of_order) = (0, 0, 0, 0);
    for (index, inbox) in expected.iter().enumerate() {
        let got: Vec<&str> = log
            .iter()
            .filter(|r| r.account == index)
            .map(|r| r.event.as_str())
            .collect();
        let distinct: HashSet<&str> = got.iter().copied().collect();
        duplicates += got.len() - distinct.len();
        missing += owed(inbox).iter().filter(|id| !distinct.contains(*id)).count();
        let position = |id: &str| inbox.iter().position(|(known, _)| known == id);
        unexpected += distinct.iter().filter(|id| position(id).is_none()).count();
        // Delivered in the inbox's order: each first delivery after the one before it.
        let mut seen = HashSet::new();
        let firsts: Vec<usize> = (got.iter().copied())
            .filter(|id| seen.insert(*id))
            .filter_map(position)
            .collect();
        out_of_order += usize::from(firsts.windows(2).any(|pair| pair[0] > pair[1]));
    }
    let stored: usize = expected.iter().map(Vec::len).sum();
    let (Some(first), Some(last)) = (log.iter().map(|r| r.at).min(), log.iter().map(|r| r.at).max()) else {
        println!("webhook deliveries: none arrived ({stored} notifications stored)");
        return;
    };
    let mut lags: Vec<u64> = log
        .iter()
        .filter_map(|r| {
            let stored_ms: u64 = r.event.split_once('-')?.0.parse().ok()?;
            Some(r.at_ms.saturating_sub(stored_ms))
        })
        .collect();
    lags.sort_unstable();
    let during = log
        .iter()
        .filter(|r| (moves_started..=last_move).contains(&r.at))
        .count();
    let span = (last - first).as_secs_f64();
    println!(
        "moves: {moves} by {players} players against random bots in {moves_time:.1?} ({:.0}/s), after {} games \
         created in {:.1?}; notifications stored: {stored}; requests a move, playing each webhook your_turn's \
         actions: {:.3} ({requests}, new games included)",
        moves as f64 / moves_time.as_secs_f64(),
        accounts.len(),
        moves_started - started,
        requests as f64 / moves.max(1) as f64
    );
    println!(
        "webhook deliveries: {} in {span:.1} s from the first to the last ({:.0}/s); {during} while the moves went on \
         ({:.0}/s)",
        log.len(),
        log.len() as f64 / span,
        during as f64 / moves_time.as_secs_f64()
    );
    println!(
        "delivery lag (notification stored to received): p50 {} ms, p99 {} ms, max {} ms; the last delivery came \
         {:.2?} after the last move's answer",
        percentile(&lags, 0.5),
        percentile(&lags, 0.99),
        lags[lags.len() - 1],
        last.saturating_duration_since(last_move)
    );
    let owed: usize = expected.iter().map(|inbox| owed(inbox).len()).sum();
    println!(
        "checked against the {} inboxes: {stored} notifications stored, {owed} of them owed (the rest your_turns a \
         later entry of their game superseded), {} requests received; {missing} missing, {duplicates} duplicates, \
         {unexpected} not in the inbox, {out_of_order} accounts out of order",
        accounts.len(),
        log.len()
    );
}

#[tokio::main]
async fn main() {
    let args = args();
    println!("== {} account streams on one instance", args.streams);
    streams(&args).await;
    println!("== webhooks of {} accounts, {} moves by {} players", args.webhooks, args.moves, args.players);
    webhooks(&args).await;
}
