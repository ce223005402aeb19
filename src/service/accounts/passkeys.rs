//! Passkeys: a person adds one while signed in and then signs in with it, on any device that holds it, without a
//! password. Each ceremony answers a challenge issued by one instance and kept in the store, answered once.

use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use super::webauthn::{self, Ceremony, RelyingParty, WebAuthnError};
use super::{Account, Accounts, NewSession};
use crate::service::name::display_name;
use crate::service::{ServiceError, hash_token, now_ms};
use crate::store::{PasskeyCeremony, StoredPasskey};

/// How long a passkey challenge may be answered: the browser's dialog, and a person choosing in it.
pub const PASSKEY_CHALLENGE_TTL: Duration = Duration::from_secs(300);
/// The most passkeys one account keeps.
pub const PASSKEYS_PER_ACCOUNT: usize = 20;
const CHALLENGE_BYTES: usize = 32;

/// One of the account's passkeys as its account sees it (its public part).
#[derive(Debug, Serialize, ToSchema)]
pub struct PasskeyInfo {
    /// The credential id, base64url: remove it with `DELETE /v1/accounts/me/passkeys/{passkey_id}`.
    pub id: String,
    pub name: String,
    pub created_at_ms: u64,
    /// When it last signed in, if it has.
    pub last_used_ms: Option<u64>,
}

impl From<StoredPasskey> for PasskeyInfo {
    fn from(stored: StoredPasskey) -> Self {
        Self {
            id: stored.id,
            name: stored.name,
            created_at_ms: stored.created_at_ms,
            last_used_ms: stored.last_used_ms,
        }
    }
}

/// The browser's answer to a registration (`navigator.credentials.create`), its fields decoded.
pub struct PasskeyRegistration {
    pub credential_id: Vec<u8>,
    pub client_data_json: Vec<u8>,
    pub attestation_object: Vec<u8>,
}

/// The browser's answer to a sign-in (`navigator.credentials.get`), its fields decoded.
pub struct PasskeyAssertion {
    pub credential_id: Vec<u8>,
    pub client_data_json: Vec<u8>,
    pub authenticator_data: Vec<u8>,
    pub signature: Vec<u8>,
    pub user_handle: Option<Vec<u8>>,
}

/// A challenge issued: for the browser (base64url), with the account's passkeys for a registration (not to be
/// registered twice).
pub struct IssuedChallenge {
    pub challenge: String,
    pub registered: Vec<String>,
}

impl Accounts {
    /// A challenge for a new passkey of `account`.
    pub async fn registration_challenge(&self, account: &Account) -> Result<IssuedChallenge, ServiceError> {
        let registered = self.store.accounts().passkeys(&account.id).await?;
        let challenge = self
            .issue_challenge(PasskeyCeremony::Register(account.id.clone()))
            .await?;
        Ok(IssuedChallenge {
            challenge,
            registered: registered.into_iter().map(|passkey| passkey.id).collect(),
        })
    }

    /// A challenge for a sign-in with any passkey.
    pub async fn sign_in_challenge(&self) -> Result<IssuedChallenge, ServiceError> {
        let challenge = self.issue_challenge(PasskeyCeremony::SignIn).await?;
        Ok(IssuedChallenge {
            challenge,
            registered: Vec::new(),
        })
    }

    async fn issue_challenge(&self, ceremony: PasskeyCeremony) -> Result<String, ServiceError> {
        let challenge = webauthn::to_base64url(&rand::random::<[u8; CHALLENGE_BYTES]>());
        (self.store.accounts())
            .issue_passkey_challenge(&hash_token(&challenge), &ceremony, PASSKEY_CHALLENGE_TTL)
            .await?;
        Ok(challenge)
    }

    /// The ceremony the challenge answered by `client_data_json` was issued for, consumed.
    async fn answered(
        &self,
        client_data_json: &[u8],
        ceremony: Ceremony,
        party: &RelyingParty,
    ) -> Result<Option<PasskeyCeremony>, ServiceError> {
        let challenge = webauthn::client_challenge(client_data_json, ceremony, party).map_err(refused)?;
        Ok((self.store.accounts())
            .redeem_passkey_challenge(&hash_token(&challenge))
            .await?)
    }

    /// Adds the passkey of a registration answered at `party` to `account`, named `name`.
    pub async fn register_passkey(
        &self,
        account: &Account,
        party: &RelyingParty,
        name: &str,
        registration: &PasskeyRegistration,
    ) -> Result<PasskeyInfo, ServiceError> {
        let name = display_name(name)?;
        let ceremony = self
            .answered(&registration.client_data_json, Ceremony::Create, party)
            .await?;
        if ceremony != Some(PasskeyCeremony::Register(account.id.clone())) {
            return Err(ServiceError::PasskeyRefused(
                "the challenge is unknown, expired, used, or not this account's".into(),
            ));
        }
        let credential = webauthn::registered_credential(&registration.attestation_object, party).map_err(refused)?;
        if credential.id != registration.credential_id {
            return Err(ServiceError::PasskeyRefused("the credential id is not the authenticator's".into()));
        }
        if self.store.accounts().passkeys(&account.id).await?.len() >= PASSKEYS_PER_ACCOUNT {
            return Err(ServiceError::TooManyPasskeys);
        }
        let passkey = StoredPasskey {
            id: webauthn::to_base64url(&credential.id),
            account: account.id.clone(),
            public_key: hex::encode(&credential.public_key),
            sign_count: credential.sign_count,
            name,
            created_at_ms: now_ms(),
            last_used_ms: None,
        };
        if !self.store.accounts().add_passkey(&passkey).await? {
            return Err(ServiceError::PasskeyRegistered);
        }
        Ok(passkey.into())
    }

    /// The account's passkeys, oldest first.
    pub async fn passkeys(&self, account: &str) -> Result<Vec<PasskeyInfo>, ServiceError> {
        let passkeys = self.store.accounts().passkeys(account).await?;
        Ok(passkeys.into_iter().map(Into::into).collect())
    }

    /// Removes the account's passkey `id`: it signs no one in any more, on any instance.
    pub async fn remove_passkey(&self, account: &str, id: &str) -> Result<(), ServiceError> {
        match self.store.accounts().remove_passkey(account, id).await? {
            true => Ok(()),
            false => Err(ServiceError::PasskeyNotFound),
        }
    }

    /// A new session of the account whose passkey answered a sign-in challenge at `party`. Whatever fails fails
    /// alike (`InvalidPasskey`); the reason is logged.
    pub async fn sign_in_with_passkey(
        &self,
        party: &RelyingParty,
        assertion: &PasskeyAssertion,
        agent: Option<&str>,
    ) -> Result<NewSession, ServiceError> {
        let account = match self.verify_assertion(party, assertion).await {
            Ok(account) => account,
            Err(ServiceError::PasskeyRefused(reason)) => {
                tracing::info!(%reason, "passkey sign-in refused");
                return Err(ServiceError::InvalidPasskey);
            }
            Err(error) => return Err(error),
        };
        self.start_session(account, agent).await
    }

    async fn verify_assertion(
        &self,
        party: &RelyingParty,
        assertion: &PasskeyAssertion,
    ) -> Result<Account, ServiceError> {
        let refuse = |reason: &str| Err(ServiceError::PasskeyRefused(reason.into()));
        if self.answered(&assertion.client_data_json, Ceremony::Get, party).await? != Some(PasskeyCeremony::SignIn) {
            return refuse("the challenge is unknown, expired, used, or not a sign-in's");
        }
        let id = webauthn::to_base64url(&assertion.credential_id);
        let Some(passkey) = self.store.accounts().passkey(&id).await? else {
            return refuse("no such passkey");
        };
        if (assertion.user_handle.as_deref()).is_some_and(|handle| handle != passkey.account.as_bytes()) {
            return refuse("the passkey is another account's");
        }
        let public_key =
            hex::decode(&passkey.public_key).map_err(|_| ServiceError::PasskeyRefused("stored key".into()))?;
        let sign_count = webauthn::verify_assertion(
            &public_key,
            &assertion.authenticator_data,
            &assertion.client_data_json,
            &assertion.signature,
            party,
        )
        .map_err(refused)?;
        if !webauthn::counter_moves_on(passkey.sign_count, sign_count) {
            return refuse("the authenticator's counter went back: a cloned passkey?");
        }
        if !(self.store.accounts())
            .use_passkey(&id, passkey.sign_count, sign_count, now_ms())
            .await?
        {
            return refuse("another sign-in with this passkey came between");
        }
        let stored = self.store.accounts().account(&passkey.account).await?;
        match stored {
            Some(stored) => stored.try_into(),
            None => refuse("its account is deleted"),
        }
    }
}

fn refused(error: WebAuthnError) -> ServiceError {
    ServiceError::PasskeyRefused(error.to_string())
}
