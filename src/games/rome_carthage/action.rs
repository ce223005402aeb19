//! The actions (exactly the JSON of the spec's section 5) and the inline lists they hold.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;
use utoipa::ToSchema;

use super::card::Rank;
use super::city::CityId;
use super::ids::SpecialKind;
use super::piece::{Kind, Piece};

/// The longest path of a single move: a chariot's four steps (7.1.1). A longer path sent by a client is refused
/// while the action is read.
pub const MAX_PATH: usize = 4;

/// The cities of a move (the start city excluded), held inline so that listing moves allocates no path.
pub type Path = ArrayVec<[CityId; MAX_PATH]>;

/// One mercenary's step in `move_mercenaries` or a two-mercenary betrayal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageStep, example = json!({"piece": "rome_mercenary_1", "to": "rhegion"}))]
pub struct Step {
    pub piece: Piece,
    pub to: CityId,
}

/// The steps of a two-mercenary move, held inline so that listing those moves allocates nothing. More than two
/// steps are refused while the action is read.
pub type Steps = ArrayVec<[Step; 2]>;

/// The cards of an action, by rank. A listed action borrows a static list (it names at most three cards, see
/// `rules::cards::for_each_multiset`), so that listing payments and commits allocates nothing; a list read from JSON is
/// owned, of any length, as before.
pub type Ranks = Cow<'static, [Rank]>;

/// An action. Cards are named by rank token (`"1"`…`"10"`, `"j"`, `"q"`, `"k"`); with several cards of a rank the
/// server uses the one with the smallest id (D39). Card lists are unordered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RomeCarthageAction)]
pub enum Action {
    /// `special_choice`: the chooser takes this special card of his team; his partner gets the other.
    #[schema(example = json!({"type": "choose_special", "card": "sedition"}))]
    ChooseSpecial { card: SpecialKind },
    /// `placement`: put the first unplaced piece of `kind` on an empty city of one of your states (galleys: ports).
    #[schema(example = json!({"type": "place", "kind": "galley", "city": "pise"}))]
    Place { kind: Kind, city: CityId },
    /// `main`: move one piece along `path` (the start city excluded).
    #[schema(example = json!({"type": "move", "piece": "rome_chariot", "path": ["capoue", "tarente"]}))]
    Move {
        piece: Piece,
        #[schema(value_type = Vec<CityId>, max_items = 4)]
        path: Path,
    },
    /// `main`: two different mercenaries step one road each, at the same time (cost 1).
    #[schema(example = json!({"type": "move_mercenaries", "steps": [
        {"piece": "rome_mercenary_1", "to": "rhegion"}, {"piece": "rome_mercenary_2", "to": "brindes"}]}))]
    MoveMercenaries {
        #[schema(value_type = Vec<Step>, max_items = 2)]
        steps: Steps,
    },
    /// `main`: pay a forced march (non-zero cards worth at least 3; only minimal ones are listed) for a budget of 2.
    #[schema(example = json!({"type": "pay_forced_march", "cards": ["1", "2"]}))]
    PayForcedMarch {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `main`: move for one enemy seat: either `piece` + `path`, or `steps` (two of its mercenaries).
    #[schema(example = json!({"type": "play_betrayal", "piece": "byzance_mercenary_1", "path": ["aquilee"]}))]
    PlayBetrayal {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<Piece>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Vec<CityId>>, max_items = 4)]
        path: Option<Path>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Vec<Step>>, max_items = 2)]
        steps: Option<Steps>,
    },
    /// `main`: destroy the enemy piece holding your occupied capital `city`.
    #[schema(example = json!({"type": "play_sedition", "city": "rome"}))]
    PlaySedition { city: CityId },
    /// `main`: offer a draw (once per turn).
    OfferDraw {},
    /// `draw_offer`: accept the offer.
    AcceptDraw {},
    /// `draw_offer`: decline the offer.
    DeclineDraw {},
    /// `main`: finish your moves; combats follow.
    EndMoves {},
    /// `combat_choice`: fight the pending combat in `city` next.
    #[schema(example = json!({"type": "choose_combat", "city": "capoue"}))]
    ChooseCombat { city: CityId },
    /// `combat_commit`: your base cards, exactly your card limit.
    #[schema(example = json!({"type": "commit", "cards": ["8", "k"]}))]
    Commit {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `spy_decision`: declare a spy.
    DeclareSpy {},
    /// `spy_decision`: keep your base as it is.
    DeclineSpy {},
    /// `spy_commit`: your new base, exactly 2 cards.
    #[schema(example = json!({"type": "spy_commit", "cards": ["10", "k"]}))]
    SpyCommit {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `tie_break`: one more card.
    #[schema(example = json!({"type": "add_card", "card": "3"}))]
    AddCard { card: Rank },
}
