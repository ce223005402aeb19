//! Type erasure: the HTTP layer sees every title through `Title` and `GameSession`, speaking JSON.

use std::marker::PhantomData;
use std::sync::Arc;

use serde::Deserialize as _;
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::openapi::{RefOr, schema::Schema};

use super::bot::{self, Bot};
use super::selfplay::{Checks, SELF_PLAY_LIMIT, SelfPlayFailure, play_random_game};
use super::table::{DEADLINE_PASSED, TABLE_FORMAT, Table, TableAction, TableEvent, Taker};
use super::{Game, GameSeed, RuleError, SETUP_STREAM, Seat, SetupError, TitleInfo, Viewer};

/// Why an action was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum ActionError {
    /// The JSON is not one of the title's actions.
    #[error("the action does not fit this title's schema: {0}")]
    Malformed(String),
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// A stored log that this build cannot read back (a corrupt store or an incompatible release).
#[derive(Debug, thiserror::Error)]
#[error("event {index} of the log cannot be read: {reason}")]
pub struct ReplayError {
    pub index: usize,
    pub reason: String,
}

/// Schema names a title contributes to the OpenAPI document.
pub struct TitleSchemaNames {
    pub action: String,
    pub view: String,
    pub event: String,
    pub outcome: String,
    pub options: String,
}

/// One title as the service sees it.
pub trait Title: Send + Sync {
    fn info(&self) -> TitleInfo;
    /// Checks the requested options (absent = defaults) and returns them in full, as stored with the game.
    fn normalize_options(&self, options: Option<&Value>) -> Result<Value, SetupError>;
    /// The setup events of a new game, serialized for the log.
    fn create(&self, players: usize, options: &Value, seed: GameSeed) -> Result<Vec<String>, SetupError>;
    /// Rebuilds a game from its options and log.
    fn replay(&self, players: usize, options: &Value, events: &[String]) -> Result<Box<dyn GameSession>, ReplayError>;
    /// What this build's snapshots of the title are written in (title, rules and table versions, no spaces): only
    /// snapshots of this format are read back.
    fn snapshot_format(&self) -> String;
    /// A game restored from a snapshot of this build's format (`GameSession::snapshot`).
    fn restore(&self, snapshot: &str) -> Result<Box<dyn GameSession>, ReplayError>;
    /// The first events of a game opened at the table as `opened` says (open seats, display names, a clock): the
    /// title's setup follows at once unless a seat is open (then it waits for the last one), and the clock starts. A
    /// table with none of these is left out of the log: the game's events are the setup alone.
    fn open(
        &self,
        players: usize,
        options: &Value,
        opened: TableEvent,
        seed: GameSeed,
        now_ms: u64,
    ) -> Result<Vec<String>, SetupError>;
    fn schema_names(&self) -> TitleSchemaNames;
    /// Plays one game from random legal actions with the typed engine (no JSON), for speed figures and smoke tests;
    /// returns the number of actions.
    fn self_play(&self, players: usize, seed: u64, checks: Checks) -> Result<u64, SelfPlayFailure>;
    /// The title's static board data, if it has any.
    fn map(&self) -> Option<&'static Value>;
    /// Adds this title's schemas (and the ones they reference) to `out`.
    fn schemas(&self, out: &mut Vec<(String, RefOr<Schema>)>);
    /// Whether `action` is one of this title's actions (legal or not).
    fn is_action(&self, action: &Value) -> bool;
}

/// A game rebuilt at some version of its log.
pub trait GameSession: Send + Sync {
    /// Number of events in the log this state was built from.
    fn version(&self) -> u64;
    /// Seats that must act now: none while a seat is open or once the game is over.
    fn to_act(&self) -> Vec<Seat>;
    /// The title's result, once its rules ended the game (as JSON text: answers embed it as it is).
    fn outcome(&self) -> Option<Box<RawValue>>;
    /// Over: played out, or ended at the table (resigned, timed out, aborted, expired).
    fn is_finished(&self) -> bool;
    /// Who sits where, the clock, and how the game ended at the table.
    fn table(&self) -> &Table;
    /// The title's state as `viewer` may see it; `None` while a seat is open (the title's game has not started).
    /// Serialized once, straight from the typed view: answers embed the text as it is.
    fn view(&self, viewer: Viewer) -> Option<Box<RawValue>>;
    /// The title's actions `seat` may send now (resigning and aborting are always possible and not listed).
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    /// `legal_actions` as one JSON array, serialized straight from the typed actions (for answers).
    fn legal_actions_json(&self, seat: Seat) -> Box<RawValue>;
    /// Decides `action` (a title's action, or a table action) for `seat` at time `now_ms`, with the randomness of
    /// this log position; returns the next state and the new events, serialized for the log. `self` is left
    /// untouched.
    fn play(&self, seat: Seat, action: &Value, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError>;
    /// Seats `taker` on open seat `seat`; the last seat taken starts the game.
    fn join(&self, seat: Seat, taker: Taker, seed: GameSeed, now_ms: u64) -> Result<Played, RuleError>;
    /// Appends table events the service decided (a timeout, an expiry, a rematch).
    fn record(&self, events: &[TableEvent]) -> Played;
    /// What ends the game at `now_ms` if it is overdue: an expiry while a seat is open, a timeout once a deadline
    /// passed.
    fn overdue(&self, now_ms: u64) -> Option<TableEvent>;
    /// The seat a bot must move for now, and its bot.
    fn bot_to_act(&self) -> Option<(Seat, Bot)>;
    /// `bot`'s move for `seat`: an ordinary move, whose action the bot chose from what the seat may know, thinking
    /// until `stop` says so at the latest.
    fn play_bot(
        &self,
        seat: Seat,
        bot: Bot,
        seed: GameSeed,
        now_ms: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Played, ActionError>;
    /// When the game next becomes overdue, if ever.
    fn next_due_ms(&self) -> Option<u64> {
        let table = self.table();
        if self.is_finished() {
            None
        } else if table.is_open() {
            table.expires_at_ms
        } else {
            table.deadline_ms
        }
    }
    /// Folds already-stored events in (to catch a cached state up with the log).
    fn apply(&mut self, events: &[String]) -> Result<(), ReplayError>;
    /// A stored event as `viewer` may see it at this session's state (once finished, as everyone sees it); `None`
    /// when it must not see it.
    fn redact(&self, event: &str, viewer: Viewer) -> Option<Box<RawValue>>;
    fn clone_session(&self) -> Box<dyn GameSession>;
    /// The whole state, serialized: `Title::restore` of it gives back this very session.
    fn snapshot(&self) -> String;
}

/// What `GameSession::play` produced.
pub struct Played {
    pub next: Box<dyn GameSession>,
    pub events: Vec<String>,
}

/// Adapts a typed `Game` to the JSON-speaking `Title`.
pub struct TitleAdapter<G>(PhantomData<G>);

impl<G> Default for TitleAdapter<G> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("engine types serialize to JSON")
}

fn to_raw_json<T: serde::Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).expect("engine types serialize to JSON")
}

fn encode<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine types serialize to JSON")
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    serde_json::from_value(options.clone()).map_err(|e| SetupError::InvalidOptions(e.to_string()))
}

struct Session<G: Game> {
    state: G::State,
    table: Table,
    version: u64,
}

/// A session as a snapshot holds it (borrowed to write it, owned to read it back).
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredSession<S, T = Table> {
    version: u64,
    table: T,
    state: S,
}

fn seat_ids<G: Game>() -> Vec<&'static str> {
    G::info().seats
}

impl<G: Game> Session<G> {
    fn new(state: G::State, players: usize) -> Self {
        Self {
            state,
            table: Table::closed(players),
            version: 0,
        }
    }

    fn fold(&mut self, events: &[String]) -> Result<(), ReplayError> {
        for (offset, text) in events.iter().enumerate() {
            if let Some(event) = TableEvent::parse(text) {
                self.fold_table(&event);
                continue;
            }
            let event: G::Event = serde_json::from_str(text).map_err(|e| ReplayError {
                index: self.version as usize + offset,
                reason: e.to_string(),
            })?;
            G::evolve(&mut self.state, &event);
        }
        self.version += events.len() as u64;
        Ok(())
    }

    fn fold_table(&mut self, event: &TableEvent) {
        let seats = seat_ids::<G>();
        let state = &self.state;
        self.table
            .evolve(event, &|id| seats.iter().position(|seat| *seat == id), &|seat| {
                G::side(state, seat)
            });
    }

    fn seat_id(&self, seat: Seat) -> String {
        seat_ids::<G>()
            .get(seat)
            .map_or_else(|| seat.to_string(), |id| (*id).to_owned())
    }

    /// `self` followed by `entries`, as the next state and the log's new entries.
    fn then(&self, entries: Vec<Entry<G>>) -> Played {
        let mut next = Session::<G> {
            state: self.state.clone(),
            table: self.table.clone(),
            version: self.version + entries.len() as u64,
        };
        let events = entries
            .into_iter()
            .map(|entry| match entry {
                Entry::Title(event) => {
                    G::evolve(&mut next.state, &event);
                    encode(&event)
                }
                Entry::Table(event) => {
                    next.fold_table(&event);
                    event.encode()
                }
            })
            .collect();
        Played {
            next: Box::new(next),
            events,
        }
    }

    /// A title's action played by `seat`: what `play` does once the action is read.
    fn play_typed(&self, seat: Seat, action: &G::Action, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError> {
        if self.table.is_open() {
            return Err(RuleError::new("game_not_started", "a seat is still open: the game has not started").into());
        }
        if self.table.deadline_ms.is_some_and(|deadline| deadline <= now_ms) && G::to_act(&self.state).contains(&seat) {
            return Err(RuleError::new(DEADLINE_PASSED, "this seat's time to act ran out").into());
        }
        let events = G::decide(&self.state, seat, action, &mut seed.rng(self.version))?;
        let titled = |events: Vec<G::Event>| events.into_iter().map(Entry::Title);
        if self.table.seats[seat].moved {
            return Ok(with_clock(self.then(titled(events).collect()), now_ms));
        }
        // Noted before the move's own events, while the game goes on: it may be aborted until every seat moved.
        let first_move = Entry::Table(TableEvent::FirstMove {
            seat: self.seat_id(seat),
        });
        let played = self.then(std::iter::once(first_move).chain(titled(events.clone())).collect());
        if played.next.is_finished() {
            return Ok(self.then(titled(events).collect()));
        }
        Ok(with_clock(played, now_ms))
    }

    /// The title's legal actions of `seat`; none while nobody is to act (a seat open, the game ended at the table).
    fn typed_legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        if self.to_act().is_empty() {
            return Vec::new();
        }
        G::legal_actions(&self.state, seat)
    }

    fn play_table(&self, seat: Seat, action: TableAction) -> Result<Played, ActionError> {
        let id = self.seat_id(seat);
        let event = match action {
            TableAction::Resign if self.table.is_open() => Err((
                "game_not_started",
                "the game has not started yet: abort it instead of resigning",
            )),
            TableAction::Resign => Ok(TableEvent::Resigned { seat: id }),
            TableAction::Abort if self.table.all_moved() => Err((
                "abort_too_late",
                "every seat has already moved: the game can no longer be aborted, only resigned",
            )),
            TableAction::Abort => Ok(TableEvent::Aborted { seat: id }),
        }
        .map_err(|(code, message)| RuleError::new(code, message))?;
        Ok(self.then(vec![Entry::Table(event)]))
    }
}

/// One entry of a log: a title's event or a table event.
enum Entry<G: Game> {
    Title(G::Event),
    Table(TableEvent),
}

/// `played`, followed by a restart of the turn clock when the game has one and goes on.
fn with_clock(played: Played, now_ms: u64) -> Played {
    let next = played.next.as_ref();
    let Some(seconds) = next.table().turn_seconds else {
        return played;
    };
    if next.is_finished() || next.to_act().is_empty() {
        return played;
    }
    let deadline = TableEvent::DeadlineSet {
        deadline_ms: now_ms.saturating_add(seconds.saturating_mul(1000)),
    };
    let clocked = next.record(&[deadline]);
    let mut events = played.events;
    events.extend(clocked.events);
    Played {
        next: clocked.next,
        events,
    }
}

impl<G: Game> Title for TitleAdapter<G> {
    fn info(&self) -> TitleInfo {
        G::info()
    }

    fn normalize_options(&self, options: Option<&Value>) -> Result<Value, SetupError> {
        let options = match options {
            None | Some(Value::Null) => G::Options::default(),
            // serde would also read a struct from an array of its fields: the API takes an object only.
            Some(value @ Value::Object(_)) => parse_options::<G>(value)?,
            Some(_) => return Err(SetupError::InvalidOptions("options must be a JSON object".into())),
        };
        Ok(to_json(&options))
    }

    fn create(&self, players: usize, options: &Value, seed: GameSeed) -> Result<Vec<String>, SetupError> {
        let state = G::new_state(players, &parse_options::<G>(options)?)?;
        let events = G::setup(&state, &mut seed.rng(SETUP_STREAM));
        Ok(events.iter().map(encode).collect())
    }

    fn replay(&self, players: usize, options: &Value, events: &[String]) -> Result<Box<dyn GameSession>, ReplayError> {
        let broken = |reason: String| ReplayError { index: 0, reason };
        let options = parse_options::<G>(options).map_err(|e| broken(e.to_string()))?;
        let state = G::new_state(players, &options).map_err(|e| broken(e.to_string()))?;
        let mut session = Session::<G>::new(state, players);
        session.fold(events)?;
        Ok(Box::new(session))
    }

    fn snapshot_format(&self) -> String {
        format!("{}/rules-{}/table-{}", G::info().id, G::RULES_VERSION, TABLE_FORMAT)
    }

    fn restore(&self, snapshot: &str) -> Result<Box<dyn GameSession>, ReplayError> {
        let stored: StoredSession<G::State> = serde_json::from_str(snapshot).map_err(|e| ReplayError {
            index: 0,
            reason: format!("unreadable snapshot: {e}"),
        })?;
        Ok(Box::new(Session::<G> {
            state: stored.state,
            table: stored.table,
            version: stored.version,
        }))
    }

    fn open(
        &self,
        players: usize,
        options: &Value,
        opened: TableEvent,
        seed: GameSeed,
        now_ms: u64,
    ) -> Result<Vec<String>, SetupError> {
        let session = Session::<G>::new(G::new_state(players, &parse_options::<G>(options)?)?, players);
        let waits = matches!(&opened, TableEvent::TableOpened { seats, .. } if seats.iter().any(|seat| seat.open));
        // A table with every seat taken, no name and no clock is what a log without table events stands for.
        let plain = matches!(&opened, TableEvent::TableOpened { seats, turn_seconds: None, .. }
            if seats.iter().all(|seat| !seat.open && seat.name.is_none() && seat.bot.is_none()));
        let mut entries = if plain { Vec::new() } else { vec![Entry::Table(opened)] };
        if !waits {
            let setup = G::setup(&session.state, &mut seed.rng(SETUP_STREAM));
            entries.extend(setup.into_iter().map(Entry::Title));
        }
        Ok(with_clock(session.then(entries), now_ms).events)
    }

    fn map(&self) -> Option<&'static Value> {
        G::map()
    }

    fn self_play(&self, players: usize, seed: u64, checks: Checks) -> Result<u64, SelfPlayFailure> {
        play_random_game::<G>(
            players,
            &G::Options::default(),
            seed,
            SELF_PLAY_LIMIT,
            checks,
            &mut |_| Ok(()),
        )
    }

    fn schema_names(&self) -> TitleSchemaNames {
        use utoipa::ToSchema;
        TitleSchemaNames {
            action: G::Action::name().into_owned(),
            view: G::View::name().into_owned(),
            event: G::Event::name().into_owned(),
            outcome: G::Outcome::name().into_owned(),
            options: G::Options::name().into_owned(),
        }
    }

    fn schemas(&self, out: &mut Vec<(String, RefOr<Schema>)>) {
        use utoipa::ToSchema;
        fn add<T: ToSchema>(out: &mut Vec<(String, RefOr<Schema>)>) {
            out.push((T::name().into_owned(), T::schema()));
            T::schemas(out);
        }
        add::<G::Action>(out);
        add::<G::View>(out);
        add::<G::Event>(out);
        add::<G::Outcome>(out);
        add::<G::Options>(out);
    }

    fn is_action(&self, action: &Value) -> bool {
        G::Action::deserialize(action).is_ok()
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
        self.typed_legal_actions(seat).iter().map(to_json).collect()
    }

    fn legal_actions_json(&self, seat: Seat) -> Box<RawValue> {
        to_raw_json(&self.typed_legal_actions(seat))
    }

    fn play(&self, seat: Seat, action: &Value, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError> {
        if self.is_finished() {
            return Err(ActionError::GameOver);
        }
        if let Some(table_action) = TableAction::parse(action) {
            let table_action = table_action.map_err(|e| ActionError::Malformed(e.to_string()))?;
            return self.play_table(seat, table_action);
        }
        let action: G::Action = G::Action::deserialize(action).map_err(|e| ActionError::Malformed(e.to_string()))?;
        self.play_typed(seat, &action, seed, now_ms)
    }

    fn bot_to_act(&self) -> Option<(Seat, Bot)> {
        if self.is_finished() || self.table.is_open() {
            return None;
        }
        G::to_act(&self.state)
            .into_iter()
            .find_map(|seat| Some((seat, self.table.seats.get(seat)?.bot?)))
    }

    fn play_bot(
        &self,
        seat: Seat,
        bot: Bot,
        seed: GameSeed,
        now_ms: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Played, ActionError> {
        let action = bot::choose::<G>(bot, &self.state, seat, &mut bot::bot_rng(seed, self.version), stop)
            .ok_or_else(|| RuleError::new("no_legal_action", "the bot's seat has no legal action"))?;
        self.play_typed(seat, &action, seed, now_ms)
    }

    fn join(&self, seat: Seat, taker: Taker, seed: GameSeed, now_ms: u64) -> Result<Played, RuleError> {
        if self.is_finished() {
            return Err(RuleError::new("game_over", "the game is over"));
        }
        if !self.table.seats.get(seat).is_some_and(|taken| taken.open) {
            return Err(RuleError::new("seat_taken", "this seat is already taken"));
        }
        let joined = match taker {
            Taker::Person { name, token_hash } => TableEvent::SeatJoined {
                seat: self.seat_id(seat),
                name,
                token_hash: Some(token_hash),
                bot: None,
            },
            Taker::Bot(bot) => TableEvent::SeatJoined {
                seat: self.seat_id(seat),
                name: None,
                token_hash: None,
                bot: Some(bot),
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
        Ok(with_clock(self.then(entries), now_ms))
    }

    fn record(&self, events: &[TableEvent]) -> Played {
        self.then(events.iter().cloned().map(Entry::Table).collect())
    }

    fn overdue(&self, now_ms: u64) -> Option<TableEvent> {
        if self.is_finished() {
            return None;
        }
        if self.table.is_open() {
            return self
                .table
                .expires_at_ms
                .is_some_and(|expiry| expiry <= now_ms)
                .then_some(TableEvent::Expired);
        }
        let deadline = self.table.deadline_ms?;
        (deadline <= now_ms).then(|| TableEvent::TimedOut {
            seats: G::to_act(&self.state)
                .into_iter()
                .map(|seat| self.seat_id(seat))
                .collect(),
        })
    }

    fn apply(&mut self, events: &[String]) -> Result<(), ReplayError> {
        self.fold(events)
    }

    fn redact(&self, event: &str, viewer: Viewer) -> Option<Box<RawValue>> {
        if let Some(table_event) = TableEvent::parse(event) {
            return Some(to_raw_json(&table_event.public()));
        }
        let event: G::Event = serde_json::from_str(event).ok()?;
        let visible = if self.is_finished() {
            Some(G::redact_finished(&event))
        } else {
            G::redact(&event, viewer)
        };
        visible.map(|event| to_raw_json(&event))
    }

    fn clone_session(&self) -> Box<dyn GameSession> {
        Box::new(Session::<G> {
            state: self.state.clone(),
            table: self.table.clone(),
            version: self.version,
        })
    }

    fn snapshot(&self) -> String {
        encode(&StoredSession {
            version: self.version,
            table: &self.table,
            state: &self.state,
        })
    }
}

/// Every title this build serves, by id.
#[derive(Clone, Default)]
pub struct Registry {
    titles: Vec<(TitleInfo, Arc<dyn Title>)>,
}

impl Registry {
    /// The registry with every title of this build.
    pub fn with_all_titles() -> Self {
        let mut registry = Self::default();
        crate::games::register_all(&mut registry);
        registry
    }

    pub fn register<G: Game>(&mut self) {
        self.titles.push((G::info(), Arc::new(TitleAdapter::<G>::default())));
    }

    pub fn get(&self, id: &str) -> Option<&Arc<dyn Title>> {
        self.titles
            .iter()
            .find(|(info, _)| info.id == id)
            .map(|(_, title)| title)
    }

    pub fn infos(&self) -> impl Iterator<Item = &TitleInfo> {
        self.titles.iter().map(|(info, _)| info)
    }

    pub fn titles(&self) -> impl Iterator<Item = &Arc<dyn Title>> {
        self.titles.iter().map(|(_, title)| title)
    }
}

/// Test support: games played through the type-erased session, exactly as the service plays and shows them.
#[cfg(test)]
pub(crate) mod testing {
    use rand::seq::IndexedRandom;

    use super::{GameSession, Title};
    use crate::engine::{GameSeed, Viewer};

    /// A game of random legal actions played to its end: the finished session and its stored log.
    pub(crate) fn play_to_the_end(title: &dyn Title, players: usize, seed: u64) -> (Box<dyn GameSession>, Vec<String>) {
        let options = title.normalize_options(None).expect("default options");
        let game_seed = GameSeed::from_u64(seed);
        let mut log = title
            .create(players, &options, game_seed)
            .expect("a valid player count");
        let mut session = title.replay(players, &options, &log).expect("its own log");
        let mut chooser = GameSeed::from_u64(seed ^ 1).rng(0);
        while !session.is_finished() {
            let seat = *session
                .to_act()
                .choose(&mut chooser)
                .expect("someone acts in an unfinished game");
            let actions = session.legal_actions(seat);
            let action = actions.choose(&mut chooser).expect("a seat to act has actions");
            let played = session
                .play(seat, action, game_seed, 0)
                .expect("listed actions are accepted");
            log.extend(played.events);
            session = played.next;
        }
        (session, log)
    }

    /// The title's own events of a stored log, parsed (the table's events, which the title never sees, left out).
    pub(crate) fn title_events<E: serde::de::DeserializeOwned>(log: &[String]) -> Vec<E> {
        log.iter()
            .filter(|text| crate::engine::table::TableEvent::parse(text).is_none())
            .map(|text| serde_json::from_str(text).expect("a title's event"))
            .collect()
    }

    /// The events of a finished game as `viewer` is shown them, parsed, after checking that every event is shown and
    /// that no event shows a field `secret_fields` names for its `type`.
    pub(crate) fn shown_events_hiding(
        session: &dyn GameSession,
        log: &[String],
        viewer: Viewer,
        secret_fields: &dyn Fn(&str) -> &'static [&'static str],
    ) -> Vec<serde_json::Value> {
        let shown = shown(session, log, viewer);
        assert_eq!(shown.len(), log.len() + 1, "every event is shown, and the view");
        let events: Vec<serde_json::Value> = shown[..log.len()]
            .iter()
            .map(|text| serde_json::from_str(text).expect("shown events are JSON"))
            .collect();
        for event in &events {
            let kind = event["type"].as_str().expect("events have a type");
            for field in secret_fields(kind) {
                assert!(event.get(*field).is_none(), "{viewer:?} sees {kind}.{field}");
            }
        }
        events
    }

    /// Everything `viewer` is shown of a game: each event of its log as the session redacts it, then its view.
    pub(crate) fn shown(session: &dyn GameSession, log: &[String], viewer: Viewer) -> Vec<String> {
        log.iter()
            .filter_map(|event| session.redact(event, viewer))
            .chain(session.view(viewer))
            .map(|value| value.to_string())
            .collect()
    }
}

#[cfg(test)]
mod snapshot_tests {
    use super::testing::play_to_the_end;
    use super::{GameSession, Registry, Viewer};

    /// Everything a session answers with: its whole state as a value (key order aside), every viewer's view, the
    /// seats to act and their legal actions, the outcome.
    fn everything(session: &dyn GameSession, players: usize) -> Vec<serde_json::Value> {
        let parse = |text: &str| serde_json::from_str::<serde_json::Value>(text).expect("JSON");
        let mut seen = vec![
            parse(&session.snapshot()),
            serde_json::json!(session.to_act()),
            serde_json::json!(session.outcome()),
            serde_json::json!(session.view(Viewer::Spectator)),
        ];
        for seat in 0..players {
            seen.push(serde_json::json!(session.view(Viewer::Seat(seat))));
            seen.push(serde_json::json!(session.legal_actions(seat)));
        }
        seen
    }

    /// A game restored from a snapshot taken at any position, then fed the rest of its log, is the game a replay
    /// from zero builds: snapshots never change what a log means.
    #[test]
    fn a_snapshot_then_the_rest_of_the_log_rebuilds_the_replayed_game() {
        for title in Registry::with_all_titles().titles() {
            let info = title.info();
            let options = title.normalize_options(None).expect("default options");
            for players in info.min_players..=info.max_players {
                for seed in 0..2 {
                    let (_, log) = play_to_the_end(title.as_ref(), players, seed);
                    let replayed = title.replay(players, &options, &log).expect("its own log");
                    let expected = everything(replayed.as_ref(), players);
                    let positions = (0..log.len()).step_by(log.len() / 7 + 1).chain([log.len()]);
                    for position in positions {
                        let early = title.replay(players, &options, &log[..position]).expect("a prefix");
                        let snapshot = early.snapshot();
                        let mut restored = title.restore(&snapshot).expect("its own snapshot");
                        assert_eq!(restored.snapshot(), snapshot, "{} restores what it saved", info.id);
                        restored.apply(&log[position..]).expect("the rest of the log");
                        assert_eq!(
                            everything(restored.as_ref(), players),
                            expected,
                            "{} with {players} players, seed {seed}: snapshot at {position} of {}",
                            info.id,
                            log.len()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_snapshot_format_names_the_title_and_its_versions() {
        for title in Registry::with_all_titles().titles() {
            let format = title.snapshot_format();
            assert!(format.starts_with(title.info().id) && !format.contains(' '), "{format}");
        }
    }
}
