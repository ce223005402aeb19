//! A finished game as the archive keeps it: one compact binary record that reads back as the very metadata and
//! events the live store held, byte for byte, checked against the log's hash chain.
//!
//! Layout, integers as LEB128 varints:
//! `format` · `created_at_ms` · `players` · `seeded` (0/1) · seed (32 bytes) · one token hash per seat (32 bytes
//! each, zeros for a seat that had none: open, or a bot's) · head version · head hash (16 bytes) · options (length,
//! UTF-8) · the log (length, bytes) · in format 3 only, the state the log ends in (the number of the zstd dictionary
//! it is compressed with; its snapshot format: length, UTF-8; its data: length, zstd) · the chat, one
//! `<id> <message>` per line, compressed with zstd (the rest of the record; nothing for a game without chat).
//!
//! The log is, in format 2, the game's decisions (`LogCodec`: the rules engines replay them to the very events),
//! compressed with zstd: a few hundred bytes. A record of format 2 names the rules it was made with and reads back
//! only under them; before a release changes a title's rules, `ludus archive freeze` rewrites that title's records in
//! format 1, where the log is the events themselves, one per line, compressed with zstd (tens of KiB, read back by any
//! release). A log that the rules cannot replay identically is archived in format 1 too.
//!
//! Format 3 is format 2 for a long log (`KEEPS_END_FROM` events or more): the record also keeps the state the replay
//! ends in, 200 to 500 bytes compressed with a dictionary trained on such states
//! (`scripts/train-end-state-dictionary`; 950 bytes without), so that reading the game's current state restores it
//! instead of replaying thousands of decisions (Rome et Carthage's 3,000 to 6,000 events take milliseconds). That
//! state is checked
//! against the replay's whenever the log is replayed (archival reads every record back), and it is used only by the
//! rules that wrote it (its snapshot format names them).

use crate::ids::GameId;
use crate::store::{ChainHash, ChatEntry, GameMeta, Head, LoadedLatest, StoreError, StoreResult, StoredSnapshot};
use crate::varint;

use std::sync::OnceLock;

/// Tells a finished game's log by what decided it, and back: the rules engines, which the store does not know.
pub trait LogCodec: Send + Sync {
    /// The `events` of game `meta` told compactly, or `None` when they cannot be.
    fn encode(&self, meta: &GameMeta, events: &[String]) -> Option<Vec<u8>>;
    /// The events that `encode` told as `bytes`.
    fn decode(&self, meta: &GameMeta, bytes: &[u8]) -> Result<DecodedLog, String>;
}

/// A log a `LogCodec` told back, with the state its replay ended in when the codec has one (as a snapshot holds it:
/// its format and data), so that reading the game restores that state instead of folding the log again.
#[derive(Debug)]
pub struct DecodedLog {
    pub events: Vec<String>,
    pub end_state: Option<(String, String)>,
}

/// An archived game as read back: for a record of decisions, with the state the replay ended in, as a snapshot at the
/// game's head.
#[derive(Debug)]
pub struct ReadBack {
    pub game: ArchivedGame,
    pub end_state: Option<StoredSnapshot>,
}

/// The events themselves.
const EVENTS: u8 = 1;
/// The decisions, replayed by the rules engines.
const DECISIONS: u8 = 2;
/// The decisions, and the state their replay ends in.
const DECISIONS_AND_END: u8 = 3;
/// From how many events a record of decisions keeps the state its replay ends in: a replay costs about a microsecond
/// an event, so that below, the first read of an archived game stays within twice a read from Redis (0.7 ms); above,
/// it would not, and the state costs 200 to 500 bytes (docs/performance.md#archive).
const KEEPS_END_FROM: usize = 600;
/// The zstd dictionaries end states are compressed with, by number (from 1). A record names its own: one in use is
/// never changed or removed (a test pins each one's hash), and a better one is added under the next number.
const END_STATE_DICTIONARIES: [&[u8]; 1] = [include_bytes!("end-states-1.zdict")];

/// The dictionary end states are compressed with now, by number.
fn end_state_dictionary() -> (u64, &'static zstd::dict::EncoderDictionary<'static>) {
    static PREPARED: OnceLock<zstd::dict::EncoderDictionary<'static>> = OnceLock::new();
    let number = END_STATE_DICTIONARIES.len();
    let prepared =
        PREPARED.get_or_init(|| zstd::dict::EncoderDictionary::copy(END_STATE_DICTIONARIES[number - 1], LEVEL));
    (number as u64, prepared)
}

/// Dictionary `number`, prepared to decompress with.
fn end_state_decoder(number: u64) -> StoreResult<&'static zstd::dict::DecoderDictionary<'static>> {
    static PREPARED: OnceLock<Vec<zstd::dict::DecoderDictionary<'static>>> = OnceLock::new();
    let prepared = PREPARED.get_or_init(|| {
        (END_STATE_DICTIONARIES.iter())
            .map(|dictionary| zstd::dict::DecoderDictionary::copy(dictionary))
            .collect()
    });
    (usize::try_from(number).ok())
        .and_then(|number| prepared.get(number.checked_sub(1)?))
        .ok_or_else(|| corrupt(&format!("end state dictionary {number}, unknown to this build")))
}
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
    /// The record's bytes, in format 2 when `codec` replays the log to its very events (3 when the log is long enough
    /// to keep the state it ends in too), else in format 1. The title is not in them (the archive keeps it beside, as
    /// a column).
    pub fn encode(&self, codec: Option<&dyn LogCodec>) -> StoreResult<Vec<u8>> {
        let told = codec.and_then(|codec| {
            let decisions = codec.encode(&self.meta, &self.events)?;
            let replayed = codec.decode(&self.meta, &decisions).ok()?;
            (replayed.events == self.events).then_some((decisions, replayed.end_state))
        });
        let end_state = (told.as_ref())
            .and_then(|(_, end_state)| end_state.as_ref())
            .filter(|_| self.events.len() >= KEEPS_END_FROM);
        let format = match (&told, end_state) {
            (None, _) => EVENTS,
            (Some(_), None) => DECISIONS,
            (Some(_), Some(_)) => DECISIONS_AND_END,
        };
        let meta = &self.meta;
        let mut bytes = vec![format];
        varint::put(&mut bytes, meta.created_at_ms);
        varint::put(&mut bytes, meta.players as u64);
        bytes.push(u8::from(meta.seeded));
        put_hex(&mut bytes, &meta.seed, 32)?;
        if meta.token_hashes.len() != meta.players {
            return Err(corrupt("one token hash per seat"));
        }
        for hash in &meta.token_hashes {
            match hash.as_str() {
                "" => bytes.extend_from_slice(&NO_TOKEN),
                hash => put_hex(&mut bytes, hash, 32)?,
            }
        }
        varint::put(&mut bytes, self.head.version);
        bytes.extend_from_slice(&self.head.hash.0);
        varint::put(&mut bytes, meta.options.len() as u64);
        bytes.extend_from_slice(meta.options.as_bytes());
        let log = match &told {
            Some((decisions, _)) => compress(decisions)?,
            None => compress(lines(self.events.iter().map(String::as_str))?.as_bytes())?,
        };
        varint::put(&mut bytes, log.len() as u64);
        bytes.extend_from_slice(&log);
        if let Some((format, data)) = end_state {
            let (number, dictionary) = end_state_dictionary();
            varint::put(&mut bytes, number);
            varint::put(&mut bytes, format.len() as u64);
            bytes.extend_from_slice(format.as_bytes());
            let data = compress_with(data.as_bytes(), Some(dictionary))?;
            varint::put(&mut bytes, data.len() as u64);
            bytes.extend_from_slice(&data);
        }
        if !self.chat.is_empty() {
            let chat: Vec<String> = self
                .chat
                .iter()
                .map(|entry| format!("{} {}", entry.id, entry.message))
                .collect();
            bytes.extend_from_slice(&compress(lines(chat.iter().map(String::as_str))?.as_bytes())?);
        }
        Ok(bytes)
    }

    /// The game of `id` and `title` from its record's bytes, once its events hash to the head the record names
    /// (`codec` replays a record of format 2 or 3).
    pub fn decode(id: &GameId, title: &str, bytes: &[u8], codec: Option<&dyn LogCodec>) -> StoreResult<ReadBack> {
        let Parts {
            format,
            meta,
            head,
            log,
            end_state: kept_end,
            chat,
        } = Parts::read(id, title, bytes)?;
        let log = decompress(log)?;
        let chat = match chat {
            [] => Vec::new(),
            compressed => split_lines(&text(decompress(compressed)?)?)
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
        let DecodedLog { events, end_state } = match (format, codec) {
            (EVENTS, _) => DecodedLog {
                events: split_lines(&text(log)?),
                end_state: None,
            },
            (_, Some(codec)) => codec.decode(&meta, &log).map_err(|reason| corrupt(&reason))?,
            (_, None) => return Err(corrupt("a record of decisions, read without the rules engines")),
        };
        let read_head = Head::of_log(id, &events);
        if read_head != head {
            return Err(corrupt("the archived events do not hash to the archived head"));
        }
        if let Some(kept) = kept_end {
            let kept = kept.snapshot(head)?;
            if end_state.as_ref() != Some(&(kept.format, kept.data)) {
                return Err(corrupt("the kept end state is not the one the decisions replay to"));
            }
        }
        Ok(ReadBack {
            game: Self {
                meta,
                events,
                head,
                chat,
            },
            end_state: end_state.map(|(format, data)| StoredSnapshot { head, format, data }),
        })
    }

    /// Game `id` of `title` as `EventStore::load_latest` gives it, from its record's bytes without replaying its
    /// log, when the record keeps the state the log ends in (format 3); `None` for any other record.
    pub fn latest(id: &GameId, title: &str, bytes: &[u8]) -> StoreResult<Option<LoadedLatest>> {
        let Parts {
            meta, head, end_state, ..
        } = Parts::read(id, title, bytes)?;
        let Some(end_state) = end_state else {
            return Ok(None);
        };
        Ok(Some(LoadedLatest {
            meta,
            snapshot: Some(end_state.snapshot(head)?),
            events: Vec::new(),
            head,
        }))
    }
}

/// A record's sections, read without unpacking them.
struct Parts<'a> {
    format: u8,
    meta: GameMeta,
    /// The head the record names.
    head: Head,
    log: &'a [u8],
    end_state: Option<KeptEnd<'a>>,
    chat: &'a [u8],
}

/// The state a log of decisions ends in, as a record of format 3 keeps it.
struct KeptEnd<'a> {
    dictionary: u64,
    format: &'a str,
    compressed: &'a [u8],
}

impl KeptEnd<'_> {
    fn snapshot(&self, head: Head) -> StoreResult<StoredSnapshot> {
        Ok(StoredSnapshot {
            head,
            format: self.format.to_owned(),
            data: text(decompress_with(self.compressed, Some(end_state_decoder(self.dictionary)?))?)?,
        })
    }
}

impl<'a> Parts<'a> {
    fn read(id: &GameId, title: &str, bytes: &'a [u8]) -> StoreResult<Self> {
        let mut reader = Reader { bytes };
        let format = reader.take(1)?[0];
        if ![EVENTS, DECISIONS, DECISIONS_AND_END].contains(&format) {
            return Err(corrupt(&format!("archive record format {format}")));
        }
        let created_at_ms = reader.varint()?;
        let players = usize::try_from(reader.varint()?).map_err(|_| corrupt("players"))?;
        let seeded = reader.take(1)?[0] == 1;
        let seed = hex::encode(reader.take(32)?);
        let token_hashes = (0..players)
            .map(|_| {
                reader.take(32).map(|hash| {
                    if hash == NO_TOKEN {
                        String::new()
                    } else {
                        hex::encode(hash)
                    }
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        let version = reader.varint()?;
        let hash = ChainHash(reader.take(16)?.try_into().map_err(|_| corrupt("head hash"))?);
        let options = String::from_utf8(reader.section()?.to_vec()).map_err(|_| corrupt("options"))?;
        let log = reader.section()?;
        let end_state = match format {
            DECISIONS_AND_END => Some(KeptEnd {
                dictionary: reader.varint()?,
                format: std::str::from_utf8(reader.section()?).map_err(|_| corrupt("end state format"))?,
                compressed: reader.section()?,
            }),
            _ => None,
        };
        let meta = GameMeta {
            id: id.clone(),
            title: title.to_owned(),
            players,
            options,
            token_hashes,
            seed,
            created_at_ms,
            seeded,
        };
        Ok(Self {
            format,
            meta,
            head: Head { version, hash },
            log,
            end_state,
            chat: reader.bytes,
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

fn compress(bytes: &[u8]) -> StoreResult<Vec<u8>> {
    compress_with(bytes, None)
}

fn compress_with(bytes: &[u8], dictionary: Option<&zstd::dict::EncoderDictionary>) -> StoreResult<Vec<u8>> {
    let compressor = match dictionary {
        Some(dictionary) => zstd::bulk::Compressor::with_prepared_dictionary(dictionary),
        None => zstd::bulk::Compressor::new(LEVEL),
    };
    (compressor.and_then(|mut compressor| compressor.compress(bytes)))
        .map_err(|error| corrupt(&format!("zstd: {error}")))
}

fn text(bytes: Vec<u8>) -> StoreResult<String> {
    String::from_utf8(bytes).map_err(|_| corrupt("events or chat that are not UTF-8"))
}

fn decompress(compressed: &[u8]) -> StoreResult<Vec<u8>> {
    decompress_with(compressed, None)
}

fn decompress_with(compressed: &[u8], dictionary: Option<&zstd::dict::DecoderDictionary>) -> StoreResult<Vec<u8>> {
    let size = zstd::zstd_safe::get_frame_content_size(compressed)
        .ok()
        .flatten()
        .filter(|size| *size <= MAX_SECTION)
        .ok_or_else(|| corrupt("zstd frame without its size, or too large"))?;
    let decompressor = match dictionary {
        Some(dictionary) => zstd::bulk::Decompressor::with_prepared_dictionary(dictionary),
        None => zstd::bulk::Decompressor::new(),
    };
    (decompressor.and_then(|mut decompressor| decompressor.decompress(compressed, size as usize)))
        .map_err(|error| corrupt(&format!("zstd: {error}")))
}

fn corrupt(what: &str) -> StoreError {
    StoreError::Corrupt(format!("archive record: {what}"))
}

/// A seat without a token (open when the game was made, or a bot's): no SHA-256 is all zeros.
const NO_TOKEN: [u8; 32] = [0; 32];

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
        varint::take(&mut self.bytes, length).ok_or_else(|| corrupt("truncated"))
    }

    fn varint(&mut self) -> StoreResult<u64> {
        varint::read(&mut self.bytes).ok_or_else(|| corrupt("a varint cut short or too long"))
    }

    /// A section: its length, then its bytes.
    fn section(&mut self) -> StoreResult<&'a [u8]> {
        let length = usize::try_from(self.varint()?).map_err(|_| corrupt("a section's length"))?;
        self.take(length)
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
                // The second seat was open (or a bot's): no token.
                token_hashes: vec!["ab".repeat(32), String::new()],
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
            let bytes = game.encode(None).unwrap();
            assert_eq!(
                ArchivedGame::decode(&game.meta.id, "caligula", &bytes, None)
                    .unwrap()
                    .game,
                game
            );
        }
    }

    #[test]
    fn a_record_is_refused_when_its_events_do_not_hash_to_its_head() {
        let mut game = game(&[r#"{"type":"dealt","seat":0}"#], &[]);
        game.head.version = 2;
        let bytes = game.encode(None).unwrap();
        let error = ArchivedGame::decode(&game.meta.id, "caligula", &bytes, None).unwrap_err();
        assert!(error.to_string().contains("do not hash to the archived head"), "{error}");
        assert!(
            ArchivedGame::decode(&game.meta.id, "caligula", &bytes[..bytes.len() - 3], None).is_err(),
            "truncated"
        );
    }

    #[test]
    fn a_game_whose_metadata_cannot_be_packed_is_not_archived() {
        let mut bad_seed = game(&[], &[]);
        bad_seed.meta.seed = "not hex".into();
        assert!(bad_seed.encode(None).is_err());
        let mut line_break = game(&["{\"a\":\n1}"], &[]);
        line_break.head = Head::of_log(&line_break.meta.id, &line_break.events);
        assert!(line_break.encode(None).is_err());
    }

    /// Tells a log of `{"n":0}`, `{"n":1}`... by its length alone, and any other log not at all; `faithful: false`
    /// tells it back one event short.
    struct Counting {
        faithful: bool,
        /// The format its end states are in.
        rules: &'static str,
    }

    impl LogCodec for Counting {
        fn encode(&self, _: &GameMeta, events: &[String]) -> Option<Vec<u8>> {
            let counted = (0..events.len()).all(|n| events[n] == format!(r#"{{"n":{n}}}"#));
            counted.then(|| (events.len() as u16).to_le_bytes().to_vec())
        }

        /// The log, and as its end state the count.
        fn decode(&self, _: &GameMeta, bytes: &[u8]) -> Result<DecodedLog, String> {
            let count = usize::from(u16::from_le_bytes([bytes[0], bytes[1]])) - usize::from(!self.faithful);
            Ok(DecodedLog {
                events: (0..count).map(|n| format!(r#"{{"n":{n}}}"#)).collect(),
                end_state: Some((self.rules.into(), format!(r#"{{"count":{count}}}"#))),
            })
        }
    }

    #[test]
    fn a_log_is_kept_as_its_decisions_only_when_they_replay_to_its_very_events() {
        let counted = game(&[r#"{"n":0}"#, r#"{"n":1}"#, r#"{"n":2}"#], &["gg"]);
        let faithful = Counting {
            faithful: true,
            rules: "counting",
        };
        let bytes = counted.encode(Some(&faithful)).unwrap();
        assert_eq!(bytes[0], DECISIONS);
        assert!(bytes.len() < counted.encode(None).unwrap().len());
        assert_eq!(
            ArchivedGame::decode(&counted.meta.id, "caligula", &bytes, Some(&faithful))
                .unwrap()
                .game,
            counted
        );
        let error = ArchivedGame::decode(&counted.meta.id, "caligula", &bytes, None).unwrap_err();
        assert!(error.to_string().contains("without the rules engines"), "{error}");

        let unfaithful = Counting {
            faithful: false,
            rules: "counting",
        };
        let bytes = counted.encode(Some(&unfaithful)).unwrap();
        assert_eq!(bytes[0], EVENTS, "a codec that does not give the log back is not used");
        assert_eq!(
            ArchivedGame::decode(&counted.meta.id, "caligula", &bytes, None)
                .unwrap()
                .game,
            counted
        );

        let other = game(&[r#"{"type":"dealt","seat":0}"#], &[]);
        assert_eq!(other.encode(Some(&faithful)).unwrap()[0], EVENTS, "a log the codec cannot tell");
    }

    fn counted(events: usize) -> ArchivedGame {
        let events: Vec<String> = (0..events).map(|n| format!(r#"{{"n":{n}}}"#)).collect();
        let mut counted = game(&events.iter().map(String::as_str).collect::<Vec<_>>(), &["gg"]);
        counted.head = Head::of_log(&counted.meta.id, &counted.events);
        counted
    }

    #[test]
    fn a_long_log_s_record_keeps_its_end_state_read_without_replaying_it() {
        let faithful = Counting {
            faithful: true,
            rules: "counting",
        };
        let short = counted(KEEPS_END_FROM - 1);
        let bytes = short.encode(Some(&faithful)).unwrap();
        assert_eq!(bytes[0], DECISIONS, "a short log is replayed");
        assert!(
            ArchivedGame::latest(&short.meta.id, "caligula", &bytes)
                .unwrap()
                .is_none()
        );

        let long = counted(KEEPS_END_FROM);
        let bytes = long.encode(Some(&faithful)).unwrap();
        assert_eq!(bytes[0], DECISIONS_AND_END);
        // Read without any codec: the state is the record's own.
        let latest = ArchivedGame::latest(&long.meta.id, "caligula", &bytes)
            .unwrap()
            .expect("kept");
        let snapshot = latest.snapshot.expect("the end state");
        let counted_state = format!(r#"{{"count":{KEEPS_END_FROM}}}"#);
        assert_eq!((snapshot.format.as_str(), snapshot.data.as_str()), ("counting", counted_state.as_str()));
        assert_eq!((snapshot.head, latest.head), (long.head, long.head));
        assert_eq!(latest.meta, long.meta);
        assert!(latest.events.is_empty());
        // Read whole, the replay is checked against the kept state.
        let read = ArchivedGame::decode(&long.meta.id, "caligula", &bytes, Some(&faithful)).unwrap();
        assert_eq!(read.game, long);
        assert_eq!(read.end_state.map(|end| end.data), Some(snapshot.data));

        // A kept state the decisions do not replay to (here: rules that name their states otherwise) is refused.
        let other_rules = Counting {
            faithful: true,
            rules: "other",
        };
        let error = ArchivedGame::decode(&long.meta.id, "caligula", &bytes, Some(&other_rules)).unwrap_err();
        assert!(error.to_string().contains("not the one the decisions replay to"), "{error}");
    }

    /// A dictionary in use decompresses the end states of records already archived: it never changes.
    #[test]
    fn the_end_state_dictionaries_in_use_are_unchanged() {
        use sha2::{Digest, Sha256};
        let hashes: Vec<String> = (END_STATE_DICTIONARIES.iter())
            .map(|dictionary| hex::encode(Sha256::digest(dictionary)))
            .collect();
        assert_eq!(hashes, ["0cd6ee16f306c4234382b835f886df07263c4fa88c9ecc20a576f3cdd5ce1b44"]);
    }
}
