//! Type erasure: the HTTP layer sees every title through `Title` and `GameSession`, speaking JSON.

use std::marker::PhantomData;
use std::sync::Arc;

use serde::Deserialize as _;
use serde_json::Value;
use utoipa::openapi::{RefOr, schema::Schema};

use super::selfplay::{Checks, SelfPlayFailure, play_random_game};
use super::{Game, GameSeed, RuleError, SETUP_STREAM, Seat, SetupError, TitleInfo, Viewer};

/// Actions after which a self-played game counts as stuck.
const SELF_PLAY_LIMIT: u64 = 1_000_000;

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
    fn to_act(&self) -> Vec<Seat>;
    fn outcome(&self) -> Option<Value>;
    fn is_finished(&self) -> bool {
        self.outcome().is_some()
    }
    fn view(&self, viewer: Viewer) -> Value;
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    /// Decides `action` for `seat` with the randomness of this log position; returns the next state and the new
    /// events, serialized for the log. `self` is left untouched.
    fn play(&self, seat: Seat, action: &Value, seed: GameSeed) -> Result<Played, ActionError>;
    /// Folds already-stored events in (to catch a cached state up with the log).
    fn apply(&mut self, events: &[String]) -> Result<(), ReplayError>;
    /// A stored event as `viewer` may see it at this session's state (once finished, as everyone sees it); `None`
    /// when it must not see it.
    fn redact(&self, event: &str, viewer: Viewer) -> Option<Value>;
    fn clone_session(&self) -> Box<dyn GameSession>;
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

fn encode<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine types serialize to JSON")
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    serde_json::from_value(options.clone()).map_err(|e| SetupError::InvalidOptions(e.to_string()))
}

struct Session<G: Game> {
    state: G::State,
    version: u64,
}

impl<G: Game> Session<G> {
    fn fold(&mut self, events: &[String]) -> Result<(), ReplayError> {
        for (offset, text) in events.iter().enumerate() {
            let event: G::Event = serde_json::from_str(text).map_err(|e| ReplayError {
                index: self.version as usize + offset,
                reason: e.to_string(),
            })?;
            G::evolve(&mut self.state, &event);
        }
        self.version += events.len() as u64;
        Ok(())
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
        let mut session = Session::<G> { state, version: 0 };
        session.fold(events)?;
        Ok(Box::new(session))
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
        G::to_act(&self.state)
    }

    fn outcome(&self) -> Option<Value> {
        G::outcome(&self.state).map(|outcome| to_json(&outcome))
    }

    fn is_finished(&self) -> bool {
        G::outcome(&self.state).is_some()
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_json(&G::view(&self.state, viewer))
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        G::legal_actions(&self.state, seat).iter().map(to_json).collect()
    }

    fn play(&self, seat: Seat, action: &Value, seed: GameSeed) -> Result<Played, ActionError> {
        if self.is_finished() {
            return Err(ActionError::GameOver);
        }
        let action: G::Action = G::Action::deserialize(action).map_err(|e| ActionError::Malformed(e.to_string()))?;
        let events = G::decide(&self.state, seat, &action, &mut seed.rng(self.version))?;
        let mut next = Session::<G> {
            state: self.state.clone(),
            version: self.version + events.len() as u64,
        };
        for event in &events {
            G::evolve(&mut next.state, event);
        }
        Ok(Played {
            next: Box::new(next),
            events: events.iter().map(encode).collect(),
        })
    }

    fn apply(&mut self, events: &[String]) -> Result<(), ReplayError> {
        self.fold(events)
    }

    fn redact(&self, event: &str, viewer: Viewer) -> Option<Value> {
        let event: G::Event = serde_json::from_str(event).ok()?;
        let visible = if self.is_finished() {
            Some(G::redact_finished(&event))
        } else {
            G::redact(&event, viewer)
        };
        visible.map(|event| to_json(&event))
    }

    fn clone_session(&self) -> Box<dyn GameSession> {
        Box::new(Session::<G> {
            state: self.state.clone(),
            version: self.version,
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
                .play(seat, action, game_seed)
                .expect("listed actions are accepted");
            log.extend(played.events);
            session = played.next;
        }
        (session, log)
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
            .chain([session.view(viewer)])
            .map(|value| value.to_string())
            .collect()
    }
}
