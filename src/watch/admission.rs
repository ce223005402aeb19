//! What a stream holds against the caps on open streams: the caps themselves, a stream's admission (the count of open
//! streams on this instance, and its leased place in its client's pool in the store, shared by every instance) and
//! its release.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::{Watcher, lock};
use crate::clock::now_ms;
use crate::config::values::whole_number;
use crate::store::Lease;

/// How long a stream's place in its client's pool lasts unless renewed (every `SWEEP_EVERY`): a crashed instance's
/// places come free within this.
const PLACE_LEASE: Duration = Duration::from_secs(60);

fn place_lease() -> Lease {
    Lease {
        now_ms: now_ms(),
        length: PLACE_LEASE,
    }
}

/// Caps on open streams; settings, declared for clap (see `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct StreamLimits {
    /// Live streams one instance holds open (HTTP/1.1 ones, a connection each, also within the open-file limit)
    #[arg(long = "max-streams", env = "LUDUS_MAX_STREAMS", default_value_t = StreamLimits::default().per_instance,
          value_parser = whole_number::<usize>, value_name = "COUNT")]
    pub per_instance: usize,
    /// Live streams one client address holds open (0: no cap)
    #[arg(long = "max-streams-per-client", env = "LUDUS_MAX_STREAMS_PER_CLIENT",
          default_value_t = StreamLimits::default().per_client, value_parser = whole_number::<usize>,
          value_name = "COUNT")]
    pub per_client: usize,
    /// Not a setting: streams that hold a connection of their own (HTTP/1.1; HTTP/2 streams share theirs) the
    /// instance admits, set at start to what the open-file limit leaves.
    #[arg(skip = usize::MAX)]
    pub own_connections: usize,
}

impl Default for StreamLimits {
    fn default() -> Self {
        Self {
            per_instance: 10_000,
            per_client: 100,
            own_connections: usize::MAX,
        }
    }
}

/// Who opens a stream: the client's address (for its cap), and whether the stream holds a connection of its own
/// (HTTP/1.1), which takes an open file; HTTP/2 streams share their connection.
#[derive(Clone, Copy, Debug)]
pub struct StreamClient {
    pub address: Option<IpAddr>,
    pub own_connection: bool,
}

/// What an open stream holds against the caps: its place in its client's pool (pool, holder), and maybe a
/// connection of its own.
pub(super) struct Admission {
    place: Option<(String, String)>,
    own_connection: bool,
}

/// Why a stream was not opened.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreamRefused {
    #[error("this server holds its maximum of {0} live streams; try again later")]
    InstanceFull(usize),
    #[error("this client holds its maximum of {0} live streams; close one first")]
    ClientFull(usize),
    #[error(
        "this server holds its maximum of {0} streams on connections of their own; try again later, or over HTTP/2, \
         where streams share a connection"
    )]
    ConnectionsFull(usize),
    #[error("this instance is shutting down: open the stream again, another instance will serve it")]
    Draining,
}

impl Watcher {
    /// Counts a new stream of `client` against the caps, unless the instance drains: its place in its client's pool.
    pub(super) async fn admit(&self, client: StreamClient) -> Result<Admission, StreamRefused> {
        if *self.draining.borrow() {
            return Err(StreamRefused::Draining);
        }
        {
            let mut counts = lock(&self.counts);
            if counts.open >= self.limits.per_instance {
                return Err(StreamRefused::InstanceFull(self.limits.per_instance));
            }
            if client.own_connection && counts.own_connections >= self.limits.own_connections {
                return Err(StreamRefused::ConnectionsFull(self.limits.own_connections));
            }
            counts.open += 1;
            counts.own_connections += usize::from(client.own_connection);
        }
        match self.hold_place(client.address).await {
            Ok(place) => Ok(Admission {
                place,
                own_connection: client.own_connection,
            }),
            Err(refused) => {
                let mut counts = lock(&self.counts);
                counts.open -= 1;
                counts.own_connections -= usize::from(client.own_connection);
                Err(refused)
            }
        }
    }

    /// Takes a place for a stream of `client` in its pool; `None` when there is no cap to count against. A store
    /// that does not answer lets the stream open (the cap is a protection, not a reason to fail streams).
    async fn hold_place(&self, client: Option<IpAddr>) -> Result<Option<(String, String)>, StreamRefused> {
        let (Some(client), cap) = (client, self.limits.per_client) else {
            return Ok(None);
        };
        if cap == 0 {
            return Ok(None);
        }
        let pool = format!("streams:{client}");
        let holder = format!("{}:{}", self.instance, self.next_holder.fetch_add(1, Ordering::Relaxed));
        match self.store.hold_place(&pool, &holder, cap, place_lease()).await {
            Ok(false) => return Err(StreamRefused::ClientFull(cap)),
            Ok(true) => {}
            Err(error) => tracing::warn!(%error, "stream not counted against its client's cap"),
        }
        lock(&self.counts)
            .places
            .entry(pool.clone())
            .or_default()
            .insert(holder.clone());
        Ok(Some((pool, holder)))
    }

    /// Extends the leases of every place this instance holds, one store call per client, every third of a lease.
    pub(super) async fn renew_places(&self) {
        let now = now_ms();
        let renew_every = PLACE_LEASE.as_millis() as u64 / 3;
        if now.saturating_sub(self.places_renewed.load(Ordering::Relaxed)) < renew_every {
            return;
        }
        self.places_renewed.store(now, Ordering::Relaxed);
        let places: Vec<(String, Vec<String>)> = lock(&self.counts)
            .places
            .iter()
            .map(|(pool, holders)| (pool.clone(), holders.iter().cloned().collect()))
            .collect();
        for (pool, holders) in places {
            if let Err(error) = self.store.renew_places(&pool, &holders, place_lease()).await {
                tracing::warn!(%error, "stream places not renewed; they lapse unless a later renewal succeeds");
            }
        }
    }

    /// Uncounts a closed stream and gives its place back.
    pub(super) fn release_admission(&self, admission: Option<Admission>) {
        let Some(Admission { place, own_connection }) = admission else {
            return;
        };
        let mut counts = lock(&self.counts);
        counts.open = counts.open.saturating_sub(1);
        counts.own_connections = counts.own_connections.saturating_sub(usize::from(own_connection));
        let Some((pool, holder)) = place else { return };
        if let Some(holders) = counts.places.get_mut(&pool) {
            holders.remove(&holder);
            if holders.is_empty() {
                counts.places.remove(&pool);
            }
        }
        drop(counts);
        // Given back at once; were this lost, the place's lease would end it.
        let store = self.store.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = store.release_place(&pool, &holder).await;
            });
        }
    }
}
