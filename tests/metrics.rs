//! Metrics as an operator reads them: a real Prometheus server (Debian package `prometheus`, which `scripts/test`
//! installs) scrapes the real binary on loopback, and its HTTP API answers for the moves played; `promtool check
//! metrics` finds the exposition clean.

use crate::common;

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::http::{create, next_move, play, raw_metrics, send};
use common::{RedisServer, ServerProcess, free_port};
use serde_json::json;

/// A Prometheus server scraping `target` every 250 ms, on a free loopback port; killed on drop.
struct Prometheus {
    port: u16,
    child: Child,
    dir: std::path::PathBuf,
}

impl Prometheus {
    fn start(target: u16) -> Self {
        let dir = std::env::temp_dir().join(format!("ludus-prometheus-{}-{target}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("prometheus.yml");
        std::fs::write(
            &config,
            format!(
                "global:\n  scrape_interval: 250ms\n  scrape_timeout: 200ms\nscrape_configs:\n  - job_name: ludus\n    \
                 static_configs:\n      - targets: ['127.0.0.1:{target}']\n"
            ),
        )
        .unwrap();
        let port = free_port();
        let child = Command::new("prometheus")
            .arg(format!("--config.file={}", config.display()))
            .arg(format!("--storage.tsdb.path={}", dir.join("data").display()))
            .arg(format!("--web.listen-address=127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the Debian package `prometheus` is installed (scripts/test installs it)");
        Self { port, child, dir }
    }

    /// The value of an instant query's single sample, once Prometheus has one (`None` after `within`).
    fn value(&self, query: &str, within: Duration) -> Option<f64> {
        let deadline = Instant::now() + within;
        let path = format!("/api/v1/query?query={}", encode(query));
        while Instant::now() < deadline {
            if let Some(reply) = send(self.port, "GET", &path, None, None, None)
                && let Some(value) = reply.body["data"]["result"][0]["value"][1].as_str()
            {
                return value.parse().ok();
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        None
    }
}

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Percent-encodes a PromQL query for a URL.
fn encode(query: &str) -> String {
    query
        .bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'.' | b'-' => (byte as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// The current value of `query` as Prometheus sees it, waiting until it reaches at least `at_least`.
fn reaches(prometheus: &Prometheus, query: &str, at_least: f64) -> f64 {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = None;
    while Instant::now() < deadline {
        seen = prometheus.value(query, Duration::from_secs(5));
        if seen.is_some_and(|value| value >= at_least) {
            return seen.unwrap();
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    panic!("{query} is {seen:?}, expected at least {at_least}");
}

#[test]
fn prometheus_scrapes_what_the_service_did() {
    let redis = RedisServer::start();
    let server = ServerProcess::start(Some(&redis.url));
    let prometheus = Prometheus::start(server.port);
    let game = create(server.port, 7);
    let mut moves = 0;
    while moves < 20 {
        let (seat, action, _) = next_move(server.port, &game, moves).expect("a move");
        let reply = play(server.port, &game, &seat, &action);
        assert_eq!(reply.status, 200, "{}", reply.body);
        moves += 1;
    }
    let refused = send(
        server.port,
        "POST",
        &format!("/v1/games/{}/actions", game.id),
        Some(&game.tokens[0].1),
        None,
        Some(&json!({"action": {"type": "resign"}, "expected_version": 0})),
    )
    .unwrap();
    assert_eq!(refused.status, 409, "a stale expected_version: {}", refused.body);

    assert_eq!(reaches(&prometheus, "sum(ludus_moves_total)", 20.0), 20.0);
    assert!(reaches(&prometheus, "sum(ludus_version_conflicts_total)", 1.0) >= 1.0);
    let posted = r#"sum(ludus_http_requests_total{route="/v1/games/{id}/actions",method="POST",status="200"})"#;
    assert_eq!(reaches(&prometheus, posted, 20.0), 20.0, "requests by route template, never by game id");
    assert!(reaches(&prometheus, r#"sum(ludus_store_calls_total{command="append"})"#, 20.0) >= 20.0);
    assert!(
        reaches(&prometheus, "sum(ludus_http_request_duration_seconds_count)", 20.0) >= 20.0,
        "latency histograms"
    );
    assert!(
        prometheus
            .value("ludus_open_streams", Duration::from_secs(10))
            .is_some()
    );
    assert!(
        prometheus
            .value("ludus_sweep_lag_seconds", Duration::from_secs(10))
            .is_some()
    );

    let exposition = send(server.port, "GET", "/metrics", None, None, None).expect("metrics");
    assert_eq!(exposition.status, 200);
    let text = raw_metrics(server.port);
    assert!(!text.contains(&game.id), "no game id in any label");
    // Every title's move counter is shown from the start: the titles no game was played of read 0.
    let titles = send(server.port, "GET", "/v1/titles", None, None, None)
        .expect("titles")
        .body;
    for (index, title) in titles.as_array().expect("the titles").iter().enumerate() {
        let series = format!("ludus_moves_total{{title=\"{}\"}} ", title["id"].as_str().unwrap());
        let moved = text
            .lines()
            .find_map(|line| line.strip_prefix(&series))
            .unwrap_or_else(|| panic!("no {series}in:\n{text}"));
        // `create` plays the first title.
        assert_eq!(moved, if index == 0 { "20" } else { "0" }, "{series}");
    }
    let mut promtool = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (Debian package `prometheus`)");
    promtool.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let checked = promtool.wait_with_output().unwrap();
    assert!(
        checked.status.success() && checked.stdout.is_empty() && checked.stderr.is_empty(),
        "promtool check metrics: {}{}",
        String::from_utf8_lossy(&checked.stdout),
        String::from_utf8_lossy(&checked.stderr)
    );
}
