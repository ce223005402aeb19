//! What the streams of one game on this instance share: one copy of the game, brought up to date once for all of
//! them, and each new position rendered once per audience (a seat, or the spectators; in a language or in none),
//! kept a little while for the streams that have not taken it yet. A stream holds no game of its own.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use super::message::{Audience, Rendered, render};
use crate::engine::GameSession;
use crate::service::{GameService, LoadedGame, ServiceError};
use crate::store::{Head, ReadAfter};
use crate::watch::Tail;

/// Messages kept per audience; a stream further behind renders what it missed from a replay of its own.
const KEPT: usize = 16;
/// Heads of the game's latest positions kept, to tell a stream of the feed's log from one of a log rewritten since.
const HEADS: usize = 64;

/// The feeds of the games streamed on this instance, shared by all its workers.
#[derive(Default)]
pub struct Feeds {
    games: Mutex<HashMap<String, Arc<Feed>>>,
}

impl std::fmt::Debug for Feeds {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Feeds")
            .field("games", &lock(&self.games).len())
            .finish()
    }
}

pub struct Feed {
    id: String,
    state: Mutex<State>,
}

struct State {
    /// The game as the feed started from it: what replays need (its title, seats and metadata).
    game: LoadedGame,
    session: Box<dyn GameSession>,
    head: Head,
    /// The heads of the latest positions, oldest first, ending with `head`.
    heads: VecDeque<Head>,
    audiences: HashMap<Audience, Window>,
    /// The log no longer extends what the feed read: its streams end, and a stream opened later starts a new feed.
    broken: bool,
}

/// One audience's latest messages.
struct Window {
    /// Streams of the audience.
    streams: usize,
    /// The head before the oldest kept message.
    start: Head,
    messages: VecDeque<Rendered>,
}

/// A stream's place in its game's feed, as one audience; given up when dropped.
pub struct Membership {
    feeds: Arc<Feeds>,
    feed: Arc<Feed>,
    audience: Audience,
}

/// The messages a stream asks for are no longer kept (or were never rendered for its audience): it renders them.
#[derive(Debug)]
pub struct Behind;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Feeds {
    /// A place in the feed of `game` as `audience`: the feed is started from `game` when there is none, or when the
    /// one there cannot lead to `game`'s head (its log was rewritten since).
    pub fn join(self: &Arc<Self>, game: &LoadedGame, audience: Audience) -> Membership {
        let mut games = lock(&self.games);
        let feed = match games.get(&*game.meta.id) {
            Some(feed) if feed.leads_to(game.head) => feed.clone(),
            _ => {
                let feed = Arc::new(Feed::new(game));
                games.insert(game.meta.id.to_string(), feed.clone());
                feed
            }
        };
        {
            let mut state = lock(&feed.state);
            let start = state.head;
            state
                .audiences
                .entry(audience)
                .or_insert_with(|| Window {
                    streams: 0,
                    start,
                    messages: VecDeque::new(),
                })
                .streams += 1;
        }
        Membership {
            feeds: self.clone(),
            feed,
            audience,
        }
    }
}

impl Feed {
    fn new(game: &LoadedGame) -> Self {
        Self {
            id: game.meta.id.to_string(),
            state: Mutex::new(State {
                game: game.clone(),
                session: game.session.clone_session(),
                head: game.head,
                heads: VecDeque::from([game.head]),
                audiences: HashMap::new(),
                broken: false,
            }),
        }
    }

    /// Whether the feed's log can be the one that reaches `head`: `head` is one of its latest positions, or beyond.
    fn leads_to(&self, head: Head) -> bool {
        let state = lock(&self.state);
        !state.broken && (head.version > state.head.version || state.heads.contains(&head))
    }

    /// The game as the feed started from it (for replays: its title, seats and metadata).
    pub fn game(&self) -> LoadedGame {
        lock(&self.state).game.clone()
    }

    /// Brings the feed up to `tail`, the watcher's latest read of the log: from the events it holds, else from a
    /// read of the store. Whoever calls first does the work; the others find it done.
    pub async fn advance(&self, tail: &Tail, service: &GameService) -> Result<(), ServiceError> {
        let Some(target) = tail.head() else {
            lock(&self.state).broken = true;
            return Err(ServiceError::LogChanged);
        };
        let from = {
            let mut state = lock(&self.state);
            if state.broken {
                return Err(ServiceError::LogChanged);
            }
            if state.head.version >= target.version {
                return Ok(());
            }
            if let Some(events) = tail.after(state.head) {
                return state.apply(&events);
            }
            state.head
        };
        let read = service.games.read_after(&self.id, from).await;
        let mut state = lock(&self.state);
        match read? {
            ReadAfter::Extends { events, .. } if state.head != from => {
                // Another stream brought the feed on meanwhile: only what this read holds beyond that is new.
                let mut position = from;
                let beyond = events.iter().position(|event| {
                    position = position.then(event);
                    position == state.head
                });
                match beyond {
                    Some(index) => state.apply(&events[index + 1..]),
                    None => Ok(()),
                }
            }
            ReadAfter::Extends { events, .. } => state.apply(&events),
            ReadAfter::Diverged => {
                state.broken = true;
                Err(ServiceError::LogChanged)
            }
        }
    }

    /// `audience`'s messages after `head`: none yet when `head` is the feed's or beyond it (the feed gets there).
    pub fn after(&self, audience: Audience, head: Head) -> Result<Vec<Rendered>, Behind> {
        let state = lock(&self.state);
        if head == state.head || head.version > state.head.version {
            return Ok(Vec::new());
        }
        let window = state.audiences.get(&audience).ok_or(Behind)?;
        let first = if head == window.start {
            0
        } else {
            window
                .messages
                .iter()
                .position(|message| message.head == head)
                .ok_or(Behind)?
                + 1
        };
        Ok(window.messages.range(first..).cloned().collect())
    }
}

impl State {
    /// Folds in `events`, which follow the feed's head, rendering each position once for every audience.
    fn apply(&mut self, events: &[String]) -> Result<(), ServiceError> {
        for event in events {
            if let Err(error) = self.session.apply(std::slice::from_ref(event)) {
                self.broken = true;
                return Err(error.into());
            }
            self.head = self.head.then(event);
            self.heads.push_back(self.head);
            if self.heads.len() > HEADS {
                self.heads.pop_front();
            }
            for (audience, window) in &mut self.audiences {
                let message = render(self.session.as_ref(), &self.game.seats, self.head, event, *audience);
                window.messages.push_back(message);
                if window.messages.len() > KEPT
                    && let Some(dropped) = window.messages.pop_front()
                {
                    window.start = dropped.head;
                }
            }
        }
        Ok(())
    }
}

impl Membership {
    pub fn feed(&self) -> &Feed {
        &self.feed
    }

    pub fn audience(&self) -> Audience {
        self.audience
    }
}

impl Drop for Membership {
    fn drop(&mut self) {
        let mut games = lock(&self.feeds.games);
        let mut state = lock(&self.feed.state);
        if let Some(window) = state.audiences.get_mut(&self.audience) {
            window.streams -= 1;
            if window.streams == 0 {
                state.audiences.remove(&self.audience);
            }
        }
        if state.audiences.is_empty()
            && games
                .get(&self.feed.id)
                .is_some_and(|feed| Arc::ptr_eq(feed, &self.feed))
        {
            games.remove(&self.feed.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Registry, Viewer};
    use crate::service::NewGame;
    use crate::store::MemoryStore;

    const SPECTATORS: Audience = Audience {
        viewer: Viewer::Spectator,
        lang: None,
    };
    const FIRST_SEAT: Audience = Audience {
        viewer: Viewer::Seat(0),
        lang: None,
    };

    /// A new game as it is now, and as it was before its first event, with the tail that leads from one to the
    /// other.
    async fn game() -> (GameService, LoadedGame, LoadedGame, Tail) {
        let service = GameService::new(Registry::with_all_titles(), Arc::new(MemoryStore::default()));
        let created = service
            .tables
            .create(NewGame::closed("caesar-cleopatra", 2, Some(7), None))
            .await
            .expect("a new game");
        let now = created.game;
        let start = service.games.game_at(&now, 0).await.expect("the game at 0");
        let events = service.games.log_until(&now, now.version()).await.expect("its log");
        let mut head = start.head;
        let recent: Vec<(Head, String)> = events
            .into_iter()
            .map(|event| {
                head = head.then(&event);
                (head, event)
            })
            .collect();
        assert_eq!(head, now.head);
        let tail = Tail::Log {
            head,
            recent: recent.into(),
        };
        (service, start, now, tail)
    }

    #[tokio::test]
    async fn each_position_is_rendered_once_per_audience_and_shared() {
        let (service, start, now, tail) = game().await;
        assert!(now.version() >= 1, "the game starts with events");
        let feeds = Arc::new(Feeds::default());
        let first = feeds.join(&start, SPECTATORS);
        let second = feeds.join(&start, SPECTATORS);
        let seat = feeds.join(&start, FIRST_SEAT);
        assert!(Arc::ptr_eq(&first.feed, &second.feed) && Arc::ptr_eq(&first.feed, &seat.feed));
        first.feed().advance(&tail, &service).await.expect("advanced");
        let one = first.feed().after(SPECTATORS, start.head).expect("kept");
        let other = second.feed().after(SPECTATORS, start.head).expect("kept");
        let seats = seat.feed().after(FIRST_SEAT, start.head).expect("kept");
        assert_eq!(one.len() as u64, now.version());
        for ((a, b), own) in one.iter().zip(&other).zip(&seats) {
            assert_eq!(a.bytes.as_ptr(), b.bytes.as_ptr(), "one rendering, shared");
            assert_ne!(a.bytes.as_ptr(), own.bytes.as_ptr(), "each audience its own");
        }
        assert_eq!(seats.len(), one.len());
        assert_eq!(one.last().map(|m| m.head), Some(now.head));
        assert!(first.feed().after(SPECTATORS, now.head).unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_feed_goes_with_its_last_stream_and_one_of_another_log_is_replaced() {
        let (_service, start, now, _tail) = game().await;
        let feeds = Arc::new(Feeds::default());
        let first = feeds.join(&now, SPECTATORS);
        let ahead = feeds.join(&now, FIRST_SEAT);
        assert!(Arc::ptr_eq(&first.feed, &ahead.feed), "the same log, further on");
        let rewritten = LoadedGame {
            head: Head {
                hash: Head::genesis("another log").hash,
                ..now.head
            },
            ..now.clone()
        };
        let other = feeds.join(&rewritten, SPECTATORS);
        assert!(!Arc::ptr_eq(&first.feed, &other.feed), "a log rewritten since starts a new feed");
        assert!(
            first.feed().after(SPECTATORS, start.head).is_err(),
            "positions before the feed's start were never rendered for it"
        );
        drop((first, ahead));
        assert_eq!(lock(&feeds.games).len(), 1, "the old feed's streams leave the new one alone");
        drop(other);
        assert!(lock(&feeds.games).is_empty(), "no stream, no feed");
    }
}
