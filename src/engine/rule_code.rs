//! The codes a refused move carries: one list for the table and every title, so that a client can match on a
//! closed set and the OpenAPI document can list it.

use serde::Serialize;
use utoipa::ToSchema;

/// Declares `RuleCode` from its variants, each with its doc comment (when it is answered) and its wire name, which
/// `as_str` answers without going through serde and a test checks against serde's.
macro_rules! rule_codes {
    ($($(#[doc = $doc:literal])+ $variant:ident = $code:literal,)*) => {
        /// The code of a move the rules refuse (the `code` of a 422 problem for an illegal move): the table's codes,
        /// which every title answers, and each title's own.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum RuleCode {
            $($(#[doc = $doc])+ $variant,)*
        }

        impl RuleCode {
            /// Every code, in the order of their declaration.
            pub const ALL: &[RuleCode] = &[$(RuleCode::$variant,)*];

            /// The code as the problem document carries it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(RuleCode::$variant => $code,)*
                }
            }

            /// When the code is answered, as its doc comment says: docs/api.md lists the codes with it.
            #[cfg(test)]
            pub fn doc(self) -> &'static str {
                match self {
                    $(RuleCode::$variant => concat!($($doc),+).trim_ascii(),)*
                }
            }
        }
    };
}

rule_codes! {
    // The table's codes, answered for every title.
    /// Abort after every seat has moved: the game can only be resigned.
    AbortTooLate = "abort_too_late",
    /// A move sent after its seat's time to act ran out.
    DeadlinePassed = "deadline_passed",
    /// A draw offered or answered when the table lists no such action for the seat.
    DrawNotAllowed = "draw_not_allowed",
    /// A move, resignation or table action while a seat is still open.
    GameNotStarted = "game_not_started",
    /// Any move once the game is over; a join of a finished game.
    GameOver = "game_over",
    /// A bot's turn when its seat has no legal action.
    NoLegalAction = "no_legal_action",
    /// An action from a seat that left the game, other than abort.
    SeatAbandoned = "seat_abandoned",
    /// A title's action, or a hand to a bot, from a seat a bot plays.
    SeatPlayedByBot = "seat_played_by_bot",
    /// Taking back a seat that was not handed to a bot.
    SeatNotHanded = "seat_not_handed",
    /// A join of a seat that is not open (the lobby refuses it first, with 409 `seat_taken`).
    SeatTaken = "seat_taken",
    /// An undo when the seat has no decision it may take back.
    UndoNotAllowed = "undo_not_allowed",
    /// An action from a seat that is not to act now.
    NotYourTurn = "not_your_turn",
    /// An action the game's current phase or step does not take.
    WrongPhase = "wrong_phase",

    // Alea Iacta Est.
    /// Alea Iacta Est: a building not in use with this number of players (the Templum below 4).
    BuildingNotUsed = "building_not_used",
    /// Alea Iacta Est: a Senate card that is not among those offered to the seat.
    CardNotOffered = "card_not_offered",
    /// Alea Iacta Est: a Castrum combination of dice of several values.
    CastrumMixedValues = "castrum_mixed_values",
    /// Alea Iacta Est: a Castrum combination that would tie another seat's.
    CastrumTie = "castrum_tie",
    /// Alea Iacta Est: dice placed or rerolled that the seat's rolled hand does not hold.
    DiceNotInHand = "dice_not_in_hand",
    /// Alea Iacta Est: Forum dice other than one die or a pair summing to 5.
    ForumInvalidDice = "forum_invalid_dice",
    /// Alea Iacta Est: Forum dice that do not fit in the Forum.
    ForumNoRoom = "forum_no_room",
    /// Alea Iacta Est: an inhabitant that is not in the display.
    InhabitantNotDisplayed = "inhabitant_not_displayed",
    /// Alea Iacta Est: a combination id given for a building other than the Templum.
    InvalidCombo = "invalid_combo",
    /// Alea Iacta Est: a die value outside 1 to 6.
    InvalidDieValue = "invalid_die_value",
    /// Alea Iacta Est: a placement or reroll without dice, or the Latrina with an empty hand.
    NoDice = "no_dice",
    /// Alea Iacta Est: a reroll without a reroll token.
    NoRerollTokens = "no_reroll_tokens",
    /// Alea Iacta Est: Senate dice that do not form one straight of distinct consecutive values.
    NotAStraight = "not_a_straight",
    /// Alea Iacta Est: a Templum combination of another seat.
    NotYourCombo = "not_your_combo",
    /// Alea Iacta Est: the Latrina while a placement is still legal.
    PlacementPossible = "placement_possible",
    /// Alea Iacta Est: a province that is not in the display.
    ProvinceNotDisplayed = "province_not_displayed",
    /// Alea Iacta Est: a Senate straight that does not beat the best one there.
    SenateNotBetter = "senate_not_better",
    /// Alea Iacta Est: a Templum combination whose sum is not above the top one's.
    TemplumSumTooLow = "templum_sum_too_low",
    /// Alea Iacta Est: a Templum combination with another number of dice than the top one.
    TemplumWrongCount = "templum_wrong_count",
    /// Alea Iacta Est: a Templum combination id that does not exist.
    UnknownCombo = "unknown_combo",

    // César et Cléopâtre.
    /// César et Cléopâtre: a setup step the seat has already completed.
    AlreadyDone = "already_done",
    /// César et Cléopâtre: a card of which the seat has no unstacked copy left.
    CardNotAvailable = "card_not_available",
    /// César et Cléopâtre, Caligula, Rome et Carthage: a card the hand (the seat's or the opponent's) does not hold.
    CardNotInHand = "card_not_in_hand",
    /// César et Cléopâtre: a card the castling pool does not hold.
    CardNotInPool = "card_not_in_pool",
    /// César et Cléopâtre: a second card of a placement placed face down.
    FaceUpExpected = "face_up_expected",
    /// César et Cléopâtre: a second initial card at the same group.
    GroupAlreadyUsed = "group_already_used",
    /// César et Cléopâtre: a group whose patricians have all been won.
    GroupClosed = "group_closed",
    /// César et Cléopâtre: an initial card value outside 1 to 5.
    InvalidCard = "invalid_card",
    /// César et Cléopâtre: a manipulation card with parameters it does not take.
    InvalidParameters = "invalid_parameters",
    /// César et Cléopâtre: a seat other than the two of the game.
    InvalidSeat = "invalid_seat",
    /// César et Cléopâtre, Caligula: a target (a group, a card, a slot) the action cannot name.
    InvalidTarget = "invalid_target",
    /// César et Cléopâtre: a second manipulation card in one turn.
    ManipulationAlreadyUsed = "manipulation_already_used",
    /// César et Cléopâtre: becoming active without an influence card in hand.
    NoInfluence = "no_influence",
    /// César et Cléopâtre: a card placed where there is no room for it.
    NoSpot = "no_spot",
    /// César et Cléopâtre: a Veto reaction without a Veto card.
    NoVeto = "no_veto",
    /// César et Cléopâtre: a face-up placement without two influence cards in hand.
    NotEnoughInfluence = "not_enough_influence",
    /// César et Cléopâtre: a draw from an empty pile.
    PileEmpty = "pile_empty",
    /// César et Cléopâtre: a second influence placement in one turn.
    PlacementDone = "placement_done",
    /// César et Cléopâtre: ending the turn before its placement is complete.
    PlacementIncomplete = "placement_incomplete",
    /// César et Cléopâtre: a pass while playing alone.
    SoloMode = "solo_mode",
    /// César et Cléopâtre: an initial card value the seat has already placed.
    ValueAlreadyPlaced = "value_already_placed",
    /// César et Cléopâtre: a Veto played other than as a reaction.
    VetoOnlyReaction = "veto_only_reaction",

    // Caligula.
    /// Caligula: a position other than 1 or 2.
    BadPosition = "bad_position",
    /// Caligula: an option that is not one of the seat's for the pending effect.
    InvalidOption = "invalid_option",
    /// Caligula: an empty candidate position.
    NoCandidate = "no_candidate",
    /// Caligula: a position without a face-up card.
    NoCard = "no_card",
    /// Caligula: a card without a free slot.
    NoFreeSlot = "no_free_slot",
    /// Caligula: accepting a bid before any was made.
    NoLeader = "no_leader",
    /// Caligula: a bid the seat's Coniura cards cannot pay.
    NotEnoughCards = "not_enough_cards",
    /// Caligula: a token value the seat's supply does not hold.
    NotInSupply = "not_in_supply",
    /// Caligula: a raise not above the high bid.
    RaiseTooLow = "raise_too_low",
    /// Caligula: a seat that is not in the game.
    UnknownSeat = "unknown_seat",
    /// Caligula: a card without the symbol (Coniura or Pugio) the action needs.
    WrongKind = "wrong_kind",

    // Rome et Carthage.
    /// Rome et Carthage: a second forced march paid in one turn.
    AlreadyPaid = "already_paid",
    /// Rome et Carthage: a betrayal with neither a piece and its path nor two mercenary steps.
    BadBetrayal = "bad_betrayal",
    /// Rome et Carthage: a path longer than the piece may move.
    BadPathLength = "bad_path_length",
    /// Rome et Carthage: a two-mercenary move that is not two steps of two different mercenaries.
    BadSteps = "bad_steps",
    /// Rome et Carthage: a piece placed in a city that already holds one.
    CityOccupied = "city_occupied",
    /// Rome et Carthage: a move ending on a friendly piece or a combat.
    DestinationBlocked = "destination_blocked",
    /// Rome et Carthage: a second draw offer in one turn.
    DrawAlreadyOffered = "draw_already_offered",
    /// Rome et Carthage: a forced march paid with other than non-zero cards totalling at least 3.
    InvalidPayment = "invalid_payment",
    /// Rome et Carthage: a combat chosen in a city where none is pending.
    NoCombatThere = "no_combat_there",
    /// Rome et Carthage: a piece placed of a kind the seat has none left of.
    NoPieceLeft = "no_piece_left",
    /// Rome et Carthage: a special card the seat does not hold.
    NoSpecial = "no_special",
    /// Rome et Carthage: a betrayal that names a piece that is not a mercenary.
    NotAMercenary = "not_a_mercenary",
    /// Rome et Carthage: a galley placed in a city that is not a port.
    NotAPort = "not_a_port",
    /// Rome et Carthage: a betrayal of a seat that is not an enemy still in the game.
    NotAnEnemy = "not_an_enemy",
    /// Rome et Carthage: a step between cities no road or sea route joins.
    NotConnected = "not_connected",
    /// Rome et Carthage: a Sedition in a capital the enemy does not occupy.
    NotOccupied = "not_occupied",
    /// Rome et Carthage: a Sedition in a city that is not the capital of one of the seat's states.
    NotYourCapital = "not_your_capital",
    /// Rome et Carthage: a piece of another seat.
    NotYourPiece = "not_your_piece",
    /// Rome et Carthage: a piece placed outside the seat's states.
    NotYourState = "not_your_state",
    /// Rome et Carthage: a move that costs more than the seat's remaining moves.
    OverBudget = "over_budget",
    /// Rome et Carthage: a path through an enemy piece or a combat.
    PathBlocked = "path_blocked",
    /// Rome et Carthage: a path that visits a city twice.
    PathRepeats = "path_repeats",
    /// Rome et Carthage: a move of a piece engaged in a combat.
    PieceEngaged = "piece_engaged",
    /// Rome et Carthage: a move of a piece that is not on the board.
    PieceNotOnBoard = "piece_not_on_board",
    /// Rome et Carthage: two mercenaries sent to the same city.
    SameDestination = "same_destination",
    /// Rome et Carthage: a seat that is not in the game.
    NoSuchSeat = "no_such_seat",
    /// Rome et Carthage: a special card already used.
    SpecialUsed = "special_used",
    /// Rome et Carthage: two mercenaries that would swap places.
    Swap = "swap",
    /// Rome et Carthage: a number of combat cards other than the one asked for.
    WrongCardCount = "wrong_card_count",
    /// Rome et Carthage: a two-mercenary move with a mercenary of another seat.
    WrongOwner = "wrong_owner",
}

#[cfg(test)]
mod tests {
    use super::RuleCode;

    #[test]
    fn each_code_is_its_serde_name_and_listed_once() {
        for code in RuleCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str(), "{code:?}");
            let named = RuleCode::ALL.iter().filter(|other| other.as_str() == code.as_str());
            assert_eq!(named.count(), 1, "{code:?} is the only code with its name");
            assert!(!code.doc().is_empty(), "{code:?} says when it is answered");
        }
    }

    #[test]
    fn docs_api_md_lists_every_code_as_declared() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md");
        let api = std::fs::read_to_string(path).expect("docs/api.md");
        let start = "<!-- The list of src/engine/rule_code.rs, which a test holds it to. -->\n";
        let documented = api
            .split_once(start)
            .and_then(|(_, rest)| rest.split_once("<!-- End of the rule codes. -->"))
            .map(|(list, _)| list)
            .expect("docs/api.md has the list of rule codes between its two markers");
        let declared: String = RuleCode::ALL
            .iter()
            .map(|code| format!("- `{}`: {}\n", code.as_str(), code.doc()))
            .collect();
        assert!(
            documented == declared,
            "docs/api.md's rule codes differ from src/engine/rule_code.rs; the list should read:\n{declared}"
        );
    }
}
