//! A game's log in Redis: its creation, loads and verified reads, conditional appends with what goes with them, the
//! history check of a client's position, the outbox and idempotency records.

use std::collections::HashMap;

use redis::Value;

use super::codec::{Keys, corrupt, meta_fields, millis};
use super::replies::{AppendReply, LatestReply, LoadReply, ReadReply};
use super::{RedisStore, Write};
use crate::clock::now_ms;
use crate::store::{
    Append, Appended, GameMeta, Head, HeadTag, History, Loaded, LoadedLatest, OutboxEntry, ReadAfter, StoreError,
    StoreResult, StoredSnapshot,
};

impl RedisStore {
    pub(super) async fn create_log(
        &self,
        meta: &GameMeta,
        events: &[String],
        outbox: &[(String, String)],
    ) -> StoreResult<Head> {
        let keys = Keys::of(&meta.id);
        let fields = meta_fields(meta);
        let (head, hashes) = Head::genesis(&meta.id).extend(events);
        let mut invocation = self.create.key(&keys.meta);
        invocation.key(&keys.events).key(&keys.outbox).arg(fields.len());
        for (name, value) in &fields {
            invocation.arg(*name).arg(value);
        }
        invocation.arg(outbox.len());
        for (account, notification) in outbox {
            invocation.arg(account).arg(notification);
        }
        for (event, hash) in events.iter().zip(&hashes) {
            invocation.arg(event).arg(hash.to_hex());
        }
        let created: i64 = self.write("create", Write::Script(&invocation)).await?;
        if created == 1 {
            Ok(head)
        } else {
            Err(StoreError::AlreadyExists)
        }
    }

    pub(super) async fn load_log(&self, id: &str) -> StoreResult<Loaded> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("load", |mut connection| async move {
                self.load
                    .key(&keys.meta)
                    .key(&keys.events)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        let LoadReply { meta, events } = LoadReply::decode(reply)?.ok_or(StoreError::NotFound)?;
        Ok(Loaded {
            meta,
            head: Head::of_log(id, &events),
            events,
        })
    }

    pub(super) async fn load_latest_log(&self, id: &str) -> StoreResult<LoadedLatest> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("load_latest", |mut connection| async move {
                self.load_latest
                    .key(&keys.meta)
                    .key(&keys.events)
                    .key(&keys.snapshot)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        let LatestReply { meta, events, snapshot } = LatestReply::decode(reply)?.ok_or(StoreError::NotFound)?;
        let snapshot = snapshot
            .map(|text| StoredSnapshot::decode(&text).ok_or_else(|| corrupt("unreadable snapshot header")))
            .transpose()?;
        let head = match &snapshot {
            Some(snapshot) => snapshot.head.extend(&events).0,
            None => Head::of_log(id, &events),
        };
        Ok(LoadedLatest {
            meta,
            snapshot,
            events,
            head,
        })
    }

    pub(super) async fn remove_log(&self, id: &str, head: Head) -> StoreResult<bool> {
        let keys = Keys::of(id);
        let removed: i64 = self
            .run("remove_game", |mut connection| async move {
                self.remove
                    .key(&keys.meta)
                    .key(&keys.events)
                    .key(&keys.snapshot)
                    .key(&keys.records)
                    .key(&keys.chat)
                    .key(&keys.seen)
                    .key(&keys.forks)
                    .key(&keys.outbox)
                    .arg(head.version)
                    .arg(head.hash.to_hex())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        Ok(removed == 1)
    }

    pub(super) async fn read_log_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("read_after", |mut connection| async move {
                self.read
                    .key(&keys.meta)
                    .key(&keys.events)
                    .arg(from.version)
                    .arg(from.hash.to_hex())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        match ReadReply::decode(reply)? {
            ReadReply::Extends { events } => {
                let (head, _) = from.extend(&events);
                Ok(ReadAfter::Extends { events, head })
            }
            ReadReply::Diverged => Ok(ReadAfter::Diverged),
            ReadReply::Missing => Err(StoreError::NotFound),
        }
    }

    pub(super) async fn append_to_log(&self, id: &str, append: Append<'_>) -> StoreResult<Appended> {
        let keys = Keys::of(id);
        let record_key = Keys::idempotency(id, append.idempotency.map_or("", |i| i.key));
        let (head, hashes) = append.from.extend(append.events);
        let finished_ttl = if append.finishes {
            millis(self.retention.finished)
        } else {
            0
        };
        let snapshot = append.snapshot.map(|snapshot| {
            StoredSnapshot {
                head,
                format: snapshot.format.to_owned(),
                data: snapshot.data.to_owned(),
            }
            .encode()
        });
        let mut invocation = self.append.key(&keys.meta);
        invocation
            .key(&keys.events)
            .key(&record_key)
            .key(&keys.snapshot)
            .key(&keys.records)
            .key(&keys.chat)
            .key(&keys.seen)
            .key(&keys.forks)
            .key(&keys.outbox)
            .arg(append.from.version)
            .arg(append.from.hash.to_hex())
            .arg(append.idempotency.map_or("", |i| i.record))
            .arg(millis(self.retention.idempotency))
            .arg(finished_ttl)
            .arg(id)
            .arg(snapshot.as_deref().unwrap_or(""))
            .arg(now_ms().to_string())
            .arg(append.known.map_or_else(String::new, |known| known.version.to_string()))
            .arg(append.known.map_or_else(String::new, |known| known.prefix_hex()))
            .arg(append.outbox.len());
        for (account, notification) in append.outbox {
            invocation.arg(account).arg(notification);
        }
        for (event, hash) in append.events.iter().zip(&hashes) {
            invocation.arg(event).arg(hash.to_hex());
        }
        let reply: Value = self.write("append", Write::Script(&invocation)).await?;
        match AppendReply::decode(reply)? {
            AppendReply::Ok { version } if version != head.version => {
                Err(corrupt(format!("appended up to {version}, expected {}", head.version)))
            }
            AppendReply::Ok { .. } => Ok(Appended::Ok { head }),
            AppendReply::Duplicate { record } => Ok(Appended::Duplicate { record }),
            AppendReply::Behind { events } => {
                let (head, _) = append.from.extend(&events);
                Ok(Appended::Behind { events, head })
            }
            AppendReply::Rewritten { common } => Ok(Appended::Rewritten { common }),
            AppendReply::Conflict { actual, diverged } => Err(StoreError::Conflict { actual, diverged }),
            AppendReply::Missing => Err(StoreError::NotFound),
        }
    }

    pub(super) async fn log_history(&self, id: &str, tag: HeadTag) -> StoreResult<History> {
        let keys = Keys::of(id);
        let reply: String = self
            .run("history_of", |mut connection| async move {
                self.history
                    .key(&keys.events)
                    .key(&keys.forks)
                    .arg(tag.version)
                    .arg(tag.prefix_hex())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        match reply.as_str() {
            "holds" => Ok(History::Holds),
            common => Ok(History::Rewritten {
                common: common
                    .parse()
                    .map_err(|_| corrupt(format!("unexpected history reply {common}")))?,
            }),
        }
    }

    pub(super) async fn outbox_entries(&self, id: &str) -> StoreResult<Vec<OutboxEntry>> {
        let outbox = Keys::of(id).outbox;
        let entries: Vec<(String, HashMap<String, String>)> = self
            .run("outbox", |mut connection| async move {
                redis::cmd("XRANGE")
                    .arg(&outbox)
                    .arg("-")
                    .arg("+")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        entries
            .into_iter()
            .map(|(id, mut fields)| {
                let mut take = |name: &str| {
                    fields
                        .remove(name)
                        .ok_or_else(|| corrupt(format!("outbox entry {id} has no {name}")))
                };
                Ok(OutboxEntry {
                    account: take("a")?,
                    notification: take("n")?,
                    id,
                })
            })
            .collect()
    }

    pub(super) async fn outbox_remove(&self, id: &str, entries: &[String]) -> StoreResult<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let mut delivered = redis::cmd("XDEL");
        delivered.arg(Keys::of(id).outbox).arg(entries);
        self.write("outbox_delivered", Write::Commands(&[delivered])).await
    }

    pub(super) async fn record_of(&self, id: &str, key: &str) -> StoreResult<Option<String>> {
        let record_key = Keys::idempotency(id, key);
        if self.replication.replicas > 0 {
            // An answer rebuilt from the record acknowledges the move: only once replicas hold it.
            let invocation = self.record.key(&record_key);
            return self.write("idempotency_record", Write::Script(&invocation)).await;
        }
        self.run("idempotency_record", |mut connection| async move {
            redis::cmd("GET").arg(&record_key).query_async(&mut connection).await
        })
        .await
    }
}
