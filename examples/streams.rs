//! Holds many live streams open on a running ludus and measures what they cost: Redis connections, the server's
//! resident memory, and the latency of moves while they are open, as a ratio to the same moves without them.
//!
//! `cargo run --release --example streams -- --port 8080 --pid <ludus pid> --redis redis://127.0.0.1:6379 \
//!     --streams 10000 --games 100 --moves 300 [--http2 200]`
//! (`scripts/measure-reliability` starts Redis and ludus and runs this.) Each stream is a connection of its own
//! (HTTP/1.1), or with `--http2 N` one of the streams that share N HTTP/2 connections (h2c): one process's open files
//! then do not bound the count. Without `--redis` no Redis connections are counted (a server on its memory store).
//! Traffic goes to 127.0.0.1 only; every loop is bounded by the counts given.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

mod shared;
use shared::{Instance, percentile, rss_kib};

struct Args {
    instance: Instance,
    redis: Option<String>,
    streams: usize,
    http2: Option<usize>,
    games: usize,
    moves: usize,
}

fn args() -> Args {
    let mut args = Args {
        instance: Instance::default(),
        redis: None,
        streams: 10_000,
        http2: None,
        games: 100,
        moves: 300,
    };
    shared::read_flags(|flag, value, number| match flag {
        flag if args.instance.takes(flag, number) => {}
        "--redis" => args.redis = Some(value.to_owned()),
        "--http2" => args.http2 = Some(number().max(1)),
        "--streams" => args.streams = number(),
        "--games" => args.games = number().max(1),
        "--moves" => args.moves = number(),
        other => panic!("unknown argument {other}"),
    });
    args
}

/// One HTTP/1.1 request on a new connection; the status and the JSON body.
async fn call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> (u16, Value) {
    let payload = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let key = match method {
        // Every move carries a key, as every client should: a retry can then never apply it twice. Its answer need
        // not carry the whole game: the streams carry what is measured.
        "POST" if path.ends_with("/actions") => {
            format!("Idempotency-Key: {:032x}\r\nPrefer: return=minimal\r\n", rand::random::<u128>())
        }
        "POST" => format!("Idempotency-Key: {:032x}\r\n", rand::random::<u128>()),
        _ => String::new(),
    };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{auth}{key}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}",
        payload.len()
    );
    shared::exchange(port, &request).await
}

struct Game {
    id: String,
    tokens: Vec<(String, String)>,
}

async fn create(port: u16) -> Game {
    let (status, body) =
        call(port, "POST", "/v1/games", None, Some(&json!({"title": "caesar-cleopatra", "players": 2}))).await;
    assert_eq!(status, 201, "{body}");
    Game {
        id: body["game"]["id"].as_str().unwrap().to_owned(),
        tokens: body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["seat"].as_str().unwrap().into(), s["token"].as_str().unwrap().into()))
            .collect(),
    }
}

/// Plays `moves` random legal moves over `games` (a finished game is replaced); the POST latencies.
async fn play(port: u16, games: &mut [Game], moves: usize) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(moves);
    let mut turn = 0;
    while latencies.len() < moves {
        let index = turn % games.len();
        turn += 1;
        let game = &games[index];
        let (_, state) = call(port, "GET", &format!("/v1/games/{}", game.id), None, None).await;
        let Some(seat) = state["to_act"]
            .as_array()
            .and_then(|seats| seats.first())
            .and_then(Value::as_str)
        else {
            games[index] = create(port).await;
            continue;
        };
        let token = &game.tokens.iter().find(|(s, _)| s == seat).unwrap().1;
        let path = format!("/v1/games/{}/actions", game.id);
        let (_, listed) = call(port, "GET", &path, Some(token), None).await;
        let actions: Vec<Value> = listed["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|action| !ludus::engine::table::is_table_action(action))
            .cloned()
            .collect();
        let action = &actions[rand::random_range(0..actions.len())];
        let started = Instant::now();
        let (status, body) = call(port, "POST", &path, Some(token), Some(&json!({"action": action}))).await;
        latencies.push(started.elapsed());
        assert_eq!(status, 200, "{body}");
    }
    latencies
}

/// Plays as `play` does, on a thread and runtime of its own: a move's latency is then not counted while the POST's
/// answer waits in this program's queue behind the stream readers' tasks (on a real deployment the players and the
/// watchers are other machines; here they still share the cores, as they share them with the server).
async fn play_apart(port: u16, mut games: Vec<Game>, moves: usize) -> (Vec<Game>, Vec<Duration>) {
    tokio::task::spawn_blocking(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let latencies = runtime.block_on(play(port, &mut games, moves));
        (games, latencies)
    })
    .await
    .expect("the player finishes")
}

fn summary(latencies: &mut [Duration]) -> (Duration, Duration) {
    latencies.sort();
    (percentile(latencies, 0.5), percentile(latencies, 0.99))
}

fn redis_clients(url: &str) -> u64 {
    let client = redis::Client::open(url).expect("a Redis URL");
    let mut connection = client.get_connection().expect("Redis answers");
    let info: String = redis::cmd("INFO").arg("clients").query(&mut connection).expect("INFO");
    let connected: u64 = info
        .lines()
        .find_map(|line| line.strip_prefix("connected_clients:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    connected - 1 // this connection
}

/// Counts the messages in what a stream received.
fn count_messages(received: &AtomicU64, chunk: &[u8]) {
    let events = chunk.windows(7).filter(|w| w == b"event: ").count() as u64;
    received.fetch_add(events, Ordering::Relaxed);
}

/// Opens one stream on a connection of its own and counts the messages it receives until the program ends.
async fn hold_stream(port: u16, game: String, received: Arc<AtomicU64>, opened: Arc<AtomicU64>) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else {
        return;
    };
    let request = format!("GET /v1/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return;
    }
    let mut buffer = vec![0u8; 4096];
    let mut counted_open = false;
    while let Ok(read) = stream.read(&mut buffer).await {
        if read == 0 {
            return;
        }
        let chunk = &buffer[..read];
        if !counted_open && chunk.starts_with(b"HTTP/1.1 200") {
            counted_open = true;
            opened.fetch_add(1, Ordering::Relaxed);
        }
        count_messages(&received, chunk);
    }
}

/// Opens a stream of each of `games` on one HTTP/2 connection (h2c) and counts the messages they receive until the
/// program ends.
async fn hold_streams_on_one_connection(
    port: u16,
    games: Vec<String>,
    received: Arc<AtomicU64>,
    opened: Arc<AtomicU64>,
) {
    let Ok(tcp) = TcpStream::connect(("127.0.0.1", port)).await else {
        return;
    };
    let Ok((mut client, connection)) = h2::client::handshake(tcp).await else {
        return;
    };
    tokio::spawn(connection);
    for game in games {
        let Ok(ready) = client.ready().await else { return };
        client = ready;
        let request = http::Request::get(format!("http://127.0.0.1/v1/games/{game}/stream"))
            .body(())
            .expect("a request");
        let Ok((response, _)) = client.send_request(request, true) else {
            return;
        };
        let (received, opened) = (received.clone(), opened.clone());
        tokio::spawn(async move {
            let Ok(response) = response.await else { return };
            if response.status() != 200 {
                return;
            }
            opened.fetch_add(1, Ordering::Relaxed);
            let mut body = response.into_body();
            while let Some(Ok(chunk)) = body.data().await {
                let _ = body.flow_control().release_capacity(chunk.len());
                count_messages(&received, &chunk);
            }
        });
    }
}

#[tokio::main]
async fn main() {
    let args = args();
    let port = args.instance.port;
    let mut games = Vec::new();
    for _ in 0..args.games {
        games.push(create(port).await);
    }
    let baseline_rss = rss_kib(args.instance.pid);
    let baseline_clients = args.redis.as_deref().map(redis_clients);
    let (games, mut without) = play_apart(port, games, args.moves).await;

    let received = Arc::new(AtomicU64::new(0));
    let opened = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    match args.http2 {
        None => {
            for index in 0..args.streams {
                let game = games[index % games.len()].id.clone();
                tokio::spawn(hold_stream(port, game, received.clone(), opened.clone()));
                if index % 500 == 499 {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
        Some(connections) => {
            for connection in 0..connections {
                let streams = (connection..args.streams).step_by(connections);
                let of = streams.map(|index| games[index % games.len()].id.clone()).collect();
                tokio::spawn(hold_streams_on_one_connection(port, of, received.clone(), opened.clone()));
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while (opened.load(Ordering::Relaxed) as usize) < args.streams && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let opened_count = opened.load(Ordering::Relaxed);
    let open_time = started.elapsed();
    let (_, health) = call(port, "GET", "/health", None, None).await;
    let streaming_rss = rss_kib(args.instance.pid);
    let streaming_clients = args.redis.as_deref().map(redis_clients);
    let (_, mut with) = play_apart(port, games, args.moves).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let delivered = received.load(Ordering::Relaxed);

    let (p50_without, p99_without) = summary(&mut without);
    let (p50_with, p99_with) = summary(&mut with);
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!("streams opened: {opened_count} of {} in {open_time:.1?}", args.streams);
    println!("streams the server counts: {}", health["streams"]);
    if let (Some(without), Some(with)) = (baseline_clients, streaming_clients) {
        println!("redis connections from ludus: {without} without streams, {with} with them");
    }
    println!(
        "ludus RSS: {} MiB without streams, {} MiB with them ({:.1} KiB per stream)",
        baseline_rss / 1024,
        streaming_rss / 1024,
        (streaming_rss.saturating_sub(baseline_rss)) as f64 / opened_count.max(1) as f64
    );
    println!(
        "move latency without streams: p50 {p50_without:.2?}, p99 {p99_without:.2?}; with them: p50 {p50_with:.2?}, p99 {p99_with:.2?} (ratio p50 {:.2}, p99 {:.2})",
        ratio(p50_with, p50_without),
        ratio(p99_with, p99_without)
    );
    println!("stream messages delivered during the measured moves: {delivered}");
}
