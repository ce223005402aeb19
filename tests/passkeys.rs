//! Passkeys through the real HTTP app, answered by a software authenticator as a browser's would: a person adds one
//! while signed in and signs in with it on another instance sharing Redis, without a password; a challenge is
//! answered once, by the ceremony and the account it was issued for; answers made for another site or page, signed
//! by another key or by a clone whose counter went back are refused; a passkey removed, or its account deleted, signs
//! no one in on any instance.

use crate::common;
use crate::sessions::{HOST, OWN_ORIGIN, app_on, code, cookie_of, send, sign_up};

use actix_web::http::StatusCode;
use ludus::api::limits::Limits;
use ludus::service::webauthn::authenticator::SoftAuthenticator;
use ludus::service::webauthn::to_base64url;
use serde_json::{Value, json};

/// The signed-in person's write from the service's own pages.
fn own(cookie: &str) -> [(&str, &str); 2] {
    [("Cookie", cookie), ("Origin", OWN_ORIGIN)]
}

/// A registration challenge's options for the person of `cookie`.
async fn creation_options(app: &impl common::app::TestApp, cookie: &str) -> Value {
    let (status, _, options) = send(app, "POST", "/v1/accounts/me/passkeys/challenge", &own(cookie), None).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    options["publicKey"].clone()
}

/// What the browser sends to add `authenticator`'s passkey, answering `challenge` on the page at `origin` for the
/// relying party `rp_id`.
fn registration(authenticator: &SoftAuthenticator, challenge: &str, origin: &str, rp_id: &str) -> Value {
    let id = to_base64url(&authenticator.credential_id);
    let client = SoftAuthenticator::client_data("webauthn.create", challenge, origin);
    json!({"name": "Laptop", "credential": {"id": id, "rawId": id, "type": "public-key",
        "authenticatorAttachment": "platform", "clientExtensionResults": {},
        "response": {"clientDataJSON": to_base64url(&client),
            "attestationObject": to_base64url(&authenticator.attestation_object(rp_id)), "transports": ["internal"]}}})
}

/// Adds `authenticator`'s passkey to the person of `cookie`: its id.
async fn add_passkey(app: &impl common::app::TestApp, cookie: &str, authenticator: &SoftAuthenticator) -> String {
    let challenge = creation_options(app, cookie).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = registration(authenticator, &challenge, OWN_ORIGIN, HOST);
    let (status, _, added) = send(app, "POST", "/v1/accounts/me/passkeys", &own(cookie), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    added["id"].as_str().unwrap().to_owned()
}

async fn register(app: &impl common::app::TestApp, cookie: &str, body: Value) -> common::app::Response {
    send(app, "POST", "/v1/accounts/me/passkeys", &own(cookie), Some(body)).await
}

async fn sign_in_challenge(app: &impl common::app::TestApp) -> String {
    let (status, _, options) = send(app, "POST", "/v1/sessions/passkey/challenge", &[], None).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    assert_eq!(options["publicKey"]["rpId"], HOST, "{options}");
    options["publicKey"]["challenge"].as_str().unwrap().to_owned()
}

/// What the browser sends to sign in with `authenticator`'s passkey, answering `challenge` on the page at `origin`.
fn assertion(authenticator: &mut SoftAuthenticator, challenge: &str, origin: &str, user: &str) -> Value {
    let id = to_base64url(&authenticator.credential_id);
    let client = SoftAuthenticator::client_data("webauthn.get", challenge, origin);
    let (data, signature) = authenticator.assert(HOST, &client);
    json!({"credential": {"id": id, "rawId": id, "type": "public-key", "clientExtensionResults": {},
        "response": {"clientDataJSON": to_base64url(&client), "authenticatorData": to_base64url(&data),
            "signature": to_base64url(&signature), "userHandle": to_base64url(user.as_bytes())}}})
}

async fn passkey_sign_in(app: &impl common::app::TestApp, body: Value) -> common::app::Response {
    send(app, "POST", "/v1/sessions/passkey", &[], Some(body)).await
}

#[actix_web::test]
async fn a_passkey_signs_its_person_in_on_every_instance_until_removed() {
    let redis = common::RedisServer::start();
    let (first, second) =
        (app_on(redis.store(), Limits::default()).await, app_on(redis.store(), Limits::default()).await);
    let (id, cookie) = sign_up(&first, "livia").await;
    let options = creation_options(&first, &cookie).await;
    assert_eq!(options["rp"]["id"], HOST, "{options}");
    assert_eq!(options["user"]["id"], to_base64url(id.as_bytes()));
    assert_eq!(options["user"]["name"], "livia");
    assert_eq!(
        options["pubKeyCredParams"],
        json!([{"type": "public-key", "alg": -7},
        {"type": "public-key", "alg": -8}, {"type": "public-key", "alg": -257}])
    );
    assert_eq!(options["attestation"], "none");
    assert_eq!(options["excludeCredentials"], json!([]));

    let mut laptop = SoftAuthenticator::new(0);
    let challenge = options["challenge"].as_str().unwrap();
    let body = registration(&laptop, challenge, OWN_ORIGIN, HOST);
    let (status, _, added) = send(&second, "POST", "/v1/accounts/me/passkeys", &own(&cookie), Some(body.clone())).await;
    assert_eq!(status, StatusCode::CREATED, "a challenge of one instance is answered on another: {added}");
    let passkey = added["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (passkey.as_str(), added["name"].as_str()),
        (to_base64url(&laptop.credential_id).as_str(), Some("Laptop"))
    );
    let (status, _, again) = send(&first, "POST", "/v1/accounts/me/passkeys", &own(&cookie), Some(body)).await;
    assert_eq!(
        (status, code(&again)),
        (StatusCode::UNPROCESSABLE_ENTITY, "passkey_refused"),
        "a challenge answered once"
    );
    let listed = creation_options(&first, &cookie).await;
    assert_eq!(listed["excludeCredentials"], json!([{"type": "public-key", "id": passkey}]));

    // Another device: the passkey alone signs in, on either instance.
    for (app, other) in [(&first, &second), (&second, &first)] {
        let challenge = sign_in_challenge(app).await;
        let (status, headers, account) =
            passkey_sign_in(other, assertion(&mut laptop, &challenge, OWN_ORIGIN, &id)).await;
        assert_eq!((status, account["name"].as_str()), (StatusCode::OK, Some("livia")), "{account}");
        let session = cookie_of(&headers);
        let (status, _, me) = send(app, "GET", "/v1/accounts/me", &[("Cookie", &session)], None).await;
        assert_eq!((status, me["id"].as_str()), (StatusCode::OK, Some(id.as_str())), "{me}");
    }
    let (status, _, listed) = send(&second, "GET", "/v1/accounts/me/passkeys", &[("Cookie", &cookie)], None).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["passkeys"].as_array().map(Vec::len), Some(1), "{listed}");
    assert!(listed["passkeys"][0]["last_used_ms"].as_u64().is_some(), "{listed}");

    let path = format!("/v1/accounts/me/passkeys/{passkey}");
    let foreign = [("Cookie", cookie.as_str()), ("Origin", "https://evil.example")];
    let (status, _, refused) = send(&first, "DELETE", &path, &foreign, None).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"));
    let (status, _, _) = send(&first, "DELETE", &path, &own(&cookie), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _, missing) = send(&second, "DELETE", &path, &own(&cookie), None).await;
    assert_eq!((status, code(&missing)), (StatusCode::NOT_FOUND, "passkey_not_found"), "removed once");
    for app in [&first, &second] {
        let challenge = sign_in_challenge(app).await;
        let (status, _, refused) = passkey_sign_in(app, assertion(&mut laptop, &challenge, OWN_ORIGIN, &id)).await;
        assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_passkey"), "removed everywhere");
    }
}

#[actix_web::test]
async fn answers_replayed_made_elsewhere_forged_or_from_a_clone_are_refused_alike() {
    let app = app_on(common::memory(), Limits::default()).await;
    let (id, cookie) = sign_up(&app, "livia").await;
    let mut laptop = SoftAuthenticator::new(10);
    add_passkey(&app, &cookie, &laptop).await;
    let refused = |response: common::app::Response, why: &str| {
        let (status, headers, body) = response;
        assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "invalid_passkey"), "{why}: {body}");
        assert!(headers.get("set-cookie").is_none(), "{why}: no session");
    };

    let challenge = sign_in_challenge(&app).await;
    let signed = assertion(&mut laptop, &challenge, OWN_ORIGIN, &id);
    let (status, _, _) = passkey_sign_in(&app, signed.clone()).await;
    assert_eq!(status, StatusCode::OK);
    refused(passkey_sign_in(&app, signed).await, "a challenge answered twice");
    let challenge = sign_in_challenge(&app).await;
    refused(
        passkey_sign_in(&app, assertion(&mut laptop, &challenge, "https://evil.example", &id)).await,
        "made on another site's page",
    );
    let challenge = sign_in_challenge(&app).await;
    let mut impostor = SoftAuthenticator::new(50);
    impostor.credential_id = laptop.credential_id.clone();
    refused(passkey_sign_in(&app, assertion(&mut impostor, &challenge, OWN_ORIGIN, &id)).await, "another key");
    let challenge = sign_in_challenge(&app).await;
    refused(
        passkey_sign_in(&app, assertion(&mut laptop, &challenge, OWN_ORIGIN, "acc_other")).await,
        "another user",
    );
    let challenge = sign_in_challenge(&app).await;
    laptop.counter = 3;
    refused(
        passkey_sign_in(&app, assertion(&mut laptop, &challenge, OWN_ORIGIN, &id)).await,
        "a counter gone back",
    );
    let registering = creation_options(&app, &cookie).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    refused(
        passkey_sign_in(&app, assertion(&mut laptop, &registering, OWN_ORIGIN, &id)).await,
        "a registration's challenge",
    );
    let (status, _, garbled) = passkey_sign_in(
        &app,
        json!({"credential": {"rawId": "!!", "type": "public-key",
        "response": {"clientDataJSON": "", "authenticatorData": "", "signature": ""}}}),
    )
    .await;
    assert_eq!((status, code(&garbled)), (StatusCode::UNAUTHORIZED, "invalid_passkey"), "{garbled}");
}

#[actix_web::test]
async fn a_registration_must_answer_its_own_account_s_challenge_for_this_site_from_its_pages() {
    let app = app_on(common::memory(), Limits::default()).await;
    let (_, livia) = sign_up(&app, "livia").await;
    let (_, marcus) = sign_up(&app, "marcus").await;
    let laptop = SoftAuthenticator::new(0);
    let theirs = creation_options(&app, &marcus).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _, refused) = register(&app, &livia, registration(&laptop, &theirs, OWN_ORIGIN, HOST)).await;
    assert_eq!((status, code(&refused)), (StatusCode::UNPROCESSABLE_ENTITY, "passkey_refused"), "{refused}");
    let challenge = creation_options(&app, &livia).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _, refused) =
        register(&app, &livia, registration(&laptop, &challenge, OWN_ORIGIN, "evil.example")).await;
    assert_eq!(
        (status, code(&refused)),
        (StatusCode::UNPROCESSABLE_ENTITY, "passkey_refused"),
        "another site's: {refused}"
    );
    let challenge = creation_options(&app, &livia).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    let foreign = [("Cookie", livia.as_str()), ("Origin", "https://evil.example")];
    let body = registration(&laptop, &challenge, "https://evil.example", HOST);
    let (status, _, refused) = send(&app, "POST", "/v1/accounts/me/passkeys", &foreign, Some(body)).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"));
    let (status, _, refused) = send(&app, "POST", "/v1/accounts/me/passkeys/challenge", &[], None).await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "account_key_required"));

    let passkey = add_passkey(&app, &livia, &laptop).await;
    let challenge = creation_options(&app, &marcus).await["challenge"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _, taken) = register(&app, &marcus, registration(&laptop, &challenge, OWN_ORIGIN, HOST)).await;
    assert_eq!((status, code(&taken)), (StatusCode::CONFLICT, "passkey_registered"), "{taken}");
    let (_, _, listed) = send(&app, "GET", "/v1/accounts/me/passkeys", &[("Cookie", &marcus)], None).await;
    assert_eq!(listed["passkeys"], json!([]), "not the other account's");
    let (status, _, missing) =
        send(&app, "DELETE", &format!("/v1/accounts/me/passkeys/{passkey}"), &own(&marcus), None).await;
    assert_eq!((status, code(&missing)), (StatusCode::NOT_FOUND, "passkey_not_found"), "another account's");
}

#[actix_web::test]
async fn a_deleted_account_s_passkeys_sign_no_one_in_and_leave_nothing_in_redis() {
    let redis = common::RedisServer::start();
    let app = app_on(redis.store(), Limits::default()).await;
    let (id, cookie) = sign_up(&app, "livia").await;
    let mut laptop = SoftAuthenticator::new(0);
    add_passkey(&app, &cookie, &laptop).await;
    assert_eq!(redis.command(&["KEYS", "ludus:passkey:*"]).lines().count(), 1);
    let (status, _, _) = send(&app, "DELETE", "/v1/accounts/me", &own(&cookie), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let challenge = sign_in_challenge(&app).await;
    let (status, _, refused) = passkey_sign_in(&app, assertion(&mut laptop, &challenge, OWN_ORIGIN, &id)).await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_passkey"));
    let left = redis.command(&["KEYS", "*passkey*"]);
    assert!(!left.contains("ludus:passkey:") && !left.contains(":passkeys"), "{left}");
}
