//! ludus: a game-state service for four Roman-themed board games.
//!
//! - `engine`: the game-agnostic contract and the registry of titles;
//! - `games`: one pure rules engine per title;
//! - `store`: event logs, in memory or in Redis, behind one trait;
//! - `service`: load, rebuild, decide and append, with a cache checked against the log;
//! - `watch`: one reader per instance feeding every live stream;
//! - `api`: the HTTP layer (handlers, DTOs, OpenAPI, error mapping);
//! - `ratings`: Glicko-2 ratings per account and title, from finished rated games;
//! - `webhook`: signed deliveries of events to URLs checked against SSRF, and their retry schedule.

pub mod api;
pub mod clock;
pub mod config;
pub mod engine;
pub mod games;
pub mod ratings;
pub mod service;
pub mod shutdown;
pub mod store;
pub mod telemetry;
pub mod watch;
pub mod webhook;
