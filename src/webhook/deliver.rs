//! One delivery attempt: a signed POST to the checked addresses of a target, within 5 s (by default) from the lookup
//! to the answer's status line. Redirects are not followed (the next hop would be an unchecked URL) and the answer's
//! body is not read (the receiver has nothing to tell but its status, and a large body would only cost us).
//!
//! hyper's client is given a connection made here, to an address that [`Target::resolve`] checked, while the request's
//! `Host` header and TLS's server name stay the URL's host: a second lookup could be answered differently (DNS
//! rebinding) and reach an address that was never checked.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{CONTENT_TYPE, HOST, USER_AGENT};
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, InvalidDnsNameError, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use super::signature::{SIGNATURE_HEADER, sign};
use super::target::{Target, WebhookError};

/// The whole attempt, from the lookup to the answer's status line: a slow receiver must not hold a delivery slot.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
const EVENT_ID_HEADER: &str = "Ludus-Event-Id";
const AGENT: &str = "ludus-webhook";

/// One attempt to deliver an event to an account's webhook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The receiver's HTTP status; absent when none came (address refused, no connection, TLS failure, timeout).
    pub status: Option<u16>,
    /// Why the attempt failed; absent when it succeeded.
    pub error: Option<String>,
    /// Milliseconds from the start of the attempt to the answer's status line or the failure.
    pub duration_ms: u64,
}

impl Attempt {
    /// Whether the receiver answered 2xx: the event is delivered.
    pub fn succeeded(&self) -> bool {
        matches!(self.status, Some(200..=299))
    }
}

/// Why an attempt failed, as [`Attempt::error`] tells it.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error(transparent)]
    Target(#[from] WebhookError),
    #[error("could not build the request (is the event id a valid header value?): {0}")]
    Request(#[from] hyper::http::Error),
    #[error("could not connect to {address}: {source}")]
    Connect {
        address: SocketAddr,
        source: std::io::Error,
    },
    #[error("not a TLS server name: {0}")]
    ServerName(#[from] InvalidDnsNameError),
    #[error("TLS handshake failed: {0}")]
    Tls(std::io::Error),
    #[error("HTTP exchange failed: {0}")]
    Http(#[from] hyper::Error),
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("answered {0}; redirects are not followed")]
    Redirect(StatusCode),
    #[error("answered {0}")]
    Status(StatusCode),
}

/// Makes delivery attempts; holds the TLS settings, so make one and share it (it is cheap to clone).
#[derive(Clone, Debug)]
pub struct Deliverer {
    tls: Arc<ClientConfig>,
    allow_private: bool,
    timeout: Duration,
}

impl Deliverer {
    /// Trusting the system's root certificates. `allow_private` (`LUDUS_WEBHOOK_ALLOW_PRIVATE`) lets deliveries go to
    /// `http://` and to addresses that are not public, as [`Target::parse`] does.
    pub fn new(allow_private: bool) -> Self {
        Self::with_roots(allow_private, []).expect("no extra root to refuse")
    }

    /// As [`Deliverer::new`], also trusting `extra` roots (a test's CA, a closed network's); an extra root that
    /// rustls cannot use is refused rather than silently left out.
    pub fn with_roots(
        allow_private: bool,
        extra: impl IntoIterator<Item = CertificateDer<'static>>,
    ) -> Result<Self, rustls::Error> {
        let mut roots = RootCertStore::empty();
        // The system's store (ca-certificates in the image) rather than webpki-roots: rustls-native-certs is already
        // built for Redis, and operators keep one place to add a CA.
        let system = rustls_native_certs::load_native_certs();
        for error in &system.errors {
            tracing::warn!(%error, "a system root certificate could not be loaded");
        }
        roots.add_parsable_certificates(system.certs);
        if roots.is_empty() {
            tracing::warn!("no system root certificate: deliveries to https:// webhooks will fail");
        }
        for root in extra {
            roots.add(root)?;
        }
        let mut tls = ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()?
            .with_root_certificates(roots)
            .with_no_client_auth();
        // Only HTTP/1.1 is spoken; saying so keeps a server from choosing h2.
        tls.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Self {
            tls: Arc::new(tls),
            allow_private,
            timeout: DEFAULT_TIMEOUT,
        })
    }

    /// The limit of an attempt, 5 s unless set here (tests shorten it).
    pub fn with_timeout(self, timeout: Duration) -> Self {
        Self { timeout, ..self }
    }

    /// POSTs `body` (JSON) to `target`, signed with `secret` now, with `event_id` for the receiver's deduplication.
    /// Never fails: what went wrong is in the attempt.
    pub async fn deliver(&self, target: &Target, secret: &str, event_id: &str, body: &[u8]) -> Attempt {
        let started = Instant::now();
        let answer = tokio::time::timeout(self.timeout, self.post(target, secret, event_id, body))
            .await
            .unwrap_or(Err(Failure::Timeout(self.timeout)));
        let duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let (status, failure) = match answer {
            Ok(status) if status.is_success() => (Some(status), None),
            Ok(status) if status.is_redirection() => (Some(status), Some(Failure::Redirect(status))),
            Ok(status) => (Some(status), Some(Failure::Status(status))),
            Err(failure) => (None, Some(failure)),
        };
        Attempt {
            status: status.map(|status| status.as_u16()),
            error: failure.map(|failure| failure.to_string()),
            duration_ms,
        }
    }

    async fn post(&self, target: &Target, secret: &str, event_id: &str, body: &[u8]) -> Result<StatusCode, Failure> {
        // The target may have been parsed under another setting (a URL stored while private targets were allowed).
        if !self.allow_private && !target.is_https() {
            return Err(WebhookError::Scheme.into());
        }
        let now_unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        let request = Request::builder()
            .method(Method::POST)
            .uri(target.path_and_query())
            .header(HOST, target.authority())
            .header(CONTENT_TYPE, "application/json")
            .header(USER_AGENT, AGENT)
            .header(SIGNATURE_HEADER, sign(secret, now_unix, body))
            .header(EVENT_ID_HEADER, event_id)
            .body(Full::new(Bytes::copy_from_slice(body)))?;
        let connection = connect(&target.resolve(self.allow_private).await?).await?;
        if target.is_https() {
            let server_name = ServerName::try_from(target.tls_name())?;
            let tls = TlsConnector::from(self.tls.clone())
                .connect(server_name, connection)
                .await
                .map_err(Failure::Tls)?;
            exchange(tls, request).await
        } else {
            exchange(connection, request).await
        }
    }
}

/// Tries the checked addresses in turn, as a client does with the answers of a lookup.
async fn connect(addresses: &[SocketAddr]) -> Result<TcpStream, Failure> {
    let mut refusal = None;
    for &address in addresses {
        match TcpStream::connect(address).await {
            Ok(connection) => return Ok(connection),
            Err(source) => refusal = Some(Failure::Connect { address, source }),
        }
    }
    Err(refusal.expect("a resolved target has at least one address"))
}

/// Sends the request on `io` and returns the answer's status, leaving its body unread.
async fn exchange<Io>(io: Io, request: Request<Full<Bytes>>) -> Result<StatusCode, Failure>
where
    Io: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::Builder::new()
        // Receivers written by hand may look headers up as documented (`Ludus-Signature`).
        .title_case_headers(true)
        .handshake(TokioIo::new(io))
        .await?;
    // The connection is driven here, not in a task of its own, so that it ends with the attempt (its timeout
    // included) and nothing outlives it.
    let answer = sender.send_request(request);
    tokio::pin!(answer, connection);
    tokio::select! {
        biased;
        answer = &mut answer => Ok(answer?.status()),
        ended = &mut connection => {
            ended?;
            Ok(answer.await?.status())
        }
    }
}
