//! Load generator: G games played at once over HTTP, one task and one keep-alive connection per game, each move a
//! random legal action; a finished game is replaced by a new one. Reports moves/s, requests/s, the latency of the
//! move (POST) at p50/p90/p99/max, and the errors.
//!
//! `cargo run --release --example loadgen -- --games 64 --seconds 20 --title caesar-cleopatra [--players N]
//!     [--url http://127.0.0.1:8080] [--json]`
//!
//! A seat learns that it must act, and its legal actions, as a client would: from the (minimal, `Prefer:
//! return=minimal`) answer to its own move when it must act again, otherwise by asking for its legal actions with its
//! token (`GET /v1/games/{id}/actions`), the least a client reads between moves. With `--bot-loop`, as a bot that
//! follows docs/accounts.md does instead: each task makes an account, holds its notification stream (NDJSON) and
//! creates its games with the account's key (every seat its own); each `your_turn` at or past the version of its last
//! move gets one POST of one of the actions it carries (`X-Ludus-Seat`, an `Idempotency-Key`), and nothing else is
//! asked. Both report requests per move. Traffic goes to the given loopback
//! address only and stops after `--seconds` (or `--moves` moves, when given).
//! `scripts/bench` runs it next to `redis-benchmark` on one Redis and prints the ratios. With `--floor`, it sends
//! `GET /health` on `--games` connections instead: the cost of the HTTP exchange alone, which a move is compared with.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use ludus::engine::table::TableAction;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

struct Args {
    address: String,
    title: String,
    players: Option<usize>,
    games: usize,
    seconds: f64,
    moves: Option<u64>,
    json: bool,
    /// `GET /health` instead of games: the cost of the HTTP exchange itself, the floor a move is compared with.
    floor: bool,
    /// Play as a bot of docs/accounts.md does: an account per game task, its notification stream, one POST a move.
    bot_loop: bool,
}

fn usage() -> ! {
    eprintln!(
        "usage: loadgen [--url http://127.0.0.1:8080] [--title caesar-cleopatra] [--players N] [--games 64] \
         [--seconds 20] [--moves N] [--json] [--floor] [--bot-loop]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        address: "127.0.0.1:8080".into(),
        title: "caesar-cleopatra".into(),
        players: None,
        games: 64,
        seconds: 20.0,
        moves: None,
        json: false,
        floor: false,
        bot_loop: false,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        if word == "--json" {
            args.json = true;
            continue;
        }
        if word == "--floor" {
            args.floor = true;
            continue;
        }
        if word == "--bot-loop" {
            args.bot_loop = true;
            continue;
        }
        let Some(value) = words.next() else { usage() };
        let number = || value.parse::<u64>().unwrap_or_else(|_| usage());
        match word.as_str() {
            "--url" => {
                let address = value.strip_prefix("http://").unwrap_or_else(|| usage());
                args.address = address.trim_end_matches('/').to_owned();
            }
            "--title" => args.title = value.clone(),
            "--players" => args.players = Some(number() as usize),
            "--games" => args.games = (number() as usize).max(1),
            "--seconds" => args.seconds = value.parse().unwrap_or_else(|_| usage()),
            "--moves" => args.moves = Some(number()),
            _ => usage(),
        }
    }
    let host = args.address.split(':').next().unwrap_or_default();
    if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
        eprintln!("loadgen sends traffic to loopback only, not to {host}");
        std::process::exit(2);
    }
    args
}

/// A keep-alive HTTP/1.1 connection that reconnects when the server closed it.
struct Connection {
    address: String,
    stream: Option<BufReader<TcpStream>>,
    request: Vec<u8>,
}

impl Connection {
    fn new(address: &str) -> Self {
        Self {
            address: address.to_owned(),
            stream: None,
            request: Vec::with_capacity(1024),
        }
    }

    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: &str,
    ) -> std::io::Result<(u16, Vec<u8>)> {
        use std::io::Write;
        self.request.clear();
        write!(self.request, "{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.address)?;
        if let Some(token) = token {
            write!(self.request, "Authorization: Bearer {token}\r\n")?;
        }
        for (name, value) in headers {
            write!(self.request, "{name}: {value}\r\n")?;
        }
        if method == "POST" && path.ends_with("/actions") {
            // A move's answer without the whole game: what the next move needs is in it.
            self.request.extend_from_slice(b"Prefer: return=minimal\r\n");
        }
        if !body.is_empty() {
            write!(self.request, "Content-Type: application/json\r\nContent-Length: {}\r\n", body.len())?;
        }
        self.request.extend_from_slice(b"\r\n");
        self.request.extend_from_slice(body.as_bytes());
        // A connection the server closed while idle fails on first use: one fresh attempt.
        for attempt in 0..2 {
            if self.stream.is_none() {
                let stream = TcpStream::connect(&self.address).await?;
                stream.set_nodelay(true)?;
                self.stream = Some(BufReader::new(stream));
            }
            let stream = self.stream.as_mut().expect("connected");
            let answer = async {
                stream.get_mut().write_all(&self.request).await?;
                read_response(stream).await
            }
            .await;
            match answer {
                Ok(answer) => return Ok(answer),
                Err(error) => {
                    self.stream = None;
                    if attempt == 1 {
                        return Err(error);
                    }
                }
            }
        }
        unreachable!("the loop returns")
    }
}

fn broken(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned())
}

/// The next chunk of a chunked body, appended to `body`; false at the last (empty) chunk.
async fn read_chunk(stream: &mut BufReader<TcpStream>, body: &mut Vec<u8>) -> std::io::Result<bool> {
    let mut line = String::new();
    if stream.read_line(&mut line).await? == 0 {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    let size = usize::from_str_radix(line.trim(), 16).map_err(|_| broken("chunk size"))?;
    let start = body.len();
    body.resize(start + size + 2, 0);
    stream.read_exact(&mut body[start..]).await?;
    body.truncate(start + size);
    Ok(size > 0)
}

async fn read_response(stream: &mut BufReader<TcpStream>) -> std::io::Result<(u16, Vec<u8>)> {
    let (status, length, chunked) = read_head(stream).await?;
    let mut body = Vec::new();
    if chunked {
        while read_chunk(stream, &mut body).await? {}
    } else {
        body.resize(length.unwrap_or(0), 0);
        stream.read_exact(&mut body).await?;
    }
    Ok((status, body))
}

/// An answer's status line and headers: its status, and how its body comes (a length, or chunked).
async fn read_head(stream: &mut BufReader<TcpStream>) -> std::io::Result<(u16, Option<usize>, bool)> {
    let mut line = String::new();
    if stream.read_line(&mut line).await? == 0 {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| broken("status line"))?;
    let mut length = None;
    let mut chunked = false;
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').ok_or_else(|| broken("header"))?;
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.trim().parse::<usize>().map_err(|_| broken("content-length"))?);
        } else if name.eq_ignore_ascii_case("transfer-encoding") && value.trim().eq_ignore_ascii_case("chunked") {
            chunked = true;
        }
    }
    Ok((status, length, chunked))
}

#[derive(Deserialize)]
struct Title {
    id: String,
    min_players: usize,
}

/// What a client reads of a game: the view is skipped unparsed.
#[derive(Deserialize)]
struct Game {
    id: String,
    status: String,
    to_act: Vec<String>,
    seat: Option<String>,
    #[serde(default)]
    legal_actions: Option<Vec<Box<RawValue>>>,
}

/// A seat's legal actions, as `GET /v1/games/{id}/actions` lists them.
#[derive(Deserialize)]
struct Listed {
    actions: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct SeatToken {
    seat: String,
    token: String,
}

#[derive(Deserialize)]
struct Created {
    seats: Vec<SeatToken>,
    game: Game,
}

/// A move's minimal answer (`Prefer: return=minimal`).
#[derive(Deserialize)]
struct Played {
    version: u64,
    status: String,
    to_act: Vec<String>,
    legal_actions: Vec<Box<RawValue>>,
}

#[derive(Default)]
struct Totals {
    moves: AtomicU64,
    requests: AtomicU64,
    /// Bytes of the answers to moves (POST) and to reads of a seat's legal actions (GET), uncompressed.
    move_bytes: AtomicU64,
    read_bytes: AtomicU64,
    reads: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
}

/// Why a game's task stopped playing it.
enum Stop {
    /// Time is up (or enough moves were made).
    Done,
    /// The game ended: start another.
    Finished,
}

struct Player {
    connection: Connection,
    title: String,
    players: usize,
    totals: Arc<Totals>,
    stop: Arc<AtomicBool>,
    move_budget: Option<u64>,
    latencies: Vec<u32>,
    rng: SmallRng,
    last_error: Option<String>,
}

impl Player {
    /// One request; an error is counted (and kept to be shown) and ends this game.
    async fn call<T: for<'de> Deserialize<'de>>(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: &str,
        expected: u16,
    ) -> Option<T> {
        self.totals.requests.fetch_add(1, Ordering::Relaxed);
        let answer = self.connection.call(method, path, token, headers, body).await;
        let problem = match answer {
            Ok((status, body)) if status == expected => match serde_json::from_slice(&body) {
                Ok(parsed) if method == "POST" && path.ends_with("/actions") => {
                    self.totals.move_bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
                    return Some(parsed);
                }
                Ok(parsed) if method == "GET" => {
                    self.totals.read_bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
                    self.totals.reads.fetch_add(1, Ordering::Relaxed);
                    return Some(parsed);
                }
                Ok(parsed) => return Some(parsed),
                Err(error) => format!("{method} {path}: unreadable answer: {error}"),
            },
            Ok((status, body)) => format!("{method} {path}: {status} {}", String::from_utf8_lossy(&body)),
            Err(error) => format!("{method} {path}: {error}"),
        };
        self.totals.errors.fetch_add(1, Ordering::Relaxed);
        self.last_error = Some(problem);
        None
    }

    /// Posts one of `actions` of `seat`, drawn at random among the title's, to `path` with `token`: the move's answer
    /// (`None`: the seat had no action of the title, or the move failed, counted as an error).
    async fn play_random(
        &mut self,
        path: &str,
        token: &str,
        headers: &[(&str, &str)],
        mut actions: Vec<Box<RawValue>>,
        seat: &str,
    ) -> Option<Played> {
        // The title's actions: a random player skips the table's (undo), or it could undo forever.
        actions.retain(|action| {
            serde_json::from_str(action.get()).is_ok_and(|action| TableAction::parse(&action).is_none())
        });
        if actions.is_empty() {
            self.last_error = Some(format!("{path}: seat {seat} must act but has no legal action"));
            self.totals.errors.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let action = &actions[self.rng.random_range(0..actions.len())];
        let body = format!(r#"{{"action":{}}}"#, action.get());
        let started = Instant::now();
        let played = self
            .call::<Played>("POST", path, Some(token), headers, &body, 200)
            .await?;
        self.latencies
            .push(u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX));
        self.totals.moves.fetch_add(1, Ordering::Relaxed);
        Some(played)
    }

    fn out_of_moves(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .move_budget
                .is_some_and(|budget| self.totals.moves.load(Ordering::Relaxed) >= budget)
    }

    /// Creates a game and plays it to its end (or until time is up), always as the first seat to act.
    async fn play_one_game(&mut self) -> Stop {
        let create = format!(r#"{{"title":"{}","players":{}}}"#, self.title, self.players);
        let Some(created) = self.call::<Created>("POST", "/v1/games", None, &[], &create, 201).await else {
            return Stop::Finished;
        };
        let tokens = created.seats;
        let game_path = format!("/v1/games/{}", created.game.id);
        let actions_path = format!("{game_path}/actions");
        let mut known = created.game;
        loop {
            if known.status != "active" {
                self.totals.games_finished.fetch_add(1, Ordering::Relaxed);
                return Stop::Finished;
            }
            if self.out_of_moves() {
                return Stop::Done;
            }
            let Some(seat) = known.to_act.first().cloned() else {
                return Stop::Finished;
            };
            let Some(token) = tokens.iter().find(|t| t.seat == seat).map(|t| t.token.clone()) else {
                return Stop::Finished;
            };
            // The last answer holds this seat's actions only when it was this seat's own.
            let actions = match known
                .legal_actions
                .take()
                .filter(|_| known.seat.as_deref() == Some(&seat))
            {
                Some(actions) => actions,
                None => match self
                    .call::<Listed>("GET", &actions_path, Some(&token), &[], "", 200)
                    .await
                {
                    Some(listed) => listed.actions,
                    None => return Stop::Finished,
                },
            };
            let Some(played) = self.play_random(&actions_path, &token, &[], actions, &seat).await else {
                return Stop::Finished;
            };
            known = Game {
                id: known.id,
                status: played.status,
                to_act: played.to_act,
                seat: Some(seat),
                legal_actions: Some(played.legal_actions),
            };
        }
    }

    async fn run(mut self) -> Self {
        while let Stop::Finished = self.play_one_game().await {
            if self.out_of_moves() {
                break;
            }
        }
        self
    }

    /// The bot loop (`--bot-loop`): an account named after `index`, its notification stream, and its games one after
    /// the other, each move one POST of an action a `your_turn` carried.
    async fn run_as_bot(mut self, index: usize) -> Self {
        // Unique across runs on one server: the task's seeded generator repeats itself.
        let name = format!("lg{index}-{:012x}", rand::random::<u64>() >> 16);
        let body = format!(r#"{{"name":"{name}","kind":"bot"}}"#);
        let Some(account) = self
            .call::<NewAccount>("POST", "/v1/accounts", None, &[], &body, 201)
            .await
        else {
            return self;
        };
        self.totals.requests.fetch_add(1, Ordering::Relaxed);
        let mut notes = match follow_account(&self.connection.address, &account.key).await {
            Ok(notes) => notes,
            Err(error) => {
                self.last_error = Some(format!("the account stream: {error}"));
                self.totals.errors.fetch_add(1, Ordering::Relaxed);
                return self;
            }
        };
        while !self.out_of_moves() {
            if let Stop::Done = self.play_one_game_as_bot(&account.key, &mut notes).await {
                break;
            }
        }
        self
    }

    /// Creates a game with the account's `key` (every seat its own) and plays the `your_turn`s `notes` bring for it
    /// until it ends (or time is up).
    async fn play_one_game_as_bot(&mut self, key: &str, notes: &mut mpsc::UnboundedReceiver<Vec<u8>>) -> Stop {
        let create = format!(r#"{{"title":"{}","players":{}}}"#, self.title, self.players);
        let Some(created) = self
            .call::<Created>("POST", "/v1/games", Some(key), &[], &create, 201)
            .await
        else {
            return Stop::Done;
        };
        let game = created.game.id;
        let actions_path = format!("/v1/games/{game}/actions");
        // The version after this bot's last move: a your_turn below it was sent before that move, and is answered.
        let mut known = 0;
        loop {
            if self.out_of_moves() {
                return Stop::Done;
            }
            let line = match tokio::time::timeout(Duration::from_millis(200), notes.recv()).await {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.last_error = Some("the account stream ended".into());
                    self.totals.errors.fetch_add(1, Ordering::Relaxed);
                    return Stop::Done;
                }
                Err(_) => continue,
            };
            let Ok(note) = serde_json::from_slice::<Notification>(&line) else {
                continue;
            };
            if note.game.as_deref() != Some(game.as_str()) {
                continue;
            }
            match note.kind.as_str() {
                "game_finished" => {
                    self.totals.games_finished.fetch_add(1, Ordering::Relaxed);
                    return Stop::Finished;
                }
                "your_turn" if note.version.is_some_and(|version| version >= known) => {}
                _ => continue,
            }
            let (Some(seat), Some(actions)) = (note.seat, note.legal_actions) else {
                continue;
            };
            let idempotency_key = format!("{:016x}", self.rng.random::<u64>());
            let headers = [
                ("X-Ludus-Seat", seat.as_str()),
                ("Idempotency-Key", idempotency_key.as_str()),
            ];
            let Some(played) = self.play_random(&actions_path, key, &headers, actions, &seat).await else {
                return Stop::Finished;
            };
            known = played.version;
        }
    }
}

#[derive(Deserialize)]
struct NewAccount {
    key: String,
}

/// A notification of the account stream, as far as the bot loop reads it.
#[derive(Deserialize)]
struct Notification {
    #[serde(rename = "type")]
    kind: String,
    game: Option<String>,
    seat: Option<String>,
    version: Option<u64>,
    legal_actions: Option<Vec<Box<RawValue>>>,
}

/// The account's notification stream (NDJSON) opened with its `key`: each line, as it comes, read by a task of its
/// own (so that waiting for one can be given up without cutting a chunk in two).
async fn follow_account(address: &str, key: &str) -> std::io::Result<mpsc::UnboundedReceiver<Vec<u8>>> {
    let stream = TcpStream::connect(address).await?;
    stream.set_nodelay(true)?;
    let mut stream = BufReader::new(stream);
    let request = format!(
        "GET /v1/accounts/me/stream HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\
         Accept: application/x-ndjson\r\n\r\n"
    );
    stream.get_mut().write_all(request.as_bytes()).await?;
    let (status, _, chunked) = read_head(&mut stream).await?;
    if status != 200 || !chunked {
        return Err(broken(&format!("the account stream answered {status}")));
    }
    let (lines, notes) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut pending = Vec::new();
        while let Ok(true) = read_chunk(&mut stream, &mut pending).await {
            while let Some(end) = pending.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                if line.len() > 1 && lines.send(line).is_err() {
                    return;
                }
            }
        }
    });
    Ok(notes)
}

/// `GET /health` on `connections` keep-alive connections until `seconds` pass: the requests answered, and the errors.
async fn floor(address: &str, connections: usize, seconds: f64) -> (u64, u64) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let tasks: Vec<_> = (0..connections)
        .map(|_| {
            let mut connection = Connection::new(address);
            tokio::spawn(async move {
                let (mut answered, mut errors) = (0, 0);
                while Instant::now() < deadline {
                    match connection.call("GET", "/health", None, &[], "").await {
                        Ok((200, _)) => answered += 1,
                        _ => errors += 1,
                    }
                }
                (answered, errors)
            })
        })
        .collect();
    let mut totals = (0, 0);
    for (answered, errors) in futures_util::future::join_all(tasks).await.into_iter().flatten() {
        totals = (totals.0 + answered, totals.1 + errors);
    }
    totals
}

fn percentile(sorted: &[u32], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 * fraction).ceil() as usize).clamp(1, sorted.len()) - 1;
    f64::from(sorted[index]) / 1000.0
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = parse_args();
    if args.floor {
        let started = Instant::now();
        let (requests, errors) = floor(&args.address, args.games, args.seconds).await;
        let seconds = started.elapsed().as_secs_f64();
        let per_second = requests as f64 / seconds;
        match args.json {
            true => println!(
                "{}",
                serde_json::json!({"connections": args.games, "seconds": seconds, "requests": requests,
                    "requests_per_s": per_second, "errors": errors})
            ),
            false => println!(
                "GET /health on {} connections: {requests} answered ({per_second:.0}/s), {errors} errors",
                args.games
            ),
        }
        return if errors > 0 || requests == 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let mut setup = Connection::new(&args.address);
    let players = match args.players {
        Some(players) => players,
        None => {
            let titles = match setup.call("GET", "/v1/titles", None, &[], "").await {
                Ok((200, body)) => serde_json::from_slice::<Vec<Title>>(&body).ok(),
                _ => None,
            };
            let Some(titles) = titles else {
                eprintln!("loadgen: no ludus answers GET /v1/titles at {}", args.address);
                return ExitCode::FAILURE;
            };
            let Some(title) = titles.iter().find(|t| t.id == args.title) else {
                eprintln!("loadgen: ludus has no title {}", args.title);
                return ExitCode::FAILURE;
            };
            title.min_players
        }
    };
    let totals = Arc::new(Totals::default());
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.games)
        .map(|index| {
            let player = Player {
                connection: Connection::new(&args.address),
                title: args.title.clone(),
                players,
                totals: totals.clone(),
                stop: stop.clone(),
                move_budget: args.moves,
                latencies: Vec::new(),
                rng: SmallRng::seed_from_u64(index as u64),
                last_error: None,
            };
            match args.bot_loop {
                true => tokio::spawn(player.run_as_bot(index)),
                false => tokio::spawn(player.run()),
            }
        })
        .collect();
    let deadline = tokio::time::sleep(Duration::from_secs_f64(args.seconds));
    tokio::pin!(deadline);
    let mut all_done = Box::pin(futures_util::future::join_all(tasks));
    let finished = tokio::select! {
        finished = &mut all_done => finished,
        () = &mut deadline => {
            stop.store(true, Ordering::Relaxed);
            all_done.await
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut latencies = Vec::new();
    let mut last_error = None;
    for player in finished.into_iter().flatten() {
        latencies.extend(player.latencies);
        last_error = player.last_error.or(last_error);
    }
    latencies.sort_unstable();
    let moves = totals.moves.load(Ordering::Relaxed);
    let requests = totals.requests.load(Ordering::Relaxed);
    let errors = totals.errors.load(Ordering::Relaxed);
    let games_finished = totals.games_finished.load(Ordering::Relaxed);
    let move_bytes = totals.move_bytes.load(Ordering::Relaxed) / moves.max(1);
    let reads = totals.reads.load(Ordering::Relaxed);
    let read_bytes = totals.read_bytes.load(Ordering::Relaxed) / reads.max(1);
    let (p50, p90, p99, max) = (
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
    );
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "title": args.title, "players": players, "games": args.games, "seconds": seconds,
                "moves": moves, "requests": requests, "errors": errors, "games_finished": games_finished,
                "moves_per_s": moves as f64 / seconds, "requests_per_s": requests as f64 / seconds,
                "requests_per_move": requests as f64 / moves.max(1) as f64, "bot_loop": args.bot_loop,
                "p50_ms": p50, "p90_ms": p90, "p99_ms": p99, "max_ms": max,
                "move_answer_bytes": move_bytes, "actions_read_bytes": read_bytes,
            })
        );
    } else {
        println!(
            "{} ({players} players), {} games at once, {seconds:.1} s: {moves} moves ({:.0}/s), {requests} requests \
             ({:.0}/s), {games_finished} games finished, {errors} errors",
            args.title,
            args.games,
            moves as f64 / seconds,
            requests as f64 / seconds
        );
        println!(
            "{:.3} requests a move ({}, creations included)",
            requests as f64 / moves.max(1) as f64,
            match args.bot_loop {
                true => "the bot loop: an account stream, one POST a move",
                false => "the lean loop: a seat's actions read when the last answer was another seat's",
            }
        );
        println!("move latency (POST): p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms");
        println!(
            "answer sizes (uncompressed, mean): move {move_bytes} bytes, legal actions read by a seat {read_bytes} bytes"
        );
    }
    if let Some(error) = last_error {
        eprintln!("last error: {error}");
    }
    if errors > 0 || moves == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
