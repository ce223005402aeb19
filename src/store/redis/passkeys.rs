//! Passkeys in Redis: `ludus:passkey:<SHA-256 of the credential id>` (a hash: the id, account, public key, signature
//! counter, name, when added and last used) on its own, so that a sign-in finds it by the credential alone, and the
//! account's credential ids in `ludus:account:{<id>}:passkeys` (a set). Challenges: `ludus:passkey-challenge:<hash>`,
//! the ceremony, with a TTL.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

use redis::Script;
use sha2::{Digest, Sha256};

use super::codec::corrupt;
use super::scripts::{ADD_PASSKEY_SCRIPT, USE_PASSKEY_SCRIPT};
use super::{RedisStore, Write};
use crate::store::{PasskeyCeremony, StoreResult, StoredPasskey};

static ADD_PASSKEY: LazyLock<Script> = LazyLock::new(|| Script::new(ADD_PASSKEY_SCRIPT));
static USE_PASSKEY: LazyLock<Script> = LazyLock::new(|| Script::new(USE_PASSKEY_SCRIPT));

/// A passkey, by a hash of its credential id (up to 1,023 bytes): keys stay short.
fn passkey_key(id: &str) -> String {
    format!("ludus:passkey:{}", hex::encode(Sha256::digest(id.as_bytes())))
}

fn passkeys_key(account: &str) -> String {
    format!("ludus:account:{{{account}}}:passkeys")
}

fn challenge_key(challenge_hash: &str) -> String {
    format!("ludus:passkey-challenge:{challenge_hash}")
}

fn parse_passkey(mut fields: HashMap<String, String>) -> StoreResult<Option<StoredPasskey>> {
    if fields.is_empty() {
        return Ok(None);
    }
    let mut take = |name: &str| {
        fields
            .remove(name)
            .ok_or_else(|| corrupt(format!("passkey field {name} is missing")))
    };
    Ok(Some(StoredPasskey {
        id: take("id")?,
        account: take("account")?,
        public_key: take("public_key")?,
        sign_count: take("sign_count")?.parse().map_err(corrupt)?,
        name: take("name")?,
        created_at_ms: take("created_at_ms")?.parse().map_err(corrupt)?,
        last_used_ms: take("last_used_ms")
            .ok()
            .map(|at| at.parse())
            .transpose()
            .map_err(corrupt)?,
    }))
}

impl RedisStore {
    pub(super) async fn issue_challenge(
        &self,
        hash: &str,
        ceremony: &PasskeyCeremony,
        ttl: Duration,
    ) -> StoreResult<()> {
        self.set_for("issue_passkey_challenge", &challenge_key(hash), ceremony.encode(), ttl)
            .await
    }

    pub(super) async fn redeem_challenge(&self, hash: &str) -> StoreResult<Option<PasskeyCeremony>> {
        let ceremony = self.take("redeem_passkey_challenge", &challenge_key(hash)).await?;
        ceremony
            .map(|text| PasskeyCeremony::decode(&text).ok_or_else(|| corrupt(format!("passkey challenge {text:?}"))))
            .transpose()
    }

    /// Listed under its account first (another slot), then the passkey itself: a crash in between leaves a listing
    /// of nothing, skipped, and never a passkey its account's erasure would miss.
    pub(super) async fn store_passkey(&self, passkey: &StoredPasskey) -> StoreResult<bool> {
        let list = |command: &str| {
            let mut listing = redis::cmd(command);
            listing.arg(passkeys_key(&passkey.account)).arg(&passkey.id);
            listing
        };
        self.write::<()>("add_passkey", Write::Commands(&[list("SADD")]))
            .await?;
        let mut invocation = ADD_PASSKEY.key(passkey_key(&passkey.id));
        invocation
            .arg("id")
            .arg(&passkey.id)
            .arg("account")
            .arg(&passkey.account)
            .arg("public_key")
            .arg(&passkey.public_key)
            .arg("sign_count")
            .arg(passkey.sign_count)
            .arg("name")
            .arg(&passkey.name)
            .arg("created_at_ms")
            .arg(passkey.created_at_ms);
        if let Some(at) = passkey.last_used_ms {
            invocation.arg("last_used_ms").arg(at);
        }
        if self.write::<u8>("add_passkey", Write::Script(&invocation)).await? == 1 {
            return Ok(true);
        }
        // Another passkey has this credential id: it keeps it, and this account no longer lists it.
        if self
            .read_passkey(&passkey.id)
            .await?
            .is_none_or(|held| held.account != passkey.account)
        {
            self.write::<()>("add_passkey", Write::Commands(&[list("SREM")]))
                .await?;
        }
        Ok(false)
    }

    pub(super) async fn read_passkey(&self, id: &str) -> StoreResult<Option<StoredPasskey>> {
        let key = passkey_key(id);
        let fields: HashMap<String, String> = self
            .run("passkey", |mut connection| async move {
                redis::cmd("HGETALL").arg(&key).query_async(&mut connection).await
            })
            .await?;
        parse_passkey(fields)
    }

    /// The account's credential ids.
    pub(super) async fn passkey_ids(&self, account: &str) -> StoreResult<Vec<String>> {
        let set = passkeys_key(account);
        self.run("passkeys", |mut connection| async move {
            redis::cmd("SMEMBERS").arg(&set).query_async(&mut connection).await
        })
        .await
    }

    pub(super) async fn read_passkeys(&self, account: &str) -> StoreResult<Vec<StoredPasskey>> {
        let mut passkeys = Vec::new();
        for id in self.passkey_ids(account).await? {
            if let Some(passkey) = self.read_passkey(&id).await?
                && passkey.account == account
            {
                passkeys.push(passkey);
            }
        }
        StoredPasskey::oldest_first(&mut passkeys);
        Ok(passkeys)
    }

    /// Forgets passkey `id` (its lookup first: once that is gone, it signs no one in) and unlists it from `account`.
    pub(super) async fn forget_passkey(&self, account: &str, id: &str) -> StoreResult<()> {
        let mut forgotten = redis::cmd("DEL");
        forgotten.arg(passkey_key(id));
        self.write::<()>("remove_passkey", Write::Commands(&[forgotten]))
            .await?;
        let mut unlisted = redis::cmd("SREM");
        unlisted.arg(passkeys_key(account)).arg(id);
        self.write("remove_passkey", Write::Commands(&[unlisted])).await
    }

    pub(super) async fn count_passkey_use(
        &self,
        id: &str,
        seen: u32,
        sign_count: u32,
        at_ms: u64,
    ) -> StoreResult<bool> {
        let mut invocation = USE_PASSKEY.key(passkey_key(id));
        invocation.arg(seen).arg(sign_count).arg(at_ms);
        Ok(self.write::<u8>("use_passkey", Write::Script(&invocation)).await? == 1)
    }
}
