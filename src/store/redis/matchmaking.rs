//! Quick play's waiting tables in Redis, all under the hash tag `{matchmaking}` so that a seek is one script on one
//! slot: `ludus:{matchmaking}:waiting` (table ids by when they opened, every pool), `ludus:{matchmaking}:tables`
//! (id → the table as JSON), `ludus:{matchmaking}:seeking` (account → its table) and `ludus:{matchmaking}:bots`
//! (table ids by when a bot may fill them).

use std::sync::LazyLock;

use async_trait::async_trait;
use redis::Script;

use super::RedisStore;
use super::codec::corrupt;
use crate::store::{MatchmakingStore, Seeker, Sought, StoreError, WaitingTable, Window};

const KEYS: [&str; 4] = [
    "ludus:{matchmaking}:waiting",
    "ludus:{matchmaking}:tables",
    "ludus:{matchmaking}:seeking",
    "ludus:{matchmaking}:bots",
];

/// Shared by the scripts: a table's earliest bot time noted (or its note removed), and a table taken out whole.
const HELPERS: &str = r#"
local function note_bot_time(t)
  local at = nil
  for _, s in ipairs(t.seekers) do
    if s.bot_at_ms and (not at or s.bot_at_ms < at) then at = s.bot_at_ms end
  end
  if at then redis.call('ZADD', KEYS[4], at, t.id) else redis.call('ZREM', KEYS[4], t.id) end
end
local function take_out(t)
  redis.call('ZREM', KEYS[1], t.id)
  redis.call('HDEL', KEYS[2], t.id)
  redis.call('ZREM', KEYS[4], t.id)
  for _, s in ipairs(t.seekers) do redis.call('HDEL', KEYS[3], s.account) end
end
"#;

// ARGV: the seeker (JSON), the pool, players, the new table's id, the window's base, per second and max.
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
      if #t.seekers >= t.players then
        take_out(t)
        return {'formed', cjson.encode(t)}
      end
      redis.call('HSET', KEYS[2], id, cjson.encode(t))
      redis.call('HSET', KEYS[3], seeker.account, id)
      note_bot_time(t)
      return {'waiting', id}
    end
  end
end
local t = {id = ARGV[4], pool = ARGV[2], players = tonumber(ARGV[3]), since_ms = now, seekers = {seeker}}
redis.call('ZADD', KEYS[1], now, t.id)
redis.call('HSET', KEYS[2], t.id, cjson.encode(t))
redis.call('HSET', KEYS[3], seeker.account, t.id)
note_bot_time(t)
return {'waiting', t.id}
"#
    ))
});

// ARGV: the account. 1 when it was seeking.
static CANCEL: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local id = redis.call('HGET', KEYS[3], ARGV[1])
if not id then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
local raw = redis.call('HGET', KEYS[2], id)
if raw then
  local t = cjson.decode(raw)
  local kept = {}
  for _, s in ipairs(t.seekers) do
    if s.account ~= ARGV[1] then table.insert(kept, s) end
  end
  if #kept == 0 then
    take_out(t)
  else
    t.seekers = kept
    redis.call('HSET', KEYS[2], id, cjson.encode(t))
    note_bot_time(t)
  end
end
return 1
"#
    ))
});

// ARGV: now, limit. The tables taken out, as JSON.
static TAKE_DUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{HELPERS}{}",
        r#"
local taken = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])) do
  redis.call('ZREM', KEYS[4], id)
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    take_out(cjson.decode(raw))
    table.insert(taken, raw)
  end
end
return taken
"#
    ))
});

fn table(json: &str) -> Result<WaitingTable, StoreError> {
    serde_json::from_str(json).map_err(|error| corrupt(format!("a waiting table: {error}")))
}

#[async_trait]
impl MatchmakingStore for RedisStore {
    async fn seek(
        &self,
        pool: &str,
        players: usize,
        seeker: &Seeker,
        window: Window,
        new_table: &str,
    ) -> Result<Sought, StoreError> {
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

    async fn cancel_seek(&self, account: &str) -> Result<bool, StoreError> {
        self.run("cancel_seek", |mut connection| async move {
            let mut invocation = CANCEL.prepare_invoke();
            for key in KEYS {
                invocation.key(key);
            }
            invocation.arg(account).invoke_async(&mut connection).await
        })
        .await
    }

    async fn take_due_tables(&self, now_ms: u64, limit: usize) -> Result<Vec<WaitingTable>, StoreError> {
        let taken: Vec<String> = self
            .run("take_due_tables", |mut connection| async move {
                let mut invocation = TAKE_DUE.prepare_invoke();
                for key in KEYS {
                    invocation.key(key);
                }
                invocation.arg(now_ms).arg(limit).invoke_async(&mut connection).await
            })
            .await?;
        taken.iter().map(|json| table(json)).collect()
    }
}
