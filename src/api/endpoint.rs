//! One HTTP operation is declared once, beside its handler: its path, method, parameters and success answers in the
//! handler's `#[utoipa::path]`, and in an `Endpoint` impl the problems it may answer (by status, with what each means
//! there and the codes it carries) and the route to the handler. The router and the OpenAPI document both read them.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{LazyLock, Mutex};
use std::time::Instant;

use actix_web::body::BoxBody;
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{Next, from_fn};
use actix_web::{HttpRequest, HttpResponse, Resource, Route, web};
use metrics::{Counter, Histogram};
use serde_json::{Map, Value, json};
use utoipa::openapi::path::HttpMethod;

use super::error::{ApiError, ErrorCode};
use crate::telemetry;

/// The `RateLimit` header of an answer under a limit (IETF draft-ietf-httpapi-ratelimit-headers).
pub const RATE_LIMIT_HEADER: &str =
    "What is left of the quota and when it is whole again, in seconds: `\"games\";r=1;t=30`";
/// The `RateLimit-Policy` header of an answer under a limit.
pub const RATE_LIMIT_POLICY_HEADER: &str = "The quota and its window, in seconds: `\"games\";q=120;w=60`";

/// What an operation answers with one error status: what it means there, and the codes it may carry.
pub struct Problems {
    pub description: &'static str,
    /// All of one status.
    pub codes: &'static [ErrorCode],
}

impl Problems {
    pub const fn new(description: &'static str, codes: &'static [ErrorCode]) -> Self {
        Self { description, codes }
    }

    pub fn status(&self) -> u16 {
        self.codes[0].status().as_u16()
    }

    /// Whether these answers tell the client when to come back.
    fn retry_after(&self) -> bool {
        self.codes.iter().any(|code| code.sets_retry_after())
    }

    /// The OpenAPI response: the problem schema, the description, one example per code, and `Retry-After` when it
    /// is sent. `examples` gets the examples of the codes.
    pub fn response(&self, examples: Map<String, Value>) -> Value {
        let mut response = json!({
            "description": self.description,
            "content": {"application/problem+json": {
                "schema": {"$ref": "#/components/schemas/Problem"},
                "examples": examples,
            }},
        });
        if self.retry_after() {
            response["headers"] = json!({"Retry-After": {
                "description": "Seconds to wait",
                "schema": {"type": "integer", "format": "int64", "minimum": 0},
            }});
        }
        if self.codes.contains(&ErrorCode::RateLimited) {
            response["headers"]["RateLimit"] = json!({
                "description": RATE_LIMIT_HEADER,
                "schema": {"type": "string"},
            });
            response["headers"]["RateLimit-Policy"] = json!({
                "description": RATE_LIMIT_POLICY_HEADER,
                "schema": {"type": "string"},
            });
        }
        response
    }
}

/// Problem answers that several operations share, worded once.
pub mod common {
    use super::Problems;
    use crate::api::error::ErrorCode as Code;

    pub const BODY_TOO_LARGE: Problems = Problems::new("Body too large", &[Code::PayloadTooLarge]);
    pub const BODY_NOT_JSON: Problems = Problems::new("Body is not JSON", &[Code::UnsupportedMediaType]);
    pub const STORE_UNAVAILABLE: Problems =
        Problems::new("Store unavailable", &[Code::StoreUnavailable, Code::LogChanged]);
    pub const NO_GAME_OR_SEAT: Problems =
        Problems::new("No such game or seat", &[Code::GameNotFound, Code::SeatNotFound]);
    pub const SEAT_TOKEN_NEEDED: Problems = Problems::new(
        "Missing or wrong token, or an account key unknown or revoked",
        &[Code::MissingToken, Code::InvalidToken, Code::InvalidAccountKey],
    );
    pub const WRONG_TOKEN: Problems = Problems::new(
        "Wrong token, or an account key unknown or revoked",
        &[Code::InvalidToken, Code::InvalidAccountKey],
    );
    pub const SEAT_NOT_HELD: Problems =
        Problems::new("The account key holds no such seat of this game", &[Code::SeatNotHeld]);
    /// A read by a seat: its token, or an account key and the seat.
    pub const SEAT_READ: &[Problems] = &[
        SEAT_UNNAMED,
        SEAT_TOKEN_NEEDED,
        SEAT_NOT_HELD,
        NO_GAME_OR_SEAT,
        STORE_UNAVAILABLE,
    ];
    pub const TOO_MANY_STREAMS: Problems =
        Problems::new("This client holds its maximum of streams (`too_many_streams`)", &[Code::TooManyStreams]);
    pub const STREAM_UNAVAILABLE: Problems = Problems::new(
        "Store unavailable, this server holds its maximum of streams (`streams_full`), or it is shutting down \
         (`shutting_down`: open the stream again)",
        &[
            Code::StoreUnavailable,
            Code::LogChanged,
            Code::StreamsFull,
            Code::ShuttingDown,
        ],
    );
    pub const SEAT_UNNAMED: Problems = Problems::new(
        "The account holds several seats of this game and the request names none (`seat_required`)",
        &[Code::SeatRequired],
    );
    pub const SEAT_GONE: Problems = Problems::new(
        "The seat is taken (`seat_taken`), the game is over or expired (`join_too_late`), or it kept changing \
         (`contention`)",
        &[Code::SeatTaken, Code::JoinTooLate, Code::Contention],
    );
}

/// An HTTP operation: implemented for the type `#[utoipa::path]` generates beside a handler (`__path_<handler>`).
pub trait Endpoint: utoipa::Path {
    /// The problem answers the operation documents, one per status (besides `not_found`, `method_not_allowed` and
    /// `internal`, which any address may answer).
    const PROBLEMS: &'static [Problems];

    /// The actix route to the handler.
    fn route() -> Route;
}

/// An endpoint with its path and method read from its declaration.
pub struct Mounted {
    pub path: String,
    pub method: HttpMethod,
    pub problems: &'static [Problems],
    route: fn() -> Route,
}

impl Mounted {
    pub fn of<E: Endpoint>() -> Self {
        let mut methods = E::methods();
        let (Some(method), None) = (methods.pop(), methods.pop()) else {
            panic!("{} declares one method", E::path());
        };
        Self {
            path: E::path(),
            method,
            problems: E::PROBLEMS,
            route: E::route,
        }
    }

    /// The method as OpenAPI names it (a key of a path item).
    pub fn method_name(&self) -> &'static str {
        match self.method {
            HttpMethod::Get => "get",
            HttpMethod::Post => "post",
            HttpMethod::Put => "put",
            HttpMethod::Delete => "delete",
            HttpMethod::Options => "options",
            HttpMethod::Head => "head",
            HttpMethod::Patch => "patch",
            HttpMethod::Trace => "trace",
        }
    }
}

/// One resource per path, in the order of `endpoints` (routes are tried in order).
pub fn resources(endpoints: &[Mounted]) -> Vec<impl HttpServiceFactory + use<>> {
    let mut paths: Vec<&str> = Vec::new();
    for endpoint in endpoints {
        if !paths.contains(&endpoint.path.as_str()) {
            paths.push(&endpoint.path);
        }
    }
    paths
        .into_iter()
        .map(|path| {
            let here: Vec<&Mounted> = endpoints.iter().filter(|endpoint| endpoint.path == path).collect();
            let allow = here
                .iter()
                .map(|endpoint| endpoint.method_name().to_ascii_uppercase())
                .collect::<Vec<_>>()
                .join(", ");
            resource(path, here.iter().map(|endpoint| (endpoint.route)()).collect(), &allow)
        })
        .collect()
}

/// A resource whose other methods answer 405 as a problem document, with the `Allow` header RFC 9110 requires, and
/// whose requests are counted and timed under its path template.
pub fn resource(path: &str, routes: Vec<Route>, allow: &str) -> impl HttpServiceFactory + use<> {
    let allow = HeaderValue::from_str(allow).expect("method names are header-safe");
    let meters = Meters {
        route: route_label(path),
        registered: Rc::default(),
    };
    routes
        .into_iter()
        .fold(
            web::resource(path).default_service(web::to(move || method_not_allowed(allow.clone()))),
            Resource::route,
        )
        .wrap(from_fn(move |request: ServiceRequest, next: Next<BoxBody>| measured(meters.clone(), request, next)))
}

/// Answers the request and records it: counted by route, method and status, timed by route and method.
async fn measured(
    meters: Meters,
    request: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let method = method_label(request.method());
    let response = next.call(request).await;
    let status = response.as_ref().map_or(500, |response| response.status().as_u16());
    meters.record(method, status, started);
    response
}

/// The request counters and timers of one resource on one worker, each registered at its first request rather than
/// at every request (a registration hashes the labels and looks them up in the recorder's shared registry).
#[derive(Clone)]
struct Meters {
    route: &'static str,
    registered: Rc<RefCell<Vec<Registered>>>,
}

/// The meters of one method and status.
struct Registered {
    method: &'static str,
    status: u16,
    counter: Counter,
    histogram: Histogram,
}

impl Meters {
    fn record(&self, method: &'static str, status: u16, started: Instant) {
        let mut registered = self.registered.borrow_mut();
        let index = match registered
            .iter()
            .position(|meters| meters.method == method && meters.status == status)
        {
            Some(index) => index,
            None => {
                let (counter, histogram) = request_meters(self.route, method, status);
                registered.push(Registered {
                    method,
                    status,
                    counter,
                    histogram,
                });
                registered.len() - 1
            }
        };
        let meters = &registered[index];
        meters.counter.increment(1);
        meters.histogram.record(started.elapsed().as_secs_f64());
    }
}

/// The counter and the timer of the requests of `route` by `method` answered with `status`.
fn request_meters(route: &'static str, method: &'static str, status: u16) -> (Counter, Histogram) {
    (
        metrics::counter!(telemetry::HTTP_REQUESTS, "route" => route, "method" => method, "status" => status_label(status)),
        metrics::histogram!(telemetry::HTTP_DURATION, "route" => route, "method" => method),
    )
}

/// Records one answered request.
pub fn record_request(route: &'static str, method: &'static str, status: u16, started: Instant) {
    let (counter, histogram) = request_meters(route, method, status);
    counter.increment(1);
    histogram.record(started.elapsed().as_secs_f64());
}

/// The method as a label: the standard ones by name, anything else as `other` (no label a client can multiply).
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        _ => "other",
    }
}

/// A status code as a label, without allocating.
fn status_label(status: u16) -> &'static str {
    static LABELS: LazyLock<Vec<String>> = LazyLock::new(|| (0..600).map(|code| code.to_string()).collect());
    LABELS.get(usize::from(status)).map_or("other", String::as_str)
}

/// A path template as a `'static` label: each distinct template is kept once per process, however many apps are
/// built (every worker builds its own).
fn route_label(path: &str) -> &'static str {
    static ROUTES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut routes = ROUTES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(known) = routes.iter().find(|known| **known == path) {
        return known;
    }
    let label: &'static str = Box::leak(path.to_owned().into_boxed_str());
    routes.push(label);
    label
}

async fn method_not_allowed(allow: HeaderValue) -> HttpResponse {
    let mut response = actix_web::ResponseError::error_response(&ApiError::method_not_allowed());
    response.headers_mut().insert(header::ALLOW, allow);
    response
}

/// The answer at an address no route matches, counted under the route `unmatched`.
pub async fn not_found(request: HttpRequest) -> HttpResponse {
    let started = Instant::now();
    let response = actix_web::ResponseError::error_response(&ApiError::not_found());
    record_request("unmatched", method_label(request.method()), response.status().as_u16(), started);
    response
}
