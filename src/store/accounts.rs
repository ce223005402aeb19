//! What the store keeps about accounts: the account, its keys (hashed), its people's sessions (hashed), its inbox of
//! notifications (capped, resumable by entry id) and, announced to every instance, which inbox grew.

use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;

use super::StoreResult;

/// How long an inbox remembers the sources it took a notification from (`AccountStore::push_inbox_once`).
pub const TOLD_KEPT: Duration = Duration::from_secs(24 * 3600);

/// The most notifications an inbox keeps: older ones are dropped (a client away longer re-reads its games).
pub const INBOX_CAPACITY: usize = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAccount {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub created_at_ms: u64,
    /// The argon2id PHC string of a person's password; `None` for an account signed into with keys only.
    pub password_hash: Option<String>,
}

/// A person's session as stored: by the SHA-256 of its token (never the token), with when it began and the browser
/// that began it, so that its account can list and end its sessions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSession {
    pub token_hash: String,
    pub account: String,
    pub created_at_ms: u64,
    /// The `User-Agent` of the sign-in, cut to `SESSION_AGENT_CHARS`.
    pub agent: Option<String>,
}

/// The most characters of a `User-Agent` a session keeps.
pub const SESSION_AGENT_CHARS: usize = 200;

/// A person's passkey as stored: its credential id (base64url), its public key (COSE, hex), the signature counter its
/// authenticator last gave, the name its person gave it, and when it was added and last used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPasskey {
    pub id: String,
    pub account: String,
    pub public_key: String,
    pub sign_count: u32,
    pub name: String,
    pub created_at_ms: u64,
    pub last_used_ms: Option<u64>,
}

impl StoredPasskey {
    /// The order an account's passkeys are listed in: oldest first (by id among those added at one moment).
    pub fn oldest_first(passkeys: &mut [StoredPasskey]) {
        passkeys.sort_by(|a, b| (a.created_at_ms, &a.id).cmp(&(b.created_at_ms, &b.id)));
    }
}

/// What a passkey challenge was issued for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasskeyCeremony {
    /// A sign-in: any account's passkey may answer it.
    SignIn,
    /// A new passkey of this account.
    Register(String),
}

impl PasskeyCeremony {
    /// As the store keeps it.
    pub fn encode(&self) -> String {
        match self {
            PasskeyCeremony::SignIn => "sign-in".into(),
            PasskeyCeremony::Register(account) => format!("register:{account}"),
        }
    }

    pub fn decode(text: &str) -> Option<Self> {
        match text.strip_prefix("register:") {
            Some(account) => Some(PasskeyCeremony::Register(account.to_owned())),
            None => (text == "sign-in").then_some(PasskeyCeremony::SignIn),
        }
    }
}

/// An account key as stored: its public id and the SHA-256 of the whole key (never the key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredKey {
    pub id: String,
    pub account: String,
    pub hash: String,
    pub created_at_ms: u64,
}

/// An account's webhook: where its notifications go, the secret they are signed with, the last inbox entry
/// delivered, and the failures in a row since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredWebhook {
    pub url: String,
    pub secret: String,
    pub cursor: Option<InboxId>,
    pub failures: u32,
    pub disabled: bool,
}

/// One notification of an inbox, with the id it is resumed after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxEntry {
    pub id: InboxId,
    pub event: String,
}

impl InboxEntry {
    /// The notification as streams and webhooks carry it: its JSON with its `id` first.
    pub fn message(&self) -> String {
        let fields = self.event.strip_prefix('{').unwrap_or(&self.event);
        format!("{{\"id\":\"{}\",{fields}", self.id)
    }

    /// The notification's `type`, read from the start of its JSON, where serde writes an internal tag.
    pub fn kind(&self) -> Option<&str> {
        let rest = self.event.strip_prefix(r#"{"type":""#)?;
        Some(&rest[..rest.find('"')?])
    }
}

/// Up to `limit` notifications of an inbox after `after` (from the oldest it keeps without it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InboxPage {
    pub after: Option<InboxId>,
    pub limit: usize,
}

impl InboxPage {
    /// The oldest `limit` notifications the inbox keeps.
    pub fn oldest(limit: usize) -> Self {
        Self { after: None, limit }
    }
}

/// An inbox entry's id: `<milliseconds>-<sequence>`, increasing within an inbox (a Redis Stream entry id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InboxId {
    pub ms: u64,
    pub seq: u64,
}

impl InboxId {
    /// The id of an entry added at `now_ms` after `last`, as Redis numbers stream entries: the time, or the last
    /// entry's time when the clock went back.
    pub fn following(last: Option<InboxId>, now_ms: u64) -> Self {
        match last {
            Some(last) if last.ms >= now_ms => InboxId {
                ms: last.ms,
                seq: last.seq + 1,
            },
            _ => InboxId { ms: now_ms, seq: 0 },
        }
    }
}

impl std::fmt::Display for InboxId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.ms, self.seq)
    }
}

impl std::str::FromStr for InboxId {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let (ms, seq) = text.split_once('-').ok_or(())?;
        Ok(Self {
            ms: ms.parse().map_err(|_| ())?,
            seq: seq.parse().map_err(|_| ())?,
        })
    }
}

/// Accounts, their keys and inboxes.
#[async_trait]
pub trait AccountStore: Send + Sync {
    /// Stores a new account with its first key (a person's account, signed into with a password, has none), unless
    /// its name is taken (compared case-insensitively): then false.
    async fn create_account(&self, account: &StoredAccount, key: Option<&StoredKey>) -> StoreResult<bool>;

    async fn account(&self, id: &str) -> StoreResult<Option<StoredAccount>>;

    /// The account of this name, in any case.
    async fn account_named(&self, name: &str) -> StoreResult<Option<StoredAccount>>;

    /// A key by its id, unless revoked. Read at every request, so that a revoked key is refused at once everywhere.
    async fn key(&self, key_id: &str) -> StoreResult<Option<StoredKey>>;

    /// The account's keys that are not revoked.
    async fn keys(&self, account: &str) -> StoreResult<Vec<StoredKey>>;

    async fn add_key(&self, key: &StoredKey) -> StoreResult<()>;

    /// Revokes the account's key `key_id`; false when it has no such key.
    async fn revoke_key(&self, account: &str, key_id: &str) -> StoreResult<bool>;

    /// Remembers a stream ticket of `account` during `ttl`, by its hash only (as `EventStore::issue_ticket` does for a
    /// game's seat): any instance sharing the store can redeem it.
    async fn issue_stream_ticket(&self, ticket_hash: &str, account: &str, ttl: Duration) -> StoreResult<()>;

    /// The account of an unexpired stream ticket, consumed in the same step (redeemed at most once, even by racing
    /// instances); `None` for an unknown, used or expired ticket.
    async fn redeem_stream_ticket(&self, ticket_hash: &str) -> StoreResult<Option<String>>;

    /// Remembers a session during `ttl`, by the hash of its token only: any instance sharing the store accepts it.
    async fn create_session(&self, session: &StoredSession, ttl: Duration) -> StoreResult<()>;

    /// The account's unexpired sessions, oldest first.
    async fn sessions(&self, account: &str) -> StoreResult<Vec<StoredSession>>;

    /// The account of an unexpired session; read at every request, so that a session ended is refused at once
    /// everywhere.
    async fn session(&self, token_hash: &str) -> StoreResult<Option<String>>;

    /// Ends a session (nothing when it is unknown or expired).
    async fn delete_session(&self, token_hash: &str) -> StoreResult<()>;

    /// Remembers a passkey challenge during `ttl`, by its hash, with the ceremony it was issued for.
    async fn issue_passkey_challenge(
        &self,
        challenge_hash: &str,
        ceremony: &PasskeyCeremony,
        ttl: Duration,
    ) -> StoreResult<()>;

    /// The ceremony of an unexpired passkey challenge, consumed in the same step (answered at most once, even on
    /// racing instances); `None` for an unknown, used or expired challenge.
    async fn redeem_passkey_challenge(&self, challenge_hash: &str) -> StoreResult<Option<PasskeyCeremony>>;

    /// Stores a new passkey, unless one with its credential id is stored already (of any account): false then.
    async fn add_passkey(&self, passkey: &StoredPasskey) -> StoreResult<bool>;

    /// A passkey by its credential id; read at every sign-in with it, so that one removed is refused at once.
    async fn passkey(&self, id: &str) -> StoreResult<Option<StoredPasskey>>;

    /// The account's passkeys, oldest first.
    async fn passkeys(&self, account: &str) -> StoreResult<Vec<StoredPasskey>>;

    /// Removes the account's passkey `id`; false when it has no such passkey.
    async fn remove_passkey(&self, account: &str, id: &str) -> StoreResult<bool>;

    /// Records a sign-in at `at_ms` with passkey `id` whose authenticator counted `sign_count`, in one step, unless
    /// the stored counter is no longer `seen` (another sign-in with it came between): false then.
    async fn use_passkey(&self, id: &str, seen: u32, sign_count: u32, at_ms: u64) -> StoreResult<bool>;

    /// Adds a notification to the account's inbox (dropping the oldest beyond INBOX_CAPACITY) and announces it.
    async fn push_inbox(&self, account: &str, event: &str) -> StoreResult<InboxId>;

    /// Adds a notification to the account's inbox unless one from `source` was added within the last day (a
    /// delivery from a game's outbox that is retried after a crash): `None` then.
    async fn push_inbox_once(&self, account: &str, source: &str, event: &str) -> StoreResult<Option<InboxId>>;

    /// A page of the account's notifications, oldest first.
    async fn read_inbox(&self, account: &str, page: InboxPage) -> StoreResult<Vec<InboxEntry>>;

    /// The id of the newest notification the inbox keeps, if any.
    async fn newest_inbox_entry(&self, account: &str) -> StoreResult<Option<InboxId>>;

    /// Sets (or with `None` removes) the account's webhook.
    async fn set_webhook(&self, account: &str, webhook: Option<&StoredWebhook>) -> StoreResult<()>;

    async fn webhook(&self, account: &str) -> StoreResult<Option<StoredWebhook>>;

    /// Records how far the webhook got (its cursor, failures and whether it is disabled), unless it was removed.
    async fn advance_webhook(&self, account: &str, webhook: &StoredWebhook) -> StoreResult<()>;

    /// Notes the account's deliveries due at `due_ms`, unless noted due earlier.
    async fn schedule_webhook(&self, account: &str, due_ms: u64) -> StoreResult<()>;

    /// Notes the account's deliveries due at `due_ms`, whatever was noted: a failed delivery's retry time.
    async fn retry_webhook_at(&self, account: &str, due_ms: u64) -> StoreResult<()>;

    /// Claims the accounts whose deliveries are due, until `now_ms + lease_ms`, as `claim_due` does for games.
    async fn claim_webhooks(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>>;

    /// Settles a claim ending at `claimed_ms`: next due at `next_ms` (or not), unless noted again since.
    async fn settle_webhook(&self, account: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()>;

    /// Keeps a delivery attempt's record among the account's `keep` latest.
    async fn record_delivery(&self, account: &str, record: &str, keep: usize) -> StoreResult<()>;

    /// The recorded attempts, newest first.
    async fn deliveries(&self, account: &str) -> StoreResult<Vec<String>>;

    /// The accounts whose inbox grew, as announced by every instance sharing the store: one subscription per
    /// instance, whatever the number of open account streams.
    async fn inbox_pushes(&self) -> StoreResult<BoxStream<'static, String>>;

    /// Erases account `id` named `name`: its name (free to take again), its keys, passkeys and sessions (refused at once on
    /// every instance), its webhook and its deliveries, its inbox, and the account itself.
    async fn erase_account(&self, id: &str, name: &str) -> StoreResult<()>;
}
