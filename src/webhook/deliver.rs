//! One delivery attempt: a signed POST to the checked addresses of a target, within 5 s (by default) from the lookup
//! to the answer's status line. Redirects are not followed (the next hop would be an unchecked URL) and the answer's
//! body is not kept (the receiver has nothing to tell but its status): it is read after the attempt, up to 64 KiB and
//! for 1 s at most, only so that the connection may carry the next delivery.
//!
//! hyper's client is given a connection made here, to an address that [`Target::resolve`] checked, while the request's
//! `Host` header and TLS's server name stay the URL's host: a second lookup could be answered differently (DNS
//! rebinding) and reach an address that was never checked.
//!
//! Connections are kept alive between deliveries: each idle one is kept under its checked address, the URL's host and
//! port and its scheme, and only a delivery whose own lookup (checked again) gives that address, to that host and
//! scheme, takes it again. At most [`IDLE_PER_TARGET`] idle connections per such key and [`IDLE_KEYS`] keys are kept,
//! each for [`IDLE_FOR`] at most. Nothing runs in the background: an idle connection is a socket and hyper's state,
//! driven again only by the delivery that takes it.

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{CONTENT_TYPE, HOST, USER_AGENT};
use hyper::{Method, Request, Response, StatusCode};
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
/// Idle connections kept per key (checked address, host and port, scheme): as many deliveries at once to one
/// receiver as there are accounts pointing at it, and each account's deliveries run one at a time.
const IDLE_PER_TARGET: usize = 4;
/// Keys (receivers) with idle connections kept at most: beyond, a connection is closed after its delivery.
const IDLE_KEYS: usize = 256;
/// How long an idle connection is kept: receivers commonly close theirs after 5 to 60 s, and a connection that a
/// receiver closed is found out before it is used.
const IDLE_FOR: Duration = Duration::from_secs(30);
/// The most of an answer's body read so that its connection carries the next delivery; a longer one closes it.
const DRAIN_LIMIT: usize = 64 * 1024;
/// How long reading the rest of an answer may take once its status came (the attempt's result is known by then).
const DRAIN_FOR: Duration = Duration::from_secs(1);

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

/// Makes delivery attempts; holds the TLS settings and the idle connections, so make one and share it (it is cheap to
/// clone, and its clones share the connections).
#[derive(Clone, Debug)]
pub struct Deliverer {
    tls: Arc<ClientConfig>,
    allow_private: bool,
    timeout: Duration,
    pool: Arc<Pool>,
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
            pool: Arc::new(Pool::new(IDLE_FOR)),
        })
    }

    /// The limit of an attempt, 5 s unless set here (tests shorten it).
    pub fn with_timeout(self, timeout: Duration) -> Self {
        Self { timeout, ..self }
    }

    /// How long an idle connection is kept, [`IDLE_FOR`] unless set here (tests shorten it); the deliverer starts
    /// with no connection.
    pub fn with_idle_for(self, idle_for: Duration) -> Self {
        Self {
            pool: Arc::new(Pool::new(idle_for)),
            ..self
        }
    }

    /// Closes the connections idle for longer than they may be kept (the service does at each tick of its background
    /// work, so that they are closed even when no delivery comes to take them).
    pub fn close_idle(&self) {
        self.pool.close_idle(Instant::now());
    }

    /// The idle connections kept now.
    pub fn idle_connections(&self) -> usize {
        self.pool.idle()
    }

    /// POSTs `body` (JSON) to `target`, signed with `secret` now, with `event_id` for the receiver's deduplication.
    /// Never fails: what went wrong is in the attempt.
    pub async fn deliver(&self, target: &Target, secret: &str, event_id: &str, body: &[u8]) -> Attempt {
        let started = Instant::now();
        let answer = tokio::time::timeout(self.timeout, self.post(target, secret, event_id, body))
            .await
            .unwrap_or(Err(Failure::Timeout(self.timeout)));
        let duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let answer = match answer {
            Ok((connection, response)) => {
                let status = response.status();
                // The rest of the answer, read so that the connection may be kept: what happens to it changes
                // nothing of the attempt, whose status came.
                if let Ok(Some(idle)) = tokio::time::timeout(DRAIN_FOR, connection.finish(response)).await {
                    self.pool.put(idle);
                }
                Ok(status)
            }
            Err(failure) => Err(failure),
        };
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

    /// Sends the request, on a kept connection to one of the target's checked addresses or on a new one, and returns
    /// the connection with the answer, its body unread.
    async fn post(
        &self,
        target: &Target,
        secret: &str,
        event_id: &str,
        body: &[u8],
    ) -> Result<(Connection, Response<Incoming>), Failure> {
        // The target may have been parsed under another setting (a URL stored while private targets were allowed).
        if !self.allow_private && !target.is_https() {
            return Err(WebhookError::Scheme.into());
        }
        let now_unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        let request = || {
            Request::builder()
                .method(Method::POST)
                .uri(target.path_and_query())
                .header(HOST, target.authority())
                .header(CONTENT_TYPE, "application/json")
                .header(USER_AGENT, AGENT)
                .header(SIGNATURE_HEADER, sign(secret, now_unix, body))
                .header(EVENT_ID_HEADER, event_id)
                .body(Full::new(Bytes::copy_from_slice(body)))
        };
        let first = request()?;
        let addresses = target.resolve(self.allow_private).await?;
        let keys: Vec<Key> = addresses
            .iter()
            .map(|&address| Key {
                address,
                authority: target.authority().to_owned(),
                https: target.is_https(),
            })
            .collect();
        let request = match self.pool.take(&keys, Instant::now()) {
            Some(mut kept) => match kept.send(first).await {
                Ok(response) => return Ok((kept, response)),
                // The receiver closed the kept connection as the request went (as it may at any time between two
                // requests): once more, on a new connection.
                Err(Failure::Http(error))
                    if error.is_incomplete_message() || error.is_canceled() || error.is_closed() =>
                {
                    request()?
                }
                Err(failure) => return Err(failure),
            },
            None => first,
        };
        let mut fresh = self.connect(target, &keys).await?;
        let response = fresh.send(request).await?;
        Ok((fresh, response))
    }

    /// A new connection to the first of the checked addresses that accepts one (as a client tries the answers of a
    /// lookup), with TLS for https.
    async fn connect(&self, target: &Target, keys: &[Key]) -> Result<Connection, Failure> {
        let mut refusal = None;
        for key in keys {
            let stream = match TcpStream::connect(key.address).await {
                Ok(stream) => stream,
                Err(source) => {
                    refusal = Some(Failure::Connect {
                        address: key.address,
                        source,
                    });
                    continue;
                }
            };
            if !key.https {
                return Connection::handshake(key.clone(), stream).await;
            }
            let server_name = ServerName::try_from(target.tls_name())?;
            let tls = TlsConnector::from(self.tls.clone())
                .connect(server_name, stream)
                .await
                .map_err(Failure::Tls)?;
            return Connection::handshake(key.clone(), tls).await;
        }
        Err(refusal.expect("a resolved target has at least one address"))
    }
}

/// What a connection is kept under: the checked address it goes to, the URL's host and port (the `Host` header and
/// TLS's server name) and whether it speaks TLS.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    address: SocketAddr,
    authority: String,
    https: bool,
}

/// hyper's side of a connection: it reads and writes the socket while it is polled.
type Driver = Pin<Box<dyn Future<Output = hyper::Result<()>> + Send>>;

/// A connection to a receiver. It is driven only while a delivery uses it (never by a task of its own), so that
/// nothing outlives the delivery but an idle socket, and dropping it closes it.
struct Connection {
    key: Key,
    sender: SendRequest<Full<Bytes>>,
    driver: Driver,
    idle_since: Instant,
}

impl Connection {
    async fn handshake<Io>(key: Key, io: Io) -> Result<Self, Failure>
    where
        Io: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (sender, driver) = hyper::client::conn::http1::Builder::new()
            // Receivers written by hand may look headers up as documented (`Ludus-Signature`).
            .title_case_headers(true)
            .handshake(TokioIo::new(io))
            .await?;
        Ok(Self {
            key,
            sender,
            driver: Box::pin(driver),
            idle_since: Instant::now(),
        })
    }

    /// Sends the request and waits for the answer's head, driving the connection meanwhile.
    async fn send(&mut self, request: Request<Full<Bytes>>) -> Result<Response<Incoming>, Failure> {
        let answer = self.sender.send_request(request);
        tokio::pin!(answer);
        tokio::select! {
            biased;
            answer = &mut answer => Ok(answer?),
            ended = &mut self.driver => {
                ended?;
                Ok(answer.await?)
            }
        }
    }

    /// Reads the rest of `response` (up to DRAIN_LIMIT) and waits until the connection may carry another request:
    /// the connection, idle, or `None` when it may not be kept (a longer body, the receiver closing it, an error).
    async fn finish(mut self, response: Response<Incoming>) -> Option<Self> {
        let drained = tokio::select! {
            biased;
            body = Limited::new(response.into_body(), DRAIN_LIMIT).collect() => body.is_ok(),
            _ = &mut self.driver => false,
        };
        let ready = drained
            && tokio::select! {
                biased;
                ready = self.sender.ready() => ready.is_ok(),
                _ = &mut self.driver => false,
            };
        ready.then(|| Self {
            idle_since: Instant::now(),
            ..self
        })
    }

    /// Whether the idle connection may still carry a request: hyper reads what came meanwhile (the receiver
    /// closing it) without waiting.
    fn alive(&mut self) -> bool {
        let ended = self.driver.as_mut().poll(&mut Context::from_waker(Waker::noop()));
        matches!(ended, Poll::Pending) && self.sender.is_ready()
    }
}

/// The idle connections, by key, latest last.
struct Pool {
    idle_for: Duration,
    idle: Mutex<HashMap<Key, Vec<Connection>>>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Pool")
            .field("idle_for", &self.idle_for)
            .field("idle", &self.idle())
            .finish()
    }
}

impl Pool {
    fn new(idle_for: Duration) -> Self {
        Self {
            idle_for,
            idle: Mutex::new(HashMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Vec<Connection>>> {
        self.idle.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn idle(&self) -> usize {
        self.lock().values().map(Vec::len).sum()
    }

    /// The latest idle connection under one of `keys` (in their order) that is still alive; the others it meets that
    /// are not are closed.
    fn take(&self, keys: &[Key], now: Instant) -> Option<Connection> {
        let mut idle = self.lock();
        for key in keys {
            let Some(kept) = idle.get_mut(key) else { continue };
            while let Some(mut connection) = kept.pop() {
                if now.saturating_duration_since(connection.idle_since) < self.idle_for && connection.alive() {
                    return Some(connection);
                }
            }
            idle.remove(key);
        }
        None
    }

    /// Keeps an idle connection, within the bounds; the connections idle too long go.
    fn put(&self, connection: Connection) {
        let now = Instant::now();
        let mut idle = self.lock();
        Self::close_idle_in(&mut idle, self.idle_for, now);
        if !idle.contains_key(&connection.key) && idle.len() >= IDLE_KEYS {
            return;
        }
        let kept = idle.entry(connection.key.clone()).or_default();
        if kept.len() < IDLE_PER_TARGET {
            kept.push(connection);
        }
    }

    fn close_idle(&self, now: Instant) {
        Self::close_idle_in(&mut self.lock(), self.idle_for, now);
    }

    fn close_idle_in(idle: &mut HashMap<Key, Vec<Connection>>, idle_for: Duration, now: Instant) {
        idle.retain(|_, kept| {
            kept.retain(|connection| now.saturating_duration_since(connection.idle_since) < idle_for);
            !kept.is_empty()
        });
    }
}
