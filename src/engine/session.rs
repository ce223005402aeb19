//! A game as the service sees it, whatever its title: `GameSession` speaks JSON and knows the table (seats, clock,
//! ending) besides the title's rules.

use serde_json::Value;
use serde_json::value::RawValue;

use super::bot::Bot;
use super::table::{Table, TableEvent, Taker};
use super::{GameSeed, Lang, RuleError, Seat, Viewer};

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
    /// The actions `seat` may send now: the title's, then the table's that are open to it now (`undo`, draw offers
    /// and answers, taking the seat back from a bot); resigning, aborting and handing the seat to a bot are always
    /// possible and not listed. A seat not to act may still have the table's.
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    /// `legal_actions` as one JSON array, serialized straight from the typed actions (for answers).
    fn legal_actions_json(&self, seat: Seat) -> Box<RawValue>;
    /// Decides `action` (a title's action, or a table action) for `seat` at time `now_ms`, with the randomness of
    /// this log position; returns the next state and the new events, serialized for the log. `self` is left
    /// untouched.
    fn play(&self, seat: Seat, action: &Value, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError>;
    /// What the seats to act may decide now, listed once: each seat's actions as `legal_actions` lists them, seat
    /// after seat in `to_act`'s order (none once the game is over). The archive tells a decision by its index here
    /// and replays it without its JSON.
    fn decisions(&self) -> Box<dyn Decisions + '_>;
    /// Seats `taker` on open seat `seat`; the last seat taken starts the game.
    fn join(&self, seat: Seat, taker: Taker, seed: GameSeed, now_ms: u64) -> Result<Played, RuleError>;
    /// Appends table events the service decided (a timeout, an expiry, a rematch).
    fn record(&self, events: &[TableEvent]) -> Played;
    /// What `now_ms` makes of the game if it is overdue: an expiry while a seat is open; once seats let their time
    /// run out, their timeout (the game ends) or their abandonment (bots take them over). Empty when nothing is due.
    fn overdue(&self, now_ms: u64) -> Vec<TableEvent>;
    /// Each seat's reward once the game is played out (see `Game::rewards`).
    fn rewards(&self) -> Option<Vec<f64>>;
    /// The seats that win or lose together with `seat`, itself included (see `Game::side`).
    fn side(&self, seat: Seat) -> Vec<Seat>;
    /// The seat a bot must move for now, and its bot.
    fn bot_to_act(&self) -> Option<(Seat, Bot)>;
    /// A bot's move for its seat: an ordinary move, whose action the bot chose from what the seat may know,
    /// thinking until `stop` says so at the latest.
    fn play_bot(&self, bot_move: BotMove, stop: &mut dyn FnMut() -> bool) -> Result<Played, ActionError>;
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
    /// A stored event as `viewer` may see it (see `redact`), told in `lang`; `None` when it must not see it.
    fn event_text(&self, event: &str, viewer: Viewer, lang: Lang) -> Option<String>;
    /// `legal_actions_json`, each action with a `label` in `lang` beside its fields.
    fn labelled_actions_json(&self, seat: Seat, lang: Lang) -> Box<RawValue>;
    /// Every action `seat` may send now, as answers, streams and notifications carry them: labelled in `lang` when
    /// one is asked.
    fn actions_json(&self, seat: Seat, lang: Option<Lang>) -> Box<RawValue> {
        match lang {
            Some(lang) => self.labelled_actions_json(seat, lang),
            None => self.legal_actions_json(seat),
        }
    }
    fn clone_session(&self) -> Box<dyn GameSession>;
    /// The whole state, serialized: `Title::restore` of it gives back this very session.
    fn snapshot(&self) -> String;
}

/// What `GameSession::play_bot` is asked: `bot` moves for `seat` in the game of `seed` at `now_ms`.
#[derive(Clone, Copy, Debug)]
pub struct BotMove {
    pub seat: Seat,
    pub bot: Bot,
    pub seed: GameSeed,
    pub now_ms: u64,
}

/// The actions listed for the seats to act at one state (`GameSession::decisions`).
pub trait Decisions {
    fn count(&self) -> usize;
    /// Plays the `index`-th listed action, as `play` or a bot's move plays it, whoever plays the seat.
    fn play(&self, index: usize, seed: GameSeed, now_ms: u64) -> Result<Played, ActionError>;
}

/// What `GameSession::play` produced.
pub struct Played {
    pub next: Box<dyn GameSession>,
    pub events: Vec<String>,
    /// `events` as they were decided, in order: what a viewer may see of them is rendered from these without
    /// reading `events` back from their JSON.
    pub decided: Vec<Box<dyn Decided>>,
}

/// Events as they were decided, typed.
pub trait Decided: Send + Sync {
    /// Each event as `viewer` may see it in a game that is `finished` (or not) after them, told in `lang` when one
    /// is asked for; `None` for an event it must not see. The same as `GameSession::redact` and `event_text` give
    /// for the stored event.
    fn told(&self, viewer: Viewer, finished: bool, lang: Option<Lang>) -> Vec<Option<Told>>;
}

/// An event as a viewer may see it, and told in words when asked.
pub type Told = (Box<RawValue>, Option<String>);
