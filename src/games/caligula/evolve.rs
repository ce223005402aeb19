//! `evolve`: folds one event into the state. Total for every event the engine produces; never panics (an event
//! that does not fit the state is ignored as far as it does not fit).

use super::data::{DATA, Extra};
use super::state::*;
use super::types::*;
use tinyvec::ArrayVec;

fn civ(id: &str) -> Option<usize> {
    DATA.civitas_index(id)
}
fn aug(id: &str) -> Option<usize> {
    DATA.augustus_index(id)
}

fn take_card(state: &mut State, seat: SeatId, kind: Kind) {
    if let Some(p) = state.players.get_mut(seat.idx()) {
        let h = &mut p.hand[kind.index()];
        *h = h.saturating_sub(1);
    }
}

fn add_vp(state: &mut State, seat: SeatId, delta: i32) {
    if let Some(p) = state.players.get_mut(seat.idx()) {
        p.vp = (p.vp as i64 + delta as i64).max(0) as u32;
    }
}

fn face_up(id: &Option<String>) -> Option<FaceUp> {
    id.as_deref().and_then(civ).map(|card| FaceUp {
        card,
        tokens: ArrayVec::new(),
    })
}

/// Returns every Favor token at `place` to its owner's supply.
fn return_favours(state: &mut State, place: FavourAt) {
    for p in state.players.iter_mut() {
        if p.favour == place {
            p.favour = FavourAt::Supply;
        }
    }
}

pub fn evolve(state: &mut State, event: &Event) {
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
            row.pos = [face_up(&Some(position_1.clone())), face_up(&Some(position_2.clone()))];
            row.deck = deck.iter().flatten().filter_map(|id| civ(id)).collect();
        }
        Event::AugustusDealt {
            emperor,
            removed,
            candidate_a,
            candidate_b,
            deck,
            ..
        } => {
            if let Some(e) = aug(emperor) {
                state.emperor = e;
            }
            state.augustus_out = removed.iter().filter_map(|id| aug(id)).collect();
            state.candidates = [aug(candidate_a), aug(candidate_b)];
            state.augustus_deck = deck.iter().flatten().filter_map(|id| aug(id)).collect();
        }
        Event::SequentiaRow { row } => {
            state.sequentia_row = row.iter().filter_map(|id| DATA.sequentia_index(id)).collect();
        }
        Event::OrdoDealt { ordo } => set_ordo(state, ordo),
        Event::Awaiting { phase } => state.phase = phase.clone(),
        Event::TokenPlaced {
            seat,
            suit,
            position,
            value,
            ..
        } => {
            let Some(value) = *value else { return };
            if !(-1..=6).contains(&value) {
                return;
            }
            if let Some(p) = state.players.get_mut(seat.idx()) {
                p.supply[vi(value)] = false;
            }
            let pos = (*position as usize).clamp(1, 2) - 1;
            if let Some(f) = state.suits[suit.index()].pos[pos].as_mut() {
                f.tokens.push(Placed {
                    owner: seat.idx(),
                    value,
                });
            }
        }
        Event::PlacementEnded { .. } => {}
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
        } => {
            state.suit_index = *suit_index;
            let row = &mut state.suits[suit.index()];
            let Some(f) = row.pos[0].as_mut() else { return };
            let card = f.card;
            let tokens = std::mem::take(&mut f.tokens);
            for t in tokens {
                if let Some(p) = state.players.get_mut(t.owner)
                    && p.owned[vi(t.value)]
                {
                    p.supply[vi(t.value)] = true;
                }
            }
            let queue = concerned
                .iter()
                .flat_map(|c| std::iter::repeat_n(c.seat.idx(), c.instances))
                .take(INSTANCES)
                .collect();
            state.resolution = Some(Resolution {
                card,
                suit: *suit,
                mode: *mode,
                queue,
            });
        }
        Event::EffectStep {
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
        } => {
            let s = seat.idx();
            if let Some(d) = vp_change {
                add_vp(state, *seat, *d);
            }
            if let Some(v) = spqr_gained {
                let on_card = state.placed_somewhere(s, *v);
                if let Some(p) = state.players.get_mut(s) {
                    p.owned[vi(*v)] = true;
                    if !on_card {
                        p.supply[vi(*v)] = true;
                    }
                }
            }
            if let Some(v) = spqr_lost
                && let Some(p) = state.players.get_mut(s)
            {
                p.owned[vi(*v)] = false;
                p.supply[vi(*v)] = false;
            }
            if let Some(other) = ordo_swapped_with {
                let o = other.idx();
                if s < state.n && o < state.n {
                    let a = state.players[s].ordo;
                    state.players[s].ordo = state.players[o].ordo;
                    state.players[o].ordo = a;
                }
            }
            if let Some(to) = favour_to
                && let Some(p) = state.players.get_mut(s)
            {
                p.favour = *to;
            }
            if let Some(c) = candidate_replaced {
                let i = c.position.index();
                return_favours(state, FavourAt::candidate(c.position));
                if let Some(old) = state.candidates[i] {
                    state.augustus_deck.push(old);
                }
                state.candidates[i] = draw(&mut state.augustus_deck);
            }
            if let Some(d) = life_change {
                state.life_modifier += d;
            }
            if *pip_taken == Some(true) {
                state.pip = Some(s);
            }
        }
        Event::CardDrawn { seat, deck, count, .. } => {
            for _ in 0..*count {
                if let Some(kind) = draw(state.deck_mut(*deck))
                    && let Some(p) = state.players.get_mut(seat.idx())
                {
                    p.hand[kind.index()] += 1;
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
                if let Some(p) = state.players.get_mut(thief.idx()) {
                    p.hand[kind.index()] += 1;
                }
            }
        }
        Event::CivitasShifted { suit, .. } => {
            let row = &mut state.suits[suit.index()];
            if let Some(old) = row.pos[0].take() {
                state.civitas_out.push(old.card);
            }
            row.pos[0] = row.pos[1].take();
            row.pos[1] = draw(&mut row.deck).map(|card| FaceUp {
                card,
                tokens: ArrayVec::new(),
            });
            state.resolution = None;
        }
        Event::SequentiaExtra { extra, ordo } => {
            if *extra == Extra::PassOrdoLeft
                && let Some(ordo) = ordo
            {
                set_ordo(state, ordo);
            }
        }
        Event::ConspiracyOpened { final_conspiracy } => {
            state.conspiracy = Some(Conspiracy::new(state.n, *final_conspiracy));
        }
        Event::ConspiracyDeclined { seat, .. } => {
            if let Some(c) = state.conspiracy.as_mut()
                && let Some(d) = c.declined_opening.get_mut(seat.idx())
            {
                *d = true;
            }
        }
        Event::ConspiracyPassed { seat, .. } => {
            if let Some(c) = state.conspiracy.as_mut()
                && let Some(d) = c.passed.get_mut(seat.idx())
            {
                *d = true;
            }
        }
        Event::ConspiracyAccepted { .. } => {}
        Event::ConspiracyRaised { seat, total, .. } => {
            if let Some(c) = state.conspiracy.as_mut() {
                c.leader = Some(*seat);
                c.high = *total;
            }
        }
        Event::CardPlayed { seat, kind, role } => {
            take_card(state, *seat, *kind);
            if let Some(c) = state.conspiracy.as_mut() {
                let card = PlayedCard {
                    seat: *seat,
                    kind: *kind,
                    role: *role,
                };
                c.table.push(card);
                c.played.push(card);
                let s = seat.idx();
                match role {
                    Role::Bid => {
                        if let Some(x) = c.committed.get_mut(s) {
                            *x += 1;
                        }
                    }
                    Role::Defence => c.defence_count += 1,
                    Role::Stab => {
                        if let Some(x) = c.stab_count.get_mut(s) {
                            *x += 1;
                        }
                    }
                }
            }
        }
        Event::ConspiracyAbandoned {} => {
            return_table(state);
            state.conspiracy = None;
        }
        Event::ConspiracyFormed { conspirators, .. } => {
            return_table(state);
            if let Some(c) = state.conspiracy.as_mut() {
                c.conspirators = conspirators.clone();
                c.auction_over = true;
            }
        }
        Event::CandidateChosen { position, .. } => {
            if let Some(c) = state.conspiracy.as_mut() {
                c.chosen_candidate = Some(*position);
            }
        }
        Event::FavourMoved { seat, to, .. } => {
            if let Some(p) = state.players.get_mut(seat.idx()) {
                p.favour = *to;
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
        } => {
            return_table(state);
            return_favours(state, FavourAt::Emperor);
            if let Some(id) = new_emperor.as_deref().and_then(aug) {
                state.augustus_out.push(state.emperor);
                state.emperor = id;
                if let Some(v) = vacated {
                    let place = FavourAt::candidate(*v);
                    for p in state.players.iter_mut() {
                        if p.favour == place {
                            p.favour = FavourAt::Emperor;
                        }
                    }
                    state.candidates[v.index()] = new_candidate.as_deref().and_then(aug);
                    if new_candidate.is_some() {
                        draw(&mut state.augustus_deck);
                    }
                }
                state.life_modifier = 0;
                state.conspiracy_blocked = true;
            }
            if let Some(p) = state.players.get_mut(leader.idx()) {
                p.cp += 1;
            }
            for s in stabbers {
                add_vp(state, *s, 1);
            }
            state.conspiracy = None;
        }
        Event::EmperorSurvived { .. } => {
            return_table(state);
            if let Some(pos) = state.conspiracy.as_ref().and_then(|c| c.chosen_candidate) {
                return_favours(state, FavourAt::candidate(pos));
            }
            state.conspiracy = None;
        }
        Event::RoundEndPayment { vp, paid, .. } => {
            for s in paid {
                add_vp(state, *s, *vp as i32);
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
    }
}

fn set_ordo(state: &mut State, ordo: &[SeatOrdo]) {
    for o in ordo {
        if let Some(p) = state.players.get_mut(o.seat.idx()) {
            p.ordo = o.ordo;
        }
    }
}

/// Cards face up in front of the seats go under their own decks, in play order (6.4).
fn return_table(state: &mut State) {
    if let Some(c) = state.conspiracy.as_mut() {
        let table = std::mem::take(&mut c.table);
        for card in table {
            state.deck_mut(card.kind.deck()).push(card.kind);
        }
    }
}

/// Takes a deck's top card (its first).
fn draw<A: tinyvec::Array>(deck: &mut ArrayVec<A>) -> Option<A::Item> {
    (!deck.is_empty()).then(|| deck.remove(0))
}
