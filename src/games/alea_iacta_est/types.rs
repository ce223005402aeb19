//! The title's public shapes: options, actions, events, views and the result, with their OpenAPI schemas, and the
//! compact identifiers they use: an index into one of the data tables, serialized as the table's string id
//! (`"antonius"`, `"favour_07"`, `"senate_13"`, `"province_gallia_3"`, `"inhabitant_gallia_woman_1"`).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tinyvec::ArrayVec;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use super::data::{DATA, Data};

macro_rules! data_id {
    ($(#[$meta:meta])* $name:ident, $schema:literal, $what:literal, $table:ident, $get:expr) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u8);

        impl $name {
            fn table() -> impl Iterator<Item = &'static str> {
                let get: fn(&'static Data, usize) -> &'static str = $get;
                let data: &'static Data = &DATA;
                (0..data.$table.len()).map(move |i| get(data, i))
            }

            /// The string id.
            pub fn id(self) -> &'static str {
                let get: fn(&'static Data, usize) -> &'static str = $get;
                let data: &'static Data = &DATA;
                if (self.0 as usize) < data.$table.len() {
                    get(data, self.0 as usize)
                } else {
                    "unknown"
                }
            }

            /// The identifier named `text`, if the table has it.
            pub fn parse(text: &str) -> Option<Self> {
                Self::table().position(|id| id == text).map(|i| Self(i as u8))
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.id())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = Cow::<str>::deserialize(deserializer)?;
                Self::parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("unknown ", $what, " {:?}"), text))
                })
            }
        }

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let ids: Vec<&'static str> = Self::table().collect();
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some(concat!("Id of a ", $what, ".")))
                    .enum_values(Some(ids.clone()))
                    .examples(ids.first().copied())
                    .into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($schema)
            }
        }
    };
}

data_id!(
    /// A seat (`antonius`, `brutus`, `claudius`, `darius`, `ennius`).
    SeatId,
    "AleaIactaEstSeat",
    "seat",
    seats,
    |d, i| d.seats[i].as_str()
);
data_id!(
    /// A favour token; its id encodes its value (01-08: 1, 09-22: 2, 23-30: 3).
    FavourId,
    "AleaIactaEstFavourId",
    "favour token",
    favour,
    |d, i| d.favour[i].id.as_str()
);
data_id!(
    /// A Senate card (SUBSTITUTE deck).
    CardId,
    "AleaIactaEstSenateCardId",
    "Senate card",
    senate_cards,
    |d, i| d.senate_cards[i].id.as_str()
);
data_id!(
    /// A province tile.
    ProvinceId,
    "AleaIactaEstProvinceId",
    "province tile",
    provinces,
    |d, i| d.provinces[i].id.as_str()
);
data_id!(
    /// An inhabitant tile.
    InhabitantId,
    "AleaIactaEstInhabitantId",
    "inhabitant tile",
    inhabitants,
    |d, i| d.inhabitants[i].id.as_str()
);

impl SeatId {
    pub fn seat(self) -> usize {
        self.0 as usize
    }

    pub fn of(seat: usize) -> Self {
        Self(seat as u8)
    }
}

impl FavourId {
    pub fn value(self) -> u8 {
        DATA.favour.get(self.0 as usize).map_or(0, |t| t.value)
    }
}

/// Options of Alea Iacta Est.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AleaIactaEstOptions {
    /// The seat that holds the first-player marker in round 1 (the rules' "youngest player"); default the first
    /// seat. It must be one of the game's seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<SeatId>,
}

/// A building on which dice can be placed by a `place` action (the Latrina only receives dice by the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AleaIactaEstBuilding {
    /// Increasing count and sum (4-5 players only).
    Templum,
    /// Straights.
    Senatus,
    /// Sets of equal values.
    Castrum,
    /// Lowest dice first.
    Forum,
}

/// The most dice an action names: a seat's whole hand (the data's `dice_per_seat`).
pub const MAX_ACTION_DICE: usize = 8;

/// Die values of an action, inline: a turn has up to ~150 legal rerolls, and one heap list per action cost more than
/// enumerating them. It reads and writes as a JSON array, like a `Vec`; more than 8 values are refused when the
/// action is read, as the schema's `max_items` says.
pub type AleaIactaEstDice = ArrayVec<[u8; MAX_ACTION_DICE]>;

/// An action of Alea Iacta Est. `values` lists die values (1-6) as a multiset, in any order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AleaIactaEstAction {
    /// Spend 1 reroll token to roll again the dice of your rolled hand with these values; the others keep theirs.
    /// Only in your own turn, before placing.
    Reroll {
        /// Die values 1-6.
        #[schema(value_type = Vec<u8>, example = json!([1, 1, 5]), min_items = 1, max_items = 8)]
        values: AleaIactaEstDice,
    },
    /// Place one combination from your rolled hand on one building. `combo` (Templum only) is the id of your own
    /// combination to extend; absent or null for a new one (and for the other buildings).
    Place {
        building: AleaIactaEstBuilding,
        /// Die values 1-6.
        #[schema(value_type = Vec<u8>, example = json!([3, 4, 5]), min_items = 1, max_items = 8)]
        values: AleaIactaEstDice,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(example = 1)]
        combo: Option<u8>,
    },
    /// Only when no placement is legal: your lowest die goes to your Latrina and your turn ends.
    LatrinaForced {},
    /// Keep one of the Senate cards offered to you.
    KeepSenateCard { card: CardId },
    /// Take one province tile from the display below the Castrum.
    TakeProvince { province: ProvinceId },
    /// Take one inhabitant from the display below the Forum (any displayed tile).
    TakeInhabitant { inhabitant: InhabitantId },
}

/// A face-down or face-up favour token with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstFavourToken {
    pub id: FavourId,
    pub value: u8,
}

impl AleaIactaEstFavourToken {
    pub fn of(id: FavourId) -> Self {
        Self { id, value: id.value() }
    }
}

/// A die in the Forum, or pushed out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstForumDie {
    pub seat: SeatId,
    pub value: u8,
}

/// A number of dice (or tokens) of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstSeatCount {
    pub seat: SeatId,
    pub count: u8,
}

/// A straight in the Senate: the values `low..=high` of one seat; rank = (length, high).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstStraight {
    pub seat: SeatId,
    pub low: u8,
    pub high: u8,
}

/// A Castrum group: `size` dice of value `value` of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstGroup {
    pub seat: SeatId,
    pub value: u8,
    pub size: u8,
}

/// What one seat kept at the Templum evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstTemplumResult {
    pub seat: SeatId,
    /// Kept tokens, now face up.
    pub kept: Vec<AleaIactaEstFavourToken>,
    /// Number of face-down tokens returned, face down, to the discard pile.
    pub discarded: u8,
    /// Ids of this seat's combinations that keep no token (the favour piles ran out): their dice go to its Latrina.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_latrina: Vec<u8>,
}

/// A building whose unrewarded dice go to the Latrina at evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AleaIactaEstEvaluatedBuilding {
    Senatus,
    Castrum,
}

/// A log event. Private parts (`order`, `tokens`, `cards`, `card`) are present only for the viewers allowed to
/// see them; shuffle orders are never shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AleaIactaEstEvent {
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
        building: AleaIactaEstBuilding,
        values: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        combo: Option<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pushed_off: Vec<AleaIactaEstForumDie>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        to_latrina: Vec<u8>,
    },
    /// Favour tokens drawn face down (ids and values: drawer only).
    FavourDrawn {
        seat: SeatId,
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tokens: Option<Vec<AleaIactaEstFavourToken>>,
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
    RoundEnded {
        round: u8,
        to_latrina: Vec<AleaIactaEstSeatCount>,
    },
    /// Templum evaluation: kept tokens are turned face up, the others go face down to the discard pile.
    TemplumResolved { results: Vec<AleaIactaEstTemplumResult> },
    /// Senate evaluation: the straights, best first.
    SenateRanked { ranking: Vec<AleaIactaEstStraight> },
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
        building: AleaIactaEstEvaluatedBuilding,
        dice: Vec<AleaIactaEstSeatCount>,
    },
    /// Castrum evaluation: the groups, best first; their owners pick provinces in this order.
    CastrumRanked { ranking: Vec<AleaIactaEstGroup> },
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
    RerollTokensAwarded { awards: Vec<AleaIactaEstSeatCount> },
    /// The first-player marker passed to the left.
    FirstPlayerPassed { from: SeatId, to: SeatId },
    /// The game ended: housing, scores and every Senate card are public.
    GameEnd { result: AleaIactaEstOutcome },
}

/// One Senate card with its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstSenateCard {
    pub card: CardId,
    #[schema(example = "triumphator")]
    pub kind: String,
    #[schema(example = "Triumphator")]
    pub name: String,
    #[schema(example = "IX")]
    pub numeral: String,
}

/// A Senate card and its points in the final scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstCardScore {
    pub card: CardId,
    #[schema(example = "matrona")]
    pub kind: String,
    pub points: i32,
}

/// One housing site (a province tile, or a Colonia card) and who lives there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstHousing {
    /// A province tile id, or the id of a Colonia Senate card.
    #[schema(example = "province_gallia_3")]
    pub site: String,
    pub man: Option<InhabitantId>,
    pub woman: Option<InhabitantId>,
}

/// The final score of one seat (spec 8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstSeatScore {
    /// A: province tiles.
    pub provinces: i32,
    /// B: housed inhabitants.
    pub inhabitants: i32,
    /// C: Senate cards.
    pub senate: i32,
    /// D: kept favour tokens.
    pub favour: i32,
    /// E: reroll tokens, 1 per pair.
    pub reroll: i32,
    pub total: i32,
    /// U: total value of unhoused inhabitants (first tie-break).
    pub unhoused_value: i32,
    pub senate_cards: Vec<AleaIactaEstCardScore>,
    /// Every site in site order (province tiles by id, then Colonia cards by id), empty ones included.
    pub housing: Vec<AleaIactaEstHousing>,
    pub unhoused: Vec<InhabitantId>,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AleaIactaEstOutcome {
    /// Scores by seat id.
    pub scores: BTreeMap<String, AleaIactaEstSeatScore>,
    /// Seats by total, then unhoused value, then seat order.
    pub ranking: Vec<SeatId>,
    pub winners: Vec<SeatId>,
    pub shared_victory: bool,
}

/// The step the game is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AleaIactaEstPhase {
    RoundStart,
    TurnRoll,
    /// The current seat rerolls, places or is forced to the Latrina.
    TurnDecide,
    TurnEnd,
    RoundEnd,
    EvalTemplum,
    EvalSenatus,
    SenateDraw,
    /// The best straight's owner keeps one of the drawn cards.
    SenateChoiceFirst,
    SenatePass,
    /// The second straight's owner keeps one of the passed cards.
    SenateChoiceSecond,
    SenateLeftover,
    SenateFinish,
    EvalCastrum,
    /// The owner of the current Castrum group takes a province.
    CastrumPick,
    CastrumFinish,
    CastrumClear,
    /// The owner of the die in the current Forum column takes an inhabitant.
    ForumPick,
    ForumFinish,
    EvalLatrina,
    RoundCleanup,
    FinalScoring,
    /// Terminal: the result is published.
    GameEnd,
}

/// A Templum combination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct AleaIactaEstCombo {
    pub id: u8,
    pub seat: SeatId,
    pub dice: Vec<u8>,
    pub sum: u8,
    /// The combination with the most dice.
    pub top: bool,
}

/// What one seat shows (and, for the viewer's own seat, its secrets).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AleaIactaEstSeatView {
    pub seat: SeatId,
    pub has_marker: bool,
    /// Dice in hand (rolled or not).
    pub dice_in_hand: u8,
    /// The rolled values in hand, ascending; absent while the hand is not rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<u8>>,
    /// Dice in this seat's Latrina this round.
    pub latrina: u8,
    pub reroll_tokens: u32,
    /// Face-down favour tokens drawn this round.
    pub favour_face_down: u8,
    /// Their ids and values: the owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub favour_face_down_tokens: Option<Vec<AleaIactaEstFavourToken>>,
    /// Kept favour tokens (face up, public).
    pub favour_kept: Vec<AleaIactaEstFavourToken>,
    pub senate_card_count: u8,
    /// The Senate cards: the owner only, everyone at game end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub senate_cards: Option<Vec<AleaIactaEstSenateCard>>,
    pub provinces: Vec<ProvinceId>,
    pub inhabitants: Vec<InhabitantId>,
}

/// The evaluation in progress, when one is.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AleaIactaEstEvaluationView {
    /// Seats with a straight, best first.
    pub senate_ranking: Vec<SeatId>,
    /// The seat choosing a Senate card now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub senate_chooser: Option<SeatId>,
    pub senate_offer_count: u8,
    /// The offered cards: the chooser (and, for passed cards, the seat that passed them) only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub senate_offer: Option<Vec<CardId>>,
    /// Castrum groups in picking order.
    pub castrum_ranking: Vec<AleaIactaEstGroup>,
    /// How many Castrum groups have picked.
    pub castrum_picked: u8,
    /// How many Forum columns have picked (the next picker owns column `forum_picked + 1`).
    pub forum_picked: u8,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AleaIactaEstView {
    pub players: u8,
    /// The seat this view is for; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub viewer: Option<SeatId>,
    pub phase: AleaIactaEstPhase,
    pub round: u8,
    pub rounds: u8,
    pub templum_used: bool,
    pub forum_columns: u8,
    /// The holder of the first-player marker.
    pub first_player: SeatId,
    /// The seat whose turn it is (during the placing part of a round).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_seat: Option<SeatId>,
    /// A seat has placed its last die: the round ends after this lap.
    pub round_ending: bool,
    /// Seats that must act now.
    pub to_act: Vec<SeatId>,
    pub seats: Vec<AleaIactaEstSeatView>,
    /// Templum combinations in creation order.
    pub templum: Vec<AleaIactaEstCombo>,
    /// Senate straights, best first.
    pub senatus: Vec<AleaIactaEstStraight>,
    /// Castrum groups, best first.
    pub castrum: Vec<AleaIactaEstGroup>,
    /// Forum dice by column, left to right.
    pub forum: Vec<AleaIactaEstForumDie>,
    /// Provinces below the Castrum.
    pub province_display: Vec<ProvinceId>,
    /// Inhabitants below the Forum columns.
    pub inhabitant_display: Vec<InhabitantId>,
    pub favour_pile_count: u8,
    pub favour_discard_count: u8,
    pub senate_deck_count: u8,
    /// Senate cards not used with this player count.
    pub senate_removed: Vec<CardId>,
    pub province_pile_count: u8,
    pub inhabitant_pile_count: u8,
    /// Revealed tiles removed from the game.
    pub provinces_removed: Vec<ProvinceId>,
    pub inhabitants_removed: Vec<InhabitantId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<AleaIactaEstEvaluationView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<AleaIactaEstOutcome>,
}
