//! Chats and seats last seen in the game's own entry (they go with it), room messages broadcast in the process.

use async_trait::async_trait;
use futures_util::stream::BoxStream;

use super::{MemoryStore, lock, received};
use crate::store::{CHAT_CAPACITY, ChatEntry, ChatPage, InboxId, RoomMessage, RoomStore, StoreResult};

#[async_trait]
impl RoomStore for MemoryStore {
    async fn push_chat(&self, id: &str, message: &str) -> StoreResult<InboxId> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        let id = InboxId::following(log.chat.back().map(|last| last.id), crate::clock::now_ms());
        log.chat.push_back(ChatEntry {
            id,
            message: message.to_owned(),
        });
        if log.chat.len() > CHAT_CAPACITY {
            log.chat.pop_front();
        }
        Ok(id)
    }

    async fn read_chat(&self, id: &str, page: ChatPage, limit: usize) -> StoreResult<Vec<ChatEntry>> {
        let Ok(entry) = self.entry(id) else {
            return Ok(Vec::new());
        };
        let log = lock(&entry);
        let chat = &log.chat;
        let positions = page.positions(chat.len(), limit, |at| chat[at].id);
        Ok(chat.range(positions).cloned().collect())
    }

    async fn see(&self, id: &str, seats: &[&str], now_ms: u64) -> StoreResult<Vec<(String, u64)>> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        let before = log.seen.iter().map(|(seat, at)| (seat.clone(), *at)).collect();
        for seat in seats {
            let at = log.seen.entry((*seat).to_owned()).or_default();
            *at = (*at).max(now_ms);
        }
        Ok(before)
    }

    async fn seen(&self, id: &str) -> StoreResult<Vec<(String, u64)>> {
        let Ok(entry) = self.entry(id) else {
            return Ok(Vec::new());
        };
        let log = lock(&entry);
        Ok(log.seen.iter().map(|(seat, at)| (seat.clone(), *at)).collect())
    }

    async fn publish_room(&self, message: &RoomMessage) -> StoreResult<()> {
        // No receiver is not an error: nobody follows.
        let _ = self.rooms.send(message.clone());

        Ok(())
    }

    async fn room_messages(&self) -> StoreResult<BoxStream<'static, RoomMessage>> {
        Ok(received(&self.rooms))
    }
}
