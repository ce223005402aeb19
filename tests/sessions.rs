//! People signed in through the real HTTP app: sign-up and sign-in with a password, the session cookie acting as the
//! account (writes only from the service's own pages), sign-in limits, and sign-out ending the session on every
//! instance sharing Redis, which keeps only the password's argon2id hash and the session token's SHA-256.

use crate::common;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::{App, test, web};
use common::app::{TestApp, call};
use ludus::api::Settings;
use ludus::api::limits::Limits;
use ludus::store::EventStore;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The host the requests are addressed to, and so the service's own origin.
pub(crate) const HOST: &str = "ludus.example";
pub(crate) const OWN_ORIGIN: &str = "http://ludus.example";
const PASSWORD: &str = "correct horse battery";

pub(crate) async fn app_on(store: Arc<dyn EventStore>, limits: Limits) -> impl TestApp {
    let service = web::Data::new(common::service(store));
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    test::init_service(App::new().configure(ludus::api::routes_with(service, web::Data::new(settings)))).await
}

async fn app() -> impl TestApp {
    app_on(common::memory(), Limits::default()).await
}

/// `method uri` to `HOST` with `headers` and an optional JSON body.
pub(crate) async fn send(
    app: &impl TestApp,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> common::app::Response {
    let mut request = match method {
        "POST" => test::TestRequest::post(),
        "DELETE" => test::TestRequest::delete(),
        _ => test::TestRequest::get(),
    }
    .uri(uri)
    .insert_header(("Host", HOST));
    for (name, value) in headers {
        request = request.insert_header((*name, *value));
    }
    if let Some(body) = body {
        request = request.set_json(body);
    }
    call(app, request).await
}

pub(crate) fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .unwrap_or_else(|| panic!("a {name} header"))
        .to_str()
        .unwrap()
}

/// The `Set-Cookie` of an answer.
fn set_cookie(headers: &HeaderMap) -> &str {
    header(headers, "set-cookie")
}

/// The `Cookie` header that sends back the session an answer set.
pub(crate) fn cookie_of(headers: &HeaderMap) -> String {
    set_cookie(headers).split(';').next().unwrap().to_owned()
}

/// Signs `name` up: its account id and the cookie of its session.
pub(crate) async fn sign_up(app: &impl TestApp, name: &str) -> (String, String) {
    let body = json!({"name": name, "password": PASSWORD});
    let (status, headers, account) = send(app, "POST", "/v1/accounts/sign-up", &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{account}");
    (account["id"].as_str().unwrap().to_owned(), cookie_of(&headers))
}

async fn sign_in(app: &impl TestApp, name: &str, password: &str) -> common::app::Response {
    send(app, "POST", "/v1/sessions", &[], Some(json!({"name": name, "password": password}))).await
}

fn duel() -> Option<Value> {
    Some(json!({"title": "duel", "players": 2}))
}

#[actix_web::test]
async fn a_person_signs_up_and_the_cookie_alone_acts_as_the_account() {
    let app = app().await;
    let body = json!({"name": "Livia", "password": PASSWORD});
    let (status, headers, account) = send(&app, "POST", "/v1/accounts/sign-up", &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{account}");
    assert_eq!((account["name"].as_str(), account["kind"].as_str()), (Some("Livia"), Some("player")));
    assert!(account.get("key").is_none(), "a person's account has no key: {account}");
    let set = set_cookie(&headers);
    assert!(set.starts_with("ludus_session="), "{set}");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set.contains(attribute), "{attribute} in {set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: {set}");
    let token = cookie_of(&headers)["ludus_session=".len()..].to_owned();
    assert_eq!(token.len(), 64, "32 random bytes in hex");
    let cookie = cookie_of(&headers);

    let (status, _, me) = send(&app, "GET", "/v1/accounts/me", &[("Cookie", &cookie)], None).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["id"], account["id"]);
    assert_eq!(me["keys"], json!([]));

    let headers = [("Cookie", cookie.as_str()), ("Origin", OWN_ORIGIN)];
    let (status, _, created) = send(&app, "POST", "/v1/games", &headers, duel()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["game"]["players"][0]["account"], account["id"], "the game is bound to the account");
    let (_, _, games) = send(&app, "GET", "/v1/accounts/me/games", &[("Cookie", &cookie)], None).await;
    assert_eq!(games["games"][0]["id"], created["game"]["id"], "{games}");

    let (status, headers, _) = send(
        &app,
        "POST",
        "/v1/sessions",
        &[("X-Forwarded-Proto", "https")],
        Some(json!({"name": "livia", "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "the name in any case");
    assert!(set_cookie(&headers).contains("Secure"), "over TLS: {}", set_cookie(&headers));
    assert_ne!(cookie_of(&headers), cookie, "a session of its own");
}

#[actix_web::test]
async fn sign_up_refuses_short_passwords_bad_names_and_taken_names() {
    let app = app().await;
    let short = json!({"name": "livia", "password": "1234567"});
    let (status, _, body) = send(&app, "POST", "/v1/accounts/sign-up", &[], Some(short)).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_password"));
    let long = json!({"name": "livia", "password": "x".repeat(129)});
    let (status, _, body) = send(&app, "POST", "/v1/accounts/sign-up", &[], Some(long)).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_password"));
    let spaced = json!({"name": "li via", "password": PASSWORD});
    let (status, _, body) = send(&app, "POST", "/v1/accounts/sign-up", &[], Some(spaced)).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_account_name"));
    sign_up(&app, "livia").await;
    let again = json!({"name": "LIVIA", "password": PASSWORD});
    let (status, _, body) = send(&app, "POST", "/v1/accounts/sign-up", &[], Some(again)).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "account_name_taken"));
}

#[actix_web::test]
async fn a_wrong_password_an_unknown_name_and_an_account_without_password_get_one_answer() {
    let app = app().await;
    sign_up(&app, "livia").await;
    common::app::new_account(&app, "keyed").await;
    let (wrong_status, wrong_headers, wrong) = sign_in(&app, "livia", "not the password").await;
    let (unknown_status, _, unknown) = sign_in(&app, "nobody", PASSWORD).await;
    let (keyed_status, _, keyed) = sign_in(&app, "keyed", PASSWORD).await;
    assert_eq!(wrong_status, StatusCode::UNAUTHORIZED);
    assert_eq!(code(&wrong), "invalid_credentials");
    assert!(wrong_headers.get("set-cookie").is_none(), "no session");
    assert_eq!((unknown_status, &unknown), (wrong_status, &wrong), "identical answers");
    assert_eq!((keyed_status, &keyed), (wrong_status, &wrong), "a key's account cannot be signed into");
    let (status, _, _) = sign_in(&app, "livia", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn cookie_writes_come_only_from_the_service_s_own_pages_and_key_writes_from_anywhere() {
    let app = app().await;
    let (_, cookie) = sign_up(&app, "livia").await;
    let cookie = cookie.as_str();
    let evil = [("Cookie", cookie), ("Origin", "https://evil.example")];
    let (status, _, refused) = send(&app, "POST", "/v1/games", &evil, duel()).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"), "{refused}");
    let (status, _, refused) = send(&app, "POST", "/v1/games", &[("Cookie", cookie)], duel()).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"), "neither header");
    let cross_site = [("Cookie", cookie), ("Sec-Fetch-Site", "cross-site")];
    let (status, _, _) = send(&app, "POST", "/v1/games", &cross_site, duel()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, refused) = send(&app, "DELETE", "/v1/sessions/current", &evil, None).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"), "nor a sign-out");

    let own = [("Cookie", cookie), ("Origin", OWN_ORIGIN)];
    let (status, _, created) = send(&app, "POST", "/v1/games", &own, duel()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let same_origin = [("Cookie", cookie), ("Sec-Fetch-Site", "same-origin")];
    let (status, _, created) = send(&app, "POST", "/v1/games", &same_origin, duel()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (status, _, _) = send(&app, "GET", "/v1/accounts/me", &evil, None).await;
    assert_eq!(status, StatusCode::OK, "a read from anywhere");

    let (_, key) = common::app::new_account(&app, "bot_1").await;
    let bearer = format!("Bearer {key}");
    let keyed = [("Authorization", bearer.as_str()), ("Origin", "https://evil.example")];
    let (status, _, created) = send(&app, "POST", "/v1/games", &keyed, duel()).await;
    assert_eq!(status, StatusCode::CREATED, "a key acts from any origin: {created}");
    let both = [
        ("Authorization", bearer.as_str()),
        ("Cookie", cookie),
        ("Origin", "https://evil.example"),
    ];
    let (status, _, me) = send(&app, "GET", "/v1/accounts/me", &both, None).await;
    assert_eq!((status, me["name"].as_str()), (StatusCode::OK, Some("bot_1")), "the bearer key wins");
}

#[actix_web::test]
async fn an_unknown_session_is_refused_where_an_account_is_needed_and_ignored_elsewhere() {
    let app = app().await;
    let stale = format!("ludus_session={}", "ab".repeat(32));
    let (status, _, refused) = send(&app, "GET", "/v1/accounts/me", &[("Cookie", &stale)], None).await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_session"));
    let headers = [("Cookie", stale.as_str()), ("Origin", OWN_ORIGIN)];
    let (status, _, created) = send(&app, "POST", "/v1/games", &headers, duel()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert!(created["game"]["players"][0].get("account").is_none(), "created without an account: {created}");
}

#[actix_web::test]
async fn sign_ins_are_limited_per_name_and_per_client() {
    let limits = Limits {
        sign_ins_per_name_per_minute: 2,
        sign_ins_per_client_per_minute: 3,
        ..Limits::default()
    };
    let app = app_on(common::memory(), limits).await;
    sign_up(&app, "livia").await;
    for _ in 0..2 {
        let (status, headers, _) = sign_in(&app, "livia", "not the password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(headers.get("ratelimit").is_none(), "a refusal carries no quota");
    }
    let (status, headers, refused) = sign_in(&app, "LIVIA", PASSWORD).await;
    assert_eq!((status, code(&refused)), (StatusCode::TOO_MANY_REQUESTS, "rate_limited"), "per name, any case");
    let wait: u64 = header(&headers, "retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(header(&headers, "ratelimit").contains("sign_ins_of_name"));
    let (status, headers, refused) = sign_in(&app, "someone", PASSWORD).await;
    assert_eq!((status, code(&refused)), (StatusCode::TOO_MANY_REQUESTS, "rate_limited"), "per client");
    assert!(headers.contains_key("retry-after"));
    assert!(header(&headers, "ratelimit").contains("sign_ins_of_client"));
}

#[actix_web::test]
async fn signing_out_ends_the_session_on_every_instance_sharing_redis() {
    let redis = common::RedisServer::start();
    let (first, second) =
        (app_on(redis.store(), Limits::default()).await, app_on(redis.store(), Limits::default()).await);
    sign_up(&first, "livia").await;
    let (status, headers, _) = sign_in(&second, "livia", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie_of(&headers);
    let (status, _, _) = send(&first, "GET", "/v1/accounts/me", &[("Cookie", &cookie)], None).await;
    assert_eq!(status, StatusCode::OK, "a session opened on one instance acts on the other");

    let own = [("Cookie", cookie.as_str()), ("Origin", OWN_ORIGIN)];
    let (status, headers, _) = send(&first, "DELETE", "/v1/sessions/current", &own, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let cleared = set_cookie(&headers);
    assert!(cleared.starts_with("ludus_session=;") && cleared.contains("Max-Age=0"), "{cleared}");
    for app in [&first, &second] {
        let (status, _, refused) = send(app, "GET", "/v1/accounts/me", &[("Cookie", &cookie)], None).await;
        assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_session"));
    }
}

#[actix_web::test]
async fn redis_keeps_an_argon2id_hash_and_the_session_s_sha_256_never_the_secrets() {
    let redis = common::RedisServer::start();
    let app = app_on(redis.store(), Limits::default()).await;
    let (id, cookie) = sign_up(&app, "livia").await;
    let token = &cookie["ludus_session=".len()..];
    let account = format!("ludus:account:{{{id}}}");
    let hash = redis.command(&["HGET", &account, "password_hash"]);
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    assert!(!redis.command(&["HGETALL", &account]).contains(PASSWORD), "no password in the account");
    let token_hash = hex::encode(Sha256::digest(token.as_bytes()));
    assert_eq!(redis.command(&["GET", &format!("ludus:session:{token_hash}")]), id);
    let ttl = redis.command(&["TTL", &format!("ludus:session:{token_hash}")]);
    let ttl: u64 = ttl
        .trim_start_matches("int(")
        .trim_end_matches(')')
        .parse()
        .expect(&ttl);
    assert!((30 * 24 * 3600 - 60..=30 * 24 * 3600).contains(&ttl), "30 days: {ttl}");
    let keys = redis.command(&["KEYS", "*"]);
    assert!(!keys.contains(token), "no key names the token: {keys}");
}

#[actix_web::test]
async fn a_person_lists_their_sessions_and_ends_one_on_every_instance_sharing_redis() {
    let redis = common::RedisServer::start();
    let (first, second) =
        (app_on(redis.store(), Limits::default()).await, app_on(redis.store(), Limits::default()).await);
    let (_, laptop) = sign_up(&first, "livia").await;
    let body = Some(json!({"name": "livia", "password": PASSWORD}));
    let phone_agent = [("User-Agent", "Mozilla/5.0 (Android 15; Mobile)")];
    let (status, headers, _) = send(&second, "POST", "/v1/sessions", &phone_agent, body).await;
    assert_eq!(status, StatusCode::OK);
    let phone = cookie_of(&headers);

    let (status, _, listed) = send(&first, "GET", "/v1/sessions", &[("Cookie", &laptop)], None).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let sessions = listed["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2, "{listed}");
    assert_eq!((sessions[0]["current"].as_bool(), sessions[1]["current"].as_bool()), (Some(true), Some(false)));
    assert_eq!(sessions[1]["agent"], "Mozilla/5.0 (Android 15; Mobile)");
    let phone_id = sessions[1]["id"].as_str().unwrap();
    assert!(!phone.contains(phone_id), "an id is not the token: {phone_id}");

    let foreign = [("Cookie", laptop.as_str()), ("Origin", "https://evil.example")];
    let path = format!("/v1/sessions/{phone_id}");
    let (status, _, refused) = send(&first, "DELETE", &path, &foreign, None).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "cross_origin_request"));
    let (status, _, _) = send(&second, "GET", "/v1/accounts/me", &[("Cookie", &phone)], None).await;
    assert_eq!(status, StatusCode::OK, "a refused revocation ends nothing");

    let own = [("Cookie", laptop.as_str()), ("Origin", OWN_ORIGIN)];
    let (status, _, _) = send(&first, "DELETE", &path, &own, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    for app in [&first, &second] {
        let (status, _, refused) = send(app, "GET", "/v1/accounts/me", &[("Cookie", &phone)], None).await;
        assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_session"), "revoked everywhere");
        let (status, _, _) = send(app, "GET", "/v1/accounts/me", &[("Cookie", &laptop)], None).await;
        assert_eq!(status, StatusCode::OK, "the other session goes on");
    }
    let (status, _, listed) = send(&second, "GET", "/v1/sessions", &[("Cookie", &laptop)], None).await;
    assert_eq!((status, listed["sessions"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)));
    let (status, _, missing) = send(&second, "DELETE", &path, &own, None).await;
    assert_eq!((status, code(&missing)), (StatusCode::NOT_FOUND, "session_not_found"), "ended once");
    let (status, _, missing) = send(&second, "DELETE", "/v1/sessions/not-an-id", &own, None).await;
    assert_eq!((status, code(&missing)), (StatusCode::NOT_FOUND, "session_not_found"));
}

#[actix_web::test]
async fn another_account_cannot_end_a_session() {
    let app = app().await;
    let (_, livia) = sign_up(&app, "livia").await;
    let (_, marcus) = sign_up(&app, "marcus").await;
    let (_, _, listed) = send(&app, "GET", "/v1/sessions", &[("Cookie", &livia)], None).await;
    let path = format!("/v1/sessions/{}", listed["sessions"][0]["id"].as_str().unwrap());
    let own = [("Cookie", marcus.as_str()), ("Origin", OWN_ORIGIN)];
    let (status, _, missing) = send(&app, "DELETE", &path, &own, None).await;
    assert_eq!((status, code(&missing)), (StatusCode::NOT_FOUND, "session_not_found"));
    let (status, _, _) = send(&app, "GET", "/v1/accounts/me", &[("Cookie", &livia)], None).await;
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn sessions_that_ended_on_their_own_leave_the_account_s_set_in_redis() {
    let redis = common::RedisServer::start();
    let store = redis.store();
    let accounts = store.accounts();
    let session = |token_hash: &str, created_at_ms| ludus::store::StoredSession {
        token_hash: token_hash.to_owned(),
        account: "acc_signs_in_daily".to_owned(),
        created_at_ms,
        agent: None,
    };
    let listed = || redis.command(&["SCARD", "ludus:account:{acc_signs_in_daily}:sessions"]);
    let brief = std::time::Duration::from_millis(50);
    for day in 0..3 {
        accounts
            .create_session(&session(&format!("day{day}"), day), brief)
            .await
            .unwrap();
    }
    assert_eq!(listed(), "int(3)");
    tokio::time::sleep(std::time::Duration::from_millis(120)).await;
    let month = std::time::Duration::from_secs(30 * 24 * 3600);
    let today = session("today", 9);
    accounts.create_session(&today, month).await.unwrap();
    assert_eq!(listed(), "int(1)", "a sign-in unlists the sessions that ended");
    accounts.create_session(&session("later", 10), brief).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(120)).await;
    assert_eq!(accounts.sessions("acc_signs_in_daily").await.unwrap(), [today]);
    assert_eq!(listed(), "int(1)", "and so does a listing");
}
