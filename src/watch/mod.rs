//! One reader per instance for every live stream: a single task learns of appends from the store (one connection,
//! whatever the number of streams), reads the new events of each watched game once, and hands them to every local
//! stream of that game. Streams are capped per instance, and per client address across every instance sharing the
//! store (each stream holds a leased place in its client's pool there).
//!
//! Here are the watcher and a stream's subscription; the caps and admissions are in `admission`, a game's tail in
//! `tail`, the reader task in `feed`, accounts' inboxes, presence and room messages in their own modules.

mod admission;
mod feed;
mod inbox;
mod presence;
mod room;
mod tail;

pub use admission::{StreamClient, StreamLimits, StreamRefused};
pub use inbox::InboxSubscription;
pub use presence::{PresenceMessage, SeatsSeen};
pub use room::RoomEvent;
pub use tail::Tail;

use admission::Admission;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, watch};
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

use crate::clock::now_ms;
use crate::store::{EventStore, Head};

/// How often every watched game is read again, by default, in case a notification was lost (or the store lost data).
const SWEEP_EVERY: Duration = Duration::from_secs(5);
/// How long to wait before subscribing again after the store's notifications stopped.
const RESUBSCRIBE_AFTER: Duration = Duration::from_secs(1);
/// Reads of one sweep in flight at once.
const SWEEP_CONCURRENCY: usize = 32;

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
}

impl Drop for Subscription {
    fn drop(&mut self) {
        // The receiver must be gone before the count of receivers is looked at.
        let (replacement, _) = watch::channel(Tail::Lost);
        drop(std::mem::replace(&mut self.tail, WatchStream::new(replacement.subscribe())));
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
        assert!(lock(&watcher.games).is_empty(), "a game is no longer watched once its last stream closed");
    }
}
