//! Accounts in this process's memory.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use futures_util::stream::BoxStream;
use tokio::sync::broadcast;

use super::due::DueNotes;
use crate::clock::now_ms;
use crate::store::{
    AccountStore, INBOX_CAPACITY, InboxEntry, InboxId, InboxPage, PasskeyCeremony, StoreResult, StoredAccount,
    StoredKey, StoredPasskey, StoredSession, StoredWebhook, TOLD_KEPT,
};

/// Inbox announcements not yet taken by a slow listener; one that lags re-reads its inboxes.
const ANNOUNCEMENTS: usize = 4096;

#[derive(Default)]
struct Accounts {
    by_id: HashMap<String, StoredAccount>,
    /// Lower-case name -> account id.
    names: HashMap<String, String>,
    keys: HashMap<String, StoredKey>,
    inboxes: HashMap<String, VecDeque<InboxEntry>>,
    /// Per account, the sources notifications were taken from within `TOLD_KEPT`.
    told: HashMap<String, Told>,
    webhooks: HashMap<String, StoredWebhook>,
    deliveries: HashMap<String, VecDeque<String>>,
    /// The account of each stream ticket's hash, until it expires.
    tickets: Expiring<String>,
    /// Each session by its token's hash, until it expires.
    sessions: Expiring<StoredSession>,
    /// Each passkey challenge's ceremony by the challenge's hash, until it expires.
    challenges: Expiring<PasskeyCeremony>,
    /// Passkeys by credential id.
    passkeys: HashMap<String, StoredPasskey>,
}

/// What a secret's hash stands for, each until its expiry. Expired entries are dropped at each insert: the map holds
/// at most those of the last ttl.
struct Expiring<T>(HashMap<String, (T, Instant)>);

impl<T> Default for Expiring<T> {
    fn default() -> Self {
        Self(HashMap::new())
    }
}

/// The account an entry of `Expiring` belongs to.
trait OfAccount: Clone {
    fn account(&self) -> &str;
}

impl OfAccount for String {
    fn account(&self) -> &str {
        self
    }
}

impl OfAccount for StoredSession {
    fn account(&self) -> &str {
        &self.account
    }
}

impl OfAccount for PasskeyCeremony {
    fn account(&self) -> &str {
        match self {
            PasskeyCeremony::SignIn => "",
            PasskeyCeremony::Register(account) => account,
        }
    }
}

impl<T: OfAccount> Expiring<T> {
    fn insert(&mut self, hash: &str, value: T, ttl: Duration) {
        let now = Instant::now();
        self.0.retain(|_, (_, expires)| *expires > now);
        self.0.insert(hash.to_owned(), (value, now + ttl));
    }

    fn get(&self, hash: &str) -> Option<T> {
        let (value, expires) = self.0.get(hash)?;
        (*expires > Instant::now()).then(|| value.clone())
    }

    fn remove(&mut self, hash: &str) -> Option<T> {
        let (value, expires) = self.0.remove(hash)?;
        (expires > Instant::now()).then_some(value)
    }

    fn of_account(&self, account: &str) -> Vec<T> {
        let now = Instant::now();
        let held = self
            .0
            .values()
            .filter(|(value, expires)| *expires > now && value.account() == account);
        held.map(|(value, _)| value.clone()).collect()
    }

    fn forget_account(&mut self, account: &str) {
        self.0.retain(|_, (held, _)| held.account() != account);
    }
}

/// The sources an account's notifications were taken from, with when (ms), and in that order: the ones past
/// `TOLD_KEPT` leave from the front, so that a push costs the same however many came before it.
#[derive(Default)]
struct Told {
    at: HashMap<String, u64>,
    order: VecDeque<(u64, String)>,
}

impl Told {
    /// Notes `source` at `now`, forgetting those past `TOLD_KEPT`; false when it was noted already.
    fn note(&mut self, source: &str, now: u64) -> bool {
        let kept = TOLD_KEPT.as_millis() as u64;
        while let Some((at, _)) = self.order.front()
            && now.saturating_sub(*at) >= kept
        {
            if let Some((at, old)) = self.order.pop_front()
                && self.at.get(&old) == Some(&at)
            {
                self.at.remove(&old);
            }
        }
        if self.at.contains_key(source) {
            return false;
        }
        self.at.insert(source.to_owned(), now);
        self.order.push_back((now, source.to_owned()));
        true
    }
}

pub(super) struct MemoryAccounts {
    accounts: Mutex<Accounts>,
    pushed: broadcast::Sender<String>,
    webhooks_due: DueNotes,
}

impl Default for MemoryAccounts {
    fn default() -> Self {
        Self {
            accounts: Mutex::default(),
            pushed: broadcast::channel(ANNOUNCEMENTS).0,
            webhooks_due: DueNotes::default(),
        }
    }
}

impl MemoryAccounts {
    fn lock(&self) -> std::sync::MutexGuard<'_, Accounts> {
        self.accounts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[async_trait]
impl AccountStore for MemoryAccounts {
    async fn create_account(&self, account: &StoredAccount, key: Option<&StoredKey>) -> StoreResult<bool> {
        let mut accounts = self.lock();
        let name = account.name.to_lowercase();
        if accounts.names.contains_key(&name) {
            return Ok(false);
        }
        accounts.names.insert(name, account.id.clone());
        accounts.by_id.insert(account.id.clone(), account.clone());
        if let Some(key) = key {
            accounts.keys.insert(key.id.clone(), key.clone());
        }
        Ok(true)
    }

    async fn account(&self, id: &str) -> StoreResult<Option<StoredAccount>> {
        Ok(self.lock().by_id.get(id).cloned())
    }

    async fn account_named(&self, name: &str) -> StoreResult<Option<StoredAccount>> {
        let accounts = self.lock();
        let id = accounts.names.get(&name.to_lowercase());
        Ok(id.and_then(|id| accounts.by_id.get(id)).cloned())
    }

    async fn key(&self, key_id: &str) -> StoreResult<Option<StoredKey>> {
        Ok(self.lock().keys.get(key_id).cloned())
    }

    async fn keys(&self, account: &str) -> StoreResult<Vec<StoredKey>> {
        let mut keys: Vec<StoredKey> = self
            .lock()
            .keys
            .values()
            .filter(|key| key.account == account)
            .cloned()
            .collect();
        keys.sort_by_key(|key| key.created_at_ms);
        Ok(keys)
    }

    async fn add_key(&self, key: &StoredKey) -> StoreResult<()> {
        self.lock().keys.insert(key.id.clone(), key.clone());
        Ok(())
    }

    async fn revoke_key(&self, account: &str, key_id: &str) -> StoreResult<bool> {
        let mut accounts = self.lock();
        if accounts.keys.get(key_id).is_none_or(|key| key.account != account) {
            return Ok(false);
        }
        accounts.keys.remove(key_id);
        Ok(true)
    }

    async fn issue_stream_ticket(&self, ticket_hash: &str, account: &str, ttl: Duration) -> StoreResult<()> {
        self.lock().tickets.insert(ticket_hash, account.to_owned(), ttl);
        Ok(())
    }

    async fn redeem_stream_ticket(&self, ticket_hash: &str) -> StoreResult<Option<String>> {
        Ok(self.lock().tickets.remove(ticket_hash))
    }

    async fn issue_passkey_challenge(
        &self,
        challenge_hash: &str,
        ceremony: &PasskeyCeremony,
        ttl: Duration,
    ) -> StoreResult<()> {
        self.lock().challenges.insert(challenge_hash, ceremony.clone(), ttl);
        Ok(())
    }

    async fn redeem_passkey_challenge(&self, challenge_hash: &str) -> StoreResult<Option<PasskeyCeremony>> {
        Ok(self.lock().challenges.remove(challenge_hash))
    }

    async fn add_passkey(&self, passkey: &StoredPasskey) -> StoreResult<bool> {
        let mut accounts = self.lock();
        if accounts.passkeys.contains_key(&passkey.id) {
            return Ok(false);
        }
        accounts.passkeys.insert(passkey.id.clone(), passkey.clone());
        Ok(true)
    }

    async fn passkey(&self, id: &str) -> StoreResult<Option<StoredPasskey>> {
        Ok(self.lock().passkeys.get(id).cloned())
    }

    async fn passkeys(&self, account: &str) -> StoreResult<Vec<StoredPasskey>> {
        let accounts = self.lock();
        let mut passkeys: Vec<StoredPasskey> = (accounts.passkeys.values())
            .filter(|passkey| passkey.account == account)
            .cloned()
            .collect();
        StoredPasskey::oldest_first(&mut passkeys);
        Ok(passkeys)
    }

    async fn remove_passkey(&self, account: &str, id: &str) -> StoreResult<bool> {
        let mut accounts = self.lock();
        if accounts
            .passkeys
            .get(id)
            .is_none_or(|passkey| passkey.account != account)
        {
            return Ok(false);
        }
        accounts.passkeys.remove(id);
        Ok(true)
    }

    async fn use_passkey(&self, id: &str, seen: u32, sign_count: u32, at_ms: u64) -> StoreResult<bool> {
        let mut accounts = self.lock();
        match accounts.passkeys.get_mut(id) {
            Some(passkey) if passkey.sign_count == seen => {
                passkey.sign_count = sign_count;
                passkey.last_used_ms = Some(at_ms);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn create_session(&self, session: &StoredSession, ttl: Duration) -> StoreResult<()> {
        self.lock().sessions.insert(&session.token_hash, session.clone(), ttl);
        Ok(())
    }

    async fn sessions(&self, account: &str) -> StoreResult<Vec<StoredSession>> {
        let mut sessions = self.lock().sessions.of_account(account);
        sessions.sort_by_key(|session| session.created_at_ms);
        Ok(sessions)
    }

    async fn session(&self, token_hash: &str) -> StoreResult<Option<String>> {
        Ok(self.lock().sessions.get(token_hash).map(|session| session.account))
    }

    async fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        self.lock().sessions.remove(token_hash);
        Ok(())
    }

    async fn push_inbox(&self, account: &str, event: &str) -> StoreResult<InboxId> {
        let id = {
            let mut accounts = self.lock();
            let inbox = accounts.inboxes.entry(account.to_owned()).or_default();
            let id = InboxId::following(inbox.back().map(|last| last.id), now_ms());
            inbox.push_back(InboxEntry {
                id,
                event: event.to_owned(),
            });
            if inbox.len() > INBOX_CAPACITY {
                inbox.pop_front();
            }
            id
        };
        let _ = self.pushed.send(account.to_owned());
        Ok(id)
    }

    async fn push_inbox_once(&self, account: &str, source: &str, event: &str) -> StoreResult<Option<InboxId>> {
        {
            let mut accounts = self.lock();
            let now = now_ms();
            if !accounts.told.entry(account.to_owned()).or_default().note(source, now) {
                return Ok(None);
            }
        }
        self.push_inbox(account, event).await.map(Some)
    }

    async fn read_inbox(&self, account: &str, page: InboxPage) -> StoreResult<Vec<InboxEntry>> {
        let InboxPage { after, limit } = page;
        let accounts = self.lock();
        let Some(inbox) = accounts.inboxes.get(account) else {
            return Ok(Vec::new());
        };
        // Ids grow along the inbox: the page starts where they pass `after`.
        let start = inbox.partition_point(|entry| after.is_some_and(|after| entry.id <= after));
        Ok(inbox.range(start..).take(limit).cloned().collect())
    }

    async fn newest_inbox_entry(&self, account: &str) -> StoreResult<Option<InboxId>> {
        let accounts = self.lock();
        Ok(accounts
            .inboxes
            .get(account)
            .and_then(|inbox| inbox.back())
            .map(|entry| entry.id))
    }

    async fn set_webhook(&self, account: &str, webhook: Option<&StoredWebhook>) -> StoreResult<()> {
        let mut accounts = self.lock();
        match webhook {
            Some(webhook) => accounts.webhooks.insert(account.to_owned(), webhook.clone()),
            None => accounts.webhooks.remove(account),
        };
        Ok(())
    }

    async fn webhook(&self, account: &str) -> StoreResult<Option<StoredWebhook>> {
        Ok(self.lock().webhooks.get(account).cloned())
    }

    async fn advance_webhook(&self, account: &str, webhook: &StoredWebhook) -> StoreResult<()> {
        if let Some(stored) = self.lock().webhooks.get_mut(account) {
            stored.cursor = webhook.cursor;
            stored.failures = webhook.failures;
            stored.disabled = webhook.disabled;
        }
        Ok(())
    }

    async fn schedule_webhook(&self, account: &str, due_ms: u64) -> StoreResult<()> {
        self.webhooks_due.schedule(account, due_ms);
        Ok(())
    }

    async fn retry_webhook_at(&self, account: &str, due_ms: u64) -> StoreResult<()> {
        self.webhooks_due.set(account, due_ms);
        Ok(())
    }

    async fn claim_webhooks(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        Ok(self.webhooks_due.claim(now_ms, lease_ms, limit))
    }

    async fn settle_webhook(&self, account: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.webhooks_due.settle(account, claimed_ms, next_ms);
        Ok(())
    }

    async fn record_delivery(&self, account: &str, record: &str, keep: usize) -> StoreResult<()> {
        let mut accounts = self.lock();
        let kept = accounts.deliveries.entry(account.to_owned()).or_default();
        kept.push_front(record.to_owned());
        kept.truncate(keep);
        Ok(())
    }

    async fn deliveries(&self, account: &str) -> StoreResult<Vec<String>> {
        let accounts = self.lock();
        Ok(accounts
            .deliveries
            .get(account)
            .map(|kept| kept.iter().cloned().collect())
            .unwrap_or_default())
    }

    async fn inbox_pushes(&self) -> StoreResult<BoxStream<'static, String>> {
        Ok(super::received(&self.pushed))
    }

    async fn erase_account(&self, id: &str, name: &str) -> StoreResult<()> {
        let mut accounts = self.lock();
        accounts.names.remove(&name.to_lowercase());
        accounts.keys.retain(|_, key| key.account != id);
        accounts.sessions.forget_account(id);
        accounts.challenges.forget_account(id);
        accounts.passkeys.retain(|_, passkey| passkey.account != id);
        accounts.inboxes.remove(id);
        accounts.told.remove(id);
        accounts.webhooks.remove(id);
        accounts.deliveries.remove(id);
        accounts.by_id.remove(id);
        drop(accounts);
        self.webhooks_due.forget(id);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_is_told_once_within_the_kept_time_and_again_after_it() {
        let kept = TOLD_KEPT.as_millis() as u64;
        let mut told = Told::default();
        assert!(told.note("game:1", 1_000));
        assert!(told.note("game:2", 2_000));
        assert!(!told.note("game:1", 1_000 + kept - 1), "within the kept time: once");
        assert!(told.note("game:1", 1_000 + kept), "past it: forgotten, told again");
        assert!(!told.note("game:2", 1_000 + kept), "game:2 is younger");
        assert_eq!((told.at.len(), told.order.len()), (2, 2), "nothing past the kept time is held");
    }
}
