//! The replies of the log's scripts (scripts.rs), decoded into named parts: a script answers a list whose parts
//! mean something by their position, and only this file reads positions. A reply that does not have the shape its
//! script gives is damaged data (`StoreError::Corrupt`).

use redis::{FromRedisValue, Value};

use super::codec::{corrupt, entry_events, parse_meta};
use crate::store::{GameMeta, RateDecision, StoreResult};

/// `LOAD`: the game's metadata and every event of its log; `None` when there is no such game.
pub(super) struct LoadReply {
    pub(super) meta: GameMeta,
    pub(super) events: Vec<String>,
}

impl LoadReply {
    pub(super) fn decode(reply: Value) -> StoreResult<Option<Self>> {
        Ok(game_parts(reply)?.map(|(load, _)| load))
    }
}

/// `LOAD_LATEST`: the game's metadata, the events after its snapshot when the log still holds the snapshot's
/// head (every event when it does not), and that snapshot; `None` when there is no such game.
pub(super) struct LatestReply {
    pub(super) meta: GameMeta,
    pub(super) events: Vec<String>,
    pub(super) snapshot: Option<String>,
}

impl LatestReply {
    pub(super) fn decode(reply: Value) -> StoreResult<Option<Self>> {
        let Some((LoadReply { meta, events }, mut parts)) = game_parts(reply)? else {
            return Ok(None);
        };
        Ok(Some(Self {
            meta,
            events,
            snapshot: parts
                .next()
                .map(|text| redis::from_owned_redis_value(text).map_err(corrupt))
                .transpose()?,
        }))
    }
}

/// `READ`: the events after a version, when the log still holds the version's hash there.
pub(super) enum ReadReply {
    Extends { events: Vec<String> },
    Diverged,
    Missing,
}

impl ReadReply {
    pub(super) fn decode(reply: Value) -> StoreResult<Self> {
        let (status, mut rest) = status_reply(reply)?;
        match status.as_str() {
            "ok" => Ok(Self::Extends {
                events: entry_events(rest.pop().unwrap_or(Value::Nil))?,
            }),
            "diverged" => Ok(Self::Diverged),
            "missing" => Ok(Self::Missing),
            other => Err(corrupt(format!("unexpected read reply {other}"))),
        }
    }
}

/// `APPEND`: what became of the events appended after a version (see the script for each case).
pub(super) enum AppendReply {
    /// Appended: the log's version now.
    Ok {
        version: u64,
    },
    /// The idempotency key's record was there: the first answer, as recorded.
    Duplicate {
        record: String,
    },
    /// The log had moved past the version: the events the caller missed.
    Behind {
        events: Vec<String>,
    },
    /// The log was rewritten after the caller's known head: the last version both share.
    Rewritten {
        common: u64,
    },
    /// The log is shorter than the version, or (`diverged`) holds another hash there: its length.
    Conflict {
        actual: u64,
        diverged: bool,
    },
    Missing,
}

impl AppendReply {
    pub(super) fn decode(reply: Value) -> StoreResult<Self> {
        let (status, rest) = status_reply(reply)?;
        let first = rest.into_iter().next();
        match status.as_str() {
            "ok" => Ok(Self::Ok {
                version: number(first)?,
            }),
            "duplicate" => Ok(Self::Duplicate {
                record: first
                    .and_then(|v| redis::from_owned_redis_value(v).ok())
                    .unwrap_or_default(),
            }),
            "behind" => Ok(Self::Behind {
                events: entry_events(first.unwrap_or(Value::Nil))?,
            }),
            "rewritten" => Ok(Self::Rewritten { common: number(first)? }),
            "conflict" => Ok(Self::Conflict {
                actual: number(first)?,
                diverged: false,
            }),
            "diverged" => Ok(Self::Conflict {
                actual: number(first)?,
                diverged: true,
            }),
            "missing" => Ok(Self::Missing),
            other => Err(corrupt(format!("unexpected append reply {other}"))),
        }
    }
}

/// `RATE_LIMIT`: `{allowed (0 or 1), remaining, reset_ms, retry_after_ms}`.
impl FromRedisValue for RateDecision {
    fn from_redis_value(reply: &Value) -> redis::RedisResult<Self> {
        let (allowed, remaining, reset_ms, retry_after_ms): (u8, u32, u64, u64) = redis::from_redis_value(reply)?;
        Ok(Self {
            allowed: allowed == 1,
            remaining,
            reset_ms,
            retry_after_ms,
        })
    }
}

/// The parts of a `{meta, entries, ...}` reply, `None` for nil (no such game).
fn parts(reply: Value) -> StoreResult<Option<std::vec::IntoIter<Value>>> {
    match reply {
        Value::Nil => Ok(None),
        Value::Array(parts) => Ok(Some(parts.into_iter())),
        other => Err(corrupt(format!("unexpected script reply {other:?}"))),
    }
}

/// What a load's reply starts with: the game's metadata and its events, then the parts left; `None` when there is
/// no such game.
fn game_parts(reply: Value) -> StoreResult<Option<(LoadReply, std::vec::IntoIter<Value>)>> {
    let Some(mut parts) = parts(reply)? else {
        return Ok(None);
    };
    let meta = meta(&mut parts)?;
    let events = entry_events(parts.next().unwrap_or(Value::Nil))?;
    Ok(Some((LoadReply { meta, events }, parts)))
}

/// The game's metadata, from the first part of a load's reply (its fields, `HGETALL`).
fn meta(parts: &mut std::vec::IntoIter<Value>) -> StoreResult<GameMeta> {
    parse_meta(redis::from_owned_redis_value(parts.next().unwrap_or(Value::Nil)).map_err(corrupt)?)
}

/// The status word and the rest of a script's `{status, ...}` reply.
fn status_reply(reply: Value) -> StoreResult<(String, Vec<Value>)> {
    let Value::Array(mut items) = reply else {
        return Err(corrupt(format!("unexpected script reply {reply:?}")));
    };
    if items.is_empty() {
        return Err(corrupt("empty script reply"));
    }
    let status: String = redis::from_redis_value(&items.remove(0)).map_err(corrupt)?;
    Ok((status, items))
}

fn number(value: Option<Value>) -> StoreResult<u64> {
    value
        .as_ref()
        .and_then(|v| redis::from_redis_value::<String>(v).ok())
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| corrupt(format!("expected a number in the reply, got {value:?}")))
}
