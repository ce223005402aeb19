//! A finished game as the archive keeps it: one compact binary record that reads back as the very metadata and
//! events the live store held, byte for byte, checked against the log's hash chain.
//!
//! Layout (format 1), integers as LEB128 varints:
//! `format` · `created_at_ms` · `players` · `seeded` (0/1) · seed (32 bytes) · one token hash per seat (32 bytes
//! each) · head version · head hash (16 bytes) · options (length, UTF-8) · the events, one per line, compressed with
//! zstd (length, bytes) · the chat, one `<id> <message>` per line, compressed with zstd
//! (the rest of the record; nothing for a game without chat).
//!
//! The events are kept as they are, not re-derived from decisions: a record never depends on the engine that
//! wrote it, so it reads back identically whatever `RULES_VERSION` the title has since.

use crate::ids::GameId;
use crate::store::{ChainHash, ChatEntry, GameMeta, Head, StoreError, StoreResult};

/// The only format written so far.
const FORMAT: u8 = 1;
/// zstd's level: archival is rare and reads decompress at the same speed whatever the level.
const LEVEL: i32 = 19;
/// The largest section a record may unpack to: far beyond any game's log (the longest are a few hundred KiB).
const MAX_SECTION: u64 = 256 << 20;

/// A finished game as archived: its metadata and whole log, ending at `head`, and its chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    pub meta: GameMeta,
    pub events: Vec<String>,
    pub head: Head,
    pub chat: Vec<ChatEntry>,
}

impl ArchivedGame {
    /// The record's bytes. The title is not in them (the archive keeps it beside, as a column).
    pub fn encode(&self) -> StoreResult<Vec<u8>> {
        let meta = &self.meta;
        let mut bytes = vec![FORMAT];
        put_varint(&mut bytes, meta.created_at_ms);
        put_varint(&mut bytes, meta.players as u64);
        bytes.push(u8::from(meta.seeded));
        put_hex(&mut bytes, &meta.seed, 32)?;
        if meta.token_hashes.len() != meta.players {
            return Err(corrupt("one token hash per seat"));
        }
        for hash in &meta.token_hashes {
            put_hex(&mut bytes, hash, 32)?;
        }
        put_varint(&mut bytes, self.head.version);
        bytes.extend_from_slice(&self.head.hash.0);
        put_varint(&mut bytes, meta.options.len() as u64);
        bytes.extend_from_slice(meta.options.as_bytes());
        let events = compress(&lines(self.events.iter().map(String::as_str))?)?;
        put_varint(&mut bytes, events.len() as u64);
        bytes.extend_from_slice(&events);
        if !self.chat.is_empty() {
            let chat: Vec<String> = self
                .chat
                .iter()
                .map(|entry| format!("{} {}", entry.id, entry.message))
                .collect();
            bytes.extend_from_slice(&compress(&lines(chat.iter().map(String::as_str))?)?);
        }
        Ok(bytes)
    }

    /// The game of `id` and `title` from its record's bytes, once its events hash to the head the record names.
    pub fn decode(id: &GameId, title: &str, bytes: &[u8]) -> StoreResult<Self> {
        let mut reader = Reader { bytes };
        let format = reader.take(1)?[0];
        if format != FORMAT {
            return Err(corrupt(&format!("archive record format {format}")));
        }
        let created_at_ms = reader.varint()?;
        let players = usize::try_from(reader.varint()?).map_err(|_| corrupt("players"))?;
        let seeded = reader.take(1)?[0] == 1;
        let seed = hex::encode(reader.take(32)?);
        let token_hashes = (0..players)
            .map(|_| reader.take(32).map(hex::encode))
            .collect::<StoreResult<Vec<_>>>()?;
        let version = reader.varint()?;
        let hash = ChainHash(reader.take(16)?.try_into().map_err(|_| corrupt("head hash"))?);
        let options_length = usize::try_from(reader.varint()?).map_err(|_| corrupt("options"))?;
        let options = String::from_utf8(reader.take(options_length)?.to_vec()).map_err(|_| corrupt("options"))?;
        let events_length = usize::try_from(reader.varint()?).map_err(|_| corrupt("events"))?;
        let events = split_lines(&decompress(reader.take(events_length)?)?);
        let chat = match reader.bytes {
            [] => Vec::new(),
            compressed => split_lines(&decompress(compressed)?)
                .iter()
                .map(|line| {
                    let (id, message) = line.split_once(' ').ok_or_else(|| corrupt("chat"))?;
                    Ok(ChatEntry {
                        id: id.parse().map_err(|()| corrupt("chat id"))?,
                        message: message.to_owned(),
                    })
                })
                .collect::<StoreResult<_>>()?,
        };
        let head = Head::of_log(id, &events);
        if head != (Head { version, hash }) {
            return Err(corrupt("the archived events do not hash to the archived head"));
        }
        Ok(Self {
            meta: GameMeta {
                id: id.clone(),
                title: title.to_owned(),
                players,
                options,
                token_hashes,
                seed,
                created_at_ms,
                seeded,
            },
            events,
            head,
            chat,
        })
    }
}

/// One line each; refused when one holds a line break (events and chat messages are compact JSON: they never do).
fn lines<'a>(items: impl Iterator<Item = &'a str>) -> StoreResult<String> {
    let mut text = String::new();
    for (index, item) in items.enumerate() {
        if item.contains('\n') {
            return Err(corrupt("a line break in an event or message"));
        }
        if index > 0 {
            text.push('\n');
        }
        text.push_str(item);
    }
    Ok(text)
}

fn split_lines(text: &str) -> Vec<String> {
    match text.is_empty() {
        true => Vec::new(),
        false => text.split('\n').map(str::to_owned).collect(),
    }
}

fn compress(text: &str) -> StoreResult<Vec<u8>> {
    zstd::bulk::compress(text.as_bytes(), LEVEL).map_err(|error| corrupt(&format!("zstd: {error}")))
}

fn decompress(compressed: &[u8]) -> StoreResult<String> {
    let size = zstd::zstd_safe::get_frame_content_size(compressed)
        .ok()
        .flatten()
        .filter(|size| *size <= MAX_SECTION)
        .ok_or_else(|| corrupt("zstd frame without its size, or too large"))?;
    let bytes =
        zstd::bulk::decompress(compressed, size as usize).map_err(|error| corrupt(&format!("zstd: {error}")))?;
    String::from_utf8(bytes).map_err(|_| corrupt("events are not UTF-8"))
}

fn corrupt(what: &str) -> StoreError {
    StoreError::Corrupt(format!("archive record: {what}"))
}

fn put_varint(bytes: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            bytes.push(low);
            return;
        }
        bytes.push(low | 0x80);
    }
}

fn put_hex(bytes: &mut Vec<u8>, text: &str, length: usize) -> StoreResult<()> {
    let decoded = hex::decode(text).map_err(|_| corrupt("a hash or seed is not hex"))?;
    if decoded.len() != length {
        return Err(corrupt("a hash or seed of another length"));
    }
    bytes.extend_from_slice(&decoded);
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, length: usize) -> StoreResult<&'a [u8]> {
        if self.bytes.len() < length {
            return Err(corrupt("truncated"));
        }
        let (taken, rest) = self.bytes.split_at(length);
        self.bytes = rest;
        Ok(taken)
    }

    fn varint(&mut self) -> StoreResult<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(corrupt("varint too long"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(events: &[&str], chat: &[&str]) -> ArchivedGame {
        let id = GameId::known("0123456789abcdef0123456789abcdef");
        let events: Vec<String> = events.iter().map(|event| (*event).to_owned()).collect();
        ArchivedGame {
            meta: GameMeta {
                id: id.clone(),
                title: "caligula".into(),
                players: 2,
                options: r#"{"variant":"full"}"#.into(),
                token_hashes: vec!["ab".repeat(32), "cd".repeat(32)],
                seed: "ef".repeat(32),
                created_at_ms: 1_790_000_000_123,
                seeded: true,
            },
            head: Head::of_log(&id, &events),
            events,
            chat: chat
                .iter()
                .enumerate()
                .map(|(at, message)| ChatEntry {
                    id: format!("{}-0", 1_790_000_000_000 + at as u64).parse().unwrap(),
                    message: (*message).to_owned(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_record_reads_back_as_the_very_game_it_was_made_of() {
        for game in [
            game(&[r#"{"type":"dealt","seat":0}"#, r#"{"type":"played","card":"é"}"#], &[r#"{"text":"gg"}"#]),
            game(&[r#"{"type":"dealt","seat":0}"#], &[]),
            game(&[], &[]),
        ] {
            let bytes = game.encode().unwrap();
            assert_eq!(ArchivedGame::decode(&game.meta.id, "caligula", &bytes).unwrap(), game);
        }
    }

    #[test]
    fn a_record_is_refused_when_its_events_do_not_hash_to_its_head() {
        let mut game = game(&[r#"{"type":"dealt","seat":0}"#], &[]);
        game.head.version = 2;
        let bytes = game.encode().unwrap();
        let error = ArchivedGame::decode(&game.meta.id, "caligula", &bytes).unwrap_err();
        assert!(error.to_string().contains("do not hash to the archived head"), "{error}");
        assert!(ArchivedGame::decode(&game.meta.id, "caligula", &bytes[..bytes.len() - 3]).is_err(), "truncated");
    }

    #[test]
    fn a_game_whose_metadata_cannot_be_packed_is_not_archived() {
        let mut bad_seed = game(&[], &[]);
        bad_seed.meta.seed = "not hex".into();
        assert!(bad_seed.encode().is_err());
        let mut line_break = game(&["{\"a\":\n1}"], &[]);
        line_break.head = Head::of_log(&line_break.meta.id, &line_break.events);
        assert!(line_break.encode().is_err());
    }
}
