//! Accounts' webhooks in Redis: `ludus:account:{<id>}:webhook` (a hash: url, secret, cursor, failures, disabled),
//! `ludus:account:{<id>}:deliveries` (a capped list of attempts, newest first), and one sorted set of accounts by when
//! their deliveries fall due, claimed with the same scripts as games' deadlines.

use std::collections::HashMap;

use super::codec::corrupt;
use super::{RedisStore, Write};
use crate::store::{InboxId, StoreResult, StoredWebhook};

pub(super) const WEBHOOKS_DUE_KEY: &str = "ludus:webhooks:due";

pub(super) fn webhook_key(account: &str) -> String {
    format!("ludus:account:{{{account}}}:webhook")
}

pub(super) fn deliveries_key(account: &str) -> String {
    format!("ludus:account:{{{account}}}:deliveries")
}

fn progress(webhook: &StoredWebhook) -> [(&'static str, String); 3] {
    [
        ("cursor", webhook.cursor.map(|id| id.to_string()).unwrap_or_default()),
        ("failures", webhook.failures.to_string()),
        ("disabled", u8::from(webhook.disabled).to_string()),
    ]
}

impl RedisStore {
    pub(super) async fn store_webhook(&self, account: &str, webhook: Option<&StoredWebhook>) -> StoreResult<()> {
        let key = &webhook_key(account);
        let mut commands = vec![redis::cmd("DEL")];
        commands[0].arg(key);
        if let Some(webhook) = webhook {
            let mut stored = redis::cmd("HSET");
            stored
                .arg(key)
                .arg("url")
                .arg(&webhook.url)
                .arg("secret")
                .arg(&webhook.secret)
                .arg(&progress(webhook)[..]);
            commands.push(stored);
        }
        self.write("set_webhook", Write::Commands(&commands)).await
    }

    pub(super) async fn read_webhook(&self, account: &str) -> StoreResult<Option<StoredWebhook>> {
        let key = webhook_key(account);
        let mut fields: HashMap<String, String> = self
            .run("webhook", |mut connection| async move {
                redis::cmd("HGETALL").arg(&key).query_async(&mut connection).await
            })
            .await?;
        if fields.is_empty() {
            return Ok(None);
        }
        let mut take = |name: &str| fields.remove(name).unwrap_or_default();
        let cursor = take("cursor");
        Ok(Some(StoredWebhook {
            url: take("url"),
            secret: take("secret"),
            cursor: match cursor.as_str() {
                "" => None,
                text => Some(text.parse::<InboxId>().map_err(|()| corrupt("a webhook cursor"))?),
            },
            failures: take("failures").parse().map_err(corrupt)?,
            disabled: take("disabled") == "1",
        }))
    }

    pub(super) async fn store_progress(&self, account: &str, webhook: &StoredWebhook) -> StoreResult<()> {
        let key = &webhook_key(account);
        self.run("advance_webhook", |mut connection| async move {
            // Only a webhook that is still set: one removed meanwhile stays removed.
            if !redis::cmd("EXISTS")
                .arg(key)
                .query_async::<bool>(&mut connection)
                .await?
            {
                return Ok(());
            }
            redis::cmd("HSET")
                .arg(key)
                .arg(&progress(webhook)[..])
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    pub(super) async fn push_delivery(&self, account: &str, record: &str, keep: usize) -> StoreResult<()> {
        let key = &deliveries_key(account);
        self.run("record_delivery", |mut connection| async move {
            redis::pipe()
                .cmd("LPUSH")
                .arg(key)
                .arg(record)
                .ignore()
                .cmd("LTRIM")
                .arg(key)
                .arg(0)
                .arg(keep.saturating_sub(1))
                .ignore()
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    pub(super) async fn read_deliveries(&self, account: &str) -> StoreResult<Vec<String>> {
        let key = deliveries_key(account);
        self.run("deliveries", |mut connection| async move {
            redis::cmd("LRANGE")
                .arg(&key)
                .arg(0)
                .arg(-1)
                .query_async(&mut connection)
                .await
        })
        .await
    }
}
