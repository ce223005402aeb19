//! `evolve`: every state change an event records, folded into the state.

mod cards;
mod combat;
mod pieces;

use super::card::{Card, Cards, Rank, pile};
use super::data::board;
use super::event::{Event, Family};
use super::ids::{SeatId, StateId};
use super::state::{Offer, Phase, Placement, Siege, SpyStage, State, Turn};

/// The seat of an id, as the state numbers seats.
fn seat_of(id: SeatId) -> u8 {
    id.index() as u8
}

pub fn evolve(state: &mut State, event: &Event) {
    state.seq += 1;
    match event.family() {
        Family::Setup => setup(state, event),
        Family::Turns => turns(state, event),
        Family::Moves => moves(state, event),
        Family::Combat => combat(state, event),
    }
}

/// The setting up: teams, states, hands, talons, the turn order and the specials.
fn setup(state: &mut State, event: &Event) {
    match event {
        Event::TeamsDrawn { team_a, team_b } => draw_teams(state, team_a, team_b),
        Event::StatesAssigned { owners, solo } => {
            for owner in owners {
                state.owner[owner.state.index() as usize] = seat_of(owner.seat);
            }
            state.solo = solo.map(seat_of);
        }
        Event::HandDealt {
            seat,
            cards: Some(cards),
            ..
        } => deal_hand(state, seat_of(*seat), cards),
        Event::HandDealt { .. } => {}
        Event::QueensRemoved { seat, .. } => remove_queens(state, seat_of(*seat)),
        Event::TalonShuffled { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
        }
        Event::StartingCard { card, starter } => {
            state.starting_card = Some(*card);
            state.starter = Some(seat_of(*starter));
        }
        Event::TurnOrderFixed { order } => state.order = order.iter().map(|&seat| seat_of(seat)).collect(),
        Event::TalonsSplit {
            team_a_order,
            team_b_order,
            ..
        } => set_team_talons(state, [team_a_order, team_b_order]),
        Event::SpecialsDealt {
            team,
            betrayal,
            sedition,
            ..
        } => {
            let team = team.index();
            state.special_holder[2 * team as usize] = seat_of(*betrayal);
            state.special_holder[2 * team as usize + 1] = seat_of(*sedition);
            state.choosers.retain(|(waiting, _)| *waiting != team);
        }
        Event::SpecialChoiceOpened { choosers } => {
            state.phase = Phase::SpecialChoice;
            state.choosers = choosers
                .iter()
                .map(|&chooser| (state.team_of_seat(seat_of(chooser)), seat_of(chooser)))
                .collect();
        }
        Event::TalonsRefilled {
            team_a_order,
            team_b_order,
            ..
        } => {
            set_team_talons(state, [team_a_order, team_b_order]);
            state.discard.clear();
        }
        _ => unreachable!(
            "evolve sends only the setting up: teams, states, hands, talons, the turn order and the specials here"
        ),
    }
}

/// The placement and the turns: the draws, the draw offers, the eliminations and sieges, and the end.
fn turns(state: &mut State, event: &Event) {
    match event {
        Event::PlacementTurnStarted { seat, round, quota } => {
            state.phase = Phase::Placement;
            state.placement = Placement {
                round: *round,
                seat: seat_of(*seat),
                quota: *quota,
                placed: 0,
            };
        }
        Event::PiecePlaced { piece, city, .. } => {
            pieces::place_piece(state, *piece, city.0);
            state.placement.placed += 1;
        }
        Event::TurnStarted { seat, round } => start_turn(state, seat_of(*seat), *round),
        Event::TalonReformed { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
            state.discard.clear();
        }
        Event::CardDrawn { seat, .. } => draw_card(state, seat_of(*seat)),
        Event::DrawSkipped { .. } => {}
        Event::DrawOffered { seat, responders } => {
            state.phase = Phase::DrawOffer;
            state.turn.draw_offered = true;
            state.offer = Some(Offer {
                by: seat_of(*seat),
                responders: responders.iter().map(|&responder| seat_of(responder)).collect(),
                accepted: 0,
            });
        }
        Event::DrawAccepted { .. } => {
            if let Some(offer) = state.offer.as_mut() {
                offer.accepted += 1;
            }
        }
        Event::DrawDeclined { .. } => {
            state.offer = None;
            state.phase = Phase::Main;
        }
        Event::MovesEnded { .. } => state.phase = Phase::Combat,
        Event::SeatEliminated { seat, .. } => eliminate_seat(state, seat_of(*seat)),
        Event::SiegeEstablished { team, established } => state.sieges.push(Siege {
            team: team.index(),
            established: *established,
            witnesses: 0,
        }),
        Event::SiegeBroken { team } => state.sieges.retain(|siege| siege.team != team.index()),
        Event::SiegeWitnessed { team, seat, .. } => {
            for siege in state.sieges.iter_mut().filter(|siege| siege.team == team.index()) {
                siege.witnesses |= 1 << seat_of(*seat);
            }
        }
        Event::TurnEnded { quiet_turns, .. } => state.quiet_turns = *quiet_turns,
        Event::GameOver { result } => {
            state.phase = Phase::GameOver;
            state.result = Some(result.clone());
            // Pending combats stay as they were (an agreed draw can end a turn with attacks declared): they are
            // never fought. After an annihilation there are none, since every combat involves both teams.
            state.offer = None;
        }
        _ => unreachable!(
            "evolve sends only the placement and the turns: the draws, the draw offers, the eliminations and sieges, and the end here"
        ),
    }
}

/// The moves, the special cards played during them included.
fn moves(state: &mut State, event: &Event) {
    match event {
        Event::PieceMoved { piece, path, cost, .. } => {
            if let Some(end) = path.last() {
                pieces::lift_piece(state, *piece);
                pieces::place_piece(state, *piece, end.0);
            }
            state.turn.moves_used += cost;
        }
        Event::MercenariesMoved { steps, cost, .. } => {
            pieces::move_mercenaries(state, steps);
            state.turn.moves_used += cost;
        }
        Event::ForcedMarchPaid { seat, cards: disposals } => {
            cards::pay_from_hand(state, seat_of(*seat), disposals);
            state.turn.forced_march_paid = true;
        }
        Event::BetrayalPlayed { card, .. } => state.special_used[card.index()] = true,
        Event::SeditionPlayed {
            card,
            city,
            eliminated,
            cancelled_attacker,
            ..
        } => {
            state.special_used[card.index()] = true;
            pieces::eliminate(state, *eliminated);
            if let Some(index) = state.pending_at(city.0) {
                state.pending.remove(index);
            }
            if let Some(attacker) = cancelled_attacker {
                state.holder[city.0 as usize] = attacker.0;
            }
            state.turn.progress = true;
        }
        _ => unreachable!("evolve sends only the moves, the special cards played during them included here"),
    }
}

/// A combat: the bases committed and revealed, the spies, the ties and the result.
fn combat(state: &mut State, event: &Event) {
    match event {
        Event::CombatStarted {
            city,
            attacker,
            defender,
            attacker_seat,
            defender_seat,
            need_attacker,
            need_defender,
            ..
        } => combat::start(
            state,
            city.0,
            [*attacker, *defender],
            [seat_of(*attacker_seat), seat_of(*defender_seat)],
            [*need_attacker, *need_defender],
        ),
        Event::BaseCommitted { seat, side, ranks, .. } => {
            combat::commit_base(state, seat_of(*seat), *side, ranks.as_deref())
        }
        Event::BasesRevealed {
            attacker,
            defender,
            spy_eligible,
        } => combat::reveal_bases(state, [attacker, defender].map(Vec::as_slice), spy_eligible),
        Event::DoubleSpy {
            disposals,
            need_attacker,
            need_defender,
        } => combat::restart_double_spy(state, disposals, [*need_attacker, *need_defender]),
        Event::SpyDeclined { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.spy = SpyStage::Done;
            }
        }
        Event::SpyDeclared { disposals, .. } => combat::declare_spy(state, disposals),
        Event::SpyBaseChosen { seat, ranks, .. } => combat::choose_spy_base(state, seat_of(*seat), ranks),
        Event::CombatTied { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.tie = true;
            }
        }
        Event::ExtraAdded { seat, side, rank, .. } => combat::add_extra(state, seat_of(*seat), *side, *rank),
        Event::ExtrasRevealed { attacker, defender, .. } => {
            combat::show_table(state, [&[*attacker], &[*defender]]);
            if let Some(combat) = state.combat.as_mut() {
                combat.extra_pending = [false; 2];
                combat.tie = false;
            }
        }
        Event::CombatResolved {
            city,
            attacker,
            winner,
            eliminated,
            disposals,
            ..
        } => combat::resolve(state, city.0, *attacker, *winner, *eliminated, disposals),
        _ => unreachable!(
            "evolve sends only a combat: the bases committed and revealed, the spies, the ties and the result here"
        ),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Setup and turns

fn draw_teams(state: &mut State, team_a: &[StateId], team_b: &[StateId]) {
    for (team, states) in [team_a, team_b].into_iter().enumerate() {
        for member in states {
            state.team_of_state[member.index() as usize] = team as u8;
        }
    }
}

fn deal_hand(state: &mut State, seat: u8, cards: &[Card]) {
    if let Some(hand) = state.hands.get_mut(seat as usize) {
        *hand = pile(cards);
    }
    // The rules fix every dealt hand, so everyone knows it (spec 9, "Hands at setup").
    if let Some(known) = state.known_ranks.get_mut(seat as usize) {
        *known = [0; 13];
        for card in cards {
            known[card.rank().index() as usize] += 1;
        }
    }
}

/// The queens of a two-state seat's suits leave the game.
fn remove_queens(state: &mut State, seat: u8) {
    let states: Vec<u8> = state.states_of(seat).collect();
    for owned in states {
        let suit = board().suit_of_state[owned as usize];
        state.removed.push(Card::new(suit, Rank::Q));
    }
}

/// The team talons of `match_talons`, team_a's then team_b's (empty where the order is not known).
fn set_team_talons(state: &mut State, orders: [&Option<Vec<Card>>; 2]) {
    state.talons = orders
        .into_iter()
        .map(|order| pile(order.as_deref().unwrap_or_default()))
        .collect();
}

fn start_turn(state: &mut State, seat: u8, round: u32) {
    state.phase = Phase::Main;
    state.active = seat;
    state.round = round;
    state.turn = Turn::default();
    state.pending.clear();
    state.combat = None;
    state.offer = None;
}

fn draw_card(state: &mut State, seat: u8) {
    let index = state.talon_index(seat);
    if let Some(card) = state.talons.get_mut(index).and_then(Cards::pop)
        && let Some(hand) = state.hands.get_mut(seat as usize)
    {
        hand.push(card);
    }
}

fn eliminate_seat(state: &mut State, seat: u8) {
    if let Some(hand) = state.hands.get_mut(seat as usize) {
        let mut cards = std::mem::take(hand);
        cards.sort_by_key(|card| (card.rank(), *card));
        state.removed.extend(cards);
    }
    if let Some(known) = state.known_ranks.get_mut(seat as usize) {
        *known = [0; 13];
    }
    for special in 0..4 {
        if state.special_holder[special] == seat {
            state.special_used[special] = true;
        }
    }
    if let Some(eliminated) = state.eliminated.get_mut(seat as usize) {
        *eliminated = true;
    }
}
