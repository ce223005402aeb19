//! The real actix app in-process, over the in-memory store, and a one-call request helper; what tests of streams and
//! of real `ludus` processes share besides: SSE messages cut from a stream's text, a duel's id and tokens, calls and
//! accounts over HTTP to a process, and a bounded wait.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::middleware::Compat;
use actix_web::{App, test, web};
use ludus::config::CorsOrigins;
use ludus::store::EventStore;
use serde_json::Value;

/// What `call` returns: status, headers, and the body as JSON (`Null` when empty or not JSON).
pub type Response = (StatusCode, HeaderMap, Value);

/// The app with every real title plus the fixture, on a fresh in-memory store, behind the default CORS policy.
pub async fn app() -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    app_with_cors(CorsOrigins::default()).await
}

/// The app as `main` builds it, with pages of `origins` allowed.
pub async fn app_with_cors(
    origins: CorsOrigins,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    app_on(super::memory(), origins).await
}

/// The app on `store` (shared by several apps, as instances share Redis), with pages of `origins` allowed.
pub async fn app_on(
    store: Arc<dyn EventStore>,
    origins: CorsOrigins,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    let service = web::Data::new(super::service(store));
    // `Compat` boxes the middleware's body type, so that callers keep the plain `ServiceResponse`.
    test::init_service(
        App::new()
            .wrap(Compat::new(ludus::api::cors(&origins)))
            .configure(ludus::api::routes(service)),
    )
    .await
}

pub async fn call(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    request: test::TestRequest,
) -> Response {
    let response = test::call_service(app, request.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    (status, headers, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// Any app `app()` builds, for helpers that take one.
pub trait TestApp: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {}

impl<T: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>> TestApp for T {}

pub fn bearer(token: &str) -> (&'static str, String) {
    ("Authorization", format!("Bearer {token}"))
}

/// SSE messages (id, event name, data) read from an open stream until `count` have arrived.
pub async fn read_messages(body: &mut (impl MessageBody + Unpin), count: usize) -> Vec<(u64, String, Value)> {
    let mut text = String::new();
    let mut messages = Vec::new();
    while messages.len() < count {
        let chunk = tokio::time::timeout(
            Duration::from_secs(10),
            std::future::poll_fn(|cx| Pin::new(&mut *body).poll_next(cx)),
        )
        .await
        .expect("a message within 10 s");
        let Some(Ok(bytes)) = chunk else { break };
        text.push_str(std::str::from_utf8(&bytes).unwrap());
        while let Some(block) = next_block(&mut text) {
            if let (Some(id), Some(event), Some(data)) = (block.field("id"), block.field("event"), block.field("data"))
            {
                messages.push((version_of(&id), event, serde_json::from_str(&data).unwrap()));
            }
        }
    }
    messages
}

/// The log version a stream message's id stands for: `<version>-<16 hex digits of the log's hash there>`.
pub fn version_of(id: &str) -> u64 {
    let (version, hash) = id.split_once('-').expect("an id of a version and a hash");
    assert_eq!(hash.len(), 16, "16 hex digits of the hash: {id}");
    version.parse().expect("a version")
}

pub fn stream_request(id: &str, token: Option<&str>, last_event_id: Option<u64>) -> actix_http::Request {
    let mut request = test::TestRequest::get().uri(&format!("/v1/games/{id}/stream"));
    if let Some(token) = token {
        request = request.insert_header(("Authorization", format!("Bearer {token}")));
    }
    if let Some(last) = last_event_id {
        request = request.insert_header(("Last-Event-ID", last.to_string()));
    }
    request.to_request()
}

/// `method uri` with an optional bearer key and JSON body: the status and the body.
pub async fn send(
    app: &impl TestApp,
    method: &str,
    uri: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let request = match method {
        "POST" => test::TestRequest::post(),
        "DELETE" => test::TestRequest::delete(),
        _ => test::TestRequest::get(),
    }
    .uri(uri);
    let request = match key {
        Some(key) => request.insert_header(bearer(key)),
        None => request,
    };
    let request = match body {
        Some(body) => request.set_json(body),
        None => request,
    };
    let (status, _, body) = call(app, request).await;
    (status, body)
}

/// A new account of a person: its id and key.
pub async fn new_account(app: &impl TestApp, name: &str) -> (String, String) {
    let body = serde_json::json!({"name": name, "kind": "player"});
    let (status, body) = send(app, "POST", "/v1/accounts", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (body["id"].as_str().unwrap().to_owned(), body["key"].as_str().unwrap().to_owned())
}

/// One SSE message: its lines up to the blank line that ends it, as `next_block` takes it off a stream's text.
pub struct Block(String);

impl Block {
    /// The value of the message's field `name` (`id`, `event`, `data`), if it has one.
    pub fn field(&self, name: &str) -> Option<String> {
        self.0
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{name}: ")).map(str::to_owned))
    }
}

/// Takes the first whole message off the front of `text`, the SSE text read so far; `None` until one has ended.
pub fn next_block(text: &mut String) -> Option<Block> {
    let end = text.find("\n\n")?;
    Some(Block(text.drain(..end + 2).collect()))
}

/// A duel: its id and its seats' tokens.
pub struct Duel {
    pub id: String,
    pub north: String,
    pub south: String,
}

impl Duel {
    /// The duel of `created`, the answer to its `POST /v1/games`.
    pub fn from_created(created: &Value) -> Self {
        let token = |i: usize| created["seats"][i]["token"].as_str().unwrap().to_owned();
        Duel {
            id: created["game"]["id"].as_str().unwrap().to_owned(),
            north: token(0),
            south: token(1),
        }
    }
}

/// The sweep of a `ludus` process (`LUDUS_SWEEP_INTERVAL`) off, so that what it leaves undone stays undone.
pub const NO_SWEEP: (&str, &str) = ("LUDUS_SWEEP_INTERVAL", "off");
/// A sweep every 100 ms, so that a process takes up at once what another left.
pub const FAST_SWEEP: (&str, &str) = ("LUDUS_SWEEP_INTERVAL", "100ms");

/// A request to the real `ludus` process on `port` with an optional account key and JSON body: status and body.
pub fn process_call(port: u16, method: &str, path: &str, key: Option<&str>, body: Option<&Value>) -> (u16, Value) {
    let auth = key.map(|key| format!("Bearer {key}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|auth| ("Authorization", auth.as_str())).collect();
    let reply = super::http::request(port, method, path, &headers, body).expect("an answer");
    (reply.status, reply.body)
}

/// A new account of a person on the real `ludus` process on `port`: its id and key.
pub fn process_account(port: u16, name: &str) -> (String, String) {
    let (status, body) =
        process_call(port, "POST", "/v1/accounts", None, Some(&serde_json::json!({"name": name, "kind": "player"})));
    assert_eq!(status, 201, "{body}");
    (body["id"].as_str().unwrap().to_owned(), body["key"].as_str().unwrap().to_owned())
}

/// Asks `done` every `every` until it says yes; fails, saying `what`, when that has not come `within`.
pub fn wait_for(what: &str, within: Duration, every: Duration, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + within;
    while !done() {
        assert!(std::time::Instant::now() < deadline, "{what} not within {within:?}");
        std::thread::sleep(every);
    }
}
