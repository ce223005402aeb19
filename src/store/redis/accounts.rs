//! Accounts in Redis: `ludus:account:{<id>}` (a hash), its key ids (a set), its session hashes (a set) and its inbox
//! (a Stream capped at INBOX_CAPACITY), under the account's hash tag; `ludus:account-name:<lower-case name>` (the
//! account id), `ludus:account-key:<key id>` (a hash: account, SHA-256 of the key, creation time) and
//! `ludus:session:<SHA-256 of the token>` (the account id, with the session's TTL) each on their own. Inbox growth
//! is announced on the channel `ludus:inbox`, to which each instance subscribes once.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;

use redis::Script;

use super::codec::{corrupt, entry_fields, entry_id};
use super::scripts::PUSH_ONCE_SCRIPT;
use super::webhooks::{WEBHOOKS_DUE_KEY, deliveries_key, webhook_key};
use super::{RedisStore, Write};
use crate::clock::now_ms;
use crate::store::{
    AccountStore, INBOX_CAPACITY, InboxEntry, InboxId, InboxPage, PasskeyCeremony, StoreResult, StoredAccount,
    StoredKey, StoredPasskey, StoredSession, StoredWebhook, TOLD_KEPT,
};

const INBOX_CHANNEL: &str = "ludus:inbox";

fn account_key(id: &str) -> String {
    format!("ludus:account:{{{id}}}")
}

fn keys_key(id: &str) -> String {
    format!("ludus:account:{{{id}}}:keys")
}

fn inbox_key(id: &str) -> String {
    format!("ludus:account:{{{id}}}:inbox")
}

/// The hashes of the account's sessions, to end them with the account; it lives as long as its longest session.
fn sessions_key(id: &str) -> String {
    format!("ludus:account:{{{id}}}:sessions")
}

/// When a session of the account began and in which browser, as long as the session lasts.
fn session_info_key(id: &str, token_hash: &str) -> String {
    format!("ludus:account:{{{id}}}:session:{token_hash}")
}

fn session_key(token_hash: &str) -> String {
    format!("ludus:session:{token_hash}")
}

/// The sources the account's inbox took notifications from lately: a sorted set by when (ms).
fn told_key(id: &str) -> String {
    format!("ludus:account:{{{id}}}:told")
}

static PUSH_ONCE: LazyLock<Script> = LazyLock::new(|| Script::new(PUSH_ONCE_SCRIPT));

fn name_key(name: &str) -> String {
    format!("ludus:account-name:{}", name.to_lowercase())
}

fn key_key(key_id: &str) -> String {
    format!("ludus:account-key:{key_id}")
}

/// A stream ticket's account, by the ticket's hash (with a TTL).
fn ticket_key(ticket_hash: &str) -> String {
    format!("ludus:account-ticket:{ticket_hash}")
}

fn parse_account(mut fields: HashMap<String, String>) -> StoreResult<Option<StoredAccount>> {
    if fields.is_empty() {
        return Ok(None);
    }
    let mut take = |name: &str| {
        fields
            .remove(name)
            .ok_or_else(|| corrupt(format!("account field {name} is missing")))
    };
    Ok(Some(StoredAccount {
        id: take("id")?,
        name: take("name")?,
        kind: take("kind")?,
        created_at_ms: take("created_at_ms")?.parse().map_err(corrupt)?,
        password_hash: fields.remove("password_hash"),
    }))
}

fn parse_key(key_id: &str, mut fields: HashMap<String, String>) -> StoreResult<Option<StoredKey>> {
    if fields.is_empty() {
        return Ok(None);
    }
    let mut take = |name: &str| {
        fields
            .remove(name)
            .ok_or_else(|| corrupt(format!("account key field {name} is missing")))
    };
    Ok(Some(StoredKey {
        id: key_id.to_owned(),
        account: take("account")?,
        hash: take("hash")?,
        created_at_ms: take("created_at_ms")?.parse().map_err(corrupt)?,
    }))
}

impl RedisStore {
    async fn store_key(&self, key: &StoredKey) -> StoreResult<()> {
        let (lookup, set) = (key_key(&key.id), keys_key(&key.account));
        let mut stored = redis::cmd("HSET");
        stored
            .arg(&lookup)
            .arg("account")
            .arg(&key.account)
            .arg("hash")
            .arg(&key.hash)
            .arg("created_at_ms")
            .arg(key.created_at_ms);
        self.write::<()>("add_key", Write::Commands(&[stored])).await?;
        let mut listed = redis::cmd("SADD");
        listed.arg(&set).arg(&key.id);
        self.write("add_key", Write::Commands(&[listed])).await
    }

    /// The account's listed sessions with their descriptions, read in one round trip (they share the account's
    /// slot). A description expires with its session: those whose description is gone ended on their own and are
    /// unlisted here, so that the set does not grow with every sign-in of an account that keeps signing in.
    async fn described_sessions(&self, account: &str) -> StoreResult<Vec<(String, HashMap<String, String>)>> {
        let set = sessions_key(account);
        let hashes: Vec<String> = self
            .run("sessions", |mut connection| {
                let set = set.clone();
                async move { redis::cmd("SMEMBERS").arg(&set).query_async(&mut connection).await }
            })
            .await?;
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        let descriptions: Vec<HashMap<String, String>> = self
            .run("sessions", |mut connection| {
                let mut pipeline = redis::pipe();
                for token_hash in &hashes {
                    pipeline.cmd("HGETALL").arg(session_info_key(account, token_hash));
                }
                async move { pipeline.query_async(&mut connection).await }
            })
            .await?;
        let (live, ended): (Vec<_>, Vec<_>) = hashes
            .into_iter()
            .zip(descriptions)
            .partition(|(_, fields)| !fields.is_empty());
        if !ended.is_empty() {
            let mut unlisted = redis::cmd("SREM");
            unlisted.arg(&set);
            for (token_hash, _) in &ended {
                unlisted.arg(token_hash);
            }
            self.write::<()>("sessions", Write::Commands(&[unlisted])).await?;
        }
        Ok(live)
    }
}

#[async_trait]
impl AccountStore for RedisStore {
    async fn create_account(&self, account: &StoredAccount, key: Option<&StoredKey>) -> StoreResult<bool> {
        // The account and its key first, the name last: a crash in between leaves an account nobody can name,
        // never a name taken by no account.
        let mut fields = vec![
            ("id", account.id.clone()),
            ("name", account.name.clone()),
            ("kind", account.kind.clone()),
            ("created_at_ms", account.created_at_ms.to_string()),
        ];
        if let Some(password_hash) = &account.password_hash {
            fields.push(("password_hash", password_hash.clone()));
        }
        let stored = &account_key(&account.id);
        let mut hash = redis::cmd("HSET");
        hash.arg(stored).arg(&fields[..]);
        self.write::<()>("create_account", Write::Commands(&[hash])).await?;
        if let Some(key) = key {
            self.store_key(key).await?;
        }
        let mut name = redis::cmd("SET");
        name.arg(name_key(&account.name)).arg(&account.id).arg("NX");
        let named = self
            .write::<Option<String>>("create_account", Write::Commands(&[name]))
            .await?
            .is_some();
        if !named {
            let set = keys_key(&account.id);
            let lookup = key.map(|key| key_key(&key.id));
            self.run("create_account", |mut connection| async move {
                redis::cmd("DEL")
                    .arg(stored)
                    .arg(&set)
                    .query_async::<()>(&mut connection)
                    .await?;
                match &lookup {
                    Some(lookup) => redis::cmd("DEL").arg(lookup).query_async::<()>(&mut connection).await,
                    None => Ok(()),
                }
            })
            .await?;
        }
        Ok(named)
    }

    async fn account(&self, id: &str) -> StoreResult<Option<StoredAccount>> {
        let key = account_key(id);
        let fields: HashMap<String, String> = self
            .run("account", |mut connection| async move {
                redis::cmd("HGETALL").arg(&key).query_async(&mut connection).await
            })
            .await?;
        parse_account(fields)
    }

    async fn account_named(&self, name: &str) -> StoreResult<Option<StoredAccount>> {
        let key = name_key(name);
        let id: Option<String> = self
            .run("account_named", |mut connection| async move {
                redis::cmd("GET").arg(&key).query_async(&mut connection).await
            })
            .await?;
        match id {
            Some(id) => self.account(&id).await,
            None => Ok(None),
        }
    }

    async fn key(&self, key_id: &str) -> StoreResult<Option<StoredKey>> {
        let lookup = key_key(key_id);
        let fields: HashMap<String, String> = self
            .run("account_key", |mut connection| async move {
                redis::cmd("HGETALL").arg(&lookup).query_async(&mut connection).await
            })
            .await?;
        parse_key(key_id, fields)
    }

    async fn keys(&self, account: &str) -> StoreResult<Vec<StoredKey>> {
        let set = keys_key(account);
        let ids: Vec<String> = self
            .run("account_keys", |mut connection| async move {
                redis::cmd("SMEMBERS").arg(&set).query_async(&mut connection).await
            })
            .await?;
        let mut keys = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(key) = self.key(&id).await? {
                keys.push(key);
            }
        }
        keys.sort_by_key(|key| key.created_at_ms);
        Ok(keys)
    }

    async fn add_key(&self, key: &StoredKey) -> StoreResult<()> {
        self.store_key(key).await
    }

    async fn revoke_key(&self, account: &str, key_id: &str) -> StoreResult<bool> {
        match self.key(key_id).await? {
            Some(key) if key.account == account => {}
            _ => return Ok(false),
        }
        // The key itself first: once that is gone, no instance accepts it.
        let mut forgotten = redis::cmd("DEL");
        forgotten.arg(key_key(key_id));
        self.write::<()>("revoke_key", Write::Commands(&[forgotten])).await?;
        let mut unlisted = redis::cmd("SREM");
        unlisted.arg(keys_key(account)).arg(key_id);
        self.write::<()>("revoke_key", Write::Commands(&[unlisted])).await?;
        Ok(true)
    }

    async fn issue_stream_ticket(&self, ticket_hash: &str, account: &str, ttl: Duration) -> StoreResult<()> {
        self.set_for("issue_stream_ticket", &ticket_key(ticket_hash), account, ttl)
            .await
    }

    async fn redeem_stream_ticket(&self, ticket_hash: &str) -> StoreResult<Option<String>> {
        self.take("redeem_stream_ticket", &ticket_key(ticket_hash)).await
    }

    async fn issue_passkey_challenge(
        &self,
        challenge_hash: &str,
        ceremony: &PasskeyCeremony,
        ttl: Duration,
    ) -> StoreResult<()> {
        self.issue_challenge(challenge_hash, ceremony, ttl).await
    }

    async fn redeem_passkey_challenge(&self, challenge_hash: &str) -> StoreResult<Option<PasskeyCeremony>> {
        self.redeem_challenge(challenge_hash).await
    }

    async fn add_passkey(&self, passkey: &StoredPasskey) -> StoreResult<bool> {
        self.store_passkey(passkey).await
    }

    async fn passkey(&self, id: &str) -> StoreResult<Option<StoredPasskey>> {
        self.read_passkey(id).await
    }

    async fn passkeys(&self, account: &str) -> StoreResult<Vec<StoredPasskey>> {
        self.read_passkeys(account).await
    }

    async fn remove_passkey(&self, account: &str, id: &str) -> StoreResult<bool> {
        if self
            .read_passkey(id)
            .await?
            .is_none_or(|passkey| passkey.account != account)
        {
            return Ok(false);
        }
        self.forget_passkey(account, id).await?;
        Ok(true)
    }

    async fn use_passkey(&self, id: &str, seen: u32, sign_count: u32, at_ms: u64) -> StoreResult<bool> {
        self.count_passkey_use(id, seen, sign_count, at_ms).await
    }

    async fn create_session(&self, session: &StoredSession, ttl: Duration) -> StoreResult<()> {
        let ttl_ms = ttl.as_millis() as u64;
        let StoredSession {
            token_hash,
            account,
            created_at_ms,
            agent,
        } = session;
        let mut opened = redis::cmd("SET");
        opened.arg(session_key(token_hash)).arg(account).arg("PX").arg(ttl_ms);
        self.write::<()>("create_session", Write::Commands(&[opened])).await?;
        let set = sessions_key(account);
        let mut listed = redis::cmd("SADD");
        listed.arg(&set).arg(token_hash);
        // The set lives as long as its longest session: a first expiry (NX), then only a later one (GT, Redis 7).
        let mut first = redis::cmd("PEXPIRE");
        first.arg(&set).arg(ttl_ms).arg("NX");
        let mut longer = redis::cmd("PEXPIRE");
        longer.arg(&set).arg(ttl_ms).arg("GT");
        let info = session_info_key(account, token_hash);
        let mut described = redis::cmd("HSET");
        described.arg(&info).arg("created_at_ms").arg(created_at_ms);
        if let Some(agent) = agent {
            described.arg("agent").arg(agent);
        }
        let mut lasting = redis::cmd("PEXPIRE");
        lasting.arg(&info).arg(ttl_ms);
        // Described before listed: a listed session without a description ended (see `described_sessions`).
        self.write::<()>("create_session", Write::Commands(&[described, lasting, listed, first, longer]))
            .await?;
        // Each sign-in unlists the sessions that ended on their own, so the set holds live sessions only.
        self.described_sessions(account).await.map(drop)
    }

    async fn sessions(&self, account: &str) -> StoreResult<Vec<StoredSession>> {
        let mut sessions = Vec::new();
        for (token_hash, fields) in self.described_sessions(account).await? {
            let Some(created_at_ms) = fields.get("created_at_ms") else {
                continue;
            };
            sessions.push(StoredSession {
                token_hash,
                account: account.to_owned(),
                created_at_ms: created_at_ms.parse().map_err(corrupt)?,
                agent: fields.get("agent").cloned(),
            });
        }
        sessions.sort_by_key(|session| session.created_at_ms);
        Ok(sessions)
    }

    async fn session(&self, token_hash: &str) -> StoreResult<Option<String>> {
        let key = session_key(token_hash);
        self.run(
            "session",
            |mut connection| async move { redis::cmd("GET").arg(&key).query_async(&mut connection).await },
        )
        .await
    }

    async fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        let Some(account) = self.session(token_hash).await? else {
            return Ok(());
        };
        // The session itself first: once that is gone, no instance accepts it.
        let mut ended = redis::cmd("DEL");
        ended.arg(session_key(token_hash));
        self.write::<()>("delete_session", Write::Commands(&[ended])).await?;
        let mut unlisted = redis::cmd("SREM");
        unlisted.arg(sessions_key(&account)).arg(token_hash);
        let mut undescribed = redis::cmd("DEL");
        undescribed.arg(session_info_key(&account, token_hash));
        self.write("delete_session", Write::Commands(&[unlisted, undescribed]))
            .await
    }

    async fn push_inbox(&self, account: &str, event: &str) -> StoreResult<InboxId> {
        let inbox = inbox_key(account);
        let id: String = self
            .run("push_inbox", |mut connection| async move {
                // Two commands, not a pipeline: on a cluster the inbox and the channel may be on two nodes.
                let id = redis::cmd("XADD")
                    .arg(&inbox)
                    .arg("MAXLEN")
                    .arg(INBOX_CAPACITY)
                    .arg("*")
                    .arg("e")
                    .arg(event)
                    .query_async::<String>(&mut connection)
                    .await?;
                redis::cmd("PUBLISH")
                    .arg(INBOX_CHANNEL)
                    .arg(account)
                    .query_async::<()>(&mut connection)
                    .await?;
                Ok(id)
            })
            .await?;
        entry_id(&id)
    }

    async fn push_inbox_once(&self, account: &str, source: &str, event: &str) -> StoreResult<Option<InboxId>> {
        let (inbox, told) = (inbox_key(account), told_key(account));
        let mut invocation = PUSH_ONCE.key(&inbox);
        invocation
            .key(&told)
            .arg(event)
            .arg(INBOX_CAPACITY)
            .arg(source)
            .arg(now_ms())
            .arg(TOLD_KEPT.as_millis() as u64)
            .arg(INBOX_CHANNEL)
            .arg(account);
        let id = self
            .write::<Option<String>>("push_inbox", Write::Script(&invocation))
            .await?;
        id.map(|id| entry_id(&id)).transpose()
    }

    async fn read_inbox(&self, account: &str, page: InboxPage) -> StoreResult<Vec<InboxEntry>> {
        let InboxPage { after, limit } = page;
        let inbox = inbox_key(account);
        let start = after.map_or_else(|| "-".to_owned(), |after| format!("({after}"));
        let entries: Vec<(String, HashMap<String, String>)> = self
            .run("read_inbox", |mut connection| async move {
                redis::cmd("XRANGE")
                    .arg(&inbox)
                    .arg(&start)
                    .arg("+")
                    .arg("COUNT")
                    .arg(limit)
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        Ok(entry_fields(entries, "e")?
            .into_iter()
            .map(|(id, event)| InboxEntry { id, event })
            .collect())
    }

    async fn newest_inbox_entry(&self, account: &str) -> StoreResult<Option<InboxId>> {
        let inbox = inbox_key(account);
        let newest: Vec<(String, HashMap<String, String>)> = self
            .run("newest_inbox_entry", |mut connection| async move {
                redis::cmd("XREVRANGE")
                    .arg(&inbox)
                    .arg("+")
                    .arg("-")
                    .arg("COUNT")
                    .arg(1)
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        newest.first().map(|(id, _)| entry_id(id)).transpose()
    }

    async fn set_webhook(&self, account: &str, webhook: Option<&StoredWebhook>) -> StoreResult<()> {
        self.store_webhook(account, webhook).await
    }

    async fn webhook(&self, account: &str) -> StoreResult<Option<StoredWebhook>> {
        self.read_webhook(account).await
    }

    async fn advance_webhook(&self, account: &str, webhook: &StoredWebhook) -> StoreResult<()> {
        self.store_progress(account, webhook).await
    }

    async fn schedule_webhook(&self, account: &str, due_ms: u64) -> StoreResult<()> {
        self.schedule_in(WEBHOOKS_DUE_KEY, account, due_ms).await
    }

    async fn retry_webhook_at(&self, account: &str, due_ms: u64) -> StoreResult<()> {
        self.run("retry_webhook_at", |mut connection| async move {
            redis::cmd("ZADD")
                .arg(WEBHOOKS_DUE_KEY)
                .arg(due_ms)
                .arg(account)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn claim_webhooks(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.claim_in(WEBHOOKS_DUE_KEY, now_ms, lease_ms, limit).await
    }

    async fn settle_webhook(&self, account: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.settle_in(WEBHOOKS_DUE_KEY, account, claimed_ms, next_ms).await
    }

    async fn record_delivery(&self, account: &str, record: &str, keep: usize) -> StoreResult<()> {
        self.push_delivery(account, record, keep).await
    }

    async fn deliveries(&self, account: &str) -> StoreResult<Vec<String>> {
        self.read_deliveries(account).await
    }

    async fn inbox_pushes(&self) -> StoreResult<BoxStream<'static, String>> {
        self.subscribe(INBOX_CHANNEL).await
    }

    async fn erase_account(&self, id: &str, name: &str) -> StoreResult<()> {
        // The name first, then the account with everything under its hash tag (one slot), its keys' and sessions'
        // lookups last: a crash midway leaves either an account whose keys still open it (to be deleted again), or
        // lookups of keys and sessions whose account is gone (refused), and never its name.
        let keys = self.keys(id).await?;
        let set = sessions_key(id);
        let sessions: Vec<String> = self
            .run("erase_account", |mut connection| async move {
                redis::cmd("SMEMBERS").arg(&set).query_async(&mut connection).await
            })
            .await?;
        let passkeys = self.passkey_ids(id).await?;
        let mut unnamed = redis::cmd("DEL");
        unnamed.arg(name_key(name));
        self.write::<()>("erase_account", Write::Commands(&[unnamed])).await?;
        self.forget_in(WEBHOOKS_DUE_KEY, id).await?;
        let mut erased = redis::cmd("DEL");
        erased
            .arg(account_key(id))
            .arg(keys_key(id))
            .arg(sessions_key(id))
            .arg(inbox_key(id))
            .arg(told_key(id))
            .arg(webhook_key(id))
            .arg(deliveries_key(id));
        for session in &sessions {
            erased.arg(session_info_key(id, session));
        }
        self.write::<()>("erase_account", Write::Commands(&[erased])).await?;
        for key in keys {
            let mut forgotten = redis::cmd("DEL");
            forgotten.arg(key_key(&key.id));
            self.write::<()>("erase_account", Write::Commands(&[forgotten])).await?;
        }
        for session in sessions {
            let mut ended = redis::cmd("DEL");
            ended.arg(session_key(&session));
            self.write::<()>("erase_account", Write::Commands(&[ended])).await?;
        }
        for passkey in passkeys {
            self.forget_passkey(id, &passkey).await?;
        }
        Ok(())
    }
}
