//! A title as the service sees it: `Title` speaks JSON, and `TitleAdapter` puts any typed `Game` behind it.

use std::marker::PhantomData;

use serde::Deserialize as _;
use serde_json::Value;
use utoipa::openapi::{RefOr, schema::Schema};

use super::selfplay::{Checks, SELF_PLAY_LIMIT, SelfPlayFailure, play_random_game};
use super::session::{GameSession, ReplayError};
use super::table::{TABLE_FORMAT, TableEvent};
use super::typed_session::{Entry, Session, StoredSession, encode, parse_options, to_json, with_clock};
use super::{Game, GameSeed, SETUP_STREAM, SetupError, TitleInfo};

/// Schema names a title contributes to the OpenAPI document.
pub struct TitleSchemaNames {
    pub action: String,
    pub view: String,
    pub event: String,
    pub outcome: String,
    pub options: String,
}

/// A game opened at a table: `players` seats of the title with its `options`, the table as `opened` says (open
/// seats, display names, a clock), in the game of `seed` at `now_ms`.
pub struct Opening<'a> {
    pub players: usize,
    pub options: &'a Value,
    pub opened: TableEvent,
    pub seed: GameSeed,
    pub now_ms: u64,
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
    /// The first events of a game opened at the table as `opening.opened` says (open seats, display names, a clock): the
    /// title's setup follows at once unless a seat is open (then it waits for the last one), and the clock starts. A
    /// table with none of these is left out of the log: the game's events are the setup alone.
    fn open(&self, opening: Opening<'_>) -> Result<Vec<String>, SetupError>;
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
    /// Whether the title's rules have their own draw offer (`Game::RULES_DRAW`).
    fn rules_draw(&self) -> bool;
}

/// Adapts a typed `Game` to the JSON-speaking `Title`.
pub struct TitleAdapter<G>(PhantomData<G>);

impl<G> Default for TitleAdapter<G> {
    fn default() -> Self {
        Self(PhantomData)
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
            undo: stored.undo,
        }))
    }

    fn open(&self, opening: Opening<'_>) -> Result<Vec<String>, SetupError> {
        let Opening {
            players,
            options,
            opened,
            seed,
            now_ms,
        } = opening;
        let session = Session::<G>::new(G::new_state(players, &parse_options::<G>(options)?)?, players);
        let waits = matches!(&opened, TableEvent::TableOpened { seats, .. } if seats.iter().any(|seat| seat.open));
        // A table with every seat taken, no name, no clock, the default on_leave and the default chat is what a log
        // without table events stands for.
        let plain = matches!(&opened,
            TableEvent::TableOpened { seats, turn_seconds: None, on_leave: None, clock: None, chat: None, rated: false, .. }
            if seats.iter().all(|seat| !seat.open && seat.name.is_none() && seat.bot.is_none() && seat.account.is_none()));
        let mut entries = if plain { Vec::new() } else { vec![Entry::Table(opened)] };
        if !waits {
            let setup = G::setup(&session.state, &mut seed.rng(SETUP_STREAM));
            entries.extend(setup.into_iter().map(Entry::Title));
        }
        Ok(with_clock(session.then(entries), now_ms, None).events)
    }

    fn map(&self) -> Option<&'static Value> {
        G::map()
    }

    fn self_play(&self, players: usize, seed: u64, checks: Checks) -> Result<u64, SelfPlayFailure> {
        play_random_game::<G>(players, &G::Options::default(), seed, SELF_PLAY_LIMIT, checks, &mut |_| Ok(()))
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

    fn rules_draw(&self) -> bool {
        G::RULES_DRAW
    }
}
