//! The Lua scripts that make each store operation atomic on the server, and the keys shared by every game.

/// Channel on which every append announces its game's id, for the watchers of live streams (named again in
/// `APPEND_SCRIPT`).
pub(super) const APPENDS_CHANNEL: &str = "ludus:appended";

// KEYS: meta, events, outbox. ARGV: number of meta fields, the fields as name/value pairs, the number of
// notifications, them as account/notification pairs, then event/hash pairs. Each entry carries the writing server's
// era (`r`, see ENTRY_HELPERS).
pub(super) const CREATE_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = tonumber(ARGV[1])
for i = 2, 1 + fields * 2, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
local first = keep_notifications(KEYS[3], 2 + fields * 2)
local written_in = era()
local n = 0
for i = first, #ARGV, 2 do
  n = n + 1
  redis.call('XADD', KEYS[2], string.format('0-%d', n), 'e', ARGV[i], 'h', ARGV[i + 1], 'r', written_in)
end
return 1
"#;

// KEYS: meta, events. Nil when the game does not exist, else {meta fields, every entry}.
pub(super) const LOAD_SCRIPT: &str = r#"
local meta = redis.call('HGETALL', KEYS[1])
if #meta == 0 then return false end
return {meta, redis.call('XRANGE', KEYS[2], '-', '+')}
"#;

// Shared by the scripts that read or write a game's log. `entry_hash_matches`: whether the entry at position
// `version` carries hash `hash` (an entry written before hashes were stored has none: `nil`, so that the caller
// decides). `era`: the writing server process's mark on each entry it writes (the start of its run id): a log whose
// era changes between two entries was taken over there by another process (a failover, a restart), the one place
// where a tail it held can have been lost. Each such place is listed (the log's forks), so that
// `common_version` can tell a client holding a position the log lost the last version it can prove both share: -1
// when the log holds the entry at `version` with a hash starting with `prefix`, else the lowest fork below both
// ends, or the log's length when it is shorter and never forked, or 0.
pub(super) const ENTRY_HELPERS: &str = r#"
local function entry_fields(events, version)
  local id = string.format('0-%d', version)
  local entry = redis.call('XRANGE', events, id, id)[1]
  if not entry then return nil end
  local fields = {}
  for i = 1, #entry[2], 2 do fields[entry[2][i]] = entry[2][i + 1] end
  return fields
end
local function entry_hash_matches(events, version, hash)
  if version == 0 then return true end
  local fields = entry_fields(events, version)
  if not fields then return false end
  if not fields['h'] then return nil end
  return fields['h'] == hash
end
-- Puts the notifications counted at ARGV[at] (account/notification pairs after it) in the outbox; the index after them.
local function keep_notifications(outbox, at)
  local count = tonumber(ARGV[at])
  for i = at + 1, at + count * 2, 2 do redis.call('XADD', outbox, '*', 'a', ARGV[i], 'n', ARGV[i + 1]) end
  return at + 1 + count * 2
end
local function era()
  return string.sub(string.match(redis.call('INFO', 'server'), 'run_id:(%x+)'), 1, 8)
end
local function common_version(events, forks, version, prefix)
  if version == 0 then return -1 end
  local len = redis.call('XLEN', events)
  if version <= len then
    local fields = entry_fields(events, version)
    if fields and fields['h'] and string.sub(fields['h'], 1, #prefix) == prefix then return -1 end
  end
  local limit = math.min(version, len)
  local common = -1
  if len < version then common = len end
  for _, fork in ipairs(redis.call('LRANGE', forks, 0, -1)) do
    local at = tonumber(fork)
    if at < limit and (common < 0 or at < common) then common = at end
  end
  if common < 0 then return 0 end
  return common
end
"#;

// KEYS: meta, events. ARGV: version, hash. The entries after the head, once the head is proven to be in the log.
pub(super) const READ_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local version = tonumber(ARGV[1])
if not entry_hash_matches(KEYS[2], version, ARGV[2]) then return {'diverged'} end
return {'ok', redis.call('XRANGE', KEYS[2], string.format('(0-%d', version), '+')}
"#;

// KEYS: meta, events, snapshot. Nil when the game does not exist, else {meta fields, the entries after the snapshot,
// the snapshot} when the log holds the snapshot's head (its header: `format version hash`), or {meta fields, every
// entry}.
pub(super) const LOAD_LATEST_SCRIPT: &str = r#"
local meta = redis.call('HGETALL', KEYS[1])
if #meta == 0 then return false end
local snapshot = redis.call('GET', KEYS[3])
if snapshot then
  local version, hash = string.match(snapshot, '^%S+ (%d+) (%x+)\n')
  if version and entry_hash_matches(KEYS[2], tonumber(version), hash) == true then
    return {meta, redis.call('XRANGE', KEYS[2], string.format('(0-%d', tonumber(version)), '+'), snapshot}
  end
end
return {meta, redis.call('XRANGE', KEYS[2], '-', '+')}
"#;

// KEYS: meta, events, idempotency record (a key of the game's slot even when unused), snapshot, the index of the
// game's records, chat, seats last seen, forks, outbox. ARGV: version, hash, record ('' for none), record TTL in ms (0:
// none), finished-game TTL in ms (0: none or not finishing), game id, snapshot ('' for none), now in ms (when a
// record is written, for the index of records: a finished game's expiry or removal finds them there), a position the client holds ('' for none) and its hash
// prefix, the number of notifications and them as account/notification pairs, then event/hash pairs.
pub(super) const APPEND_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
if ARGV[3] ~= '' then
  local previous = redis.call('GET', KEYS[3])
  if previous then
    -- Written again as it is: a wait for replicas after this script then also covers the first write.
    redis.call('SET', KEYS[3], previous, 'KEEPTTL')
    return {'duplicate', previous}
  end
end
local version = tonumber(ARGV[1])
local len = redis.call('XLEN', KEYS[2])
if len < version then return {'conflict', tostring(len)} end
if entry_hash_matches(KEYS[2], version, ARGV[2]) == false then return {'diverged', tostring(len)} end
if len > version then return {'behind', redis.call('XRANGE', KEYS[2], string.format('(0-%d', version), '+')} end
if ARGV[9] ~= '' then
  local common = common_version(KEYS[2], KEYS[8], tonumber(ARGV[9]), ARGV[10])
  if common >= 0 then return {'rewritten', tostring(common)} end
end
local written_in = era()
if version > 0 then
  local previous = entry_fields(KEYS[2], version)
  if previous and previous['r'] and previous['r'] ~= written_in then redis.call('RPUSH', KEYS[8], version) end
end
local first = keep_notifications(KEYS[9], 11)
local n = version
for i = first, #ARGV, 2 do
  n = n + 1
  redis.call('XADD', KEYS[2], string.format('0-%d', n), 'e', ARGV[i], 'h', ARGV[i + 1], 'r', written_in)
end
if ARGV[3] ~= '' then
  if tonumber(ARGV[4]) > 0 then
    redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
  else
    redis.call('SET', KEYS[3], ARGV[3])
  end
  -- Indexed by when they were written, so that the names of expired records can be let go.
  redis.call('ZADD', KEYS[5], ARGV[8], KEYS[3])
  if tonumber(ARGV[4]) > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', tonumber(ARGV[8]) - tonumber(ARGV[4]))
  end
end
if ARGV[7] ~= '' then redis.call('SET', KEYS[4], ARGV[7]) end
local finished_ttl = tonumber(ARGV[5])
if finished_ttl > 0 then
  for _, key in ipairs({KEYS[1], KEYS[2], KEYS[4], KEYS[6], KEYS[7], KEYS[8], KEYS[9]}) do
    redis.call('PEXPIRE', key, finished_ttl)
  end
  -- The game's idempotency records go no later than the game: a retry then finds no game rather than a replay.
  -- Their names come from the index; they share the game's hash tag, hence its slot on a cluster.
  for _, record in ipairs(redis.call('ZRANGE', KEYS[5], 0, -1)) do
    local left = redis.call('PTTL', record)
    if left == -1 or left > finished_ttl then redis.call('PEXPIRE', record, finished_ttl) end
  end
  redis.call('PEXPIRE', KEYS[5], finished_ttl)
end
redis.call('PUBLISH', 'ludus:appended', ARGV[6])
return {'ok', string.format('%d', n)}
"#;

// KEYS: meta, events, snapshot, the index of the game's records, chat, seats last seen, forks, outbox. ARGV: version,
// hash. Removes the game (its idempotency records by their index) if its log ends at that head: 1, else 0.
pub(super) const REMOVE_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local version = tonumber(ARGV[1])
if redis.call('XLEN', KEYS[2]) ~= version or entry_hash_matches(KEYS[2], version, ARGV[2]) ~= true then return 0 end
for _, record in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do redis.call('DEL', record) end
redis.call('DEL', unpack(KEYS))
return 1
"#;

// KEYS: an idempotency record. The record, written again as it is when there is one: a wait for replicas after this
// script then covers the write that made it, so that a move answered from its record is answered only once
// replicated, like the move itself.
pub(super) const RECORD_SCRIPT: &str = r#"
local record = redis.call('GET', KEYS[1])
if record then redis.call('SET', KEYS[1], record, 'KEEPTTL') end
return record
"#;

// KEYS: events, forks. ARGV: version, hash prefix. 'holds', or the common version (see ENTRY_HELPERS).
pub(super) const HISTORY_SCRIPT: &str = r#"
local common = common_version(KEYS[1], KEYS[2], tonumber(ARGV[1]), ARGV[2])
if common < 0 then return 'holds' end
return tostring(common)
"#;

// KEYS: the account's inbox, the sources it took notifications from. ARGV: the notification, the inbox's capacity,
// its source, now (ms), how long sources are remembered (ms), the channel announcing pushes, the account. The new
// entry's id, announced in the same call, or false when that source's notification was taken already (a delivery
// retried after a crash).
pub(super) const PUSH_ONCE_SCRIPT: &str = r#"
if redis.call('ZSCORE', KEYS[2], ARGV[3]) then return false end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[4]) - tonumber(ARGV[5]))
redis.call('PEXPIRE', KEYS[2], ARGV[5])
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], '*', 'e', ARGV[1])
redis.call('PUBLISH', ARGV[6], ARGV[7])
return id
"#;

/// Every game with something due (a deadline, an expiry), scored by when. One key: it lives on one node of a
/// cluster, and every script below touches it alone.
pub(super) const DUE_KEY: &str = "ludus:due";

// KEYS: due. ARGV: now, lease end, limit. Claims the due games by moving them to the lease's end.
pub(super) const CLAIM_SCRIPT: &str = r#"
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], id) end
return due
"#;

// KEYS: due. ARGV: id, claimed score, next score ('' for none). Only while the claim's score is still there.
pub(super) const SETTLE_SCRIPT: &str = r#"
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1
"#;

// KEYS: the rate's key. ARGV: now, emission interval, window (ms). GCRA: the key holds the theoretical arrival time
// and lives as long as it matters. Returns {allowed (0/1), remaining, reset ms, retry after ms}.
pub(super) const RATE_SCRIPT: &str = r#"
local now, interval, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local nxt = tat + interval
local debt = nxt - now
if debt > window then return {0, 0, tat - now, debt - window} end
redis.call('SET', KEYS[1], nxt, 'PX', debt)
return {1, math.floor((window - debt) / interval), debt, 0}
"#;

// KEYS: the pool. ARGV: now, holder, cap, lease (ms). A sorted set of holders by the end of their lease.
pub(super) const HOLD_SCRIPT: &str = r#"
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
return 1
"#;

/// Channel on which room messages (chat, presence) reach every instance's live streams.
pub(super) const ROOMS_CHANNEL: &str = "ludus:rooms";

// KEYS: meta, chat. ARGV: message, capacity. The new entry's id, or false when the game is gone; the chat of a
// finished game that expires expires with it.
pub(super) const CHAT_SCRIPT: &str = r#"
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[2], '*', 'm', ARGV[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
return id
"#;

// KEYS: meta, seen. ARGV: now (ms), how long to remember (ms), then seat ids. When each seat was last seen before this
// note ({seat, ms, ...}), or false when the game is gone; kept no longer than a finished game that expires.
pub(super) const SEE_SCRIPT: &str = r#"
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return false end
local before = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = 3, #ARGV do redis.call('ZADD', KEYS[2], 'GT', ARGV[1], ARGV[i]) end
local keep = tonumber(ARGV[2])
if ttl > 0 and ttl < keep then keep = ttl end
redis.call('PEXPIRE', KEYS[2], keep)
return before
"#;

// KEYS: a passkey's hash. ARGV: its fields and values. 1 when stored, 0 when a passkey with its credential id is.
pub(super) const ADD_PASSKEY_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
"#;

// KEYS: a passkey's hash. ARGV: the signature counter last seen, the new one, now (ms). 1 when recorded, 0 when the
// passkey is gone or another sign-in moved its counter since it was read.
pub(super) const USE_PASSKEY_SCRIPT: &str = r#"
if redis.call('HGET', KEYS[1], 'sign_count') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'sign_count', ARGV[2], 'last_used_ms', ARGV[3])
return 1
"#;
