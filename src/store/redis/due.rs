//! Notes of when things fall due (games' deadlines under DUE_KEY, finished games' archival under ARCHIVAL_KEY,
//! accounts' webhook deliveries under their own key): a sorted set by due time, claimed by moving what is due to its
//! lease's end, settled unless noted again since.

use super::RedisStore;
use crate::store::StoreResult;

/// Finished games noted for the archive, by when they are due there.
pub(super) const ARCHIVAL_KEY: &str = "ludus:archival";

impl RedisStore {
    /// Notes `id` due at `due_ms` unless it is noted due earlier.
    pub(super) async fn schedule_in(&self, key: &str, id: &str, due_ms: u64) -> StoreResult<()> {
        self.zadd(key, Some("LT"), id, due_ms).await
    }

    /// Notes `id` due at `due_ms`, whatever was noted.
    pub(super) async fn note_in(&self, key: &str, id: &str, due_ms: u64) -> StoreResult<()> {
        self.zadd(key, None, id, due_ms).await
    }

    /// Forgets `id`'s note.
    pub(super) async fn forget_in(&self, key: &str, id: &str) -> StoreResult<()> {
        self.run("forget_due", |mut connection| async move {
            redis::cmd("ZREM")
                .arg(key)
                .arg(id)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn zadd(&self, key: &str, condition: Option<&str>, id: &str, due_ms: u64) -> StoreResult<()> {
        self.run("schedule", |mut connection| async move {
            redis::cmd("ZADD")
                .arg(key)
                .arg(condition.into_iter().collect::<Vec<_>>())
                .arg(due_ms)
                .arg(id)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    /// When the earliest note falls due, if any.
    pub(super) async fn earliest_in(&self, key: &str) -> StoreResult<Option<u64>> {
        let earliest: Vec<(String, u64)> = self
            .run("earliest_due", |mut connection| async move {
                redis::cmd("ZRANGE")
                    .arg(key)
                    .arg(0)
                    .arg(0)
                    .arg("WITHSCORES")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        Ok(earliest.first().map(|(_, score)| *score))
    }

    pub(super) async fn claim_in(
        &self,
        key: &str,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> StoreResult<Vec<String>> {
        self.run("claim_due", |mut connection| async move {
            self.claim
                .key(key)
                .arg(now_ms)
                .arg(now_ms + lease_ms)
                .arg(limit)
                .invoke_async(&mut connection)
                .await
        })
        .await
    }

    pub(super) async fn settle_in(
        &self,
        key: &str,
        id: &str,
        claimed_ms: u64,
        next_ms: Option<u64>,
    ) -> StoreResult<()> {
        let next = next_ms.map(|next| next.to_string()).unwrap_or_default();
        self.run("settle", |mut connection| async move {
            self.settle
                .key(key)
                .arg(id)
                .arg(claimed_ms)
                .arg(&next)
                .invoke_async::<i64>(&mut connection)
                .await
        })
        .await
        .map(|_| ())
    }
}
