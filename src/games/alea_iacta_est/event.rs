//! The log events, and the small shapes they carry (favour tokens, Forum dice, counts per seat, straights, Castrum
//! groups, Templum results), which the view shows too.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::building::{Building, EvaluatedBuilding};
use super::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;

/// A face-down or face-up favour token with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstFavourToken)]
pub struct FavourToken {
    pub id: FavourId,
    pub value: u8,
}

impl FavourToken {
    pub fn of(id: FavourId) -> Self {
        Self { id, value: id.value() }
    }
}

/// A die in the Forum, or pushed out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstForumDie)]
pub struct ForumDie {
    pub seat: SeatId,
    pub value: u8,
}

/// A number of dice (or tokens) of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstSeatCount)]
pub struct SeatCount {
    pub seat: SeatId,
    pub count: u8,
}

/// A straight in the Senate: the values `low..=high` of one seat; rank = (length, high).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstStraight)]
pub struct Straight {
    pub seat: SeatId,
    pub low: u8,
    pub high: u8,
}

/// A Castrum group: `size` dice of value `value` of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstGroup)]
pub struct GroupView {
    pub seat: SeatId,
    pub value: u8,
    pub size: u8,
}

/// What one seat kept at the Templum evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstTemplumResult)]
pub struct TemplumResult {
    pub seat: SeatId,
    /// Kept tokens, now face up.
    pub kept: Vec<FavourToken>,
    /// Number of face-down tokens returned, face down, to the discard pile.
    pub discarded: u8,
    /// Ids of this seat's combinations that keep no token (the favour piles ran out): their dice go to its Latrina.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_latrina: Vec<u8>,
}

/// A log event. Private parts (`order`, `tokens`, `cards`, `card`) are present only for the viewers allowed to
/// see them; shuffle orders are never shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = AleaIactaEstEvent)]
pub enum Event {
    /// Setup (4-5 players): the 30 favour tokens are shuffled face down.
    FavourPileShuffled {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<FavourId>>,
    },
    /// Setup: the Senate deck is shuffled face down; `removed` cards are out of this game.
    SenateDeckShuffled {
        count: u8,
        removed: Vec<CardId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CardId>>,
    },
    /// Setup: the province tiles are shuffled face down.
    ProvincePileShuffled {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<ProvinceId>>,
    },
    /// Setup: the inhabitant tiles are shuffled face down.
    InhabitantPileShuffled {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<InhabitantId>>,
    },
    /// A round starts: buildings are empty, every seat has 8 dice, and new tiles are revealed.
    RoundStarted {
        round: u8,
        first_player: SeatId,
        provinces: Vec<ProvinceId>,
        inhabitants: Vec<InhabitantId>,
    },
    /// A seat's turn starts: all dice in its hand are rolled (values in roll order).
    DiceRolled { seat: SeatId, values: Vec<u8> },
    /// A reroll: the dice with values `rerolled` were rolled again and show `values` (in roll order).
    DiceRerolled {
        seat: SeatId,
        rerolled: Vec<u8>,
        values: Vec<u8>,
        tokens_spent: u8,
    },
    /// Dice were placed. `combo`: the Templum combination created or extended. `pushed_off`: Forum dice pushed to
    /// their owners' Latrinas. `to_latrina`: the high die of a Forum pair that did not fit.
    DicePlaced {
        seat: SeatId,
        building: Building,
        values: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        combo: Option<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pushed_off: Vec<ForumDie>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        to_latrina: Vec<u8>,
    },
    /// Favour tokens drawn face down (ids and values: drawer only).
    FavourDrawn {
        seat: SeatId,
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tokens: Option<Vec<FavourToken>>,
    },
    /// The favour discard pile was shuffled into a new draw pile.
    FavourReshuffled {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<FavourId>>,
    },
    /// No placement was possible: the lowest die went to the Latrina.
    LatrinaForced { seat: SeatId, value: u8 },
    /// A turn ended. `hand_empty`: the seat placed its last die (the round ends after the lap). `next`: the next
    /// seat to roll, or none when the round ends.
    TurnEnded {
        seat: SeatId,
        hand_empty: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<SeatId>,
    },
    /// The round ended: dice left in hands went to the Latrina.
    RoundEnded { round: u8, to_latrina: Vec<SeatCount> },
    /// Templum evaluation: kept tokens are turned face up, the others go face down to the discard pile.
    TemplumResolved { results: Vec<TemplumResult> },
    /// Senate evaluation: the straights, best first.
    SenateRanked { ranking: Vec<Straight> },
    /// The best seat drew Senate cards (ids: that seat only).
    SenateDrawn {
        seat: SeatId,
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// A seat kept a Senate card (id: that seat only). `automatic`: it was the only card offered.
    SenateKept {
        seat: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
        automatic: bool,
    },
    /// The best seat passed the other cards to the second (ids: both of them).
    SenatePassed {
        from: SeatId,
        to: SeatId,
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// 5 players: the last card went to the third-best seat (id: the third and the second seat).
    SenateToThird {
        seat: SeatId,
        from: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
    },
    /// Cards went under the Senate deck, first drawn first (ids: only the seat whose choice left them).
    SenateReturned {
        seat: SeatId,
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Dice that earned nothing at an evaluation went to their owners' Latrinas.
    DiceToLatrina {
        building: EvaluatedBuilding,
        dice: Vec<SeatCount>,
    },
    /// Castrum evaluation: the groups, best first; their owners pick provinces in this order.
    CastrumRanked { ranking: Vec<GroupView> },
    /// A seat took a province tile. `automatic`: it was the only tile left.
    ProvinceTaken {
        seat: SeatId,
        province: ProvinceId,
        automatic: bool,
    },
    /// The owner of the die in Forum column `column` took an inhabitant. `automatic`: it was the only one left.
    InhabitantTaken {
        seat: SeatId,
        column: u8,
        inhabitant: InhabitantId,
        automatic: bool,
    },
    /// Tiles left in a display were removed from the game.
    DisplayRemoved {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        provinces: Vec<ProvinceId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        inhabitants: Vec<InhabitantId>,
    },
    /// Latrina evaluation: 1 reroll token per die in the Latrina; then all dice return to their owners.
    RerollTokensAwarded { awards: Vec<SeatCount> },
    /// The first-player marker passed to the left.
    FirstPlayerPassed { from: SeatId, to: SeatId },
    /// The game ended: housing, scores and every Senate card are public.
    GameEnd { result: Outcome },
}
