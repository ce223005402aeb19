//! One reader per instance for every live stream: a single task learns of appends from the store (one connection,
//! whatever the number of streams), reads the new events of each watched game once, and hands them to every local
//! stream of that game. Streams are capped per instance, and per client address across every instance sharing the
//! store (each stream holds a leased place in its client's pool there).

mod inbox;
mod presence;
mod room;

pub use inbox::InboxSubscription;
pub use presence::{PresenceMessage, SeatsSeen};
pub use room::RoomEvent;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{broadcast, watch};
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

use crate::clock::now_ms;
use crate::config::values::whole_number;
use crate::store::{EventStore, Head, Lease, ReadAfter, StoreError};

/// How often every watched game is read again, by default, in case a notification was lost (or the store lost data).
const SWEEP_EVERY: Duration = Duration::from_secs(5);
/// How long to wait before subscribing again after the store's notifications stopped.
const RESUBSCRIBE_AFTER: Duration = Duration::from_secs(1);
/// Reads of one sweep in flight at once.
const SWEEP_CONCURRENCY: usize = 32;
/// Recent events kept per watched game, so that streams a little behind need no read of their own.
const RECENT: usize = 64;
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
struct Admission {
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

/// What the watcher last read of a game's log.
#[derive(Clone, Debug)]
pub enum Tail {
    /// The log ends at `head`; `recent` are its last events, each with the head right after it, oldest first.
    Log { head: Head, recent: Arc<[(Head, String)]> },
    /// The game is gone, or its log no longer extends what was read: every stream of it must end.
    Lost,
}

impl Tail {
    /// The events after `from`, when `from` is the head or one of the recent positions; `None` otherwise.
    pub fn after(&self, from: Head) -> Option<Vec<String>> {
        let Tail::Log { head, recent } = self else {
            return None;
        };
        if *head == from {
            return Some(Vec::new());
        }
        let start = recent.iter().position(|(after, _)| *after == from)? + 1;
        Some(recent[start..].iter().map(|(_, event)| event.clone()).collect())
    }

    pub fn head(&self) -> Option<Head> {
        match self {
            Tail::Log { head, .. } => Some(*head),
            Tail::Lost => None,
        }
    }

    /// The tail whose recent events were `recent`, ending at `head`, followed by `events`: the last `RECENT` of them
    /// kept.
    fn extended(recent: &[(Head, String)], head: Head, events: Vec<String>) -> Tail {
        let mut window: Vec<(Head, String)> = recent.to_vec();
        let mut position = head;
        for event in events {
            position = position.then(&event);
            window.push((position, event));
        }
        let skip = window.len().saturating_sub(RECENT);
        Tail::Log {
            head: position,
            recent: window.into_iter().skip(skip).collect(),
        }
    }
}

struct Watched {
    tail: watch::Sender<Tail>,
    /// One read of the game at a time (a notification's or a sweep's), so that two reads never both extend the tail
    /// from the same head; notifications that come meanwhile are coalesced into one more read (`again`).
    reading: AtomicBool,
    again: AtomicBool,
    /// Chat and presence messages for the game's streams.
    room: broadcast::Sender<RoomEvent>,
    /// The seats that stream the game on this instance (how many streams each): noted as seen while they do.
    attending: Mutex<HashMap<String, usize>>,
    /// Whether each seat was connected, as the game's streams were last told (`None` until first looked at).
    told: Mutex<Option<HashMap<String, bool>>>,
}

/// The streams open on this instance, and the places they hold in the store's per-client pools.
#[derive(Default)]
struct Counts {
    open: usize,
    /// Those of them on a connection of their own.
    own_connections: usize,
    /// Pool (one per client address) → the holders of this instance in it, renewed while they stream.
    places: HashMap<String, HashSet<String>>,
}

pub struct Watcher {
    store: Arc<dyn EventStore>,
    limits: StreamLimits,
    /// Names this instance's places in the store's pools.
    instance: String,
    next_holder: AtomicU64,
    /// When the places were last renewed, in ms.
    places_renewed: AtomicU64,
    /// How often every watched game is read again, in ms.
    sweep_every_ms: AtomicU64,
    games: Mutex<HashMap<String, Arc<Watched>>>,
    counts: Mutex<Counts>,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Set when the instance starts draining: every stream sends its last message and ends.
    draining: watch::Sender<bool>,
    inboxes: inbox::Inboxes,
    presence: presence::Presence,
    /// The task that follows room messages and keeps presence current.
    rooms_task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Whether that task is subscribed to room messages now.
    rooms_live: watch::Sender<bool>,
    me: Weak<Watcher>,
}

/// An open stream's place: it receives the game's tail, and frees its place when dropped. What it receives comes as
/// streams, which stay registered with their senders while the stream waits on something else (a stream woken for a
/// move does not register again for the drain and the room).
pub struct Subscription {
    /// The game's tail as last read: the current one first, then each change.
    pub tail: WatchStream<Tail>,
    /// Whether the instance drains, first now, then at each change: once true, the stream must tell its client to
    /// reconnect, and end.
    pub draining: WatchStream<bool>,
    /// The game's chat and presence messages.
    pub room: BroadcastStream<RoomEvent>,
    game: String,
    /// The seat the stream is a seat's: it is seen while the stream is open.
    seat: Option<String>,
    admission: Option<Admission>,
    watcher: Arc<Watcher>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Watcher {
    pub fn new(store: Arc<dyn EventStore>, limits: StreamLimits) -> Arc<Self> {
        Arc::new_cyclic(|me| Self {
            store,
            limits,
            instance: hex::encode(rand::random::<[u8; 8]>()),
            next_holder: AtomicU64::new(0),
            places_renewed: AtomicU64::new(now_ms()),
            sweep_every_ms: AtomicU64::new(SWEEP_EVERY.as_millis() as u64),
            games: Mutex::default(),
            counts: Mutex::default(),
            task: Mutex::default(),
            draining: watch::channel(false).0,
            inboxes: inbox::Inboxes::default(),
            presence: presence::Presence::default(),
            rooms_task: Mutex::default(),
            rooms_live: watch::channel(false).0,
            me: me.clone(),
        })
    }

    pub fn limits(&self) -> StreamLimits {
        self.limits
    }

    /// Sets how often every watched game is read again besides the store's notifications (takes effect when the
    /// reader task next starts).
    pub fn set_sweep_every(&self, every: Duration) {
        let every_ms = u64::try_from(every.as_millis()).unwrap_or(u64::MAX).max(1);
        self.sweep_every_ms.store(every_ms, Ordering::Relaxed);
    }

    /// Streams open now on this instance.
    pub fn open_streams(&self) -> usize {
        lock(&self.counts).open
    }

    /// Tells every open stream to send its last message (reconnect elsewhere) and end; new ones are refused.
    pub fn drain(&self) {
        self.draining.send_replace(true);
    }

    /// Opens a stream of game `id`, read up to `head`, for `client`, as `seat` (`None`: a spectator's); refused when a
    /// cap is reached or the instance drains. The cap per client is counted in the store, so that it holds across
    /// every instance sharing it. The seat is seen while the stream is open.
    pub async fn subscribe(
        &self,
        id: &str,
        head: Head,
        client: StreamClient,
        seat: Option<&str>,
    ) -> Result<Subscription, StreamRefused> {
        let admission = self.admit(client).await?;
        self.ensure_running();
        self.ensure_rooms_watched();
        self.rooms_ready().await;
        let (watched, tail, room) = {
            let mut games = lock(&self.games);
            let watched = games.entry(id.to_owned()).or_insert_with(|| {
                Arc::new(Watched {
                    tail: watch::channel(Tail::Log {
                        head,
                        recent: Arc::from([]),
                    })
                    .0,
                    reading: AtomicBool::new(false),
                    again: AtomicBool::new(false),
                    room: broadcast::channel(room::ROOM_BUFFER).0,
                    attending: Mutex::default(),
                    told: Mutex::default(),
                })
            });
            // A new stream starts from a log it just read: a game marked lost (its old streams are ending) is
            // watched again from there.
            if watched.tail.borrow().head().is_none() {
                watched.tail.send_replace(Tail::Log {
                    head,
                    recent: Arc::from([]),
                });
            }
            if let Some(seat) = seat {
                *lock(&watched.attending).entry(seat.to_owned()).or_default() += 1;
            }
            (watched.clone(), watched.tail.subscribe(), watched.room.subscribe())
        };
        let watcher = self
            .me
            .upgrade()
            .expect("the watcher outlives its subscriptions' creation");
        // The game may have moved between the caller's read and this subscription: look once.
        watcher.refresh(id.to_owned());
        let subscription = Subscription {
            tail: WatchStream::new(tail),
            draining: WatchStream::new(self.draining.subscribe()),
            room: BroadcastStream::new(room),
            game: id.to_owned(),
            seat: seat.map(str::to_owned),
            admission: Some(admission),
            watcher,
        };
        // The stream's seat is seen from now on; who is connected is known before the stream starts, so that every
        // coming or going after this is told.
        self.follow_presence(id, &watched).await;
        Ok(subscription)
    }

    /// Counts a new stream of `client` against the caps, unless the instance drains: its place in its client's pool.
    async fn admit(&self, client: StreamClient) -> Result<Admission, StreamRefused> {
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
    async fn renew_places(&self) {
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

    /// Starts the reader task if it is not running (first stream, or its runtime ended).
    fn ensure_running(&self) {
        let mut task = lock(&self.task);
        if task.as_ref().is_some_and(|handle| !handle.is_finished()) {
            return;
        }
        let me = self.me.clone();
        *task = Some(tokio::spawn(async move {
            loop {
                let Some(watcher) = me.upgrade() else { return };
                let appends = watcher.store.appends().await;
                // Whatever happened while not subscribed is read now.
                watcher.sweep().await;
                match appends {
                    Ok(mut appends) => {
                        let every = Duration::from_millis(watcher.sweep_every_ms.load(Ordering::Relaxed));
                        drop(watcher);
                        let mut sweep = tokio::time::interval(every);
                        sweep.tick().await;
                        loop {
                            tokio::select! {
                                next = appends.next() => match next {
                                    Some(id) => match me.upgrade() {
                                        Some(watcher) => watcher.refresh(id),
                                        None => return,
                                    },
                                    None => break,
                                },
                                _ = sweep.tick() => match me.upgrade() {
                                    Some(watcher) => {
                                        watcher.sweep().await;
                                        watcher.renew_places().await;
                                    }
                                    None => return,
                                },
                            }
                        }
                        tracing::warn!("the store's append notifications stopped; subscribing again");
                    }
                    Err(error) => {
                        tracing::warn!(%error, "cannot subscribe to the store's append notifications");
                        drop(watcher);
                    }
                }
                tokio::time::sleep(RESUBSCRIBE_AFTER).await;
            }
        }));
    }

    /// Reads every watched game again, except those being read now (they are read once more after).
    async fn sweep(&self) {
        let games: Vec<(String, Arc<Watched>)> = lock(&self.games)
            .iter()
            .map(|(id, watched)| (id.clone(), watched.clone()))
            .collect();
        futures_util::stream::iter(games)
            .for_each_concurrent(SWEEP_CONCURRENCY, |(id, watched)| async move {
                if watched.want_read() {
                    self.read_while_wanted(&id, &watched).await;
                }
            })
            .await;
    }

    /// Reads game `id` in the background if it is watched; notifications that arrive meanwhile cause one more read.
    fn refresh(&self, id: String) {
        let Some(watched) = lock(&self.games).get(&id).cloned() else {
            return;
        };
        if !watched.want_read() {
            return;
        }
        let me = self.me.clone();
        tokio::spawn(async move {
            if let Some(watcher) = me.upgrade() {
                watcher.read_while_wanted(&id, &watched).await;
            } else {
                watched.reading.store(false, Ordering::SeqCst);
            }
        });
    }

    /// Reads the game while reads are wanted, as the one reader of it (`want_read` made us so), then lets go.
    async fn read_while_wanted(&self, id: &str, watched: &Watched) {
        while watched.again.swap(false, Ordering::SeqCst) {
            self.read(id, watched).await;
        }
        watched.reading.store(false, Ordering::SeqCst);
        // A notification that came between the last read and the flag's reset is not lost.
        if watched.again.load(Ordering::SeqCst) {
            self.refresh(id.to_owned());
        }
    }

    /// Brings one watched game's tail up to date with the store. Only the game's one reader calls it; the tail is
    /// replaced only if it still ends where the read started (a new stream may have reset a lost game meanwhile).
    async fn read(&self, id: &str, watched: &Watched) {
        let Some(head) = watched.tail.borrow().head() else {
            return;
        };
        let events = match self.store.read_after(id, head).await {
            Ok(ReadAfter::Extends { events, .. }) if events.is_empty() => return,
            Ok(ReadAfter::Extends { events, .. }) => Some(events),
            Ok(ReadAfter::Diverged) | Err(StoreError::NotFound) => None,
            // Unreachable store: the streams wait; the next sweep tries again.
            Err(_) => return,
        };
        let replaced = watched.tail.send_if_modified(|tail| {
            if tail.head() != Some(head) {
                return false;
            }
            *tail = match (&*tail, events) {
                (Tail::Log { recent, .. }, Some(events)) => Tail::extended(recent, head, events),
                _ => Tail::Lost,
            };
            true
        });
        if !replaced {
            watched.again.store(true, Ordering::SeqCst);
        }
    }

    fn release(&self, game: &str, seat: Option<&str>, admission: Option<Admission>) {
        {
            let mut games = lock(&self.games);
            if let (Some(watched), Some(seat)) = (games.get(game), seat) {
                let mut attending = lock(&watched.attending);
                if let Some(streams) = attending.get_mut(seat) {
                    *streams -= 1;
                    if *streams == 0 {
                        attending.remove(seat);
                    }
                }
            }
            if games
                .get(game)
                .is_some_and(|watched| watched.tail.receiver_count() == 0)
            {
                games.remove(game);
            }
        }
        self.release_admission(admission);
    }

    /// Uncounts a closed stream and gives its place back.
    fn release_admission(&self, admission: Option<Admission>) {
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

impl Watched {
    /// Asks for a read of the game; true when the caller is to make it (no read was under way).
    fn want_read(&self) -> bool {
        self.again.store(true, Ordering::SeqCst);
        !self.reading.swap(true, Ordering::SeqCst)
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        // The receiver must be gone before the count of receivers is looked at.
        let (replacement, _) = watch::channel(Tail::Lost);
        drop(std::mem::replace(
            &mut self.tail,
            WatchStream::new(replacement.subscribe()),
        ));
        self.watcher
            .release(&self.game, self.seat.as_deref(), self.admission.take());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    #[tokio::test]
    async fn streams_on_connections_of_their_own_are_capped_apart_from_shared_ones() {
        let limits = StreamLimits {
            per_instance: 3,
            per_client: 0,
            own_connections: 1,
        };
        let watcher = Watcher::new(Arc::new(MemoryStore::default()), limits);
        let head = Head::genesis("g");
        let own = StreamClient {
            address: None,
            own_connection: true,
        };
        let shared = StreamClient {
            own_connection: false,
            ..own
        };
        let first = watcher.subscribe("g", head, own, None).await.unwrap();
        let refused = watcher.subscribe("g", head, own, None).await.err();
        assert_eq!(refused, Some(StreamRefused::ConnectionsFull(1)));
        let _second = watcher.subscribe("g", head, shared, None).await.unwrap();
        let _third = watcher.subscribe("g", head, shared, None).await.unwrap();
        let refused = watcher.subscribe("g", head, shared, None).await.err();
        assert_eq!(refused, Some(StreamRefused::InstanceFull(3)));
        drop(first);
        assert_eq!(watcher.open_streams(), 2);
        let again = watcher.subscribe("g", head, own, None).await;
        assert!(again.is_ok(), "a closed stream gives its connection back");
        drop((again, _second, _third));
        assert!(
            lock(&watcher.games).is_empty(),
            "a game is no longer watched once its last stream closed"
        );
    }
}
