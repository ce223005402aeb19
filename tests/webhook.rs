//! Webhook deliveries to receivers this test starts on 127.0.0.1 (which only `allow_private` lets a delivery reach):
//! what the receiver sees, how its answers count, the time limit, TLS with a private CA, the SSRF refusals, and
//! connections kept alive between deliveries (counted where the receiver accepts them).

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::TlsFiles;
use ludus::webhook::{Attempt, Deliverer, SIGNATURE_HEADER, Target, WebhookError, verify};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;

const SECRET: &str = "whsec_0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab";
const BODY: &str = r#"{"type":"your_turn","game":"g1","seat":"caesar","version":7}"#;
const EVENT_ID: &str = "1700000000000-0";

/// A request as the receiver read it: the request line, the headers (names in lower case) and the body.
struct Received {
    request_line: String,
    headers: HashMap<String, String>,
    body: String,
}

/// What a receiver answers, after how long.
#[derive(Clone)]
struct Answer {
    status_line: &'static str,
    extra_headers: String,
    delay: Duration,
    /// 0: one request a connection, answered with `Connection: close`; n: up to n requests a connection, kept alive,
    /// after which the receiver closes it without a word (as servers close idle connections).
    keep_alive: usize,
}

impl Answer {
    fn status(status_line: &'static str) -> Self {
        Self {
            status_line,
            extra_headers: String::new(),
            delay: Duration::ZERO,
            keep_alive: 0,
        }
    }

    fn kept_alive(status_line: &'static str, requests: usize) -> Self {
        Self {
            keep_alive: requests,
            ..Self::status(status_line)
        }
    }
}

/// An HTTP/1.1 server on 127.0.0.1, written out by hand so that nothing in it follows or hides what a client does.
struct Receiver {
    port: u16,
    requests: mpsc::UnboundedReceiver<Received>,
    connections: Arc<AtomicUsize>,
}

impl Receiver {
    async fn start(answer: Answer) -> Self {
        Self::serve(answer, None).await
    }

    async fn start_tls(answer: Answer, files: &TlsFiles) -> Self {
        Self::serve(answer, Some(acceptor(files))).await
    }

    async fn serve(answer: Answer, tls: Option<TlsAcceptor>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free loopback port");
        let port = listener.local_addr().unwrap().port();
        let (sender, requests) = mpsc::unbounded_channel();
        let connections = Arc::new(AtomicUsize::new(0));
        let counted = connections.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                let (answer, sender, tls) = (answer.clone(), sender.clone(), tls.clone());
                tokio::spawn(async move {
                    match tls {
                        Some(tls) => {
                            // A client that does not trust the certificate hangs up here.
                            if let Ok(stream) = tls.accept(stream).await {
                                exchange(stream, &answer, &sender).await;
                            }
                        }
                        None => exchange(stream, &answer, &sender).await,
                    }
                });
            }
        });
        Self {
            port,
            requests,
            connections,
        }
    }

    fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    async fn next_request(&mut self) -> Received {
        tokio::time::timeout(Duration::from_secs(5), self.requests.recv())
            .await
            .expect("a request within 5 s")
            .expect("the receiver runs")
    }
}

/// Reads one request and answers it, or as many as `answer.keep_alive` says, then closes the connection.
async fn exchange(
    mut stream: impl AsyncRead + AsyncWrite + Unpin,
    answer: &Answer,
    sender: &mpsc::UnboundedSender<Received>,
) {
    let mut buffer = Vec::new();
    for _ in 0..answer.keep_alive.max(1) {
        match exchange_one(&mut stream, &mut buffer, answer, sender).await {
            Some(()) => {}
            None => return,
        }
    }
    let _ = stream.shutdown().await;
}

/// Reads one request from `stream` (after what `buffer` holds already) and answers it; `None` once the client closed
/// the connection.
async fn exchange_one(
    stream: &mut (impl AsyncRead + AsyncWrite + Unpin),
    buffer: &mut Vec<u8>,
    answer: &Answer,
    sender: &mpsc::UnboundedSender<Received>,
) -> Option<()> {
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break at;
        }
        let mut chunk = [0; 4096];
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(read) => buffer.extend_from_slice(&chunk[..read]),
        }
    };
    let head = String::from_utf8(buffer[..head_end].to_vec()).expect("an ASCII head");
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap().to_owned();
    let headers: HashMap<String, String> = lines
        .map(|line| line.split_once(':').expect("a header line"))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .map_or(0, |length| length.parse().unwrap());
    let mut body = buffer[head_end + 4..].to_vec();
    while body.len() < length {
        let mut chunk = [0; 4096];
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(read) => body.extend_from_slice(&chunk[..read]),
        }
    }
    // What came after this request's body is the next request's.
    *buffer = body.split_off(length);
    let body = String::from_utf8(body).expect("a UTF-8 body");
    sender
        .send(Received {
            request_line,
            headers,
            body,
        })
        .unwrap();
    tokio::time::sleep(answer.delay).await;
    let close = if answer.keep_alive == 0 {
        "Connection: close\r\n"
    } else {
        ""
    };
    let response =
        format!("HTTP/1.1 {}\r\n{}Content-Length: 2\r\n{close}\r\nhi", answer.status_line, answer.extra_headers);
    stream.write_all(response.as_bytes()).await.ok()
}

/// Serves the certificate that `files` made for 127.0.0.1 and localhost.
fn acceptor(files: &TlsFiles) -> TlsAcceptor {
    let chain = CertificateDer::pem_file_iter(files.path("server.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(files.path("server-key.pem")).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    TlsAcceptor::from(Arc::new(config))
}

fn now_unix() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn loopback(url: &str) -> Target {
    Target::parse(url, true).expect("a valid URL")
}

async fn deliver(deliverer: &Deliverer, target: &Target) -> Attempt {
    deliverer.deliver(target, SECRET, EVENT_ID, BODY.as_bytes()).await
}

/// What a receiver that follows the documentation checks, with a tolerance of 5 minutes.
fn assert_signed_delivery(received: &Received) {
    const TOLERANCE: Duration = Duration::from_secs(300);
    let body = received.body.as_bytes();
    assert_eq!(received.body, BODY);
    let signature = &received.headers[&SIGNATURE_HEADER.to_ascii_lowercase()];
    let now = now_unix();
    assert!(verify(SECRET, signature, body, now, TOLERANCE), "{signature}");
    assert!(!verify("whsec_other", signature, body, now, TOLERANCE));
    // Replayed 6 minutes later, or seen by a receiver whose clock is 6 minutes behind.
    assert!(!verify(SECRET, signature, body, now + 360, TOLERANCE));
    assert!(!verify(SECRET, signature, body, now - 360, TOLERANCE));
    assert_eq!(received.headers["ludus-event-id"], EVENT_ID);
    assert_eq!(received.headers["content-type"], "application/json");
    assert_eq!(received.headers["content-length"], BODY.len().to_string());
    assert_eq!(received.headers["user-agent"], "ludus-webhook");
}

#[tokio::test]
async fn a_delivery_carries_the_body_a_valid_signature_and_the_event_id() {
    let mut receiver = Receiver::start(Answer::status("204 No Content")).await;
    let target = loopback(&format!("http://127.0.0.1:{}/hooks/ludus?account=7", receiver.port));
    let deliverer = Deliverer::new(true);
    // In a task of its own, as deliveries run beside the server: the attempt must be Send.
    let attempt = tokio::spawn(async move { deliver(&deliverer, &target).await })
        .await
        .unwrap();
    assert_eq!(attempt.status, Some(204));
    assert_eq!(attempt.error, None);
    assert!(attempt.succeeded());
    assert!(attempt.duration_ms < 5_000);

    let received = receiver.next_request().await;
    assert_eq!(received.request_line, "POST /hooks/ludus?account=7 HTTP/1.1");
    assert_eq!(received.headers["host"], format!("127.0.0.1:{}", receiver.port));
    assert_signed_delivery(&received);
}

#[tokio::test]
async fn an_error_status_is_a_failure_with_that_status() {
    let mut receiver = Receiver::start(Answer::status("500 Internal Server Error")).await;
    let target = loopback(&format!("http://127.0.0.1:{}/", receiver.port));
    let attempt = deliver(&Deliverer::new(true), &target).await;
    assert_eq!(attempt.status, Some(500));
    assert!(!attempt.succeeded());
    assert_eq!(attempt.error.as_deref(), Some("answered 500 Internal Server Error"));
    assert_signed_delivery(&receiver.next_request().await);
}

#[tokio::test]
async fn a_redirect_is_a_failure_and_is_not_followed() {
    let elsewhere = Receiver::start(Answer::status("200 OK")).await;
    let mut receiver = Receiver::start(Answer {
        extra_headers: format!("Location: http://127.0.0.1:{}/\r\n", elsewhere.port),
        ..Answer::status("302 Found")
    })
    .await;
    let target = loopback(&format!("http://127.0.0.1:{}/", receiver.port));
    let attempt = deliver(&Deliverer::new(true), &target).await;
    assert_eq!(attempt.status, Some(302));
    assert!(!attempt.succeeded());
    assert_eq!(attempt.error.as_deref(), Some("answered 302 Found; redirects are not followed"));
    receiver.next_request().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(elsewhere.connections(), 0, "the Location was visited");
}

#[tokio::test]
async fn a_receiver_that_does_not_answer_is_given_up_at_the_time_limit() {
    let mut receiver = Receiver::start(Answer {
        delay: Duration::from_secs(30),
        ..Answer::status("200 OK")
    })
    .await;
    let target = loopback(&format!("http://127.0.0.1:{}/", receiver.port));
    // 5 s in service; shortened so that the test stays quick.
    let deliverer = Deliverer::new(true).with_timeout(Duration::from_millis(300));
    let started = Instant::now();
    let attempt = deliver(&deliverer, &target).await;
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_millis(300) && elapsed < Duration::from_secs(3), "{elapsed:?}");
    assert_eq!(attempt.status, None);
    assert!(!attempt.succeeded());
    assert_eq!(attempt.error.as_deref(), Some("no answer within 300ms"));
    assert!((300..3_000).contains(&attempt.duration_ms), "{attempt:?}");
    // The request did arrive: it is the answer that never came.
    receiver.next_request().await;
}

#[tokio::test]
async fn a_closed_port_is_a_failure_without_status() {
    let port = common::free_port();
    let attempt = deliver(&Deliverer::new(true), &loopback(&format!("http://127.0.0.1:{port}/"))).await;
    assert_eq!(attempt.status, None);
    assert!(!attempt.succeeded());
    let error = attempt.error.unwrap();
    assert!(error.starts_with(&format!("could not connect to 127.0.0.1:{port}")), "{error}");
}

#[tokio::test]
async fn https_verifies_the_receivers_certificate() {
    let files = TlsFiles::generate();
    let mut receiver = Receiver::start_tls(Answer::status("200 OK"), &files).await;
    let ca = CertificateDer::from_pem_file(files.path("ca.pem")).unwrap();
    let trusting = Deliverer::with_roots(true, [ca]).expect("a usable CA certificate");

    // By name (localhost may resolve to ::1 first, where nothing listens: the next checked address is tried), and
    // by address (the certificate names 127.0.0.1 too).
    for host in ["localhost", "127.0.0.1"] {
        let target = loopback(&format!("https://{host}:{}/in", receiver.port));
        let attempt = deliver(&trusting, &target).await;
        assert!(attempt.succeeded(), "{host}: {attempt:?}");
        assert_eq!(attempt.status, Some(200));
        let received = receiver.next_request().await;
        assert_eq!(received.request_line, "POST /in HTTP/1.1");
        assert_eq!(received.headers["host"], format!("{host}:{}", receiver.port));
        assert_signed_delivery(&received);
    }

    // The system's roots alone do not know the test CA: no request is sent.
    let target = loopback(&format!("https://localhost:{}/in", receiver.port));
    let attempt = deliver(&Deliverer::new(true), &target).await;
    assert!(!attempt.succeeded());
    assert_eq!(attempt.status, None);
    let error = attempt.error.unwrap();
    assert!(error.starts_with("TLS handshake failed"), "{error}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(receiver.requests.try_recv().is_err());
}

#[test]
fn urls_that_are_not_https_to_a_public_address_are_refused_unless_allowed() {
    for url in [
        "http://hooks.example.com/",
        "https://127.0.0.1/",
        "https://[::1]/",
        "https://10.0.0.7/",
        "https://172.16.5.4/",
        "https://192.168.1.1/",
        "https://169.254.1.1/",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fe80::1]/",
        "https://[fc00::1]/",
        "https://[fd00:ec2::254]/",
        "https://[::ffff:127.0.0.1]/",
        "https://[::ffff:10.0.0.7]/",
        "https://[::ffff:192.168.1.1]/",
        "https://[::ffff:169.254.169.254]/",
    ] {
        match Target::parse(url, false) {
            Err(WebhookError::Scheme) => assert!(url.starts_with("http:"), "{url}"),
            Err(WebhookError::NotPublic { .. }) => {}
            other => panic!("{url}: {other:?}"),
        }
        Target::parse(url, true).unwrap_or_else(|error| panic!("{url} allowed: {error}"));
    }
    for url in [
        "https://hooks.example.com/in",
        "https://8.8.8.8/",
        "https://[2606:4700:4700::1111]/",
    ] {
        Target::parse(url, false).unwrap_or_else(|error| panic!("{url}: {error}"));
    }
}

#[test]
fn urls_and_host_names_are_kept_within_their_lengths() {
    use ludus::webhook::{MAX_HOST_CHARS, MAX_LABEL_CHARS, MAX_URL_CHARS};
    let base = "https://hooks.example.com/";
    let long = |length: usize| format!("{base}{}", "p".repeat(length - base.len()));
    assert!(Target::parse(&long(MAX_URL_CHARS), false).is_ok());
    assert_eq!(
        Target::parse(&long(MAX_URL_CHARS + 1), false),
        Err(WebhookError::TooLong {
            length: MAX_URL_CHARS + 1,
            encoded: ""
        })
    );
    let label = |length: usize| "x".repeat(length);
    assert!(Target::parse(&format!("https://{}.example/", label(MAX_LABEL_CHARS)), false).is_ok());
    assert!(matches!(
        Target::parse(&format!("https://{}.example/", label(MAX_LABEL_CHARS + 1)), false),
        Err(WebhookError::HostLabel { length: 64, .. })
    ));
    let host = |last: usize| [label(63), label(63), label(63), label(last)].join(".");
    assert_eq!(host(61).len(), MAX_HOST_CHARS);
    assert!(Target::parse(&format!("https://{}/", host(61)), false).is_ok());
    assert_eq!(
        Target::parse(&format!("https://{}/", host(62)), false),
        Err(WebhookError::HostName(MAX_HOST_CHARS + 1))
    );
    // A name in another script counts as DNS carries it: in punycode.
    let punycode = Target::parse(&format!("https://é{}.example/", "a".repeat(60)), false);
    assert!(matches!(punycode, Err(WebhookError::HostLabel { .. })), "{punycode:?}");
}

#[tokio::test]
async fn deliveries_reach_no_private_address_unless_allowed() {
    let mut receiver = Receiver::start(Answer::status("200 OK")).await;
    let port = receiver.port;
    let refusing = Deliverer::new(false);

    // A name passes parsing, since only its lookup tells where it goes; the delivery then refuses the loopback answer.
    let by_name = Target::parse(&format!("https://localhost:{port}/"), false).unwrap();
    let attempt = deliver(&refusing, &by_name).await;
    assert_eq!(attempt.status, None);
    let error = attempt.error.unwrap();
    assert!(error.contains("not a public address"), "{error}");

    // A target accepted while private addresses were allowed is refused by a deliverer that does not allow them.
    let error = deliver(&refusing, &loopback(&format!("https://127.0.0.1:{port}/")))
        .await
        .error
        .unwrap();
    assert!(error.contains("not a public address"), "{error}");
    let error = deliver(&refusing, &loopback(&format!("http://127.0.0.1:{port}/")))
        .await
        .error
        .unwrap();
    assert_eq!(error, WebhookError::Scheme.to_string());
    assert_eq!(receiver.connections(), 0);

    // Allowed, the same receiver is reached, by name too.
    let attempt = deliver(&Deliverer::new(true), &loopback(&format!("http://localhost:{port}/"))).await;
    assert!(attempt.succeeded(), "{attempt:?}");
    assert_signed_delivery(&receiver.next_request().await);
}

#[tokio::test]
async fn several_deliveries_to_one_receiver_go_over_one_connection() {
    let mut receiver = Receiver::start(Answer::kept_alive("200 OK", 100)).await;
    let target = loopback(&format!("http://127.0.0.1:{}/hook", receiver.port));
    let deliverer = Deliverer::new(true);
    for _ in 0..5 {
        let attempt = deliver(&deliverer, &target).await;
        assert!(attempt.succeeded(), "{attempt:?}");
        assert_signed_delivery(&receiver.next_request().await);
    }
    assert_eq!(receiver.connections(), 1, "one connection for five deliveries");
    assert_eq!(deliverer.idle_connections(), 1);
    // Its clones share the connections.
    assert!(deliver(&deliverer.clone(), &target).await.succeeded());
    receiver.next_request().await;
    assert_eq!(receiver.connections(), 1);
}

#[tokio::test]
async fn a_connection_the_receiver_closes_is_not_used_again() {
    // Said (`Connection: close`): each delivery connects anew.
    let mut closing = Receiver::start(Answer::status("200 OK")).await;
    let target = loopback(&format!("http://127.0.0.1:{}/", closing.port));
    let deliverer = Deliverer::new(true);
    for _ in 0..3 {
        assert!(deliver(&deliverer, &target).await.succeeded());
        closing.next_request().await;
    }
    assert_eq!(closing.connections(), 3);
    assert_eq!(deliverer.idle_connections(), 0);
    // Unsaid, once each answer is sent (as a server closes an idle connection): every delivery still succeeds, on a
    // new connection, and reaches the receiver once.
    let mut silent = Receiver::start(Answer::kept_alive("200 OK", 1)).await;
    let target = loopback(&format!("http://127.0.0.1:{}/", silent.port));
    for _ in 0..3 {
        let attempt = deliver(&deliverer, &target).await;
        assert!(attempt.succeeded(), "{attempt:?}");
        silent.next_request().await;
        // The receiver's close reaches the deliverer before the next delivery, or with it.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(silent.connections(), 3);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(silent.requests.try_recv().is_err(), "no request sent twice");
}

#[tokio::test]
async fn connections_are_kept_per_host_and_not_beyond_their_idle_time() {
    let mut receiver = Receiver::start(Answer::kept_alive("200 OK", 100)).await;
    let deliverer = Deliverer::new(true).with_idle_for(Duration::from_millis(300));
    // One address, two hosts (localhost may resolve to ::1 first, where nothing listens: then 127.0.0.1): a
    // connection for each.
    for _ in 0..2 {
        for host in ["127.0.0.1", "localhost"] {
            let target = loopback(&format!("http://{host}:{}/", receiver.port));
            assert!(deliver(&deliverer, &target).await.succeeded());
            assert_eq!(receiver.next_request().await.headers["host"], format!("{host}:{}", receiver.port));
        }
    }
    assert_eq!(receiver.connections(), 2);
    assert_eq!(deliverer.idle_connections(), 2);
    tokio::time::sleep(Duration::from_millis(400)).await;
    deliverer.close_idle();
    assert_eq!(deliverer.idle_connections(), 0, "idle too long");
    let target = loopback(&format!("http://127.0.0.1:{}/", receiver.port));
    assert!(deliver(&deliverer, &target).await.succeeded());
    receiver.next_request().await;
    assert_eq!(receiver.connections(), 3);
}

#[tokio::test]
async fn https_deliveries_go_over_one_connection_too() {
    let files = TlsFiles::generate();
    let mut receiver = Receiver::start_tls(Answer::kept_alive("200 OK", 100), &files).await;
    let ca = CertificateDer::from_pem_file(files.path("ca.pem")).unwrap();
    let deliverer = Deliverer::with_roots(true, [ca]).expect("a usable CA certificate");
    let target = loopback(&format!("https://localhost:{}/in", receiver.port));
    for _ in 0..3 {
        let attempt = deliver(&deliverer, &target).await;
        assert!(attempt.succeeded(), "{attempt:?}");
        assert_signed_delivery(&receiver.next_request().await);
    }
    assert_eq!(receiver.connections(), 1);
    // Another deliverer (other roots: the system's only) has connections of its own, and refuses this receiver.
    assert!(!deliver(&Deliverer::new(true), &target).await.succeeded());
    assert_eq!(receiver.connections(), 2);
}
