//! Every integration test in one binary: one link and one build of the shared support instead of one per file, and
//! the tests of all files packed on the test threads together. Each file is a module; `cargo test --test integration
//! failover::` runs one.

mod accounts;
mod accounts_process;
mod archive;
mod bots;
mod browser;
mod chat;
mod common;
mod deadlines_process;
mod failover;
mod fuzz_actions;
mod history;
mod http_api;
mod http_selfplay;
mod http_wire;
mod integrity;
mod limits;
mod live_stream;
mod lobby;
mod matchmaking;
mod matchmaking_process;
mod metrics;
mod notifications_process;
mod openapi_contract;
mod openapi_file;
mod ratings;
mod ratings_process;
mod redis_tls;
mod reliability;
mod replication;
mod request_ids;
mod rooms_process;
mod round_trips;
mod server_process;
mod shutdown;
mod store_contract;
mod stream_labels;
mod streams;
mod tables_process;
mod titles_http;
mod undo;
mod web_client;
mod webhook;
mod webhook_deliveries;
mod words;
