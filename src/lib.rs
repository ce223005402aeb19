//! ludus: a game-state service for four Roman-themed board games.
//!
//! - `engine`: the game-agnostic contract, the table around every title, undo, bots, and the registry of titles;
//! - `games`: one pure rules engine per title;
//! - `store`: event logs, in memory or in Redis, behind one trait, and what the service keeps beside them;
//! - `service`: load, rebuild, decide and append, with a cache checked against the log, in small parts wired in one
//!   place;
//! - `ids`: game and account ids, parsed where a request is read;
//! - `watch`: one reader per instance feeding every live stream, room messages and presence;
//! - `api`: the HTTP layer (the listener with its connection gate, handlers, DTOs, OpenAPI, error mapping);
//! - `ratings`: Glicko-2 ratings per account and title, from finished rated games;
//! - `webhook`: signed deliveries of events to URLs checked against SSRF, and their retry schedule;
//! - `config`: the settings, from flags or the environment;
//! - `telemetry`: the Prometheus metrics;
//! - `shutdown`: the graceful stop on SIGTERM;
//! - `clock`: wall-clock time as the service and the store exchange it;
//! - `varint`: the varints of the archive's compact layouts.
//!
//! What each holds: the module map in docs/architecture.md.

pub mod api;
pub mod clock;
pub mod config;
pub mod engine;
pub mod games;
pub mod ids;
pub mod ratings;
pub mod service;
pub mod shutdown;
pub mod store;
pub mod telemetry;
pub mod varint;
pub mod watch;
pub mod webhook;
