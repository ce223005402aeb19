//! `Session<G>`: a typed game of one title with its table, behind the JSON-speaking `GameSession`. Table events and
//! the title's events share one log; the session folds each into its own half.
//!
//! Here are the session, its replay and snapshot, and the title's play; the table's actions are in `table_play`, the
//! tests in `typed_session_tests.rs`.

use serde::Deserialize as _;
use serde_json::Value;
use serde_json::value::RawValue;

use super::bot::{self, Bot};
use super::session::{ActionError, BotMove, Decided, Decisions, GameSession, Played, ReplayError, Told};
use super::table::{
    ClockReading, DRAW_ACTION_TYPES, Erasures, LeaveReason, OnLeave, Seating, Table, TableAction, TableEvent, Taker,
};
use super::undo::UndoTrail;
use super::words;

mod table_play;
use super::{Game, GameSeed, Lang, RuleCode, RuleError, SETUP_STREAM, Seat, SetupError, Viewer};

pub(super) fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("engine types serialize to JSON")
}

pub(super) fn to_raw_json<T: serde::Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).expect("engine types serialize to JSON")
}

pub(super) fn encode<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine types serialize to JSON")
}

pub(super) fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    serde_json::from_value(options.clone()).map_err(|e| SetupError::InvalidOptions(e.to_string()))
}

/// A typed game of title `G` with its table: the one implementation of `GameSession`.
pub(super) struct Session<G: Game> {
    pub(super) state: G::State,
    pub(super) table: Table,
    pub(super) version: u64,
    pub(super) undo: UndoTrail<Checkpoint<G::State>>,
}

/// What an undo gives back: the title's state and the table's clocks as the undone decision found them.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(super) struct Checkpoint<S> {
    state: S,
    clocks: ClockReading,
}

impl<G: Game> Clone for Session<G> {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            table: self.table.clone(),
            version: self.version,
            undo: self.undo.clone(),
        }
    }
}

/// A session as a snapshot holds it (borrowed to write it, owned to read it back).
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct StoredSession<S, T = Table, U = UndoTrail<Checkpoint<S>>> {
    pub(super) version: u64,
    pub(super) table: T,
    pub(super) state: S,
    pub(super) undo: U,
}

pub(super) fn seat_ids<G: Game>() -> Vec<&'static str> {
    G::info().seats
}

impl<G: Game> Session<G> {
    pub(super) fn new(state: G::State, players: usize) -> Self {
        Self {
            state,
            table: Table::closed(players),
            version: 0,
            undo: UndoTrail::default(),
        }
    }

    /// Folds stored events in.
    pub(super) fn fold(&mut self, events: &[String]) -> Result<(), ReplayError> {
        for (offset, text) in events.iter().enumerate() {
            let entry = match TableEvent::parse(text) {
                Some(event) => Entry::Table(event),
                None => Entry::Title(serde_json::from_str(text).map_err(|e| ReplayError {
                    index: self.version as usize + offset,
                    reason: e.to_string(),
                })?),
            };
            self.absorb(&entry);
        }
        self.version += events.len() as u64;
        Ok(())
    }

    /// Folds one entry of the log in, stored (`fold`) or just decided (`then`) alike, so that a replay and a live
    /// game agree, their undo trails included.
    fn absorb(&mut self, entry: &Entry<G>) {
        match entry {
            Entry::Title(event) => {
                // A decision that is itself a barrier leaves nothing to undo either.
                if G::is_undo_barrier(&self.state, event) {
                    self.undo.clear();
                } else if let Some(seat) = G::decided_by(&self.state, event) {
                    let before = Checkpoint {
                        state: self.state.clone(),
                        clocks: self.table.clock_reading(),
                    };
                    self.undo.decided(seat, before);
                }
                G::evolve(&mut self.state, event);
                self.table.title_moved();
            }
            Entry::Table(event) => {
                if let TableEvent::Undone { .. } = event {
                    if let Some(before) = self.undo.pop() {
                        self.state = before.state;
                        self.table.restore_clocks(before.clocks);
                    }
                } else if !event.keeps_undo_trail() {
                    self.undo.clear();
                }
                let seats = seat_ids::<G>();
                let state = &self.state;
                let seating = Seating {
                    index: &|id| seats.iter().position(|seat| *seat == id),
                    side: &|seat| G::side(state, seat),
                    to_act: &|| G::to_act(state),
                };
                self.table.evolve(event, &seating);
            }
        }
    }

    /// What this game's erased seats hide of its earlier events.
    fn erasures(&self) -> Erasures {
        self.table.erasures(|seat| self.seat_id(seat))
    }

    fn seat_id(&self, seat: Seat) -> String {
        seat_ids::<G>()
            .get(seat)
            .map_or_else(|| seat.to_string(), |id| (*id).to_owned())
    }

    /// `self` followed by `entries`, as the next state and the log's new entries.
    pub(super) fn then(&self, entries: Vec<Entry<G>>) -> Played {
        let mut next = self.clone();
        next.version += entries.len() as u64;
        let events = entries
            .iter()
            .map(|entry| {
                next.absorb(entry);
                match entry {
                    Entry::Title(event) => encode(event),
                    Entry::Table(event) => event.encode(),
                }
            })
            .collect();
        Played {
            next: Box::new(next),
            events,
            decided: vec![Box::new(Decision(entries))],
        }
    }

    /// A title's action played by `seat`: what `play` does once the action is read.
    fn play_typed(&self, seat: Seat, action: &G::Action, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError> {
        if self.table.is_open() {
            return Err(
                RuleError::new(RuleCode::GameNotStarted, "a seat is still open: the game has not started").into()
            );
        }
        if self
            .table
            .deadline_of(seat, &G::to_act(&self.state))
            .is_some_and(|deadline| deadline <= now_ms)
        {
            return Err(RuleError::new(RuleCode::DeadlinePassed, "this seat's time to act ran out").into());
        }
        let events = G::decide(&self.state, seat, action, &mut seed.rng(self.version))?;
        let titled = |events: Vec<G::Event>| events.into_iter().map(Entry::Title);
        let moved = Some(self.seat_id(seat));
        if self.table.seats[seat].moved {
            return Ok(with_clock(self.then(titled(events).collect()), now_ms, moved));
        }
        // Noted before the move's own events, while the game goes on: it may be aborted until every seat moved.
        let first_move = Entry::Table(TableEvent::FirstMove {
            seat: self.seat_id(seat),
        });
        let played = self.then(std::iter::once(first_move).chain(titled(events.clone())).collect());
        if played.next.is_finished() {
            return Ok(self.then(titled(events).collect()));
        }
        Ok(with_clock(played, now_ms, moved))
    }

    /// The title's legal actions of `seat`; none while nobody is to act (a seat open, the game ended at the table)
    /// or while a bot plays the seat.
    fn typed_legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        if self.to_act().is_empty() || !self.table.seats.get(seat).is_some_and(|taken| taken.played_by_person()) {
            return Vec::new();
        }
        G::legal_actions(&self.state, seat)
    }

    /// A stored event, read back.
    fn read(event: &str) -> Option<Entry<G>> {
        match TableEvent::parse(event) {
            Some(table_event) => Some(Entry::Table(table_event)),
            None => serde_json::from_str(event).ok().map(Entry::Title),
        }
    }

    /// Every action listed for `seat`: the title's, then the table's.
    fn listed_actions(&self, seat: Seat) -> Vec<Listed<G::Action>> {
        let title = self.typed_legal_actions(seat).into_iter().map(Listed::Title);
        title
            .chain(self.table_actions(seat).into_iter().map(Listed::Table))
            .collect()
    }
}

/// One listed action: a title's or the table's.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Listed<A> {
    Title(A),
    Table(TableAction),
}

/// The actions the seats to act list at one state, to be played by their index.
struct Listing<'a, G: Game> {
    session: &'a Session<G>,
    listed: Vec<(Seat, Listed<G::Action>)>,
}

impl<G: Game> Decisions for Listing<'_, G> {
    fn count(&self) -> usize {
        self.listed.len()
    }

    fn play(&self, index: usize, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError> {
        match self.listed.get(index) {
            Some((seat, Listed::Title(action))) => self.session.play_typed(*seat, action, seed, now_ms),
            Some((seat, Listed::Table(action))) => self.session.play_table(*seat, *action, now_ms),
            None => Err(RuleError::new(RuleCode::NoLegalAction, "no such listed action").into()),
        }
    }
}

/// A listed action with its words, for answers asked in a language.
#[derive(serde::Serialize)]
struct Labelled<A> {
    #[serde(flatten)]
    action: Listed<A>,
    label: String,
}

/// A seat's name in words from its id (the table's events name seats by id).
fn seat_name<G: Game>(id: &str, lang: Lang) -> String {
    match seat_ids::<G>().iter().position(|seat| *seat == id) {
        Some(seat) => G::seat_name(seat, lang),
        None => words::capitalized(id),
    }
}

/// One entry of a log: a title's event or a table event.
pub(super) enum Entry<G: Game> {
    Title(G::Event),
    Table(TableEvent),
}

impl<G: Game> Entry<G> {
    /// The entry as `viewer` may see it: table events as anyone may (tokens never leave the store, nor the names of
    /// `erased` seats), the title's as its rules redact them (once the game is `finished`, as everyone may see
    /// them); `None` when it may not.
    fn shown(&self, viewer: Viewer, finished: bool, erased: &Erasures) -> Option<Self> {
        match self {
            Entry::Table(event) => Some(Entry::Table(event.public(erased))),
            Entry::Title(event) if finished => Some(Entry::Title(G::redact_finished(event))),
            Entry::Title(event) => G::redact(event, viewer).map(Entry::Title),
        }
    }

    fn json(&self) -> Box<RawValue> {
        match self {
            Entry::Table(event) => to_raw_json(event),
            Entry::Title(event) => to_raw_json(event),
        }
    }

    fn text(&self, lang: Lang) -> String {
        match self {
            Entry::Table(event) => words::table_event_text(event, lang, &|id| seat_name::<G>(id, lang)),
            Entry::Title(event) => G::describe(event, lang),
        }
    }
}

/// The entries of one step, as decided.
struct Decision<G: Game>(Vec<Entry<G>>);

impl<G: Game> Decided for Decision<G> {
    fn told(&self, viewer: Viewer, finished: bool, lang: Option<Lang>) -> Vec<Option<Told>> {
        self.0
            .iter()
            .map(|entry| {
                // Told as decided: an erasure is always a step of its own, after every event it hides something of.
                let shown = entry.shown(viewer, finished, &Erasures::default())?;
                Some((shown.json(), lang.map(|lang| shown.text(lang))))
            })
            .collect()
    }
}

/// `played`, followed by the clocks' next step when the game has a clock and goes on: a new turn deadline, or the
/// seats' clocks read at `now_ms` with `moved`'s decision over.
pub(super) fn with_clock(played: Played, now_ms: u64, moved: Option<String>) -> Played {
    let next = played.next.as_ref();
    let table = next.table();
    if next.is_finished() || next.to_act().is_empty() {
        return played;
    }
    let step = match (table.clock, table.turn_seconds) {
        (Some(_), _) => TableEvent::ClocksRun { at_ms: now_ms, moved },
        (None, Some(seconds)) => TableEvent::DeadlineSet {
            deadline_ms: now_ms.saturating_add(seconds.saturating_mul(1000)),
        },
        (None, None) => return played,
    };
    let clocked = next.record(&[step]);
    let (mut events, mut decided) = (played.events, played.decided);
    events.extend(clocked.events);
    decided.extend(clocked.decided);
    Played {
        next: clocked.next,
        events,
        decided,
    }
}

impl<G: Game> GameSession for Session<G> {
    fn version(&self) -> u64 {
        self.version
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.table.is_open() || self.table.ending.is_some() {
            return Vec::new();
        }
        G::to_act(&self.state)
    }

    fn outcome(&self) -> Option<Box<RawValue>> {
        G::outcome(&self.state).map(|outcome| to_raw_json(&outcome))
    }

    fn is_finished(&self) -> bool {
        self.table.ending.is_some() || G::outcome(&self.state).is_some()
    }

    fn table(&self) -> &Table {
        &self.table
    }

    fn view(&self, viewer: Viewer) -> Option<Box<RawValue>> {
        (!self.table.is_open()).then(|| to_raw_json(&G::view(&self.state, viewer)))
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        self.listed_actions(seat).iter().map(to_json).collect()
    }

    fn legal_actions_json(&self, seat: Seat) -> Box<RawValue> {
        to_raw_json(&self.listed_actions(seat))
    }

    fn rewards(&self) -> Option<Vec<f64>> {
        G::rewards(&self.state)
    }

    fn side(&self, seat: Seat) -> Vec<Seat> {
        G::side(&self.state, seat)
    }

    fn play(&self, seat: Seat, action: &Value, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError> {
        if self.is_finished() {
            return Err(ActionError::GameOver);
        }
        let rules_draw = G::RULES_DRAW
            && action
                .get("type")
                .and_then(Value::as_str)
                .is_some_and(|kind| DRAW_ACTION_TYPES.contains(&kind));
        if let Some(table_action) = TableAction::parse(action).filter(|_| !rules_draw) {
            let table_action = table_action.map_err(|e| ActionError::Malformed(e.to_string()))?;
            return self.play_table(seat, table_action, now_ms);
        }
        let action: G::Action = G::Action::deserialize(action).map_err(|e| ActionError::Malformed(e.to_string()))?;
        if !self.table.seats[seat].played_by_person() {
            let message = "a bot plays this seat: take it back first (take_back_seat)";
            return Err(RuleError::new(RuleCode::SeatPlayedByBot, message).into());
        }
        self.play_typed(seat, &action, seed, now_ms)
    }

    fn decisions(&self) -> Box<dyn Decisions + '_> {
        let listed = (self.to_act().into_iter())
            .flat_map(|seat| self.listed_actions(seat).into_iter().map(move |action| (seat, action)))
            .collect();
        Box::new(Listing { session: self, listed })
    }

    fn bot_to_act(&self) -> Option<(Seat, Bot)> {
        if self.is_finished() || self.table.is_open() {
            return None;
        }
        G::to_act(&self.state)
            .into_iter()
            .find_map(|seat| Some((seat, self.table.seats.get(seat)?.bot?)))
    }

    fn play_bot(&self, bot_move: BotMove, stop: &mut dyn FnMut() -> bool) -> Result<Played, ActionError> {
        let BotMove {
            seat,
            bot,
            seed,
            now_ms,
        } = bot_move;
        let action = bot::choose::<G>(bot, &self.state, seat, &mut bot::bot_rng(seed, self.version), stop)
            .ok_or_else(|| RuleError::new(RuleCode::NoLegalAction, "the bot's seat has no legal action"))?;
        self.play_typed(seat, &action, seed, now_ms)
    }

    fn join(&self, seat: Seat, taker: Taker, seed: GameSeed, now_ms: u64) -> Result<Played, RuleError> {
        if self.is_finished() {
            return Err(RuleError::new(RuleCode::GameOver, "the game is over"));
        }
        if !self.table.seats.get(seat).is_some_and(|taken| taken.open) {
            return Err(RuleError::new(RuleCode::SeatTaken, "this seat is already taken"));
        }
        let joined = match taker {
            Taker::Person {
                name,
                token_hash,
                account,
            } => TableEvent::SeatJoined {
                seat: self.seat_id(seat),
                name,
                token_hash: Some(token_hash),
                bot: None,
                account,
            },
            Taker::Bot(bot) => TableEvent::SeatJoined {
                seat: self.seat_id(seat),
                name: None,
                token_hash: None,
                bot: Some(bot),
                account: None,
            },
        };
        let mut entries = vec![Entry::Table(joined)];
        let last_open = self.table.seats.iter().filter(|seat| seat.open).count() == 1;
        if last_open {
            // The last seat is taken: the title's setup follows at once, and the clock starts.
            entries.extend(
                G::setup(&self.state, &mut seed.rng(SETUP_STREAM))
                    .into_iter()
                    .map(Entry::Title),
            );
        }
        Ok(with_clock(self.then(entries), now_ms, None))
    }

    fn record(&self, events: &[TableEvent]) -> Played {
        self.then(events.iter().cloned().map(Entry::Table).collect())
    }

    fn overdue(&self, now_ms: u64) -> Vec<TableEvent> {
        if self.is_finished() {
            return Vec::new();
        }
        if self.table.is_open() {
            return self
                .table
                .expires_at_ms
                .filter(|&expiry| expiry <= now_ms)
                .map(|_| TableEvent::Expired)
                .into_iter()
                .collect();
        }
        let late: Vec<String> = self
            .table
            .out_of_time(&G::to_act(&self.state), now_ms)
            .into_iter()
            .map(|seat| self.seat_id(seat))
            .collect();
        match self.table.on_leave {
            _ if late.is_empty() => Vec::new(),
            OnLeave::End => vec![TableEvent::TimedOut { seats: late }],
            OnLeave::Bot => late
                .into_iter()
                .map(|seat| TableEvent::SeatAbandoned {
                    seat,
                    reason: LeaveReason::TimedOut,
                })
                .collect(),
        }
    }

    fn apply(&mut self, events: &[String]) -> Result<(), ReplayError> {
        self.fold(events)
    }

    fn redact(&self, event: &str, viewer: Viewer) -> Option<Box<RawValue>> {
        Some(
            Self::read(event)?
                .shown(viewer, self.is_finished(), &self.erasures())?
                .json(),
        )
    }

    fn event_text(&self, event: &str, viewer: Viewer, lang: Lang) -> Option<String> {
        Some(
            Self::read(event)?
                .shown(viewer, self.is_finished(), &self.erasures())?
                .text(lang),
        )
    }

    fn labelled_actions_json(&self, seat: Seat, lang: Lang) -> Box<RawValue> {
        let labelled: Vec<Labelled<G::Action>> = self
            .listed_actions(seat)
            .into_iter()
            .map(|action| Labelled {
                label: match &action {
                    Listed::Title(action) => G::label(action, lang),
                    Listed::Table(action) => words::table_action_label(*action, lang),
                },
                action,
            })
            .collect();
        to_raw_json(&labelled)
    }

    fn clone_session(&self) -> Box<dyn GameSession> {
        Box::new(self.clone())
    }

    fn snapshot(&self) -> String {
        encode(&StoredSession {
            version: self.version,
            table: &self.table,
            state: &self.state,
            undo: &self.undo,
        })
    }
}

#[cfg(test)]
#[path = "typed_session_tests.rs"]
mod tests;
