//! Every request has an id: the client's well-formed `X-Request-Id`, or one made here. It is echoed in the answer,
//! recorded in every log line of the request (its span) and in problem documents (RFC 9457 `instance`), so that a
//! client's report finds the server's logs. A W3C `traceparent` joins the request's span to the caller's trace.

use std::fmt;

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::{Instrument, Span};

pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");
/// The longest client id kept; a longer one is replaced.
const MAX_LEN: usize = 128;

tokio::task_local! {
    /// The id of the request being answered, for what builds its answer without the request at hand (problems).
    static CURRENT: RequestId;
}

/// A request's id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The client's id when it is 1 to 128 of `[A-Za-z0-9._:-]` (a UUID, a ULID, a proxy's id), else a new one.
    fn of(request: &ServiceRequest) -> Self {
        request
            .headers()
            .get(&REQUEST_ID_HEADER)
            .and_then(|value| value.to_str().ok())
            .filter(|id| is_well_formed(id))
            .map_or_else(Self::new, |id| Self(id.to_owned()))
    }

    /// 128 random bits, hex.
    fn new() -> Self {
        Self(hex::encode(rand::random::<[u8; 16]>()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id of the request being answered on this task, if any.
    pub fn current() -> Option<RequestId> {
        CURRENT.try_with(Clone::clone).ok()
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_well_formed(id: &str) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b':' | b'-'))
}

/// The caller's W3C trace context (`traceparent: 00-<trace id>-<parent id>-<flags>`), when well-formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceParent {
    pub trace_id: String,
    pub parent_id: String,
}

impl TraceParent {
    fn of(request: &ServiceRequest) -> Option<Self> {
        Self::parse(request.headers().get("traceparent")?.to_str().ok()?)
    }

    fn parse(text: &str) -> Option<Self> {
        let mut parts = text.trim().split('-');
        let (version, trace_id, parent_id, flags) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        let hex =
            |part: &str, len: usize| part.len() == len && part.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        let zero = |part: &str| part.bytes().all(|b| b == b'0');
        // Version ff is invalid; version 00 has exactly four parts; later versions may add some.
        let valid = hex(version, 2)
            && version != "ff"
            && (version != "00" || parts.next().is_none())
            && hex(trace_id, 32)
            && !zero(trace_id)
            && hex(parent_id, 16)
            && !zero(parent_id)
            && hex(flags, 2);
        valid.then(|| Self {
            trace_id: trace_id.to_owned(),
            parent_id: parent_id.to_owned(),
        })
    }
}

/// Gives the request its id (and trace context) and its span before anything logs, answers it with the id known to
/// the task and its logs in the span, records the outcome in the span, and echoes the id in the answer.
pub async fn identify(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = RequestId::of(&request);
    let trace = TraceParent::of(&request);
    let span = span_of(&request, &id, trace.as_ref());
    if let Some(trace) = trace {
        request.extensions_mut().insert(trace);
    }
    request.extensions_mut().insert(id.clone());
    let echoed = HeaderValue::from_str(id.as_str()).expect("request ids are header-safe");
    let outcome = CURRENT.scope(id, next.call(request).instrument(span.clone())).await;
    record_outcome(&span, &outcome);
    let mut response = outcome?;
    response.headers_mut().insert(REQUEST_ID_HEADER, echoed);
    Ok(response)
}

/// The span a request's logs are recorded in: method, path, request id and the caller's trace (when it sent a
/// `traceparent`), then the status and any error (OpenTelemetry's field names). It does not name the matched route,
/// which would route every request a second time.
fn span_of(request: &ServiceRequest, id: &RequestId, trace: Option<&TraceParent>) -> Span {
    tracing::info_span!(
        "HTTP request",
        http.method = %request.method(),
        http.target = %request.path(),
        request_id = %id,
        trace_id = trace.map(|trace| tracing::field::display(&trace.trace_id)),
        parent_span_id = trace.map(|trace| tracing::field::display(&trace.parent_id)),
        http.status_code = tracing::field::Empty,
        otel.status_code = tracing::field::Empty,
        exception.message = tracing::field::Empty,
        exception.details = tracing::field::Empty,
    )
}

/// Records the answer's status in `span`, and the error that made it, if any: a client's error leaves the span `OK`.
fn record_outcome<B>(span: &Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
    if span.is_disabled() {
        return;
    }
    let (status, error) = match outcome {
        Ok(response) => (response.status(), response.response().error()),
        Err(error) => (error.as_response_error().status_code(), Some(error)),
    };
    span.record("http.status_code", status.as_u16());
    span.record("otel.status_code", if status.is_server_error() { "ERROR" } else { "OK" });
    if let Some(error) = error {
        span.record("exception.message", tracing::field::display(error));
        span.record("exception.details", tracing::field::debug(error));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_ids_are_kept_only_when_well_formed() {
        assert!(is_well_formed("0b6b9f2e-3c1d-4a5e-9f7a-2d9c8b1e6f30"));
        assert!(is_well_formed("01HZX3K5Q7V9W2Y4B6C8D0E2F4"));
        assert!(!is_well_formed(""));
        assert!(!is_well_formed("has space"));
        assert!(!is_well_formed("new\nline"));
        assert!(!is_well_formed(&"x".repeat(MAX_LEN + 1)));
        assert_eq!(RequestId::new().as_str().len(), 32);
    }

    /// What a subscriber writes, kept for the test to read.
    #[derive(Clone, Default)]
    struct Written(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Written {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A subscriber that writes JSON lines into `written`, spans as they close included.
    fn json_subscriber(written: &Written) -> impl tracing::Subscriber + Send + Sync + use<> {
        let into = written.clone();
        tracing_subscriber::fmt()
            .json()
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .with_writer(move || into.clone())
            .finish()
    }

    /// Sends a request with an id and a trace parent to each of three routes behind `identify`: `/fine` (it logs
    /// inside), `/refused` (a client's error) and `/broken` (a server's).
    async fn request_fine_refused_and_broken() {
        use actix_web::{App, HttpResponse, test, web};
        let app = test::init_service(
            App::new()
                .wrap(actix_web::middleware::from_fn(identify))
                .route(
                    "/fine",
                    web::get().to(|| async {
                        tracing::info!("inside");
                        HttpResponse::NoContent().finish()
                    }),
                )
                .route(
                    "/refused",
                    web::get()
                        .to(|| async { Err::<HttpResponse, _>(actix_web::error::ErrorBadRequest("no such thing")) }),
                )
                .route(
                    "/broken",
                    web::get().to(|| async {
                        Err::<HttpResponse, _>(actix_web::error::ErrorInternalServerError("disk on fire"))
                    }),
                ),
        )
        .await;
        let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        for (path, id) in [("/fine", "fine-1"), ("/refused", "refused-1"), ("/broken", "broken-1")] {
            let request = test::TestRequest::get()
                .uri(path)
                .insert_header(("x-request-id", id))
                .insert_header(("traceparent", trace))
                .to_request();
            test::call_service(&app, request).await;
        }
    }

    #[actix_web::test]
    async fn each_request_is_logged_in_a_span_with_its_id_trace_status_and_error() {
        let written = Written::default();
        let _default = tracing::subscriber::set_default(json_subscriber(&written));
        request_fine_refused_and_broken().await;
        let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<serde_json::Value> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        let inside = lines
            .iter()
            .find(|line| line["fields"]["message"] == "inside")
            .expect("the handler's log");
        assert_eq!(inside["span"]["request_id"], "fine-1");
        assert_eq!(inside["span"]["trace_id"], "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_eq!(inside["span"]["parent_span_id"], "00f067aa0ba902b7");
        let closed = |id: &str| {
            lines
                .iter()
                .find(|line| line["fields"]["message"] == "close" && line["span"]["request_id"] == id)
                .unwrap_or_else(|| panic!("the span of {id} closes: {text}"))
                .clone()
        };
        let fine = closed("fine-1");
        assert_eq!(
            (fine["span"]["http.status_code"].as_u64(), fine["span"]["otel.status_code"].as_str()),
            (Some(204), Some("OK"))
        );
        assert_eq!(
            (fine["span"]["http.method"].as_str(), fine["span"]["http.target"].as_str()),
            (Some("GET"), Some("/fine"))
        );
        assert!(fine["span"].get("exception.message").is_none());
        let refused = closed("refused-1");
        assert_eq!(refused["span"]["http.status_code"], 400);
        assert_eq!(refused["span"]["otel.status_code"], "OK", "a client's mistake is not the server's error");
        assert_eq!(refused["span"]["exception.message"], "no such thing");
        let broken = closed("broken-1");
        assert_eq!(broken["span"]["http.status_code"], 500);
        assert_eq!(broken["span"]["otel.status_code"], "ERROR");
        assert_eq!(broken["span"]["exception.message"], "disk on fire");
    }

    #[test]
    fn trace_parents_follow_the_w3c_format() {
        let parsed = TraceParent::parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").unwrap();
        assert_eq!(parsed.trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_eq!(parsed.parent_id, "00f067aa0ba902b7");
        for wrong in [
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
        ] {
            assert_eq!(TraceParent::parse(wrong), None, "{wrong}");
        }
        assert!(TraceParent::parse("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-later").is_some());
    }
}
