//! What a game's table says beside its log: its chat (a capped stream of messages, paged by entry id, kept as long as
//! the game), when each seat was last seen (for presence), and room messages, broadcast to every instance sharing the
//! store for the game's live streams.

use std::ops::Range;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;

use super::{InboxId, StoreResult};

/// The most messages a game's chat keeps: older ones are dropped.
pub const CHAT_CAPACITY: usize = 1000;

/// How long a game remembers when a seat was last seen after its last visit (unless the game goes earlier).
pub const SEEN_KEPT: Duration = Duration::from_secs(7 * 24 * 3600);

/// One message of a game's chat, as stored (its JSON, without its id), with the id it is paged by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatEntry {
    pub id: InboxId,
    pub message: String,
}

/// Which messages of a chat to read, at most a page of them: those between the bounds given (each excluded), the
/// oldest of them with `after`, the newest without.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChatPage {
    pub after: Option<InboxId>,
    pub before: Option<InboxId>,
}

impl ChatPage {
    /// Whether the page starts from its `after` bound (the oldest), not from the newest end.
    pub fn forward(&self) -> bool {
        self.after.is_some()
    }

    /// Where the page's messages are in a chat of `len` messages in order, `id_at(i)` the id of the i-th.
    pub fn positions(&self, len: usize, limit: usize, id_at: impl Fn(usize) -> InboxId) -> Range<usize> {
        // How many messages come before `id` (with `id` itself when `inclusive`): ids are in order.
        let before = |id: InboxId, inclusive: bool| {
            let (mut low, mut high) = (0, len);
            while low < high {
                let middle = (low + high) / 2;
                let at = id_at(middle);
                if at < id || (inclusive && at == id) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            low
        };
        let from = self.after.map_or(0, |after| before(after, true));
        let until = self.before.map_or(len, |bound| before(bound, false)).max(from);
        match self.forward() {
            true => from..until.min(from + limit),
            false => from.max(until.saturating_sub(limit))..until,
        }
    }
}

/// A message for the live streams of one game, on every instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomMessage {
    pub game: String,
    pub text: String,
}

impl RoomMessage {
    /// One line of text for a channel: the game id (hex, never a newline), a newline, the message.
    pub fn encode(&self) -> String {
        format!("{}\n{}", self.game, self.text)
    }

    pub fn decode(line: &str) -> Option<Self> {
        let (game, text) = line.split_once('\n')?;
        Some(Self {
            game: game.to_owned(),
            text: text.to_owned(),
        })
    }
}

/// Chats, seats last seen and room messages, kept beside the games.
#[async_trait]
pub trait RoomStore: Send + Sync {
    /// Adds a message to game `id`'s chat (dropping the oldest beyond CHAT_CAPACITY); `NotFound` when the game is
    /// gone. The chat goes with the game when a finished game's retention ends.
    async fn push_chat(&self, id: &str, message: &str) -> StoreResult<InboxId>;

    /// A page of game `id`'s chat, in order (oldest first), at most `limit` messages (none for a game without chat,
    /// or gone).
    async fn read_chat(&self, id: &str, page: ChatPage, limit: usize) -> StoreResult<Vec<ChatEntry>>;

    /// Notes `seats` of game `id` as seen at `now_ms` (a later note never moves back), and answers when each seat
    /// of the game was last seen before this note, so that the caller can tell who came back. Remembered for
    /// SEEN_KEPT after the last note, or as long as a finished game when that is shorter; a game that is gone notes
    /// nothing.
    async fn see(&self, id: &str, seats: &[&str], now_ms: u64) -> StoreResult<Vec<(String, u64)>>;

    /// When each seat of game `id` was last seen (seats never seen, and every seat of a game that is gone, absent).
    async fn seen(&self, id: &str) -> StoreResult<Vec<(String, u64)>>;

    /// Sends `message` to every instance following room messages (this one included). Best effort, as appends'
    /// announcements are.
    async fn publish_room(&self, message: &RoomMessage) -> StoreResult<()>;

    /// The room messages of every instance, as they come: one subscription per instance, whatever the number of
    /// streams. Ends when the connection drops (messages sent meanwhile are lost).
    async fn room_messages(&self) -> StoreResult<BoxStream<'static, RoomMessage>>;
}
