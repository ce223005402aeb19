//! A finished game's log told by its decisions: at each step, which of the legal actions of the seats to act was
//! played, and when. The rules replay them, with the game's seed, to the very events of the log, byte for byte; an
//! event no decision of the kind leads to (a join, a timeout, a resignation, an undo asked out of turn...) is kept as
//! it is. This is how the archive keeps a game in a few hundred bytes instead of its events' tens of KiB.
//!
//! Layout, integers as LEB128 varints: the engine (`Title::snapshot_format`: the title, its `RULES_VERSION` and the
//! table's format), which must be this build's to decode · the number of events · the choices, one mixed-radix number
//! (length, little-endian bytes): at each step its digit is the index of the action played among the legal actions of
//! the seats to act, in order, or their count for an event kept as it is · then, in the order the replay needs them,
//! each played action's time (a zigzag varint, the difference from the previous one's) and each kept event (length,
//! UTF-8).

use serde_json::Value;

use super::{Decisions, GameSeed, GameSession, ReplayError, Title};
use crate::varint;

/// How far ahead of a step the time of a clocked move is looked for (its `clocks_run` event).
const CLOCK_WINDOW: usize = 16;

/// The log `events` of a game of `title` (for `players`, with `options` and `seed`) as its decisions; `None` when the
/// rules cannot replay it from the start.
pub fn encode(
    title: &dyn Title,
    players: usize,
    options: &Value,
    seed: GameSeed,
    events: &[String],
) -> Option<Vec<u8>> {
    let setup = title.create(players, options, seed).ok()?;
    let mut session = title.replay(players, options, &[]).ok()?;
    let (mut digits, mut side, mut last_ms) = (Vec::new(), Vec::new(), 0u64);
    let mut at = 0;
    while at < events.len() {
        let rest = &events[at..];
        let (played, radix) = {
            let step = Step::of(session.as_ref());
            let times = [Some(last_ms), clock_time(&rest[..rest.len().min(CLOCK_WINDOW)])];
            let played = times.iter().flatten().find_map(|&now_ms| {
                (0..step.count()).find_map(|index| {
                    let (next, produced) = match &step {
                        Step::Setup if rest.starts_with(&setup) => (None, setup.len()),
                        Step::Setup => return None,
                        Step::Decide(decisions) => {
                            let played = decisions.play(index, seed, now_ms).ok()?;
                            let fits = !played.events.is_empty() && rest.starts_with(&played.events);
                            (Some(played.next), fits.then_some(played.events.len())?)
                        }
                    };
                    Some((index, now_ms, next, produced))
                })
            });
            (played, step.count() as u64 + 1)
        };
        match played {
            Some((index, now_ms, next, produced)) => {
                digits.push((index as u64, radix));
                match next {
                    Some(next) => {
                        varint::put(&mut side, zigzag(now_ms.wrapping_sub(last_ms) as i64));
                        last_ms = now_ms;
                        session = next;
                    }
                    None => session.apply(&setup).ok()?,
                }
                at += produced;
            }
            None => {
                digits.push((radix - 1, radix));
                varint::put(&mut side, rest[0].len() as u64);
                side.extend_from_slice(rest[0].as_bytes());
                session.apply(&rest[..1]).ok()?;
                at += 1;
            }
        }
    }
    let mut bytes = Vec::new();
    let engine = title.snapshot_format();
    varint::put(&mut bytes, engine.len() as u64);
    bytes.extend_from_slice(engine.as_bytes());
    varint::put(&mut bytes, events.len() as u64);
    let choices = MixedRadix::from_digits(&digits).to_bytes();
    varint::put(&mut bytes, choices.len() as u64);
    bytes.extend_from_slice(&choices);
    bytes.extend_from_slice(&side);
    Some(bytes)
}

/// A log that `decode` replayed, and the game it ends in.
pub struct Replayed {
    pub events: Vec<String>,
    pub session: Box<dyn GameSession>,
}

/// The log that `encode` told as `bytes`, replayed by this build's rules of `title`.
pub fn decode(
    title: &dyn Title,
    players: usize,
    options: &Value,
    seed: GameSeed,
    bytes: &[u8],
) -> Result<Replayed, ReplayError> {
    let mut reader = Reader { bytes, events: 0 };
    let engine = reader.text()?;
    if engine != title.snapshot_format() {
        return Err(reader.broken(format!(
            "recorded for the rules {engine}, this build has {}: it reads records of its own rules only",
            title.snapshot_format()
        )));
    }
    let count = usize::try_from(reader.varint()?).map_err(|_| reader.broken("the event count".into()))?;
    let choices_length = usize::try_from(reader.varint()?).map_err(|_| reader.broken("the choices".into()))?;
    let mut choices_number = MixedRadix::from_bytes(reader.take(choices_length)?);
    let setup = title
        .create(players, options, seed)
        .map_err(|error| reader.broken(format!("the game cannot be set up: {error}")))?;
    let mut session = title.replay(players, options, &[])?;
    let mut events = Vec::with_capacity(count);
    let mut last_ms = 0u64;
    while events.len() < count {
        reader.events = events.len();
        let (played, setup_step) = {
            let step = Step::of(session.as_ref());
            let index = choices_number.take_digit(step.count() as u64 + 1) as usize;
            match &step {
                Step::Decide(decisions) if index < decisions.count() => {
                    last_ms = last_ms.wrapping_add(unzigzag(reader.varint()?) as u64);
                    let played = (decisions.play(index, seed, last_ms))
                        .map_err(|error| reader.broken(format!("a recorded decision is refused: {error}")))?;
                    (Some(played), false)
                }
                Step::Setup => (None, index == 0),
                Step::Decide(_) => (None, false),
            }
        };
        match played {
            Some(played) if played.events.is_empty() => {
                return Err(reader.broken("a recorded decision led to no event".into()));
            }
            Some(played) => {
                events.extend(played.events);
                session = played.next;
            }
            None if setup_step => {
                session.apply(&setup)?;
                events.extend(setup.iter().cloned());
            }
            None => {
                let event = reader.text()?;
                session.apply(std::slice::from_ref(&event))?;
                events.push(event);
            }
        }
    }
    if events.len() != count || !reader.bytes.is_empty() {
        return Err(reader.broken("the decisions do not end where the log does".into()));
    }
    Ok(Replayed { events, session })
}

/// What one step of a log chooses among, besides an event kept as it is (the last index).
enum Step<'a> {
    /// The title's setup (what `Title::create` gives for the game's seed), when nobody is to act in a game not over.
    Setup,
    /// One of the actions the seats to act list, by its index.
    Decide(Box<dyn Decisions + 'a>),
}

impl<'a> Step<'a> {
    fn of(session: &'a dyn GameSession) -> Self {
        match session.to_act().is_empty() && !session.is_finished() {
            true => Step::Setup,
            false => Step::Decide(session.decisions()),
        }
    }

    fn count(&self) -> usize {
        match self {
            Step::Setup => 1,
            Step::Decide(decisions) => decisions.count(),
        }
    }
}

/// The time of the first `clocks_run` event among `events`: a clocked move's time.
fn clock_time(events: &[String]) -> Option<u64> {
    events
        .iter()
        .filter(|event| event.contains("\"clocks_run\""))
        .find_map(|event| serde_json::from_str::<Value>(event).ok()?.get("at_ms")?.as_u64())
}

fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

fn unzigzag(value: u64) -> i64 {
    ((value >> 1) as i64) ^ -((value & 1) as i64)
}

struct Reader<'a> {
    bytes: &'a [u8],
    /// Events decoded so far (for errors).
    events: usize,
}

impl<'a> Reader<'a> {
    fn broken(&self, reason: String) -> ReplayError {
        ReplayError {
            index: self.events,
            reason: format!("archived decisions: {reason}"),
        }
    }

    fn take(&mut self, length: usize) -> Result<&'a [u8], ReplayError> {
        varint::take(&mut self.bytes, length).ok_or_else(|| self.broken("cut short".into()))
    }

    fn varint(&mut self) -> Result<u64, ReplayError> {
        varint::read(&mut self.bytes).ok_or_else(|| self.broken("a varint cut short or too long".into()))
    }

    fn text(&mut self) -> Result<String, ReplayError> {
        let length = usize::try_from(self.varint()?).map_err(|_| self.broken("a length".into()))?;
        let bytes = self.take(length)?.to_vec();
        String::from_utf8(bytes).map_err(|_| self.broken("text that is not UTF-8".into()))
    }
}

/// A number written in mixed radix: each step's choice one digit, in as many bits as the choices need together.
struct MixedRadix {
    /// Little-endian 32-bit limbs.
    limbs: Vec<u32>,
}

impl MixedRadix {
    /// The number whose digits, least significant first, are `digits` (each `(digit, radix)`, `digit < radix`).
    fn from_digits(digits: &[(u64, u64)]) -> Self {
        let mut number = Self { limbs: Vec::new() };
        for &(digit, radix) in digits.iter().rev() {
            number.multiply_add(radix, digit);
        }
        number
    }

    fn from_bytes(bytes: &[u8]) -> Self {
        let limbs = bytes
            .chunks(4)
            .map(|chunk| {
                let mut limb = [0u8; 4];
                limb[..chunk.len()].copy_from_slice(chunk);
                u32::from_le_bytes(limb)
            })
            .collect();
        Self { limbs }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.limbs.iter().flat_map(|limb| limb.to_le_bytes()).collect();
        while bytes.last() == Some(&0) {
            bytes.pop();
        }
        bytes
    }

    fn multiply_add(&mut self, radix: u64, digit: u64) {
        // Radixes are counts of legal actions: far below 2^32, so that limb × radix + carry fits in 64 bits.
        let mut carry = digit;
        for limb in &mut self.limbs {
            let product = u64::from(*limb) * radix + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        while carry > 0 {
            self.limbs.push(carry as u32);
            carry >>= 32;
        }
    }

    /// The least significant digit in `radix`, taken off the number.
    fn take_digit(&mut self, radix: u64) -> u64 {
        let mut remainder = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let value = (remainder << 32) | u64::from(*limb);
            *limb = (value / radix) as u32;
            remainder = value % radix;
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        remainder
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Registry;
    use crate::engine::table::TableAction;

    #[test]
    fn a_mixed_radix_number_gives_back_its_digits() {
        let digits = [(3, 7), (0, 1), (250, 251), (0, 2), (1, 2), (65_000, 70_000), (6, 7)];
        let bytes = MixedRadix::from_digits(&digits).to_bytes();
        let mut number = MixedRadix::from_bytes(&bytes);
        for (digit, radix) in digits {
            assert_eq!(number.take_digit(radix), digit);
        }
        assert!(number.limbs.is_empty());
    }

    #[test]
    fn a_zigzag_time_difference_reads_back() {
        for value in [0, 1, -1, 63, -64, 1_796_260_674_213, -1_796_260_674_213] {
            assert_eq!(unzigzag(zigzag(value)), value);
        }
    }

    /// A random game of every title and player count, told by its decisions, reads back as its very events; the
    /// same bytes under other rules are refused.
    #[test]
    fn random_games_read_back_from_their_decisions() {
        use rand::{Rng, SeedableRng};
        let registry = Registry::with_all_titles();
        for title in registry.titles() {
            let info = title.info();
            for players in info.min_players..=info.max_players {
                let seed = GameSeed::from_u64(players as u64);
                let options = title.normalize_options(None).expect("default options");
                let mut events = title.create(players, &options, seed).expect("a game");
                let mut session = title.replay(players, &options, &events).expect("a session");
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
                while let Some(&seat) = session.to_act().first() {
                    // The title's actions only: a random draw offer would end most games at once.
                    let actions: Vec<_> = (session.legal_actions(seat).into_iter())
                        .filter(|action| TableAction::parse(action).is_none())
                        .collect();
                    let action = &actions[rng.random_range(0..actions.len())];
                    let played = session.play(seat, action, seed, 1_000).expect("a legal action");
                    events.extend(played.events);
                    session = played.next;
                }
                let bytes = encode(title.as_ref(), players, &options, seed, &events).expect("encoded");
                let decoded = decode(title.as_ref(), players, &options, seed, &bytes).expect("decoded");
                assert_eq!(decoded.session.snapshot(), session.snapshot(), "{} for {players}", info.id);
                assert_eq!(decoded.events, events, "{} for {players}", info.id);
                let raw: usize = events.iter().map(String::len).sum();
                assert!(bytes.len() * 20 < raw, "{} for {players}: {} bytes for {raw}", info.id, bytes.len());

                let engine = title.snapshot_format();
                let mut other = Vec::new();
                varint::put(&mut other, engine.len() as u64 + 1);
                other.extend_from_slice(format!("{engine}x").as_bytes());
                other.extend_from_slice(&bytes[1 + engine.len()..]);
                let Err(refused) = decode(title.as_ref(), players, &options, seed, &other) else {
                    panic!("{} for {players}: read under other rules", info.id);
                };
                assert!(refused.reason.contains("its own rules"), "{}", refused.reason);
            }
        }
    }
}
