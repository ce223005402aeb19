//! Ratings in Redis, all under the hash tag `{ratings}` so that a game's update, which touches several accounts, is
//! one script on one slot (on a Redis Cluster too): `ludus:{ratings}:title:<title>` (a hash: account → `rating
//! deviation volatility games`), `ludus:{ratings}:board:<title>` and `ludus:{ratings}:provisional:<title>` (sorted
//! sets by minus the rating, so that ties order by account id), `ludus:{ratings}:rated` (the games rated) and
//! `ludus:{ratings}:changes` (a hash: game → how it moved each account's rating, `account before after;...`).

use std::sync::LazyLock;

use async_trait::async_trait;
use redis::Script;

use super::codec::corrupt;
use super::{RedisStore, Write};
use crate::store::{
    Ladder, LeaderboardPage, Page, RatingChange, RatingStore, RatingUpdate, RatingsApplied, StoreResult, StoredRating,
};

const RATED_KEY: &str = "ludus:{ratings}:rated";
const CHANGES_KEY: &str = "ludus:{ratings}:changes";

fn title_key(title: &str) -> String {
    format!("ludus:{{ratings}}:title:{title}")
}

fn board_key(title: &str, provisional: bool) -> String {
    let board = if provisional { "provisional" } else { "board" };
    format!("ludus:{{ratings}}:{board}:{title}")
}

// KEYS: rated games, the title's ratings, its board, its provisional board, the games' changes. ARGV: the game, its
// changes (encoded), then per account: id, expected games, new rating (encoded), 1 if provisional, the board's score.
static APPLY: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r#"
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 'already' end
for i = 3, #ARGV, 5 do
  local current = redis.call('HGET', KEYS[2], ARGV[i])
  local games = 0
  if current then games = tonumber(string.match(current, '(%d+)$')) end
  if games ~= tonumber(ARGV[i + 1]) then return 'stale' end
end
for i = 3, #ARGV, 5 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2])
  local board, other = KEYS[3], KEYS[4]
  if ARGV[i + 3] == '1' then board, other = KEYS[4], KEYS[3] end
  redis.call('ZREM', other, ARGV[i])
  redis.call('ZADD', board, ARGV[i + 4], ARGV[i])
end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[5], ARGV[1], ARGV[2])
return 'applied'
"#,
    )
});

// KEYS: a board, the title's ratings. ARGV: first rank, last rank. {size, then account, rating, ...}.
static PAGE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r#"
local accounts = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2])
local page = {tostring(redis.call('ZCARD', KEYS[1]))}
for _, account in ipairs(accounts) do
  table.insert(page, account)
  table.insert(page, redis.call('HGET', KEYS[2], account) or '')
end
return page
"#,
    )
});

fn decode(account: &str, text: &str) -> StoreResult<StoredRating> {
    StoredRating::decode(text).ok_or_else(|| corrupt(format!("rating of {account}: {text:?}")))
}

#[async_trait]
impl RatingStore for RedisStore {
    async fn ratings(&self, title: &str, accounts: &[String]) -> StoreResult<Vec<Option<StoredRating>>> {
        if accounts.is_empty() {
            return Ok(Vec::new());
        }
        let key = title_key(title);
        let stored: Vec<Option<String>> = self
            .run("ratings", |mut connection| async move {
                redis::cmd("HMGET")
                    .arg(&key)
                    .arg(accounts)
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        accounts
            .iter()
            .zip(stored)
            .map(|(account, text)| text.map(|text| decode(account, &text)).transpose())
            .collect()
    }

    async fn apply_ratings(&self, title: &str, game: &str, updates: &[RatingUpdate]) -> StoreResult<RatingsApplied> {
        let (ratings, board, provisional) = (title_key(title), board_key(title, false), board_key(title, true));
        let mut invocation = APPLY.key(RATED_KEY);
        invocation
            .key(&ratings)
            .key(&board)
            .key(&provisional)
            .key(CHANGES_KEY)
            .arg(game)
            .arg(RatingChange::encode_all(updates));
        for update in updates {
            invocation
                .arg(&update.account)
                .arg(update.expected_games)
                .arg(update.rating.encode())
                .arg(if update.provisional { "1" } else { "0" })
                .arg(-update.rating.rating);
        }
        let answer: String = self.write("apply_ratings", Write::Script(&invocation)).await?;
        match answer.as_str() {
            "applied" => Ok(RatingsApplied::Applied),
            "already" => Ok(RatingsApplied::AlreadyApplied),
            "stale" => Ok(RatingsApplied::Stale),
            other => Err(corrupt(format!("apply_ratings answered {other:?}"))),
        }
    }

    async fn is_rated(&self, game: &str) -> StoreResult<bool> {
        self.run("is_rated", |mut connection| async move {
            redis::cmd("SISMEMBER")
                .arg(RATED_KEY)
                .arg(game)
                .query_async(&mut connection)
                .await
        })
        .await
    }

    async fn rating_changes(&self, game: &str) -> StoreResult<Vec<RatingChange>> {
        let changes: Option<String> = self
            .run("rating_changes", |mut connection| async move {
                redis::cmd("HGET")
                    .arg(CHANGES_KEY)
                    .arg(game)
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        let Some(changes) = changes else { return Ok(Vec::new()) };
        RatingChange::decode_all(&changes).ok_or_else(|| corrupt(format!("rating changes of {game}: {changes:?}")))
    }

    async fn leaderboard(&self, ladder: Ladder<'_>, page: Page) -> StoreResult<LeaderboardPage> {
        let (Ladder { title, provisional }, Page { offset, limit }) = (ladder, page);
        let (board, ratings) = (board_key(title, provisional), title_key(title));
        if limit == 0 {
            let total: usize = self
                .run("leaderboard", |mut connection| async move {
                    redis::cmd("ZCARD").arg(&board).query_async(&mut connection).await
                })
                .await?;
            return Ok(LeaderboardPage {
                entries: Vec::new(),
                total,
            });
        }
        let page: Vec<String> = self
            .run("leaderboard", |mut connection| async move {
                PAGE.key(&board)
                    .key(&ratings)
                    .arg(offset)
                    .arg(offset + limit - 1)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        let [total, page @ ..] = page.as_slice() else {
            return Err(corrupt("an empty leaderboard reply"));
        };
        let (pairs, []) = page.as_chunks() else {
            return Err(corrupt("a leaderboard reply with an account without its rating"));
        };
        let entries = pairs
            .iter()
            .map(|[account, rating]| Ok((account.clone(), decode(account, rating)?)))
            .collect::<StoreResult<_>>()?;
        Ok(LeaderboardPage {
            entries,
            total: total.parse().map_err(corrupt)?,
        })
    }

    async fn forget_ratings(&self, titles: &[&str], account: &str) -> StoreResult<()> {
        let commands: Vec<redis::Cmd> = titles
            .iter()
            .flat_map(|title| {
                let mut rating = redis::cmd("HDEL");
                rating.arg(title_key(title)).arg(account);
                let boards = [false, true].map(|provisional| {
                    let mut listed = redis::cmd("ZREM");
                    listed.arg(board_key(title, provisional)).arg(account);
                    listed
                });
                std::iter::once(rating).chain(boards)
            })
            .collect();
        if commands.is_empty() {
            return Ok(());
        }
        self.write("forget_ratings", Write::Commands(&commands)).await
    }
}
