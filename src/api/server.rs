//! The HTTP server: HTTP/1.1 and HTTP/2 in clear text (h2c, prior knowledge) on one port, behind a gate no client
//! can hold a connection open through for nothing. actix-web tells the two protocols apart by waiting for a
//! connection's first bytes, with no bound on that wait: here a connection that sends nothing within
//! `LUDUS_FIRST_BYTE_TIMEOUT` is closed, an idle one within `LUDUS_IDLE_TIMEOUT` (actix's keep-alive, for either
//! protocol), and one client holds at most `LUDUS_MAX_CONNECTIONS_PER_CLIENT` connections at once (beyond, a new one
//! is closed at once). A client is counted as the limits count it (an IPv6 one by its network); a trusted proxy is
//! not capped (its clients are counted behind it, per request).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_http::body::MessageBody;
use actix_http::{HttpService, Protocol, Request, Response};
use actix_server::{Server, ServerBuilder};
use actix_service::{
    IntoServiceFactory, Service, ServiceFactory, ServiceFactoryExt, fn_factory, fn_service, map_config,
};
use actix_web::dev::AppConfig;
use actix_web::rt::net::TcpStream;
use ipnet::IpNet;

use super::client::counted_as;
use crate::config::values::{duration, whole_number};
use crate::telemetry;

/// How long a connection may stay silent, and how many one client may hold; settings, declared for clap (see
/// `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct ConnectionLimits {
    /// How long a new connection may wait before its first bytes; then it is closed (either protocol)
    #[arg(id = "first_byte_timeout", long = "first-byte-timeout", env = "LUDUS_FIRST_BYTE_TIMEOUT", default_value = "5s", value_parser = duration,
          value_name = "DURATION")]
    pub first_byte: Duration,
    /// How long a connection may stay idle between requests (HTTP/1.1 keep-alive; HTTP/2 without a stream) before it
    /// is closed
    #[arg(id = "idle_timeout", long = "idle-timeout", env = "LUDUS_IDLE_TIMEOUT", default_value = "5s", value_parser = duration, value_name = "DURATION")]
    pub idle: Duration,
    /// Connections one client address (an IPv6 client: its network, see LUDUS_IPV6_PREFIX) holds open at once on an
    /// instance; beyond it a new one is closed at once (0: no cap; trusted proxies are not capped)
    #[arg(id = "max_connections_per_client", long = "max-connections-per-client", env = "LUDUS_MAX_CONNECTIONS_PER_CLIENT",
          default_value_t = ConnectionLimits::default().per_client, value_parser = whole_number::<usize>,
          value_name = "COUNT")]
    pub per_client: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            first_byte: Duration::from_secs(5),
            idle: Duration::from_secs(5),
            per_client: 256,
        }
    }
}

/// What the gate needs to know of the instance's settings.
#[derive(Clone, Debug)]
pub struct Gate {
    pub limits: ConnectionLimits,
    pub ipv6_prefix: u8,
    pub trusted_proxies: Vec<IpNet>,
}

/// The connections each client holds open now, shared by every worker.
#[derive(Default)]
struct Open(Mutex<HashMap<IpAddr, usize>>);

/// A connection's place in its client's count, given back when the connection ends.
struct Place {
    open: Arc<Open>,
    client: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = self.open.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

impl Gate {
    /// A place for a connection from `peer`: `Some(None)` when it is not counted (a trusted proxy, no cap, no
    /// address), `None` when its client holds its maximum already.
    fn admit(&self, open: &Arc<Open>, peer: Option<SocketAddr>) -> Option<Option<Place>> {
        let Some(peer) = peer.map(|peer| peer.ip()) else {
            return Some(None);
        };
        if self.limits.per_client == 0 || self.trusted_proxies.iter().any(|net| net.contains(&peer)) {
            return Some(None);
        }
        let client = counted_as(peer, self.ipv6_prefix);
        let mut counts = open.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = counts.entry(client).or_default();
        if *count >= self.limits.per_client {
            return None;
        }
        *count += 1;
        Some(Some(Place {
            open: open.clone(),
            client,
        }))
    }
}

/// How a connection left before any request: counted by `reason` in `ludus_connections_closed_early_total`.
fn closed_early(reason: &'static str) {
    metrics::counter!(telemetry::CONNECTIONS_CLOSED_EARLY, "reason" => reason).increment(1);
}

/// Listens on every address `bind` resolves to, as actix-web binds them (the address reusable at once after a
/// restart, a backlog of 1024).
pub fn listen(bind: &str) -> std::io::Result<Vec<TcpListener>> {
    use std::net::ToSocketAddrs;
    bind.to_socket_addrs()?
        .map(|address| {
            let socket = match address {
                SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
                SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
            };
            socket.set_reuseaddr(true)?;
            socket.bind(address)?;
            socket.listen(1024)?.into_std()
        })
        .collect()
}

/// Serves the app that `factory` builds (once per worker) on `listeners`, behind the gate; `configure` sets the
/// server's workers, signals and shutdown.
pub fn serve<F, I, S, B>(
    factory: F,
    listeners: Vec<TcpListener>,
    gate: Gate,
    configure: impl FnOnce(ServerBuilder) -> ServerBuilder,
) -> std::io::Result<Server>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: IntoServiceFactory<S, Request>,
    S: ServiceFactory<Request, Config = AppConfig> + 'static,
    S::Error: Into<actix_web::Error>,
    S::InitError: std::fmt::Debug,
    S::Response: Into<Response<B>>,
    B: MessageBody + 'static,
{
    let mut builder = configure(Server::build());
    let open = Arc::new(Open::default());
    for listener in listeners {
        builder = listen_on(builder, listener, factory.clone(), gate.clone(), open.clone())?;
    }
    Ok(builder.run())
}

/// `builder` serving the app `factory` builds on `listener` too, behind the gate.
fn listen_on<F, I, S, B>(
    builder: ServerBuilder,
    listener: TcpListener,
    factory: F,
    gate: Gate,
    open: Arc<Open>,
) -> std::io::Result<ServerBuilder>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: IntoServiceFactory<S, Request>,
    S: ServiceFactory<Request, Config = AppConfig> + 'static,
    S::Error: Into<actix_web::Error>,
    S::InitError: std::fmt::Debug,
    S::Response: Into<Response<B>>,
    B: MessageBody + 'static,
{
    let shutdown = builder.graceful_shutdown_signal();
    let local = listener.local_addr()?;
    builder.listen(format!("ludus-{local}"), listener, move || {
        let shutdown = shutdown.clone();
        let app = factory().into_factory().map_err(|error| error.into().error_response());
        let http = Rc::new(
            HttpService::build()
                .graceful_shutdown_signal(move || {
                    let signal = shutdown.clone();
                    async move { signal.notified().await }
                })
                .keep_alive(gate.limits.idle)
                .client_request_timeout(Duration::from_secs(5))
                .client_disconnect_timeout(Duration::from_secs(1))
                // A client's EOF ends its connection at once: a gone stream reader frees its place within a second
                // rather than at the next write (clients that half-close after their request are not supported).
                .h1_allow_half_closed(false)
                .local_addr(local)
                .finish(map_config(app, move |_| AppConfig::__priv_test_new(false, local.to_string(), local))),
        );
        let (gate, open) = (gate.clone(), open.clone());
        fn_factory(move || {
            let created = http.new_service(());
            let (gate, open) = (gate.clone(), open.clone());
            async move {
                let http = Rc::new(created.await?);
                Ok::<_, ()>(fn_service(move |io: TcpStream| {
                    let (http, gate, open) = (http.clone(), gate.clone(), open.clone());
                    async move {
                        let peer = io.peer_addr().ok();
                        let Some(_place) = gate.admit(&open, peer) else {
                            closed_early("client_cap");
                            return Ok(());
                        };
                        // A subset of HTTP/2's preface (RFC 9113 3.4), peeked once, as actix-http does, but for
                        // a bounded time.
                        let mut first = [0; 12];
                        match tokio::time::timeout(gate.limits.first_byte, io.peek(&mut first)).await {
                            Ok(Ok(read)) if read > 0 => {}
                            Ok(_) => return Ok(()),
                            Err(_) => {
                                closed_early("first_byte_timeout");
                                return Ok(());
                            }
                        }
                        let protocol = match &first {
                            b"PRI * HTTP/2" => Protocol::Http2,
                            _ => Protocol::Http1,
                        };
                        // The connection's whole life: its place is given back when it ends.
                        http.call((io, protocol, peer)).await.map_err(|_| ())
                    }
                }))
            }
        })
    })
}
