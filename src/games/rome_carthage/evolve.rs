//! `evolve`: every state change an event records, folded into the state.

use super::data::board;
use super::state::{Cards, Combat, GONE, NONE, Offer, Pending, Phase, Placement, Siege, SpyStage, State, Turn, pile};
use super::types::{Card, Destination, Disposal, Piece, Rank, RomeCarthageEvent, SeatId, Side};

use RomeCarthageEvent as E;

fn seat(id: SeatId) -> u8 {
    id.index() as u8
}

/// Takes the smallest-id card of `rank` out of `cards`.
fn take_rank(cards: &mut Cards, rank: Rank) -> Option<Card> {
    let (index, _) = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.rank() == rank)
        .min_by_key(|(_, c)| **c)?;
    Some(cards.remove(index))
}

fn put(state: &mut State, owner: u8, card: Card, to: Destination, count_king: bool) {
    match to {
        Destination::Hand => {
            if let Some(hand) = state.hands.get_mut(owner as usize) {
                hand.push(card);
            }
            // A zero goes back face up: everyone knows it is in the hand again.
            if let Some(known) = state.known_ranks.get_mut(owner as usize) {
                known[card.rank().index() as usize] += 1;
            }
        }
        Destination::Discard => state.discard.push(card),
        Destination::Removed => {
            if count_king && card.rank() == Rank::K {
                state.kings_removed = state.kings_removed.saturating_add(1);
            }
            state.removed.push(card);
        }
    }
}

/// Disposes of table cards of the current combat.
fn dispose_table(state: &mut State, disposals: &[Disposal]) {
    for d in disposals {
        let owner = seat(d.seat);
        let Some(combat) = state.combat.as_mut() else {
            return;
        };
        let Some(side) = combat.seats.iter().position(|&s| s == owner) else {
            continue;
        };
        let card = take_rank(&mut combat.base[side], d.rank).or_else(|| {
            let card = take_rank(&mut combat.extra[side], d.rank);
            if card.is_some() {
                combat.extra_pending[side] = false;
            }
            card
        });
        if let Some(card) = card {
            put(state, owner, card, d.to, true);
        }
    }
}

/// Both sides' face-down table cards are shown (attacker's ranks, defender's ranks).
fn show_table(state: &mut State, ranks: [&[Rank]; 2]) {
    let Some(seats) = state.combat.as_ref().map(|c| c.seats) else {
        return;
    };
    for (side, ranks) in ranks.into_iter().enumerate() {
        for &rank in ranks {
            state.shown(seats[side], rank);
        }
    }
}

fn move_from_hand(state: &mut State, owner: u8, ranks: &[Rank]) -> Cards {
    let mut cards = Cards::new();
    if let Some(hand) = state.hands.get_mut(owner as usize) {
        for &rank in ranks {
            if let Some(card) = take_rank(hand, rank) {
                cards.push(card);
            }
        }
    }
    cards
}

fn place_piece(state: &mut State, piece: Piece, to: u8) {
    state.pos[piece.0 as usize] = to;
    match state.holder_of(to) {
        None => {
            if let Some(slot) = state.holder.get_mut(to as usize) {
                *slot = piece.0;
            }
        }
        Some(defender) => state.pending.push(Pending {
            city: to,
            attacker: piece,
            defender,
        }),
    }
}

fn lift_piece(state: &mut State, piece: Piece) {
    if let Some(city) = state.city_of(piece)
        && state.holder[city as usize] == piece.0
    {
        state.holder[city as usize] = NONE;
    }
}

fn eliminate(state: &mut State, piece: Piece) {
    lift_piece(state, piece);
    state.pos[piece.0 as usize] = GONE;
}

pub fn evolve(state: &mut State, event: &RomeCarthageEvent) {
    state.seq += 1;
    match event {
        E::TeamsDrawn { team_a, team_b } => {
            for s in team_a {
                state.team_of_state[s.index() as usize] = 0;
            }
            for s in team_b {
                state.team_of_state[s.index() as usize] = 1;
            }
        }
        E::StatesAssigned { owners, solo } => {
            for o in owners {
                state.owner[o.state.index() as usize] = seat(o.seat);
            }
            state.solo = solo.map(seat);
        }
        E::HandDealt {
            seat: s,
            cards: Some(cards),
            ..
        } => {
            if let Some(hand) = state.hands.get_mut(seat(*s) as usize) {
                *hand = pile(cards);
            }
            // The rules fix every dealt hand, so everyone knows it (spec 9, "Hands at setup").
            if let Some(known) = state.known_ranks.get_mut(seat(*s) as usize) {
                *known = [0; 13];
                for card in cards {
                    known[card.rank().index() as usize] += 1;
                }
            }
        }
        E::HandDealt { .. } => {}
        E::QueensRemoved { seat: s, .. } => {
            let states: Vec<u8> = state.states_of(seat(*s)).collect();
            for st in states {
                let suit = board().suit_of_state[st as usize];
                state.removed.push(Card::new(suit, Rank::Q));
            }
        }
        E::TalonShuffled { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
        }
        E::StartingCard { card, starter } => {
            state.starting_card = Some(*card);
            state.starter = Some(seat(*starter));
        }
        E::TurnOrderFixed { order } => state.order = order.iter().map(|s| seat(*s)).collect(),
        E::TalonsSplit {
            team_a_order,
            team_b_order,
            ..
        }
        | E::TalonsRefilled {
            team_a_order,
            team_b_order,
            ..
        } => {
            state.talons = [team_a_order, team_b_order]
                .into_iter()
                .map(|order| pile(order.as_deref().unwrap_or_default()))
                .collect();
            if matches!(event, E::TalonsRefilled { .. }) {
                state.discard.clear();
            }
        }
        E::SpecialsDealt {
            team,
            betrayal,
            sedition,
            ..
        } => {
            let t = team.index();
            state.special_holder[2 * t as usize] = seat(*betrayal);
            state.special_holder[2 * t as usize + 1] = seat(*sedition);
            state.choosers.retain(|(team, _)| *team != t);
        }
        E::SpecialChoiceOpened { choosers } => {
            state.phase = Phase::SpecialChoice;
            state.choosers = choosers
                .iter()
                .map(|c| (state.team_of_seat(seat(*c)), seat(*c)))
                .collect();
        }
        E::PlacementTurnStarted { seat: s, round, quota } => {
            state.phase = Phase::Placement;
            state.placement = Placement {
                round: *round,
                seat: seat(*s),
                quota: *quota,
                placed: 0,
            };
        }
        E::PiecePlaced { piece, city, .. } => {
            place_piece(state, *piece, city.0);
            state.placement.placed += 1;
        }
        E::TurnStarted { seat: s, round } => {
            state.phase = Phase::Main;
            state.active = seat(*s);
            state.round = *round;
            state.turn = Turn::default();
            state.pending.clear();
            state.combat = None;
            state.offer = None;
        }
        E::TalonReformed { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
            state.discard.clear();
        }
        E::CardDrawn { seat: s, .. } => {
            let index = state.talon_index(seat(*s));
            if let Some(card) = state.talons.get_mut(index).and_then(Cards::pop)
                && let Some(hand) = state.hands.get_mut(seat(*s) as usize)
            {
                hand.push(card);
            }
        }
        E::DrawSkipped { .. } => {}
        E::PieceMoved { piece, path, cost, .. } => {
            if let Some(end) = path.last() {
                lift_piece(state, *piece);
                place_piece(state, *piece, end.0);
            }
            state.turn.moves_used += cost;
        }
        E::MercenariesMoved { steps, cost, .. } => {
            for step in steps {
                lift_piece(state, step.piece);
            }
            let mut steps = steps.clone();
            steps.sort_by_key(|s| s.piece);
            for step in steps {
                place_piece(state, step.piece, step.to.0);
            }
            state.turn.moves_used += cost;
        }
        E::ForcedMarchPaid { seat: s, cards } => {
            for d in cards {
                let owner = seat(*s);
                state.shown(owner, d.rank);
                if let Some(card) = state.hands.get_mut(owner as usize).and_then(|h| take_rank(h, d.rank)) {
                    put(state, owner, card, d.to, true);
                }
            }
            state.turn.forced_march_paid = true;
        }
        E::BetrayalPlayed { card, .. } => state.special_used[card.index()] = true,
        E::SeditionPlayed {
            card,
            city,
            eliminated,
            cancelled_attacker,
            ..
        } => {
            state.special_used[card.index()] = true;
            eliminate(state, *eliminated);
            if let Some(index) = state.pending_at(city.0) {
                state.pending.remove(index);
            }
            if let Some(attacker) = cancelled_attacker {
                state.holder[city.0 as usize] = attacker.0;
            }
            state.turn.progress = true;
        }
        E::DrawOffered { seat: s, responders } => {
            state.phase = Phase::DrawOffer;
            state.turn.draw_offered = true;
            state.offer = Some(Offer {
                by: seat(*s),
                responders: responders.iter().map(|r| seat(*r)).collect(),
                accepted: 0,
            });
        }
        E::DrawAccepted { .. } => {
            if let Some(offer) = state.offer.as_mut() {
                offer.accepted += 1;
            }
        }
        E::DrawDeclined { .. } => {
            state.offer = None;
            state.phase = Phase::Main;
        }
        E::MovesEnded { .. } => state.phase = Phase::Combat,
        E::CombatStarted {
            city,
            attacker,
            defender,
            attacker_seat,
            defender_seat,
            need_attacker,
            need_defender,
            ..
        } => {
            if let Some(index) = state.pending_at(city.0) {
                state.pending.remove(index);
            }
            state.combat = Some(Combat {
                city: city.0,
                pieces: [*attacker, *defender],
                seats: [seat(*attacker_seat), seat(*defender_seat)],
                need: [*need_attacker, *need_defender],
                base: [Cards::new(), Cards::new()],
                committed: [false; 2],
                revealed: false,
                spy: SpyStage::Unchecked,
                extra: [Cards::new(), Cards::new()],
                extra_pending: [false; 2],
                tie: false,
            });
        }
        E::BaseCommitted {
            seat: s,
            side,
            ranks: Some(ranks),
            ..
        } => {
            let cards = move_from_hand(state, seat(*s), ranks);
            if let Some(combat) = state.combat.as_mut() {
                combat.base[side.index()].extend(cards);
                combat.committed[side.index()] = true;
            }
        }
        E::BaseCommitted { side, .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.committed[side.index()] = true;
            }
        }
        E::BasesRevealed {
            attacker,
            defender,
            spy_eligible,
        } => {
            show_table(state, [attacker.as_slice(), defender.as_slice()]);
            if let Some(combat) = state.combat.as_mut() {
                combat.revealed = true;
                combat.spy = match spy_eligible.as_slice() {
                    [] => SpyStage::Done,
                    [one] => SpyStage::Offered(one.index() as u8),
                    _ => SpyStage::Double,
                };
            }
        }
        E::DoubleSpy {
            disposals,
            need_attacker,
            need_defender,
        } => {
            dispose_table(state, disposals);
            if let Some(combat) = state.combat.as_mut() {
                combat.base = [Cards::new(), Cards::new()];
                combat.committed = [false; 2];
                combat.revealed = false;
                combat.spy = SpyStage::Unchecked;
                combat.need = [*need_attacker, *need_defender];
            }
        }
        E::SpyDeclined { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.spy = SpyStage::Done;
            }
        }
        E::SpyDeclared { disposals, .. } => {
            dispose_table(state, disposals);
            if let Some(combat) = state.combat.as_mut()
                && let SpyStage::Offered(side) = combat.spy
            {
                combat.base[side as usize].clear();
                combat.spy = SpyStage::Declared(side);
            }
        }
        E::SpyBaseChosen { seat: s, ranks, .. } => {
            for &rank in ranks {
                state.shown(seat(*s), rank);
            }
            let cards = move_from_hand(state, seat(*s), ranks);
            if let Some(combat) = state.combat.as_mut()
                && let SpyStage::Declared(side) = combat.spy
            {
                combat.base[side as usize] = cards;
                combat.spy = SpyStage::Done;
            }
        }
        E::CombatTied { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.tie = true;
            }
        }
        E::ExtraAdded {
            seat: s, side, rank, ..
        } => {
            let cards = rank.map_or_else(Cards::new, |r| move_from_hand(state, seat(*s), &[r]));
            if let Some(combat) = state.combat.as_mut() {
                combat.extra[side.index()].extend(cards);
                combat.extra_pending[side.index()] = true;
            }
        }
        E::ExtrasRevealed { attacker, defender, .. } => {
            show_table(state, [&[*attacker], &[*defender]]);
            if let Some(combat) = state.combat.as_mut() {
                combat.extra_pending = [false; 2];
                combat.tie = false;
            }
        }
        E::CombatResolved {
            city,
            attacker,
            winner,
            eliminated,
            disposals,
            ..
        } => {
            eliminate(state, *eliminated);
            if *winner == Side::Attacker
                && let Some(slot) = state.holder.get_mut(city.0 as usize)
            {
                *slot = attacker.0;
            }
            dispose_table(state, disposals);
            // Anything left on the table (never, for engine-made events) is discarded rather than lost.
            if let Some(combat) = state.combat.take() {
                for side in 0..2 {
                    state.discard.extend(combat.base[side].iter().copied());
                    state.discard.extend(combat.extra[side].iter().copied());
                }
            }
            state.turn.progress = true;
        }
        E::SeatEliminated { seat: s, .. } => {
            let s = seat(*s);
            if let Some(hand) = state.hands.get_mut(s as usize) {
                let mut cards = std::mem::take(hand);
                cards.sort_by_key(|c| (c.rank(), *c));
                state.removed.extend(cards);
            }
            if let Some(known) = state.known_ranks.get_mut(s as usize) {
                *known = [0; 13];
            }
            for i in 0..4 {
                if state.special_holder[i] == s {
                    state.special_used[i] = true;
                }
            }
            if let Some(e) = state.eliminated.get_mut(s as usize) {
                *e = true;
            }
        }
        E::SiegeEstablished { team, established } => state.sieges.push(Siege {
            team: team.index(),
            established: *established,
            witnesses: 0,
        }),
        E::SiegeBroken { team } => state.sieges.retain(|s| s.team != team.index()),
        E::SiegeWitnessed { team, seat: s, .. } => {
            for siege in state.sieges.iter_mut().filter(|s| s.team == team.index()) {
                siege.witnesses |= 1 << seat(*s);
            }
        }
        E::TurnEnded { quiet_turns, .. } => state.quiet_turns = *quiet_turns,
        E::GameOver { result } => {
            state.phase = Phase::GameOver;
            state.result = Some(result.clone());
            // Pending combats stay as they were (an agreed draw can end a turn with attacks declared): they are
            // never fought. After an annihilation there are none, since every combat involves both teams.
            state.offer = None;
        }
    }
}
