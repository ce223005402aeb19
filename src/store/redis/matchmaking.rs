//! Quick play's waiting tables in Redis, all under the hash tag `{matchmaking}` so that a seek is one script on one
//! slot: `ludus:{matchmaking}:waiting` (table ids by when they opened, every pool), `ludus:{matchmaking}:tables`
//! (id → the table as JSON), `ludus:{matchmaking}:seeking` (account → its table), `ludus:{matchmaking}:bots`
//! (table ids by when a bot may fill them), `ludus:{matchmaking}:claimed` (complete tables, and tables taken for
//! bots, whose game is being opened, by when their claim ends) and `ludus:{matchmaking}:expiring` (waiting table ids
//! by when their first seeker stops waiting).

use std::sync::LazyLock;

use async_trait::async_trait;
use redis::Script;

use super::RedisStore;
use super::codec::corrupt;
use crate::store::{MatchmakingStore, Seating, Sought, StoreResult, WaitingTable};

const KEYS: [&str; 6] = [
    "ludus:{matchmaking}:waiting",
    "ludus:{matchmaking}:tables",
    "ludus:{matchmaking}:seeking",
    "ludus:{matchmaking}:bots",
    "ludus:{matchmaking}:claimed",
    "ludus:{matchmaking}:expiring",
];

/// Shared by the scripts: a waiting table's earliest bot time and expiry noted (or their notes removed), a table
/// claimed until a time (it waits no more: its game is being opened), a table taken out whole, and a table left
/// with only the seekers `kept` (taken out when none is).
const HELPERS: &str = r#"
local function note_earliest(key, t, field)
  local at = nil
  for _, s in ipairs(t.seekers) do
    if s[field] and (not at or s[field] < at) then at = s[field] end
  end
  if at then redis.call('ZADD', key, at, t.id) else redis.call('ZREM', key, t.id) end
end
local function note_times(t)
  note_earliest(KEYS[4], t, 'bot_at_ms')
  note_earliest(KEYS[6], t, 'expires_at_ms')
end
local function claim(t, raw, ends)
  redis.call('ZREM', KEYS[1], t.id)
  redis.call('ZREM', KEYS[4], t.id)
  redis.call('ZREM', KEYS[6], t.id)
  redis.call('HSET', KEYS[2], t.id, raw)
  redis.call('ZADD', KEYS[5], ends, t.id)
end
local function take_out(t)
  redis.call('ZREM', KEYS[1], t.id)
  redis.call('HDEL', KEYS[2], t.id)
  redis.call('ZREM', KEYS[4], t.id)
  redis.call('ZREM', KEYS[5], t.id)
  redis.call('ZREM', KEYS[6], t.id)
  for _, s in ipairs(t.seekers) do redis.call('HDEL', KEYS[3], s.account) end
end
local function keep_seekers(t, id, kept)
  if #kept == 0 then
    take_out(t)
  else
    t.seekers = kept
    redis.call('HSET', KEYS[2], id, cjson.encode(t))
    note_times(t)
  end
end
"#;

// ARGV: the seeker (JSON), the pool, players, the new table's id, the window's base, per second and max, the lease.
static SEEK: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local seeker = cjson.decode(ARGV[1])
local held = redis.call('HGET', KEYS[3], seeker.account)
if held then return {'seeking', held} end
local now = seeker.since_ms
local base, per, max = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local t = cjson.decode(redis.call('HGET', KEYS[2], id))
  if t.pool == ARGV[2] then
    local window = math.min(base + per * math.max(now - t.since_ms, 0) / 1000, max)
    local fits = true
    for _, s in ipairs(t.seekers) do
      if math.abs(s.rating - seeker.rating) > window then fits = false end
    end
    if fits then
      table.insert(t.seekers, seeker)
      redis.call('HSET', KEYS[3], seeker.account, id)
      if #t.seekers >= t.players then
        local raw = cjson.encode(t)
        claim(t, raw, now + tonumber(ARGV[8]))
        return {'formed', raw}
      end
      redis.call('HSET', KEYS[2], id, cjson.encode(t))
      note_times(t)
      return {'waiting', id}
    end
  end
end
local t = {id = ARGV[4], pool = ARGV[2], players = tonumber(ARGV[3]), since_ms = now, seekers = {seeker}}
redis.call('ZADD', KEYS[1], now, t.id)
redis.call('HSET', KEYS[2], t.id, cjson.encode(t))
redis.call('HSET', KEYS[3], seeker.account, t.id)
note_times(t)
return {'waiting', t.id}
"#
    ))
});

// ARGV: the account. 1 when it was seeking (at a table not complete).
static CANCEL: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local id = redis.call('HGET', KEYS[3], ARGV[1])
if not id then return 0 end
if redis.call('ZSCORE', KEYS[5], id) then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
local raw = redis.call('HGET', KEYS[2], id)
if raw then
  local t = cjson.decode(raw)
  local kept = {}
  for _, s in ipairs(t.seekers) do
    if s.account ~= ARGV[1] then table.insert(kept, s) end
  end
  keep_seekers(t, id, kept)
end
return 1
"#
    ))
});

// ARGV: now, the lease, limit. The tables claimed, as JSON: complete ones whose claim ended, then those due for bots.
static CLAIM_DUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local ends, limit = tonumber(ARGV[1]) + tonumber(ARGV[2]), tonumber(ARGV[3])
local claimed = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', ARGV[1], 'LIMIT', 0, limit)) do
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    redis.call('ZADD', KEYS[5], ends, id)
    table.insert(claimed, raw)
  else
    redis.call('ZREM', KEYS[5], id)
  end
end
if #claimed < limit then
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', ARGV[1], 'LIMIT', 0, limit - #claimed)) do
    local raw = redis.call('HGET', KEYS[2], id)
    if raw then
      claim(cjson.decode(raw), raw, ends)
      table.insert(claimed, raw)
    else
      redis.call('ZREM', KEYS[4], id)
    end
  end
end
return claimed
"#
    ))
});

// ARGV: the table's id. Its game exists: the table goes, its seekers are free.
static OPENED: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local raw = redis.call('HGET', KEYS[2], ARGV[1])
if raw and redis.call('ZSCORE', KEYS[5], ARGV[1]) then take_out(cjson.decode(raw)) end
return 1
"#
    ))
});

// ARGV: now, limit. Per waiting table whose first seeker's wait is over, the table with the seekers that left, as
// JSON.
static EXPIRE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local now = tonumber(ARGV[1])
local expired = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])) do
  local raw = redis.call('HGET', KEYS[2], id)
  if not raw or redis.call('ZSCORE', KEYS[5], id) then
    redis.call('ZREM', KEYS[6], id)
  else
    local t = cjson.decode(raw)
    local kept, left = {}, {}
    for _, s in ipairs(t.seekers) do
      if s.expires_at_ms and s.expires_at_ms <= now then
        table.insert(left, s)
        redis.call('HDEL', KEYS[3], s.account)
      else
        table.insert(kept, s)
      end
    end
    keep_seekers(t, id, kept)
    if #left > 0 then
      t.seekers = left
      table.insert(expired, cjson.encode(t))
    end
  end
end
return expired
"#
    ))
});

fn table(json: &str) -> StoreResult<WaitingTable> {
    serde_json::from_str(json).map_err(|error| corrupt(format!("a waiting table: {error}")))
}

#[async_trait]
impl MatchmakingStore for RedisStore {
    async fn seek(&self, seating: Seating<'_>) -> StoreResult<Sought> {
        let Seating {
            pool,
            players,
            seeker,
            window,
            new_table,
            lease_ms,
        } = seating;
        let seeker = serde_json::to_string(seeker).map_err(corrupt)?;
        let (status, value): (String, String) = self
            .run("seek", |mut connection| async move {
                let mut invocation = SEEK.prepare_invoke();
                for key in KEYS {
                    invocation.key(key);
                }
                invocation
                    .arg(&seeker)
                    .arg(pool)
                    .arg(players)
                    .arg(new_table)
                    .arg(window.base)
                    .arg(window.per_second)
                    .arg(window.max)
                    .arg(lease_ms)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        match status.as_str() {
            "waiting" => Ok(Sought::Waiting { table: value }),
            "seeking" => Ok(Sought::AlreadySeeking { table: value }),
            "formed" => Ok(Sought::Formed(table(&value)?)),
            other => Err(corrupt(format!("seek answered {other:?}"))),
        }
    }

    async fn cancel_seek(&self, account: &str) -> StoreResult<bool> {
        self.run("cancel_seek", |mut connection| async move {
            let mut invocation = CANCEL.prepare_invoke();
            for key in KEYS {
                invocation.key(key);
            }
            invocation.arg(account).invoke_async(&mut connection).await
        })
        .await
    }

    async fn claim_due_tables(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>> {
        let claimed: Vec<String> = self
            .run("claim_due_tables", |mut connection| async move {
                let mut invocation = CLAIM_DUE.prepare_invoke();
                for key in KEYS {
                    invocation.key(key);
                }
                invocation
                    .arg(now_ms)
                    .arg(lease_ms)
                    .arg(limit)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        claimed.iter().map(|json| table(json)).collect()
    }

    async fn opened(&self, table: &str) -> StoreResult<()> {
        self.run("table_opened", |mut connection| async move {
            let mut invocation = OPENED.prepare_invoke();
            for key in KEYS {
                invocation.key(key);
            }
            invocation.arg(table).invoke_async::<()>(&mut connection).await
        })
        .await
    }

    async fn expire_seekers(&self, now_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>> {
        let expired: Vec<String> = self
            .run("expire_seekers", |mut connection| async move {
                let mut invocation = EXPIRE.prepare_invoke();
                for key in KEYS {
                    invocation.key(key);
                }
                invocation.arg(now_ms).arg(limit).invoke_async(&mut connection).await
            })
            .await?;
        expired.iter().map(|json| table(json)).collect()
    }
}
