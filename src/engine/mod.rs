//! The game-agnostic contract every title implements, and the registry the HTTP layer talks to.
//!
//! A title is pure code: `decide` turns (state, seat, action, rng) into events, `evolve` folds one event into the
//! state. Every chance outcome is an event, so replaying a log always rebuilds the same state.

pub mod bot;
pub mod catalog;
pub mod clocks;
pub mod decisions;
pub mod lang;
mod registry;
mod rng;
mod rule_code;
pub mod search;
pub mod selfplay;
mod session;
pub mod string_id;
pub mod table;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
pub(crate) mod testing;
mod title;
mod typed_session;
mod undo;
pub mod unions;
pub mod words;

pub use registry::Registry;
pub use rng::{GameRng, GameSeed, SETUP_STREAM};
pub use rule_code::RuleCode;
pub use session::{ActionError, BotMove, Decided, Decisions, GameSession, Played, ReplayError, Told};
pub use title::{Opening, Title, TitleAdapter, TitleSchemaNames};
pub use words::Lang;

use serde::{Serialize, de::DeserializeOwned};
use utoipa::ToSchema;

/// Index of a seat in a game (0-based, in the title's seat order).
pub type Seat = usize;

/// Who is looking at the game: one seat, or a spectator who sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// True when this viewer is the given seat.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

/// A rule violation: the action is well-formed but not allowed now.
/// `code` is stable and machine-readable; `message` is a sentence a player understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleError {
    pub code: RuleCode,
    pub message: String,
}

impl RuleError {
    pub fn new(code: RuleCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

/// Why a game cannot be created with the requested parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("this title is played by {min} to {max} players, not {requested}")]
    PlayerCount { min: usize, max: usize, requested: usize },
    #[error("invalid options: {0}")]
    InvalidOptions(String),
    /// Options that are valid in themselves but not with this number of players.
    #[error("these options do not fit this number of players: {0}")]
    OptionsConflict(String),
}

/// One configurable option of a title, as listed by `GET /v1/titles`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct OptionInfo {
    #[schema(example = "manipulation_pile")]
    pub name: &'static str,
    pub description: &'static str,
    /// The accepted values, when the option is an enumeration.
    pub values: Vec<&'static str>,
    pub default: &'static str,
}

/// Static description of a title.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TitleInfo {
    /// Stable id used in URLs and requests.
    #[schema(example = "caesar-cleopatra")]
    pub id: &'static str,
    #[schema(example = "César et Cléopâtre")]
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Seat ids in turn order; a game with n players uses the first n.
    pub seats: Vec<&'static str>,
    pub options: Vec<OptionInfo>,
}

/// A title's rules engine: everything a title implements, grouped by concern into four supertraits so that a new
/// title's author sees what each part requires. `Rules` is the game itself; `Views` what each viewer may see of it;
/// `Words` how it is told; `SearchHints` what search bots need beyond the rules. Implementations are pure: no I/O,
/// no clock, no global RNG. Implement the four; `Game` follows from them.
pub trait Game: Rules + Views + Words + SearchHints {}

impl<G: Rules + Views + Words + SearchHints> Game for G {}

/// The rules: the state, the actions and events, and how one leads to the other.
pub trait Rules: Send + Sync + 'static {
    /// Version of what `State` holds and means. Snapshots of a state are written with it and only read back by a
    /// build of the same version, so raise it whenever a change of the rules or of `State` would make an old
    /// snapshot differ from a replay of its log (the game is then rebuilt from its log).
    const RULES_VERSION: u32;
    /// True when the title's rules have a draw offer of their own (`offer_draw`, `accept_draw`, `decline_draw` are
    /// then the title's actions, not the table's).
    const RULES_DRAW: bool = false;
    type Options: Serialize + DeserializeOwned + Default + Clone + Send + Sync + ToSchema;
    /// Serializable for snapshots; serializing then deserializing must give back an equal state.
    type State: Clone + Send + Sync + Serialize + DeserializeOwned + 'static;
    type Action: Clone + PartialEq + Serialize + DeserializeOwned + ToSchema;
    type Event: Clone + Send + Sync + Serialize + DeserializeOwned + ToSchema + 'static;
    type Outcome: Serialize + ToSchema;

    fn info() -> TitleInfo;

    /// The deterministic state before any event, for `players` seats.
    fn new_state(players: usize, options: &Self::Options) -> Result<Self::State, SetupError>;

    /// `Err(SetupError::PlayerCount)` unless `players` is within `info()`'s bounds: the first check of `new_state`.
    fn check_players(players: usize) -> Result<(), SetupError> {
        let info = Self::info();
        if (info.min_players..=info.max_players).contains(&players) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                min: info.min_players,
                max: info.max_players,
                requested: players,
            })
        }
    }

    /// The setup events (shuffles, deals, ...) that take `new_state` to the first decision.
    fn setup(state: &Self::State, rng: &mut GameRng) -> Vec<Self::Event>;

    /// Fold one event into the state. Never fails for events `decide` or `setup` produced.
    fn evolve(state: &mut Self::State, event: &Self::Event);

    /// Validate `action` by `seat` and return the events it causes, automatic follow-ups included.
    fn decide(
        state: &Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, RuleError>;

    /// Every action `seat` may take now, each exactly as `decide` accepts it; empty when it need not act.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// The seat whose decision `event` records, `None` for an event that follows from a decision (or from the
    /// setup). Every batch `decide` returns for a seat holds exactly one event naming that seat here and none naming
    /// another: the log marks where a decision starts nowhere else, and undoing one goes back to there. `state` is
    /// the state just before `event`.
    fn decided_by(state: &Self::State, event: &Self::Event) -> Option<Seat>;

    /// Whether `event` reveals hidden information to anyone (a card turned face up, a hand card shown, a secret made
    /// public) or records a chance outcome (dice, a shuffle, a draw): no decision before it may be undone. A
    /// face-down placement known only to its actor reveals nothing. `state` is the state just before `event`.
    fn is_undo_barrier(state: &Self::State, event: &Self::Event) -> bool;

    /// Seats that must act now (several during simultaneous steps; none once finished).
    fn to_act(state: &Self::State) -> Vec<Seat>;

    /// The result, once the game is over.
    fn outcome(state: &Self::State) -> Option<Self::Outcome>;

    /// Each seat's reward once the game is over, in 0..=1 (1 for a win, 0 for a loss, shared places sharing their
    /// rewards; a team's seats alike): what search bots maximise.
    fn rewards(state: &Self::State) -> Option<Vec<f64>>;

    /// The seats that win or lose together with `seat` (itself included): its team in a team game.
    fn side(state: &Self::State, seat: Seat) -> Vec<Seat> {
        let _ = state;
        vec![seat]
    }
}

/// What every title's `impl Rules` says alike, by the layout of `docs/architecture.md` ("A title's folder"): the
/// types are the title's `Options`, `State`, `Action`, `Event` and `Outcome`; `evolve` is `evolve::evolve`,
/// `legal_actions` `rules::legal_actions`, `decided_by` and `is_undo_barrier` are `undo::decided_by` and
/// `undo::is_barrier`. Invoked inside a title's `impl Rules`, where those names are in scope.
#[macro_export]
macro_rules! rules_by_layout {
    () => {
        type Options = Options;
        type State = State;
        type Action = Action;
        type Event = Event;
        type Outcome = Outcome;

        fn evolve(state: &mut Self::State, event: &Self::Event) {
            evolve::evolve(state, event)
        }

        fn legal_actions(state: &Self::State, seat: $crate::engine::Seat) -> Vec<Self::Action> {
            rules::legal_actions(state, seat)
        }

        fn decided_by(state: &Self::State, event: &Self::Event) -> Option<$crate::engine::Seat> {
            undo::decided_by(state, event)
        }

        fn is_undo_barrier(state: &Self::State, event: &Self::Event) -> bool {
            undo::is_barrier(state, event)
        }
    };
}

/// What each viewer may see: of the state, of each event, and the static board data.
pub trait Views: Rules {
    type View: Serialize + ToSchema;

    /// The state as `viewer` may see it.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it, or `None` when it must not see the event at all.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// The event as everyone may see it once the game is over; what stays secret forever is removed.
    fn redact_finished(event: &Self::Event) -> Self::Event {
        event.clone()
    }

    /// Static board data a front-end needs to draw the game (a map), served at `GET /v1/titles/{id}/map`.
    fn map() -> Option<&'static serde_json::Value> {
        None
    }
}

/// The game told in words, in every language the service speaks.
pub trait Words: Rules {
    /// `event`, as the viewer it was redacted for sees it, in words: one short sentence in the rules' own terms,
    /// naming cards, places and seats by their names, never by their ids. Told from the redacted event alone, so
    /// that the words tell nothing the event beside them does not show.
    fn describe(event: &Self::Event, lang: Lang) -> String;

    /// A legal action in words, as a button would say it.
    fn label(action: &Self::Action, lang: Lang) -> String;

    /// A seat's name in words (by default its id, capitalized: the same in every language).
    fn seat_name(seat: Seat, lang: Lang) -> String {
        let _ = lang;
        words::capitalized(Self::info().seats[seat])
    }
}

/// What search bots need beyond the rules: sampling what a seat cannot see, and cheap playouts.
pub trait SearchHints: Rules {
    /// A state `seat` cannot tell from `state`, for search bots: everything the seat knows kept, every part hidden
    /// from it (other hands, deck orders, face-down cards) redrawn with `rng` from what it cannot see. It must read
    /// nothing the seat may not know: hidden parts permuted among themselves give the same result for the same
    /// `rng` (the unseen items are taken in a canonical order before they are redrawn).
    fn determinize(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;

    /// The action `seat` plays at this step of a search bot's random playout, `None` when it has none: by default
    /// one of the legal actions drawn by `search_weight`. A title whose full listing is costly may draw from a
    /// cheaper policy instead (e.g. a piece first, then one of its moves), as long as it only ever returns legal
    /// actions and returns one whenever `legal_actions` is not empty.
    fn playout_action(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Option<Self::Action> {
        search::weighted_choice::<Self>(state, Self::legal_actions(state, seat), rng)
    }

    /// The most actions a search bot's random playout plays before `estimate` scores where it stopped: titles whose
    /// random games run long cut them short, so that a search spends its budget on many short, telling playouts.
    const PLAYOUT_ACTIONS: u32 = 5_000;

    /// Rewards (in 0..=1, like `rewards`) for an unfinished position where a playout stopped, e.g. from the material
    /// each side keeps; `None` scores it as a draw for every seat. Searches read it on determinized states only.
    fn estimate(state: &Self::State) -> Option<Vec<f64>> {
        let _ = state;
        None
    }

    /// How likely a search bot's random playouts are to pick `action` among the legal ones; 0: search bots never
    /// consider it while another action is legal (all 0: uniform). A cheap policy that keeps searches from spending
    /// their playouts on ways to end a game no bot should choose (e.g. agreed draws).
    fn search_weight(state: &Self::State, action: &Self::Action) -> u32 {
        let _ = (state, action);
        1
    }
}
