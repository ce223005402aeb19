//! Accounts: one identity across games. An account key acts for every seat its account holds; the account's
//! notifications (its turn, a game started or finished, invitations) go to its inbox, read as one stream, and to its
//! webhook.
//!
//! A person's account is signed into with its name and password instead, for a session that acts as the account.
//!
//! `key` (the key format), `caller` (who a request comes from, and its seat), `notify` (what an append tells the
//! accounts at the table), `games` (an account's games), `webhook` (deliveries to the account's URL), `password`
//! (people's password hashes).

mod caller;
mod games;
mod key;
mod notify;
mod passkeys;
mod password;
pub mod webauthn;
mod webhook;

pub use caller::Caller;
pub(super) use games::GameLists;
pub use games::{AccountGame, AccountGames, GamesFilter};
pub(in crate::service) use games::{account_listing, listing_accounts};
pub use key::is_account_key;
pub use notify::{Notification, Notifier};
pub use passkeys::{
    IssuedChallenge, PASSKEY_CHALLENGE_TTL, PASSKEYS_PER_ACCOUNT, PasskeyAssertion, PasskeyInfo, PasskeyRegistration,
};
pub use password::PASSWORD_CHARS;
pub use webhook::{Delivery, WebhookSettings, WebhookState};

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tickets::{TICKET_TTL, new_ticket};
use super::{AccountRef, Games, ServiceError, hash_token, now_ms};
use crate::ids::ACCOUNT_PREFIX;
use crate::store::{EventStore, SESSION_AGENT_CHARS, StoredAccount, StoredKey, StoredSession};

/// How long a session lasts after its sign-in.
pub const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);
const SESSION_TOKEN_BYTES: usize = 32;

/// Account names: 2 to 24 of these characters, unique whatever their case.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=24;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AccountKind {
    /// A person.
    Player,
    /// A program that plays.
    Bot,
    /// A site or service acting for its own users.
    App,
}

impl AccountKind {
    fn as_str(self) -> &'static str {
        match self {
            AccountKind::Player => "player",
            AccountKind::Bot => "bot",
            AccountKind::App => "app",
        }
    }

    fn parse(text: &str) -> Result<Self, ServiceError> {
        match text {
            "player" => Ok(AccountKind::Player),
            "bot" => Ok(AccountKind::Bot),
            "app" => Ok(AccountKind::App),
            other => Err(ServiceError::Corrupt(format!("account kind {other:?}"))),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub kind: AccountKind,
    pub created_at_ms: u64,
}

impl TryFrom<StoredAccount> for Account {
    type Error = ServiceError;

    fn try_from(stored: StoredAccount) -> Result<Self, ServiceError> {
        Ok(Account {
            kind: AccountKind::parse(&stored.kind)?,
            id: stored.id,
            name: stored.name,
            created_at_ms: stored.created_at_ms,
        })
    }
}

/// A key as its account sees it: never the key itself after its creation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyInfo {
    pub id: String,
    pub created_at_ms: u64,
}

/// A new key, shown once.
pub struct NewKey {
    pub info: KeyInfo,
    pub key: String,
}

/// One of a person's sessions, as its account sees it: a short public id (the start of its token's hash), when it
/// began, in which browser, and whether it is the one asking.
pub struct SessionInfo {
    pub id: String,
    pub created_at_ms: u64,
    pub agent: Option<String>,
    pub current: bool,
}

/// The hex digits of a session's token hash that name it to its account: enough to tell its sessions apart, too few
/// to stand for the hash.
const SESSION_ID_CHARS: usize = 16;

/// A person signed in: the account and its new session's token, handed to the client once (the store keeps its
/// hash).
pub struct NewSession {
    pub account: Account,
    pub token: String,
}

fn check_account_name(name: &str) -> Result<(), ServiceError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if !NAME_CHARS.contains(&name.len()) || !name.chars().all(allowed) {
        return Err(ServiceError::InvalidAccountName);
    }
    Ok(())
}

/// A new account and what the store keeps of it.
fn new_account(name: &str, kind: AccountKind, password_hash: Option<String>) -> (Account, StoredAccount) {
    let account = Account {
        id: format!("{ACCOUNT_PREFIX}{}", hex::encode(rand::random::<[u8; 12]>())),
        name: name.to_owned(),
        kind,
        created_at_ms: now_ms(),
    };
    let stored = StoredAccount {
        id: account.id.clone(),
        name: account.name.clone(),
        kind: kind.as_str().to_owned(),
        created_at_ms: account.created_at_ms,
        password_hash,
    };
    (account, stored)
}

fn new_stored_key(account: &str) -> (StoredKey, NewKey) {
    let (id, key) = key::new_key();
    let created_at_ms = now_ms();
    let stored = StoredKey {
        id: id.clone(),
        account: account.to_owned(),
        hash: hash_token(&key),
        created_at_ms,
    };
    (
        stored,
        NewKey {
            info: KeyInfo { id, created_at_ms },
            key,
        },
    )
}

/// Accounts, their keys and their games.
#[derive(Clone)]
pub struct Accounts {
    store: Arc<dyn EventStore>,
    /// An account's games are read from their logs when listed.
    games: Arc<Games>,
    lists: GameLists,
}

impl Accounts {
    pub(in crate::service) fn new(store: Arc<dyn EventStore>, games: Arc<Games>) -> Self {
        Self {
            lists: GameLists::new(store.clone()),
            store,
            games,
        }
    }

    /// Creates an account and its first key.
    pub async fn create_account(&self, name: &str, kind: AccountKind) -> Result<(Account, NewKey), ServiceError> {
        check_account_name(name)?;
        let (account, stored) = new_account(name, kind, None);
        let (stored_key, key) = new_stored_key(&account.id);
        if !self.store.accounts().create_account(&stored, Some(&stored_key)).await? {
            return Err(ServiceError::AccountNameTaken);
        }
        Ok((account, key))
    }

    /// Creates a person's account signed into with `password` (it has no key), and its first session.
    pub async fn sign_up(&self, name: &str, password: &str, agent: Option<&str>) -> Result<NewSession, ServiceError> {
        check_account_name(name)?;
        password::check_password(password)?;
        let hash = password::hash(password.to_owned()).await?;
        let (account, stored) = new_account(name, AccountKind::Player, Some(hash));
        if !self.store.accounts().create_account(&stored, None).await? {
            return Err(ServiceError::AccountNameTaken);
        }
        self.start_session(account, agent).await
    }

    /// A new session of the account named `name` if `password` is its password. Whatever fails (no such name, a
    /// wrong password, an account without one) fails alike, after the same work.
    pub async fn sign_in(&self, name: &str, password: &str, agent: Option<&str>) -> Result<NewSession, ServiceError> {
        let stored = match check_account_name(name) {
            Ok(()) => self.store.accounts().account_named(name).await?,
            Err(_) => None,
        };
        let hash = stored.as_ref().and_then(|stored| stored.password_hash.clone());
        if !password::verify(password.to_owned(), hash).await? {
            return Err(ServiceError::InvalidCredentials);
        }
        let stored = stored.ok_or(ServiceError::InvalidCredentials)?;
        self.start_session(stored.try_into()?, agent).await
    }

    /// A new session of `account`, begun in the browser `agent` names.
    async fn start_session(&self, account: Account, agent: Option<&str>) -> Result<NewSession, ServiceError> {
        let token = hex::encode(rand::random::<[u8; SESSION_TOKEN_BYTES]>());
        let session = StoredSession {
            token_hash: hash_token(&token),
            account: account.id.clone(),
            created_at_ms: now_ms(),
            agent: agent.map(|agent| agent.chars().take(SESSION_AGENT_CHARS).collect()),
        };
        self.store.accounts().create_session(&session, SESSION_TTL).await?;
        Ok(NewSession { account, token })
    }

    /// The account's sessions, oldest first; `current` is the one of the token `asking` (if the request has one).
    pub async fn sessions(&self, account: &str, asking: Option<&str>) -> Result<Vec<SessionInfo>, ServiceError> {
        let asking = asking.map(hash_token);
        let sessions = self.store.accounts().sessions(account).await?;
        Ok(sessions
            .into_iter()
            .map(|session| SessionInfo {
                id: session.token_hash[..SESSION_ID_CHARS].to_owned(),
                created_at_ms: session.created_at_ms,
                agent: session.agent,
                current: asking.as_deref() == Some(session.token_hash.as_str()),
            })
            .collect())
    }

    /// Ends the account's session `id` (as `sessions` names it) on every instance.
    pub async fn revoke_session(&self, account: &str, id: &str) -> Result<(), ServiceError> {
        let sessions = self.store.accounts().sessions(account).await?;
        let session = sessions
            .iter()
            .find(|session| id.len() == SESSION_ID_CHARS && session.token_hash.starts_with(id))
            .ok_or(ServiceError::SessionNotFound)?;
        Ok(self.store.accounts().delete_session(&session.token_hash).await?)
    }

    /// The account a session token stands for, read from the store at every request so that a session ended is
    /// refused at once on every instance.
    pub async fn session_account(&self, token: &str) -> Result<Account, ServiceError> {
        let account = self.store.accounts().session(&hash_token(token)).await?;
        match self.account(&account.ok_or(ServiceError::InvalidSession)?).await {
            Err(ServiceError::AccountNotFound(_)) => Err(ServiceError::InvalidSession),
            found => found,
        }
    }

    /// Ends the session of `token` on every instance.
    pub async fn sign_out(&self, token: &str) -> Result<(), ServiceError> {
        Ok(self.store.accounts().delete_session(&hash_token(token)).await?)
    }

    /// The account an account key belongs to, read from the store at every request so that a revoked key is
    /// refused at once on every instance. A key left by a deletion cut short opens nothing.
    pub async fn authenticate(&self, key: &str) -> Result<Account, ServiceError> {
        let key_id = key::key_id(key).ok_or(ServiceError::InvalidAccountKey)?;
        let stored = self.store.accounts().key(key_id).await?;
        let stored = stored
            .filter(|stored| key::matches(key, &stored.hash))
            .ok_or(ServiceError::InvalidAccountKey)?;
        match self.account(&stored.account).await {
            Err(ServiceError::AccountNotFound(_)) => Err(ServiceError::InvalidAccountKey),
            found => found,
        }
    }

    /// A new single-use ticket that opens one stream of `account`'s notifications within `TICKET_TTL`, as
    /// `Tables::issue_ticket` does for a seat.
    pub async fn issue_stream_ticket(&self, account: &Account) -> Result<String, ServiceError> {
        let (ticket, hash) = new_ticket();
        self.store
            .accounts()
            .issue_stream_ticket(&hash, &account.id, TICKET_TTL)
            .await?;
        Ok(ticket)
    }

    /// The account an account stream ticket stands for, consuming the ticket (an account erased since has none).
    pub async fn redeem_stream_ticket(&self, ticket: &str) -> Result<Account, ServiceError> {
        let account = self.store.accounts().redeem_stream_ticket(&hash_token(ticket)).await?;
        match self.account(&account.ok_or(ServiceError::InvalidTicket)?).await {
            Err(ServiceError::AccountNotFound(_)) => Err(ServiceError::InvalidTicket),
            found => found,
        }
    }

    pub async fn account(&self, id: &str) -> Result<Account, ServiceError> {
        let stored = self.store.accounts().account(id).await?;
        stored.ok_or(ServiceError::AccountNotFound(id.to_owned()))?.try_into()
    }

    /// An account by its id or its name (in any case).
    pub async fn find_account(&self, named: &AccountRef) -> Result<Account, ServiceError> {
        let accounts = self.store.accounts();
        let stored = match named {
            AccountRef::Id(id) => accounts.account(id).await?,
            AccountRef::Name(name) => accounts.account_named(name).await?,
        };
        stored
            .ok_or_else(|| ServiceError::AccountNotFound(named.to_string()))?
            .try_into()
    }

    pub async fn account_keys(&self, account: &str) -> Result<Vec<KeyInfo>, ServiceError> {
        let keys = self.store.accounts().keys(account).await?;
        Ok(keys
            .into_iter()
            .map(|key| KeyInfo {
                id: key.id,
                created_at_ms: key.created_at_ms,
            })
            .collect())
    }

    /// A new key for the account, beside its others (rotation: add one, move to it, revoke the old one).
    pub async fn add_account_key(&self, account: &str) -> Result<NewKey, ServiceError> {
        let (stored, key) = new_stored_key(account);
        self.store.accounts().add_key(&stored).await?;
        Ok(key)
    }

    pub async fn revoke_account_key(&self, account: &str, key_id: &str) -> Result<(), ServiceError> {
        if !self.store.accounts().revoke_key(account, key_id).await? {
            return Err(ServiceError::KeyNotFound);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names_are_2_to_24_letters_digits_dashes_or_underscores() {
        for good in ["ab", "Ada_Lovelace-1", &"x".repeat(24)] {
            assert!(check_account_name(good).is_ok(), "{good}");
        }
        for bad in ["a", &"x".repeat(25), "with space", "émile", "a.b", ""] {
            assert!(check_account_name(bad).is_err(), "{bad}");
        }
        assert!(format!("{ACCOUNT_PREFIX}{}", "0".repeat(24)).len() > *NAME_CHARS.end());
    }
}
