//! `evolve`: folds one event into the state. Total for every event the engine produces; never panics (an event
//! that does not fit the state is ignored as far as it does not fit).

mod zones;

use super::conspiracy::Conspiracy;
use super::data::DATA;
use super::event::{Event, SeatOrdo};
use super::ids::{Extra, FavourAt, Pos, SeatId};
use super::phase::Phase;
use super::state::{State, vi};
use zones::{
    augustus, civitas, draw, face_up, give_card, place_token, play_card, replace_candidate, return_favours,
    return_table, reveal_tokens, shift_civitas, take_card,
};

pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::DecksShuffled { .. }
        | Event::CivitasDealt { .. }
        | Event::AugustusDealt { .. }
        | Event::SequentiaRow { .. }
        | Event::OrdoDealt { .. } => setup(state, event),
        Event::Awaiting { .. } | Event::TokenPlaced { .. } | Event::PlacementEnded { .. } => placement(state, event),
        Event::SequentiaStarted { .. }
        | Event::TokensRevealed { .. }
        | Event::EffectStep { .. }
        | Event::CardDrawn { .. }
        | Event::CardDiscarded { .. }
        | Event::CardStolen { .. }
        | Event::CivitasShifted { .. }
        | Event::SequentiaExtra { .. } => resolution(state, event),
        Event::ConspiracyOpened { .. }
        | Event::ConspiracyDeclined { .. }
        | Event::ConspiracyPassed { .. }
        | Event::ConspiracyAccepted { .. }
        | Event::ConspiracyRaised { .. }
        | Event::CardPlayed { .. }
        | Event::ConspiracyAbandoned { .. }
        | Event::ConspiracyFormed { .. } => conspiracy(state, event),
        Event::CandidateChosen { .. }
        | Event::FavourMoved { .. }
        | Event::DefencePassed { .. }
        | Event::StabDone { .. }
        | Event::EmperorDied { .. }
        | Event::EmperorSurvived { .. } => assassination(state, event),
        Event::RoundEndPayment { .. }
        | Event::RoundEnded { .. }
        | Event::EmpireFell { .. }
        | Event::GameOver { .. } => round_end(state, event),
    }
}

/// The setting up of a round: the decks shuffled, the Civitas, Augustus and Sequentia cards dealt, the Ordo.
fn setup(state: &mut State, event: &Event) {
    match event {
        Event::DecksShuffled { coniura, pugio, .. } => {
            state.coniura = coniura.iter().flatten().copied().collect();
            state.pugio = pugio.iter().flatten().copied().collect();
        }
        Event::CivitasDealt {
            suit,
            position_1,
            position_2,
            deck,
            ..
        } => {
            let row = &mut state.suits[suit.index()];
            row.pos = [face_up(position_1), face_up(position_2)];
            row.deck = deck.iter().flatten().filter_map(|id| civitas(id)).collect();
        }
        Event::AugustusDealt {
            emperor,
            removed,
            candidate_a,
            candidate_b,
            deck,
            ..
        } => {
            if let Some(emperor) = augustus(emperor) {
                state.emperor = emperor;
            }
            state.augustus_out = removed.iter().filter_map(|id| augustus(id)).collect();
            state.candidates = [augustus(candidate_a), augustus(candidate_b)];
            state.augustus_deck = deck.iter().flatten().filter_map(|id| augustus(id)).collect();
        }
        Event::SequentiaRow { row } => {
            state.sequentia_row = row.iter().filter_map(|id| DATA.sequentia_index(id)).collect();
        }
        Event::OrdoDealt { ordo } => set_ordo(state, ordo),
        _ => unreachable!(
            "evolve sends only the setting up of a round: the decks shuffled, the Civitas, Augustus and Sequentia cards dealt, the Ordo here"
        ),
    }
}

/// The placement: the step awaited and the SPQR tokens placed.
fn placement(state: &mut State, event: &Event) {
    match event {
        Event::Awaiting { phase } => state.phase = phase.clone(),
        Event::TokenPlaced {
            seat,
            suit,
            position,
            value,
            ..
        } => {
            if let Some(value) = *value {
                place_token(state, *seat, *suit, *position, value);
            }
        }
        Event::PlacementEnded { .. } => {}
        _ => unreachable!("evolve sends only the placement: the step awaited and the SPQR tokens placed here"),
    }
}

/// The resolution in Sequentia order: the tokens revealed, the effects and the cards they move.
fn resolution(state: &mut State, event: &Event) {
    match event {
        Event::SequentiaStarted { index, .. } => {
            state.seq_index = *index;
            state.suit_index = 0;
        }
        Event::TokensRevealed {
            suit,
            suit_index,
            mode,
            concerned,
            ..
        } => reveal_tokens(state, *suit, *suit_index, *mode, concerned),
        Event::EffectStep { .. } => effect_step(state, event),
        Event::CardDrawn { seat, deck, count, .. } => {
            for _ in 0..*count {
                if let Some(kind) = draw(state.deck_mut(*deck)) {
                    give_card(state, *seat, kind);
                }
            }
        }
        Event::CardDiscarded { seat, kind, .. } => {
            take_card(state, *seat, *kind);
            state.deck_mut(kind.deck()).push(*kind);
        }
        Event::CardStolen { thief, victim, kind } => {
            if let Some(kind) = kind {
                take_card(state, *victim, *kind);
                give_card(state, *thief, *kind);
            }
        }
        Event::CivitasShifted { suit, .. } => shift_civitas(state, *suit),
        Event::SequentiaExtra { extra, ordo } => {
            if *extra == Extra::PassOrdoLeft
                && let Some(ordo) = ordo
            {
                set_ordo(state, ordo);
            }
        }
        _ => unreachable!(
            "evolve sends only the resolution in Sequentia order: the tokens revealed, the effects and the cards they move here"
        ),
    }
}

/// A conspiracy: opened, declined, passed, raised, abandoned or formed, and the cards played to it.
fn conspiracy(state: &mut State, event: &Event) {
    match event {
        Event::ConspiracyOpened { final_conspiracy } => {
            state.conspiracy = Some(Conspiracy::new(state.n, *final_conspiracy));
        }
        Event::ConspiracyDeclined { seat, .. } => {
            if let Some(conspiracy) = state.conspiracy.as_mut()
                && let Some(declined) = conspiracy.declined_opening.get_mut(seat.idx())
            {
                *declined = true;
            }
        }
        Event::ConspiracyPassed { seat, .. } => {
            if let Some(conspiracy) = state.conspiracy.as_mut()
                && let Some(passed) = conspiracy.passed.get_mut(seat.idx())
            {
                *passed = true;
            }
        }
        Event::ConspiracyAccepted { .. } => {}
        Event::ConspiracyRaised { seat, total, .. } => {
            if let Some(conspiracy) = state.conspiracy.as_mut() {
                conspiracy.leader = Some(*seat);
                conspiracy.high = *total;
            }
        }
        Event::CardPlayed { seat, kind, role } => play_card(state, *seat, *kind, *role),
        Event::ConspiracyAbandoned {} => {
            return_table(state);
            state.conspiracy = None;
        }
        Event::ConspiracyFormed { conspirators, .. } => {
            return_table(state);
            if let Some(conspiracy) = state.conspiracy.as_mut() {
                conspiracy.conspirators = conspirators.clone();
                conspiracy.auction_over = true;
            }
        }
        _ => unreachable!(
            "evolve sends only a conspiracy: opened, declined, passed, raised, abandoned or formed, and the cards played to it here"
        ),
    }
}

/// The assassination: the candidate chosen, the favour moved, the defence and the emperor's fate.
fn assassination(state: &mut State, event: &Event) {
    match event {
        Event::CandidateChosen { position, .. } => {
            if let Some(conspiracy) = state.conspiracy.as_mut() {
                conspiracy.chosen_candidate = Some(*position);
            }
        }
        Event::FavourMoved { seat, to, .. } => {
            if let Some(player) = state.players.get_mut(seat.idx()) {
                player.favour = *to;
            }
        }
        Event::DefencePassed { .. } | Event::StabDone { .. } => {}
        Event::EmperorDied {
            new_emperor,
            vacated,
            new_candidate,
            leader,
            stabbers,
            ..
        } => emperor_died(state, new_emperor.as_deref(), *vacated, new_candidate.as_deref(), *leader, stabbers),
        Event::EmperorSurvived { .. } => {
            return_table(state);
            if let Some(position) = state
                .conspiracy
                .as_ref()
                .and_then(|conspiracy| conspiracy.chosen_candidate)
            {
                return_favours(state, FavourAt::candidate(position));
            }
            state.conspiracy = None;
        }
        _ => unreachable!(
            "evolve sends only the assassination: the candidate chosen, the favour moved, the defence and the emperor's fate here"
        ),
    }
}

/// The end of a round and of the game: the payment, the next round, the fall of the empire, the result.
fn round_end(state: &mut State, event: &Event) {
    match event {
        Event::RoundEndPayment { vp, paid, .. } => {
            for seat in paid {
                add_vp(state, seat.idx(), *vp as i32);
            }
        }
        Event::RoundEnded { next_round, .. } => {
            state.life_modifier = 0;
            state.conspiracy_blocked = false;
            if *next_round {
                state.round += 1;
            }
        }
        Event::EmpireFell { .. } => {
            return_favours(state, FavourAt::Emperor);
            state.fallen = true;
        }
        Event::GameOver { result } => {
            state.result = Some(result.clone());
            state.phase = Phase::GameOver;
        }
        _ => unreachable!(
            "evolve sends only the end of a round and of the game: the payment, the next round, the fall of the empire, the result here"
        ),
    }
}

/// One effect step's visible change to the seat, the candidates or the emperor's life.
fn effect_step(state: &mut State, event: &Event) {
    let Event::EffectStep {
        seat,
        vp_change,
        spqr_gained,
        spqr_lost,
        ordo_swapped_with,
        favour_to,
        candidate_replaced,
        life_change,
        pip_taken,
        ..
    } = event
    else {
        return;
    };
    let seat = seat.idx();
    if let Some(delta) = vp_change {
        add_vp(state, seat, *delta);
    }
    if let Some(value) = spqr_gained {
        gain_spqr(state, seat, *value);
    }
    if let Some(value) = spqr_lost
        && let Some(player) = state.players.get_mut(seat)
    {
        player.owned[vi(*value)] = false;
        player.supply[vi(*value)] = false;
    }
    if let Some(other) = ordo_swapped_with {
        swap_ordo(state, seat, other.idx());
    }
    if let Some(place) = favour_to
        && let Some(player) = state.players.get_mut(seat)
    {
        player.favour = *place;
    }
    if let Some(replaced) = candidate_replaced {
        replace_candidate(state, replaced);
    }
    if let Some(delta) = life_change {
        state.life_modifier += delta;
    }
    if *pip_taken == Some(true) {
        state.pip = Some(seat);
    }
}

fn add_vp(state: &mut State, seat: usize, delta: i32) {
    if let Some(player) = state.players.get_mut(seat) {
        player.vp = (player.vp as i64 + delta as i64).max(0) as u32;
    }
}

fn set_ordo(state: &mut State, ordo: &[SeatOrdo]) {
    for dealt in ordo {
        if let Some(player) = state.players.get_mut(dealt.seat.idx()) {
            player.ordo = dealt.ordo;
        }
    }
}

fn swap_ordo(state: &mut State, seat: usize, other: usize) {
    if seat < state.n && other < state.n {
        let ordo = state.players[seat].ordo;
        state.players[seat].ordo = state.players[other].ordo;
        state.players[other].ordo = ordo;
    }
}

/// The seat owns the value again; it returns to the supply unless its token is still on a card.
fn gain_spqr(state: &mut State, seat: usize, value: i8) {
    let on_card = state.placed_somewhere(seat, value);
    if let Some(player) = state.players.get_mut(seat) {
        player.owned[vi(value)] = true;
        if !on_card {
            player.supply[vi(value)] = true;
        }
    }
}

/// The table returns, the emperor's Favor tokens too; in a normal conspiracy the chosen candidate becomes emperor
/// (with the Favor tokens on him) and the deck's top card fills his position. The leader scores a conspiracy point,
/// each stabber a VP.
fn emperor_died(
    state: &mut State,
    new_emperor: Option<&str>,
    vacated: Option<Pos>,
    new_candidate: Option<&str>,
    leader: SeatId,
    stabbers: &[SeatId],
) {
    return_table(state);
    return_favours(state, FavourAt::Emperor);
    if let Some(emperor) = new_emperor.and_then(augustus) {
        state.augustus_out.push(state.emperor);
        state.emperor = emperor;
        if let Some(position) = vacated {
            let place = FavourAt::candidate(position);
            for player in state.players.iter_mut() {
                if player.favour == place {
                    player.favour = FavourAt::Emperor;
                }
            }
            state.candidates[position.index()] = new_candidate.and_then(augustus);
            if new_candidate.is_some() {
                draw(&mut state.augustus_deck);
            }
        }
        state.life_modifier = 0;
        state.conspiracy_blocked = true;
    }
    if let Some(player) = state.players.get_mut(leader.idx()) {
        player.cp += 1;
    }
    for stabber in stabbers {
        add_vp(state, stabber.idx(), 1);
    }
    state.conspiracy = None;
}
