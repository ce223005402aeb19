//! Views and event redaction (spec 9).

use crate::engine::Viewer;

use super::data::DATA;
use super::state::State;
use super::types::{
    AleaIactaEstCombo as Combo, AleaIactaEstEvaluationView as EvaluationView, AleaIactaEstEvent as Event,
    AleaIactaEstFavourToken as FavourToken, AleaIactaEstForumDie as ForumDie, AleaIactaEstGroup as GroupView,
    AleaIactaEstPhase as Step, AleaIactaEstSeatView as SeatView, AleaIactaEstSenateCard as SenateCard,
    AleaIactaEstView as View,
};
use super::types::{CardId, SeatId};

pub fn senate_card(card: CardId) -> SenateCard {
    let d = &DATA.senate_cards[card.0 as usize];
    SenateCard {
        card,
        kind: d.kind_id.clone(),
        name: d.name.clone(),
        numeral: d.numeral.clone(),
    }
}

fn group_view(g: &super::state::Group) -> GroupView {
    GroupView {
        seat: SeatId::of(g.seat),
        value: g.value,
        size: g.size,
    }
}

/// The seats that may see the currently offered Senate cards.
fn offer_viewers(state: &State) -> Vec<usize> {
    let ranking = &state.eval.senate_ranking;
    match state.step {
        Step::SenateChoiceFirst => ranking.first().copied().into_iter().collect(),
        Step::SenateChoiceSecond => ranking.iter().take(2).copied().collect(),
        _ => vec![],
    }
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let over = state.step == Step::GameEnd;
    let me = match viewer {
        Viewer::Seat(s) if s < state.n => Some(s),
        _ => None,
    };
    let seats = (0..state.n)
        .map(|i| {
            let s = &state.seats[i];
            let mine = me == Some(i);
            let mut cards = s.senate_cards;
            cards.sort();
            SeatView {
                seat: SeatId::of(i),
                has_marker: state.marker == i,
                dice_in_hand: s.hand.size,
                hand: s.hand.rolled.then(|| s.hand.values()),
                latrina: s.latrina,
                reroll_tokens: s.reroll_tokens,
                favour_face_down: s.favour_hidden.len() as u8,
                favour_face_down_tokens: mine.then(|| s.favour_hidden.iter().map(|&t| FavourToken::of(t)).collect()),
                favour_kept: s.favour_kept.iter().map(|&t| FavourToken::of(t)).collect(),
                senate_card_count: s.senate_cards.len() as u8,
                senate_cards: (mine || over).then(|| cards.into_iter().map(senate_card).collect()),
                provinces: s.provinces.to_vec(),
                inhabitants: s.inhabitants.to_vec(),
            }
        })
        .collect();
    let top = state.templum_top().map(|c| c.id);
    let evaluating = !matches!(
        state.step,
        Step::RoundStart | Step::TurnRoll | Step::TurnDecide | Step::TurnEnd | Step::GameEnd
    );
    let evaluation = evaluating.then(|| {
        let chooser = match state.step {
            Step::SenateChoiceFirst | Step::SenateChoiceSecond => state.to_act().map(SeatId::of),
            _ => None,
        };
        let may_see = me.is_some_and(|s| offer_viewers(state).contains(&s));
        EvaluationView {
            senate_ranking: state.eval.senate_ranking.iter().map(|&s| SeatId::of(s)).collect(),
            senate_chooser: chooser,
            senate_offer_count: state.eval.senate_offer.len() as u8,
            senate_offer: may_see.then(|| {
                let mut offer = state.eval.senate_offer.to_vec();
                offer.sort();
                offer
            }),
            castrum_ranking: state.eval.castrum_ranking.iter().map(group_view).collect(),
            castrum_picked: state.eval.castrum_index as u8,
            forum_picked: state.eval.forum_index as u8,
        }
    });
    let in_turn = matches!(state.step, Step::TurnRoll | Step::TurnDecide | Step::TurnEnd);
    View {
        players: state.n as u8,
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
        seats,
        templum: state
            .templum
            .iter()
            .map(|c| Combo {
                id: c.id,
                seat: SeatId::of(c.seat),
                dice: c.dice.to_vec(),
                sum: c.sum() as u8,
                top: Some(c.id) == top,
            })
            .collect(),
        senatus: state
            .senate_ranking()
            .into_iter()
            .filter_map(|s| state.straight_view(s))
            .collect(),
        castrum: state.castrum_ranking().iter().map(group_view).collect(),
        forum: state
            .forum
            .iter()
            .map(|d| ForumDie {
                seat: SeatId::of(d.seat),
                value: d.value,
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
        evaluation,
        result: state.result.as_deref().cloned(),
    }
}

/// The event as `viewer` may see it (spec 9, event log table). Every event is shown; private parts are removed.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    Some(visible(event, viewer))
}

/// The event as everyone sees it once the game is over (spec 9, A12): the Senate cards kept by anyone are revealed.
/// The rest stays as a spectator saw it, secret forever: the favour tokens discarded face down ("retournent face
/// cachée"), the Senate cards put under the deck, the tiles never revealed and every shuffle order (which would
/// name all of these).
pub fn redact_finished(event: &Event) -> Event {
    match event {
        Event::SenateKept { .. } | Event::SenateToThird { .. } => event.clone(),
        _ => visible(event, Viewer::Spectator),
    }
}

fn visible(event: &Event, viewer: Viewer) -> Event {
    let is = |seat: &SeatId| viewer.is(seat.seat());
    let mut e = event.clone();
    match &mut e {
        Event::FavourPileShuffled { order, .. } | Event::FavourReshuffled { order, .. } => {
            *order = None;
        }
        Event::SenateDeckShuffled { order, .. } => *order = None,
        Event::ProvincePileShuffled { order, .. } => *order = None,
        Event::InhabitantPileShuffled { order, .. } => *order = None,
        Event::FavourDrawn { seat, tokens, .. } if !is(seat) => *tokens = None,
        Event::SenateDrawn { seat, cards, .. } | Event::SenateReturned { seat, cards, .. } if !is(seat) => {
            *cards = None;
        }
        Event::SenateKept { seat, card, .. } if !is(seat) => *card = None,
        Event::SenatePassed { from, to, cards, .. } if !is(from) && !is(to) => *cards = None,
        Event::SenateToThird { seat, from, card } if !is(seat) && !is(from) => *card = None,
        _ => {}
    }
    e
}
