//! A game rebuilt at some head of its log, with what serving it needs: its seats, who may see what, its secrets.

use std::sync::Arc;

use serde_json::value::RawValue;
use subtle::ConstantTimeEq;

use crate::engine::{Decided, GameSeed, GameSession, Lang, Seat, Title, Told, Viewer};
use crate::service::{ServiceError, hash_token};
use crate::store::{GameMeta, Head};

/// A game rebuilt at some head of its log. Cheap to clone: everything is shared.
#[derive(Clone)]
pub struct LoadedGame {
    pub meta: Arc<GameMeta>,
    pub title: Arc<dyn Title>,
    /// The title's id, as the metrics label it.
    pub title_id: &'static str,
    pub seats: Arc<[&'static str]>,
    pub session: Arc<dyn GameSession>,
    /// The log position `session` was built at.
    pub head: Head,
}

impl LoadedGame {
    pub fn version(&self) -> u64 {
        self.session.version()
    }

    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.seats[seat]
    }

    pub fn to_act(&self) -> Vec<&'static str> {
        self.session.to_act().into_iter().map(|seat| self.seats[seat]).collect()
    }

    /// The same game after `events`, which took it to `session`.
    pub fn followed_by(&self, session: Box<dyn GameSession>, events: &[String]) -> LoadedGame {
        LoadedGame {
            session: session.into(),
            head: self.head.extend(events).0,
            ..self.clone()
        }
    }

    /// The seat a bearer token belongs to; compared in constant time.
    pub fn seat_of(&self, token: &str) -> Result<Seat, ServiceError> {
        let presented = hash_token(token);
        let mut found = None;
        for seat in 0..self.seats.len() {
            if bool::from(self.token_hash(seat).as_bytes().ct_eq(presented.as_bytes())) {
                found = Some(seat);
            }
        }
        found.ok_or(ServiceError::InvalidToken)
    }

    /// The stored hash of `seat`'s token: from its join, or from the game's creation.
    pub fn token_hash(&self, seat: Seat) -> &str {
        self.session
            .table()
            .seats
            .get(seat)
            .and_then(|taken| taken.token_hash.as_deref())
            .unwrap_or_else(|| self.meta.token_hashes.get(seat).map_or("", String::as_str))
    }

    /// The game's secret seed.
    pub fn seed(&self) -> Result<GameSeed, ServiceError> {
        GameSeed::from_hex(&self.meta.seed)
            .ok_or_else(|| ServiceError::Corrupt("the stored seed is not 32 hex bytes".into()))
    }

    /// The stored events after `after`, as `viewer` may see them, numbered by their log position (1-based), each
    /// told in `lang` when one is asked for. Once the game is over the log is public, except what the title keeps
    /// secret forever.
    pub fn visible_events(
        &self,
        events: &[String],
        after: u64,
        viewer: Viewer,
        lang: Option<Lang>,
    ) -> Vec<(u64, Box<RawValue>, Option<String>)> {
        numbered(
            after,
            events.iter().map(|event| {
                let visible = self.session.redact(event, viewer)?;
                Some((visible, lang.and_then(|lang| self.session.event_text(event, viewer, lang))))
            }),
        )
    }

    /// The events just decided that led to this game from log position `after`, as `visible_events` gives them
    /// once stored, without reading them back from their JSON.
    pub fn decided_events(
        &self,
        decided: &[Box<dyn Decided>],
        after: u64,
        viewer: Viewer,
        lang: Option<Lang>,
    ) -> Vec<(u64, Box<RawValue>, Option<String>)> {
        let finished = self.session.is_finished();
        numbered(after, decided.iter().flat_map(|decided| decided.told(viewer, finished, lang)))
    }
}

/// The events a viewer may see (`None`: one it may not) numbered by their log position after `after` (1-based).
fn numbered(after: u64, shown: impl Iterator<Item = Option<Told>>) -> Vec<(u64, Box<RawValue>, Option<String>)> {
    shown
        .zip(after + 1..)
        .filter_map(|(told, position)| {
            let (visible, text) = told?;
            Some((position, visible, text))
        })
        .collect()
}
