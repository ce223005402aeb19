//! The game as one viewer may see it (spec 9): the view's shapes and the `view` function.

mod redact;

use super::AleaIactaEst;
use super::event::Event;
use crate::engine::Views;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::Viewer;

use super::data::DATA;
use super::event::{FavourToken, ForumDie, GroupView, Straight};
use super::ids::{CardId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;
use super::phase::Phase;
use super::state::{Group, State};

/// One Senate card with its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstSenateCard)]
pub struct SenateCardView {
    pub card: CardId,
    #[schema(example = "triumphator")]
    pub kind: String,
    #[schema(example = "Triumphator")]
    pub name: String,
    #[schema(example = "IX")]
    pub numeral: String,
}

/// A Templum combination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = AleaIactaEstCombo)]
pub struct ComboView {
    pub id: u8,
    pub seat: SeatId,
    pub dice: Vec<u8>,
    pub sum: u8,
    /// The combination with the most dice.
    pub top: bool,
}

/// What one seat shows (and, for the viewer's own seat, its secrets).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = AleaIactaEstSeatView)]
pub struct SeatView {
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
    pub favour_face_down_tokens: Option<Vec<FavourToken>>,
    /// Kept favour tokens (face up, public).
    pub favour_kept: Vec<FavourToken>,
    pub senate_card_count: u8,
    /// The Senate cards: the owner only, everyone at game end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub senate_cards: Option<Vec<SenateCardView>>,
    pub provinces: Vec<ProvinceId>,
    pub inhabitants: Vec<InhabitantId>,
}

/// The evaluation in progress, when one is.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = AleaIactaEstEvaluationView)]
pub struct EvaluationView {
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
    pub castrum_ranking: Vec<GroupView>,
    /// How many Castrum groups have picked.
    pub castrum_picked: u8,
    /// How many Forum columns have picked (the next picker owns column `forum_picked + 1`).
    pub forum_picked: u8,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = AleaIactaEstView)]
pub struct View {
    pub players: u8,
    /// The seat this view is for; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub viewer: Option<SeatId>,
    pub phase: Phase,
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
    pub seats: Vec<SeatView>,
    /// Templum combinations in creation order.
    pub templum: Vec<ComboView>,
    /// Senate straights, best first.
    pub senatus: Vec<Straight>,
    /// Castrum groups, best first.
    pub castrum: Vec<GroupView>,
    /// Forum dice by column, left to right.
    pub forum: Vec<ForumDie>,
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
    pub evaluation: Option<EvaluationView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

fn senate_card(card: CardId) -> SenateCardView {
    let data = &DATA.senate_cards[card.0 as usize];
    SenateCardView {
        card,
        kind: data.kind_id.clone(),
        name: data.name.clone(),
        numeral: data.numeral.clone(),
    }
}

/// The seats that may see the currently offered Senate cards.
fn offer_viewers(state: &State) -> Vec<usize> {
    let ranking = &state.eval.senate_ranking;
    match state.step {
        Phase::SenateChoiceFirst => ranking.first().copied().into_iter().collect(),
        Phase::SenateChoiceSecond => ranking.iter().take(2).copied().collect(),
        _ => vec![],
    }
}

/// What `seat` shows to the seat `me` (if the viewer is a seat); `over`: the game has ended.
fn seat_view(state: &State, seat: usize, me: Option<usize>, over: bool) -> SeatView {
    let seat_state = &state.seats[seat];
    let mine = me == Some(seat);
    let mut cards = seat_state.senate_cards;
    cards.sort();
    let hand = &seat_state.hand;
    SeatView {
        seat: SeatId::of(seat),
        has_marker: state.marker == seat,
        dice_in_hand: hand.size,
        hand: hand.rolled.then(|| hand.values()),
        latrina: seat_state.latrina,
        reroll_tokens: seat_state.reroll_tokens,
        favour_face_down: seat_state.favour_hidden.len() as u8,
        favour_face_down_tokens: mine.then(|| {
            seat_state
                .favour_hidden
                .iter()
                .map(|&token| FavourToken::of(token))
                .collect()
        }),
        favour_kept: seat_state
            .favour_kept
            .iter()
            .map(|&token| FavourToken::of(token))
            .collect(),
        senate_card_count: seat_state.senate_cards.len() as u8,
        senate_cards: (mine || over).then(|| cards.into_iter().map(senate_card).collect()),
        provinces: seat_state.provinces.to_vec(),
        inhabitants: seat_state.inhabitants.to_vec(),
    }
}

/// The evaluation in progress as the seat `me` (if the viewer is a seat) sees it, when one is.
fn evaluation_view(state: &State, me: Option<usize>) -> Option<EvaluationView> {
    let evaluating = !matches!(
        state.step,
        Phase::RoundStart | Phase::TurnRoll | Phase::TurnDecide | Phase::TurnEnd | Phase::GameEnd
    );
    evaluating.then(|| {
        let chooser = match state.step {
            Phase::SenateChoiceFirst | Phase::SenateChoiceSecond => state.to_act().map(SeatId::of),
            _ => None,
        };
        let may_see = me.is_some_and(|seat| offer_viewers(state).contains(&seat));
        EvaluationView {
            senate_ranking: state.eval.senate_ranking.iter().map(|&seat| SeatId::of(seat)).collect(),
            senate_chooser: chooser,
            senate_offer_count: state.eval.senate_offer.len() as u8,
            senate_offer: may_see.then(|| {
                let mut offer = state.eval.senate_offer.to_vec();
                offer.sort();
                offer
            }),
            castrum_ranking: state.eval.castrum_ranking.iter().map(Group::view).collect(),
            castrum_picked: state.eval.castrum_index as u8,
            forum_picked: state.eval.forum_index as u8,
        }
    })
}

/// The Templum combinations in creation order, the top one marked.
fn templum_view(state: &State) -> Vec<ComboView> {
    let top = state.templum_top().map(|combo| combo.id);
    state
        .templum
        .iter()
        .map(|combo| ComboView {
            id: combo.id,
            seat: SeatId::of(combo.seat),
            dice: combo.dice.to_vec(),
            sum: combo.sum() as u8,
            top: Some(combo.id) == top,
        })
        .collect()
}

impl Views for AleaIactaEst {
    type View = View;

    fn view(state: &State, viewer: Viewer) -> View {
        let over = state.step == Phase::GameEnd;
        let me = match viewer {
            Viewer::Seat(seat) if seat < state.players => Some(seat),
            _ => None,
        };
        let in_turn = matches!(state.step, Phase::TurnRoll | Phase::TurnDecide | Phase::TurnEnd);
        View {
            players: state.players as u8,
            viewer: me.map(SeatId::of),
            phase: state.step,
            round: state.round,
            rounds: state.params.rounds,
            templum_used: state.templum_used(),
            forum_columns: state.columns() as u8,
            first_player: SeatId::of(state.marker),
            current_seat: in_turn.then_some(SeatId::of(state.current)),
            round_ending: state.round_ending,
            to_act: state.to_act().into_iter().map(SeatId::of).collect(),
            seats: (0..state.players)
                .map(|seat| seat_view(state, seat, me, over))
                .collect(),
            templum: templum_view(state),
            senatus: state
                .senate_ranking()
                .into_iter()
                .filter_map(|seat| state.straight_view(seat))
                .collect(),
            castrum: state.castrum_ranking().iter().map(Group::view).collect(),
            forum: state
                .forum
                .iter()
                .map(|slot| ForumDie {
                    seat: SeatId::of(slot.seat),
                    value: slot.value,
                })
                .collect(),
            province_display: state.province_display.to_vec(),
            inhabitant_display: state.inhabitant_display.to_vec(),
            favour_pile_count: state.favour_pile.len() as u8,
            favour_discard_count: state.favour_discard.len() as u8,
            senate_deck_count: state.senate_deck.len() as u8,
            senate_removed: state.senate_removed.to_vec(),
            province_pile_count: state.province_pile.len() as u8,
            inhabitant_pile_count: state.inhabitant_pile.len() as u8,
            provinces_removed: state.provinces_removed.to_vec(),
            inhabitants_removed: state.inhabitants_removed.to_vec(),
            evaluation: evaluation_view(state, me),
            result: state.result.as_deref().cloned(),
        }
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        redact::redact(event, viewer)
    }

    fn redact_finished(event: &Event) -> Event {
        redact::redact_finished(event)
    }
}
