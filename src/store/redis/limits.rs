//! Limits shared by every instance on one Redis: GCRA rates (one script call each) and pools of leased places.

use super::RedisStore;
use crate::store::{Lease, Rate, RateDecision, StoreResult};

impl RedisStore {
    pub(super) async fn take_rate(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision> {
        let key = format!("ludus:rate:{key}");
        self.run("rate_limit", |mut connection| async move {
            self.rate
                .key(&key)
                .arg(now_ms)
                .arg(rate.interval_ms())
                .arg(rate.window_ms())
                .invoke_async(&mut connection)
                .await
        })
        .await
    }

    pub(super) async fn hold_place_in_pool(
        &self,
        pool: &str,
        holder: &str,
        cap: usize,
        lease: Lease,
    ) -> StoreResult<bool> {
        let key = format!("ludus:places:{pool}");
        let held: u8 = self
            .run("hold_place", |mut connection| async move {
                self.hold
                    .key(&key)
                    .arg(lease.now_ms)
                    .arg(holder)
                    .arg(cap)
                    .arg(lease.length_ms())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        Ok(held == 1)
    }

    pub(super) async fn renew_places_in_pool(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()> {
        if holders.is_empty() {
            return Ok(());
        }
        let key = format!("ludus:places:{pool}");
        let until = lease.until_ms();
        self.run("renew_places", |mut connection| async move {
            let mut renew = redis::cmd("ZADD");
            renew.arg(&key).arg("XX");
            for holder in holders {
                renew.arg(until).arg(holder);
            }
            redis::pipe()
                .add_command(renew)
                .ignore()
                .cmd("PEXPIRE")
                .arg(&key)
                .arg(lease.length_ms())
                .ignore()
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    pub(super) async fn release_place_in_pool(&self, pool: &str, holder: &str) -> StoreResult<()> {
        let key = format!("ludus:places:{pool}");
        self.run("release_place", |mut connection| async move {
            redis::cmd("ZREM")
                .arg(&key)
                .arg(holder)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }
}
