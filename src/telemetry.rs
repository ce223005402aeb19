//! What an operator sees of an instance: Prometheus metrics, recorded with the `metrics` facade wherever the work
//! happens and rendered at `GET /metrics`. Labels are low-cardinality by design: route templates, titles, rule
//! codes, store commands; never a game id.

use std::sync::OnceLock;

use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Requests answered, by `route` template, `method` and `status`.
pub const HTTP_REQUESTS: &str = "ludus_http_requests_total";
/// How long requests took to answer (up to the response's head; a stream counts until it starts), by `route` and
/// `method`.
pub const HTTP_DURATION: &str = "ludus_http_request_duration_seconds";
/// Moves appended, by `title` (every accepted action, table actions and bots' moves included).
pub const MOVES: &str = "ludus_moves_total";
/// Finished rated games whose ratings this instance applied, by `title`.
pub const GAMES_RATED: &str = "ludus_games_rated_total";
/// Moves the rules refused, by `title` and the rule's `code`.
pub const RULE_REFUSALS: &str = "ludus_rule_refusals_total";
/// Moves refused because the client's `expected_version` was behind.
pub const VERSION_CONFLICTS: &str = "ludus_version_conflicts_total";
/// Moves decided again because another writer appended first.
pub const MOVE_RACES: &str = "ludus_move_races_total";
/// Moves given up after losing every race (answered 409 `contention`).
pub const CONTENTION: &str = "ludus_contention_total";
/// Store calls, by `command`.
pub const STORE_CALLS: &str = "ludus_store_calls_total";
/// How long store calls took, by `command`.
pub const STORE_DURATION: &str = "ludus_store_call_duration_seconds";
/// Store calls that failed (unreachable, timed out), by `command`.
pub const STORE_ERRORS: &str = "ludus_store_errors_total";
/// Writes not acknowledged because too few replicas held them in time (`LUDUS_REDIS_WAIT_REPLICAS`), by `command`.
pub const REPLICATION_TIMEOUTS: &str = "ludus_replication_timeouts_total";
/// Connections closed before any request, by `reason` (`first_byte_timeout`, `client_cap`).
pub const CONNECTIONS_CLOSED_EARLY: &str = "ludus_connections_closed_early_total";
/// Search bots waiting for one of the instance's search slots (`LUDUS_MAX_SEARCHES`).
pub const SEARCHES_WAITING: &str = "ludus_bot_searches_waiting";
/// Games served from this instance's cache once the store proved the log extends it.
pub const CACHE_HITS: &str = "ludus_cache_hits_total";
/// Games rebuilt into the cache, `from` a stored snapshot or the whole `log`.
pub const REBUILDS: &str = "ludus_game_rebuilds_total";
/// States stored as snapshots with an append.
pub const SNAPSHOTS_WRITTEN: &str = "ludus_snapshots_written_total";
/// Live streams this instance holds open.
pub const OPEN_STREAMS: &str = "ludus_open_streams";
/// How long ago the oldest deadline or expiry still waiting for a sweep fell due (0 when none is overdue).
pub const SWEEP_LAG: &str = "ludus_sweep_lag_seconds";
/// Finished games this instance moved to the archive.
pub const GAMES_ARCHIVED: &str = "ludus_games_archived_total";
/// Archivals of a game that failed (the archive or the live store did not answer, or the copy did not match); the
/// game stays live and is tried again.
pub const ARCHIVAL_FAILURES: &str = "ludus_archival_failures_total";
/// How long ago the oldest finished game still waiting for the archive fell due there (0 when none is overdue).
pub const ARCHIVAL_LAG: &str = "ludus_archival_lag_seconds";
/// The archive's table on disk (rows, indexes, TOAST), as this instance last measured it.
pub const ARCHIVE_BYTES: &str = "ludus_archive_bytes";
/// Games in the archive, as this instance last counted them.
pub const ARCHIVED_GAMES: &str = "ludus_archived_games";
/// How long built-in bots thought before a move, by `bot`.
pub const BOT_THINKING: &str = "ludus_bot_thinking_seconds";
/// Webhook delivery attempts, by `outcome` (delivered, failed).
pub const WEBHOOK_DELIVERIES: &str = "ludus_webhook_deliveries_total";
/// How long webhook delivery attempts took.
pub const WEBHOOK_DURATION: &str = "ludus_webhook_delivery_duration_seconds";
/// 1 while the instance drains before it exits (SIGTERM), else 0.
pub const DRAINING: &str = "ludus_draining";

/// From a tenth of a millisecond (a cached move) to ten seconds (a search bot's budget, a stuck store call).
const LATENCY_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's metrics, installed at the first call: every service of a process records into one registry.
pub fn metrics() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        // A recorder installed before (by an embedding program) keeps the facade: this one then renders nothing.
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed: /metrics shows none of ludus's metrics");
        }
        describe();
        handle
    })
}

/// The `# HELP` line of each metric.
fn describe() {
    describe_counter!(HTTP_REQUESTS, "Requests answered, by route template, method and status");
    describe_histogram!(HTTP_DURATION, Unit::Seconds, "How long requests took to answer, by route and method");
    describe_counter!(MOVES, "Moves appended, by title (table actions and bots' moves included)");
    describe_counter!(GAMES_RATED, "Finished rated games whose ratings were applied, by title");
    describe_counter!(RULE_REFUSALS, "Moves the rules refused, by title and rule code");
    describe_counter!(VERSION_CONFLICTS, "Moves refused because expected_version was behind");
    describe_counter!(MOVE_RACES, "Moves decided again because another writer appended first");
    describe_counter!(CONTENTION, "Moves given up after losing every race (409 contention)");
    describe_counter!(STORE_CALLS, "Store calls, by command");
    describe_histogram!(STORE_DURATION, Unit::Seconds, "How long store calls took, by command");
    describe_counter!(STORE_ERRORS, "Store calls that failed (unreachable or timed out), by command");
    describe_counter!(
        REPLICATION_TIMEOUTS,
        "Writes answered 503 replication_timeout: fewer replicas than LUDUS_REDIS_WAIT_REPLICAS held them in time"
    );
    describe_counter!(
        CONNECTIONS_CLOSED_EARLY,
        "Connections closed before any request: silent past LUDUS_FIRST_BYTE_TIMEOUT, or over the cap per client"
    );
    describe_gauge!(
        SEARCHES_WAITING,
        "Search bots waiting for one of the instance's search slots (LUDUS_MAX_SEARCHES)"
    );
    describe_counter!(CACHE_HITS, "Games served from the cache once the store proved the log extends it");
    describe_counter!(REBUILDS, "Games rebuilt into the cache, from a snapshot or the whole log");
    describe_counter!(SNAPSHOTS_WRITTEN, "States stored as snapshots with an append");
    describe_gauge!(OPEN_STREAMS, "Live streams this instance holds open");
    describe_gauge!(SWEEP_LAG, Unit::Seconds, "Age of the oldest deadline or expiry waiting for a sweep");
    describe_counter!(GAMES_ARCHIVED, "Finished games this instance moved to the archive");
    describe_counter!(ARCHIVAL_FAILURES, "Archivals of a game that failed (the game stays live and is tried again)");
    describe_gauge!(ARCHIVAL_LAG, Unit::Seconds, "Age of the oldest finished game waiting for the archive");
    describe_gauge!(ARCHIVE_BYTES, Unit::Bytes, "The archive's table on disk, rows, indexes and TOAST");
    describe_gauge!(ARCHIVED_GAMES, "Games in the archive");
    describe_histogram!(BOT_THINKING, Unit::Seconds, "How long built-in bots thought before a move, by bot");
    describe_gauge!(DRAINING, "1 while the instance drains before it exits, else 0");
    describe_counter!(WEBHOOK_DELIVERIES, "Webhook delivery attempts, by outcome (delivered, failed)");
    describe_histogram!(
        WEBHOOK_DURATION,
        Unit::Seconds,
        "How long webhook delivery attempts took, from the lookup to the answer's status"
    );
}
