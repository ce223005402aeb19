//! Chats and seats last seen under the game's hash tag (`ludus:{<id>}:chat`, a Stream capped at CHAT_CAPACITY;
//! `ludus:{<id>}:seen`, a sorted set of seat ids by when last seen), each expiring with a finished game; room messages
//! on the channel `ludus:rooms`, to which each instance subscribes once.

use std::collections::HashMap;

use async_trait::async_trait;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;

use super::RedisStore;
use super::codec::{Keys, entry_fields, entry_id, millis};
use super::scripts::ROOMS_CHANNEL;
use crate::store::{
    CHAT_CAPACITY, ChatEntry, ChatPage, InboxId, RoomMessage, RoomStore, SEEN_KEPT, StoreError, StoreResult,
};

#[async_trait]
impl RoomStore for RedisStore {
    async fn push_chat(&self, id: &str, message: &str) -> StoreResult<InboxId> {
        let keys = Keys::of(id);
        let entry: Option<String> = self
            .run("push_chat", |mut connection| async move {
                self.chat
                    .key(&keys.meta)
                    .key(&keys.chat)
                    .arg(message)
                    .arg(CHAT_CAPACITY)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        entry_id(&entry.ok_or(StoreError::NotFound)?)
    }

    async fn read_chat(&self, id: &str, page: ChatPage, limit: usize) -> StoreResult<Vec<ChatEntry>> {
        let (first, last) = (
            InboxId { ms: 0, seq: 0 },
            InboxId {
                ms: u64::MAX,
                seq: u64::MAX,
            },
        );
        if page.before == Some(first) || page.after == Some(last) {
            // Nothing can be there, and Redis refuses an exclusive range past the ends.
            return Ok(Vec::new());
        }
        let chat = Keys::of(id).chat;
        let low = page.after.map_or_else(|| "-".to_owned(), |after| format!("({after}"));
        let high = page
            .before
            .map_or_else(|| "+".to_owned(), |before| format!("({before}"));
        // From the newest end, newest first, then put in order.
        let (command, start, end) = if page.forward() {
            ("XRANGE", low, high)
        } else {
            ("XREVRANGE", high, low)
        };
        let entries: Vec<(String, HashMap<String, String>)> = self
            .run("read_chat", |mut connection| async move {
                redis::cmd(command)
                    .arg(&chat)
                    .arg(&start)
                    .arg(&end)
                    .arg("COUNT")
                    .arg(limit)
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        let mut entries: Vec<ChatEntry> = entry_fields(entries, "m")?
            .into_iter()
            .map(|(id, message)| ChatEntry { id, message })
            .collect();
        if !page.forward() {
            entries.reverse();
        }
        Ok(entries)
    }

    async fn see(&self, id: &str, seats: &[&str], now_ms: u64) -> StoreResult<Vec<(String, u64)>> {
        let keys = Keys::of(id);
        let before: Option<Vec<(String, u64)>> = self
            .run("see", |mut connection| async move {
                let mut invocation = self.see.key(&keys.meta);
                invocation.key(&keys.seen).arg(now_ms).arg(millis(Some(SEEN_KEPT)));
                for seat in seats {
                    invocation.arg(*seat);
                }
                invocation.invoke_async(&mut connection).await
            })
            .await?;
        before.ok_or(StoreError::NotFound)
    }

    async fn seen(&self, id: &str) -> StoreResult<Vec<(String, u64)>> {
        let seen = Keys::of(id).seen;
        self.run("seen", |mut connection| async move {
            redis::cmd("ZRANGE")
                .arg(&seen)
                .arg(0)
                .arg(-1)
                .arg("WITHSCORES")
                .query_async(&mut connection)
                .await
        })
        .await
    }

    async fn publish_room(&self, message: &RoomMessage) -> StoreResult<()> {
        let line = message.encode();
        self.run("publish_room", |mut connection| async move {
            redis::cmd("PUBLISH")
                .arg(ROOMS_CHANNEL)
                .arg(&line)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn room_messages(&self) -> StoreResult<BoxStream<'static, RoomMessage>> {
        Ok(self
            .subscribe(ROOMS_CHANNEL)
            .await?
            .filter_map(|line| async move { RoomMessage::decode(&line) })
            .boxed())
    }
}
