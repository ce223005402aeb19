//! What travels to and from the server: the keys of a game, its metadata as hash fields, script replies, and the
//! store errors they turn into.

use std::collections::HashMap;
use std::time::Duration;

use redis::Value;
use redis::aio::ConnectionLike;

use crate::ids::GameId;
use crate::store::{GameMeta, InboxId, Persistence, StoreError, StoreResult, info_value};

pub(super) fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

pub(super) fn timed_out() -> StoreError {
    StoreError::Unavailable("Redis did not answer in time".into())
}

pub(super) fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

/// The game's keys, under one hash tag so that they share a cluster slot.
pub(super) struct Keys {
    pub(super) meta: String,
    pub(super) events: String,
    pub(super) snapshot: String,
    /// The names of the game's idempotency records, by when they were written: they expire or are removed with
    /// the game.
    pub(super) records: String,
    /// The game's chat: a Stream capped at CHAT_CAPACITY, field `m` the message.
    pub(super) chat: String,
    /// When each seat was last seen: a sorted set of seat ids by time (ms).
    pub(super) seen: String,
    /// Where the log was taken over by another server process (a failover, a restart): a list of versions.
    pub(super) forks: String,
    /// Notifications waiting to be delivered: a Stream, fields `a` the account and `n` the notification.
    pub(super) outbox: String,
}

impl Keys {
    pub(super) fn of(id: &str) -> Self {
        Self {
            meta: format!("ludus:{{{id}}}:meta"),
            events: format!("ludus:{{{id}}}:events"),
            snapshot: format!("ludus:{{{id}}}:snapshot"),
            records: format!("ludus:{{{id}}}:records"),
            chat: format!("ludus:{{{id}}}:chat"),
            seen: format!("ludus:{{{id}}}:seen"),
            forks: format!("ludus:{{{id}}}:forks"),
            outbox: format!("ludus:{{{id}}}:outbox"),
        }
    }

    pub(super) fn idempotency(id: &str, key: &str) -> String {
        format!("ludus:{{{id}}}:idem:{key}")
    }

    pub(super) fn ticket(id: &str, ticket_hash: &str) -> String {
        format!("ludus:{{{id}}}:ticket:{ticket_hash}")
    }

    /// A lobby listing: one sorted set of game ids by creation time (a key of its own on a cluster).
    pub(super) fn index(index: &str) -> String {
        format!("ludus:lobby:{index}")
    }
}

pub(super) fn millis(duration: Option<Duration>) -> u64 {
    duration.map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX).max(1))
}

pub(super) fn meta_fields(meta: &GameMeta) -> Vec<(&'static str, String)> {
    vec![
        ("id", meta.id.to_string()),
        ("title", meta.title.clone()),
        ("players", meta.players.to_string()),
        ("options", meta.options.clone()),
        ("token_hashes", meta.token_hashes.join(",")),
        ("seed", meta.seed.clone()),
        ("created_at_ms", meta.created_at_ms.to_string()),
        ("seeded", u8::from(meta.seeded).to_string()),
    ]
}

pub(super) fn parse_meta(mut fields: HashMap<String, String>) -> StoreResult<GameMeta> {
    let mut take = |name: &str| {
        fields
            .remove(name)
            .ok_or_else(|| corrupt(format!("metadata field {name} is missing")))
    };
    let number = |name: &str, text: String| {
        text.parse::<u64>()
            .map_err(|_| corrupt(format!("metadata field {name} is not a number")))
    };
    Ok(GameMeta {
        id: GameId::known(take("id")?),
        title: take("title")?,
        players: number("players", take("players")?)? as usize,
        options: take("options")?,
        token_hashes: take("token_hashes")?.split(',').map(str::to_owned).collect(),
        seed: take("seed")?,
        created_at_ms: number("created_at_ms", take("created_at_ms")?)?,
        // Games stored before the field existed did not say.
        seeded: fields.remove("seeded").is_some_and(|flag| flag == "1"),
    })
}

/// The events of `XRANGE` entries (`[id, [field, value, ...]]`), in order.
pub(super) fn entry_events(entries: Value) -> StoreResult<Vec<String>> {
    let entries: Vec<(String, HashMap<String, String>)> =
        redis::from_redis_value(&entries).map_err(|e| corrupt(format!("unreadable stream entries: {e}")))?;
    entries
        .into_iter()
        .map(|(id, mut fields)| {
            fields
                .remove("e")
                .ok_or_else(|| corrupt(format!("stream entry {id} has no event")))
        })
        .collect()
}

/// The id and `field` of each entry of a Stream read (`XRANGE` entries), in order.
pub(super) fn entry_fields(
    entries: Vec<(String, HashMap<String, String>)>,
    field: &str,
) -> StoreResult<Vec<(InboxId, String)>> {
    entries
        .into_iter()
        .map(|(id, mut fields)| {
            let value = fields
                .remove(field)
                .ok_or_else(|| corrupt(format!("stream entry {id} has no field {field}")))?;
            Ok((entry_id(&id)?, value))
        })
        .collect()
}

/// A Stream entry id (`<ms>-<seq>`).
pub(super) fn entry_id(text: &str) -> StoreResult<InboxId> {
    text.parse().map_err(|()| corrupt(format!("stream entry id {text:?}")))
}

/// What the server says of its persistence (`INFO persistence`, `INFO replication`, `CONFIG GET appendfsync`).
pub(super) async fn ask_persistence(connection: &mut impl ConnectionLike) -> redis::RedisResult<Persistence> {
    let persistence: String = redis::cmd("INFO").arg("persistence").query_async(connection).await?;
    let replication: String = redis::cmd("INFO").arg("replication").query_async(connection).await?;
    // CONFIG is often disabled on managed servers: then the policy is unknown, not an error.
    let appendfsync = redis::cmd("CONFIG")
        .arg("GET")
        .arg("appendfsync")
        .query_async::<Vec<String>>(connection)
        .await
        .ok()
        .and_then(|pair| pair.into_iter().nth(1));
    Ok(Persistence {
        appendonly: info_value(&persistence, "aof_enabled").map(|flag| flag == "1"),
        appendfsync,
        role: info_value(&replication, "role").map(str::to_owned),
    })
}
