//! Passkeys (WebAuthn): a signed-in person adds one (`/v1/accounts/me/passkeys`), then signs in with it
//! (`/v1/sessions/passkey`) on any device that holds it. The challenge answers carry the options and take the
//! credentials in the JSON forms browsers make and read (`PublicKeyCredential.parseCreationOptionsFromJSON`,
//! `parseRequestOptionsFromJSON` and `toJSON()`), binary fields in base64url.

use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dto::AccountResponse;
use super::session::{KEY_OR_SESSION_NEEDED, signed_in, take_client_sign_in, user_agent};
use crate::api::Service;
use crate::api::Settings;
use crate::api::body::JsonBody;
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::{ApiError, ErrorCode as Code};
use crate::api::limits;
use crate::api::request::account;
use crate::service::webauthn::{self, ALGORITHMS, RelyingParty};
use crate::service::{PASSKEY_CHALLENGE_TTL, PasskeyAssertion, PasskeyInfo, PasskeyRegistration, ServiceError};

const PUBLIC_KEY: &str = "public-key";

/// The relying party of the pages this request came from: the scheme and host it was asked at (as a proxy in front
/// says with `Forwarded` or `X-Forwarded-*`).
fn relying_party(request: &HttpRequest) -> RelyingParty {
    let info = request.connection_info();
    RelyingParty::of(info.scheme(), info.host())
}

/// A credential, as the options name one.
#[derive(Debug, Serialize, ToSchema)]
pub struct CredentialDescriptor {
    #[serde(rename = "type")]
    #[schema(example = "public-key")]
    pub kind: &'static str,
    /// The credential id, base64url.
    pub id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RelyingPartyOptions {
    /// The host name of the service's pages.
    #[schema(example = "play.example.org")]
    pub id: String,
    #[schema(example = "ludus")]
    pub name: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserOptions {
    /// The account's id, base64url (the user handle a sign-in answers with).
    pub id: String,
    pub name: String,
    pub display_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CredentialParameters {
    #[serde(rename = "type")]
    #[schema(example = "public-key")]
    pub kind: &'static str,
    /// A COSE algorithm: -7 ES256, -8 EdDSA, -257 RS256.
    #[schema(example = -7)]
    pub alg: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatorSelection {
    #[schema(example = "required")]
    pub resident_key: &'static str,
    pub require_resident_key: bool,
    #[schema(example = "preferred")]
    pub user_verification: &'static str,
}

/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn level 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreationOptions {
    pub rp: RelyingPartyOptions,
    pub user: UserOptions,
    /// The challenge, base64url: answered once, within 5 minutes.
    pub challenge: String,
    pub pub_key_cred_params: Vec<CredentialParameters>,
    /// Milliseconds.
    pub timeout: u64,
    #[schema(example = "none")]
    pub attestation: &'static str,
    pub authenticator_selection: AuthenticatorSelection,
    /// The account's passkeys: an authenticator that holds one does not make another.
    pub exclude_credentials: Vec<CredentialDescriptor>,
}

/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn level 3): any of the person's passkeys may answer
/// (discoverable credentials), so no credential is listed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestOptions {
    /// The challenge, base64url: answered once, within 5 minutes.
    pub challenge: String,
    pub rp_id: String,
    pub timeout: u64,
    #[schema(example = "preferred")]
    pub user_verification: &'static str,
    pub allow_credentials: Vec<CredentialDescriptor>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreationChallengeResponse {
    /// For `PublicKeyCredential.parseCreationOptionsFromJSON`, then `navigator.credentials.create({publicKey})`.
    #[serde(rename = "publicKey")]
    pub public_key: CreationOptions,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RequestChallengeResponse {
    /// For `PublicKeyCredential.parseRequestOptionsFromJSON`, then `navigator.credentials.get({publicKey})`.
    #[serde(rename = "publicKey")]
    pub public_key: RequestOptions,
}

/// `AuthenticatorAttestationResponseJSON`: what is read of it (other fields are ignored).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AttestationResponse {
    #[serde(rename = "clientDataJSON")]
    pub client_data_json: String,
    #[serde(rename = "attestationObject")]
    pub attestation_object: String,
}

/// `RegistrationResponseJSON`, as `PublicKeyCredential.toJSON()` makes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistrationCredential {
    /// The credential id, base64url.
    pub raw_id: String,
    #[serde(rename = "type")]
    #[schema(example = "public-key")]
    pub kind: String,
    pub response: AttestationResponse,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddPasskeyRequest {
    /// What the person calls it (the device, say): 1 to 40 characters; "Passkey" when left out.
    #[schema(example = "Laptop")]
    pub name: Option<String>,
    pub credential: RegistrationCredential,
}

/// `AuthenticatorAssertionResponseJSON`: what is read of it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssertionResponse {
    #[serde(rename = "clientDataJSON")]
    pub client_data_json: String,
    pub authenticator_data: String,
    pub signature: String,
    pub user_handle: Option<String>,
}

/// `AuthenticationResponseJSON`, as `PublicKeyCredential.toJSON()` makes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssertionCredential {
    pub raw_id: String,
    #[serde(rename = "type")]
    #[schema(example = "public-key")]
    pub kind: String,
    pub response: AssertionResponse,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasskeySignInRequest {
    pub credential: AssertionCredential,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PasskeysResponse {
    /// Oldest first.
    pub passkeys: Vec<PasskeyInfo>,
}

fn base64url(field: &'static str, text: &str) -> Result<Vec<u8>, ServiceError> {
    webauthn::base64url(field, text).map_err(|error| ServiceError::PasskeyRefused(error.to_string()))
}

fn check_kind(kind: &str) -> Result<(), ServiceError> {
    match kind {
        PUBLIC_KEY => Ok(()),
        _ => Err(ServiceError::PasskeyRefused(format!("a credential of type {kind:?} is not a passkey"))),
    }
}

impl TryFrom<&RegistrationCredential> for PasskeyRegistration {
    type Error = ServiceError;

    fn try_from(credential: &RegistrationCredential) -> Result<Self, ServiceError> {
        check_kind(&credential.kind)?;
        Ok(Self {
            credential_id: base64url("rawId", &credential.raw_id)?,
            client_data_json: base64url("clientDataJSON", &credential.response.client_data_json)?,
            attestation_object: base64url("attestationObject", &credential.response.attestation_object)?,
        })
    }
}

impl TryFrom<&AssertionCredential> for PasskeyAssertion {
    type Error = ServiceError;

    fn try_from(credential: &AssertionCredential) -> Result<Self, ServiceError> {
        check_kind(&credential.kind)?;
        let response = &credential.response;
        Ok(Self {
            credential_id: base64url("rawId", &credential.raw_id)?,
            client_data_json: base64url("clientDataJSON", &response.client_data_json)?,
            authenticator_data: base64url("authenticatorData", &response.authenticator_data)?,
            signature: base64url("signature", &response.signature)?,
            user_handle: (response.user_handle.as_deref())
                .filter(|handle| !handle.is_empty())
                .map(|handle| base64url("userHandle", handle))
                .transpose()?,
        })
    }
}

fn descriptor(id: String) -> CredentialDescriptor {
    CredentialDescriptor { kind: PUBLIC_KEY, id }
}

/// Begins adding a passkey to the account: the options for the browser's `navigator.credentials.create`, with a
/// challenge to answer within 5 minutes. With the account's session cookie (from its own pages) or key.
#[utoipa::path(post, path = "/v1/accounts/me/passkeys/challenge", tag = "accounts",
    security(("account_key" = [])),
    responses((status = 200, description = "The options of the registration", body = CreationChallengeResponse)))]
pub async fn registration_challenge(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let issued = service.accounts.registration_challenge(&account).await?;
    let party = relying_party(&request);
    let options = CreationOptions {
        rp: RelyingPartyOptions {
            id: party.id,
            name: "ludus",
        },
        user: UserOptions {
            id: webauthn::to_base64url(account.id.as_bytes()),
            name: account.name.clone(),
            display_name: account.name,
        },
        challenge: issued.challenge,
        pub_key_cred_params: (ALGORITHMS.iter())
            .map(|&alg| CredentialParameters { kind: PUBLIC_KEY, alg })
            .collect(),
        timeout: PASSKEY_CHALLENGE_TTL.as_millis() as u64,
        attestation: "none",
        authenticator_selection: AuthenticatorSelection {
            resident_key: "required",
            require_resident_key: true,
            user_verification: "preferred",
        },
        exclude_credentials: issued.registered.into_iter().map(descriptor).collect(),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(CreationChallengeResponse { public_key: options }))
}

impl Endpoint for __path_registration_challenge {
    const PROBLEMS: &'static [Problems] = &[
        KEY_OR_SESSION_NEEDED,
        Problems::new("The request comes from another site's page", &[Code::CrossOriginRequest]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(registration_challenge)
    }
}

/// Adds the passkey the browser made (`navigator.credentials.create(...)`, then `toJSON()`) to the account, once its
/// answer to the challenge checks out: made on this service's pages, for this site, with a person present, with a
/// key of an accepted algorithm. Attestation is not checked (none is asked for).
#[utoipa::path(post, path = "/v1/accounts/me/passkeys", tag = "accounts", request_body = AddPasskeyRequest,
    security(("account_key" = [])),
    responses((status = 201, description = "Added", body = PasskeyInfo)))]
pub async fn add_passkey(
    service: Service,
    request: HttpRequest,
    JsonBody(body): JsonBody<AddPasskeyRequest>,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let registration = PasskeyRegistration::try_from(&body.credential)?;
    let name = body.name.as_deref().unwrap_or("Passkey");
    let passkey = (service.accounts)
        .register_passkey(&account, &relying_party(&request), name, &registration)
        .await?;
    tracing::info!(account = %account.id, "passkey added");
    Ok(HttpResponse::Created().json(passkey))
}

impl Endpoint for __path_add_passkey {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), or a blank or too long name (`invalid_name`)",
            &[Code::MalformedRequest, Code::InvalidBody, Code::InvalidName],
        ),
        Problems::new(
            "The name has a character names may not have (`name_refused`), or the answer does not check out \
             (`passkey_refused`): another ceremony's, made on another site, without a person present, an unknown or \
             used challenge, an algorithm not accepted",
            &[Code::NameRefused, Code::PasskeyRefused],
        ),
        KEY_OR_SESSION_NEEDED,
        Problems::new("The request comes from another site's page", &[Code::CrossOriginRequest]),
        Problems::new(
            "The passkey is registered already, or the account has 20",
            &[Code::PasskeyRegistered, Code::TooManyPasskeys],
        ),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(add_passkey)
    }
}

/// The account's passkeys, oldest first.
#[utoipa::path(get, path = "/v1/accounts/me/passkeys", tag = "accounts",
    security(("account_key" = [])),
    responses((status = 200, description = "The account's passkeys", body = PasskeysResponse)))]
pub async fn list_passkeys(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let passkeys = service.accounts.passkeys(&account.id).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PasskeysResponse { passkeys }))
}

impl Endpoint for __path_list_passkeys {
    const PROBLEMS: &'static [Problems] = &[KEY_OR_SESSION_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::get().to(list_passkeys)
    }
}

/// Removes one of the account's passkeys: it signs no one in any more, on any instance (the sessions it began go on;
/// end them with `DELETE /v1/sessions/{session_id}`).
#[utoipa::path(delete, path = "/v1/accounts/me/passkeys/{passkey_id}", tag = "accounts",
    security(("account_key" = [])),
    params(("passkey_id" = String, Path, description = "The passkey's id, from `GET /v1/accounts/me/passkeys`")),
    responses((status = 204, description = "Removed")))]
pub async fn remove_passkey(
    service: Service,
    passkey_id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    service.accounts.remove_passkey(&account.id, &passkey_id).await?;
    tracing::info!(account = %account.id, "passkey removed");
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_remove_passkey {
    const PROBLEMS: &'static [Problems] = &[
        KEY_OR_SESSION_NEEDED,
        Problems::new("The request comes from another site's page", &[Code::CrossOriginRequest]),
        Problems::new("The account has no such passkey", &[Code::PasskeyNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(remove_passkey)
    }
}

/// Begins a sign-in with a passkey: the options for the browser's `navigator.credentials.get`, with a challenge to
/// answer within 5 minutes. Counted against the client's sign-ins (`LUDUS_SIGN_INS_PER_CLIENT_PER_MINUTE`).
#[utoipa::path(post, path = "/v1/sessions/passkey/challenge", tag = "accounts", security(()),
    responses((status = 200, description = "The options of the sign-in", body = RequestChallengeResponse,
        headers(("RateLimit" = String, description = "What is left of this client's quota of sign-ins, and when it is whole again (seconds), when sign-ins are capped"),
            ("RateLimit-Policy" = String, description = "The quota of sign-ins per client and its window (seconds), when sign-ins are capped")))))]
pub async fn sign_in_challenge(
    service: Service,
    settings: web::Data<Settings>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let quota = take_client_sign_in(&service, &settings, &request).await?;
    let issued = service.accounts.sign_in_challenge().await?;
    let options = RequestOptions {
        challenge: issued.challenge,
        rp_id: relying_party(&request).id,
        timeout: PASSKEY_CHALLENGE_TTL.as_millis() as u64,
        user_verification: "preferred",
        allow_credentials: Vec::new(),
    };
    let mut answer = HttpResponse::Ok();
    for header in quota.iter().flat_map(limits::Quota::headers) {
        answer.insert_header(header);
    }
    Ok(answer
        .insert_header(("Cache-Control", "no-store"))
        .json(RequestChallengeResponse { public_key: options }))
}

impl Endpoint for __path_sign_in_challenge {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("Too many sign-ins from this client this minute", &[Code::RateLimited]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(sign_in_challenge)
    }
}

/// Signs a person in with a passkey (`navigator.credentials.get(...)`, then `toJSON()`): the answer sets the session
/// cookie `ludus_session`, as a sign-in with a password does. An unknown or removed passkey, a challenge unknown,
/// used or expired, an answer made elsewhere or whose signature does not verify, and an authenticator whose counter
/// went back (a clone) get one same answer.
#[utoipa::path(post, path = "/v1/sessions/passkey", tag = "accounts", request_body = PasskeySignInRequest, security(()),
    responses((status = 200, description = "Signed in", body = AccountResponse,
        headers(("Set-Cookie" = String, description = "`ludus_session=<token>; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000`, `Secure` over TLS")))))]
pub async fn passkey_sign_in(
    service: Service,
    request: HttpRequest,
    JsonBody(body): JsonBody<PasskeySignInRequest>,
) -> Result<HttpResponse, ApiError> {
    let assertion = PasskeyAssertion::try_from(&body.credential).map_err(|_| ServiceError::InvalidPasskey)?;
    let session = (service.accounts)
        .sign_in_with_passkey(&relying_party(&request), &assertion, user_agent(&request))
        .await?;
    tracing::info!(account = %session.account.id, "signed in with a passkey");
    Ok(signed_in(HttpResponse::Ok(), &request, session, &[]))
}

impl Endpoint for __path_passkey_sign_in {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, or a key twice in one object (`invalid_body`)",
            &[Code::MalformedRequest, Code::InvalidBody],
        ),
        Problems::new(
            "The passkey is unknown or removed, or its answer does not check out (one answer for every reason)",
            &[Code::InvalidPasskey],
        ),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(passkey_sign_in)
    }
}
