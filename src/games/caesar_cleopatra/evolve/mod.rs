//! `evolve`: folds one event into the state (spec 9, event table).

use tinyvec::ArrayVec;

use super::card::OwnedCard;
use super::event::{Event, Family, Mode, Origin, VoteKind};
use super::ids::{Card, Group, ManipulationKind, Phase, Placement, SeatId};
use super::pile::Pile;
use super::state::{Continuation, ManipulationParams, Pending, SeatCards, SeatState, Slot, State};

/// Folds one event into the state. Total: an inconsistent event is ignored rather than panicking.
pub fn evolve(state: &mut State, event: &Event) {
    match event.family() {
        Family::Setup => setup(state, event),
        Family::Turn => turn(state, event),
        Family::Manipulation => manipulation(state, event),
        Family::Castling => castling(state, event),
        Family::Vote => vote(state, event),
        Family::VoteCards => vote_cards(state, event),
    }
}

/// The setting up: the shuffles, the manipulation piles stacked, the missions dealt and the first cards placed.
fn setup(state: &mut State, event: &Event) {
    match event {
        Event::VoteDeckShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut state.vote_deck, order);
            }
        }
        Event::Pile1Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                set_order(&mut state.seats[seat.index()].pile1, order);
            }
        }
        Event::Pile2Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                let zones = &mut state.seats[seat.index()];
                set_order(&mut zones.pile2, order);
                zones.unstacked.clear();
            }
        }
        Event::ArrangeStarted => state.phase = Phase::SetupArrange,
        Event::ManipulationStacked { seat, card, .. } => {
            let zones = &mut state.seats[seat.index()];
            if let Some(card) = card
                && remove(&mut zones.unstacked, card.id)
            {
                zones.pile2.push(card.id);
            }
        }
        Event::MissionsShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut state.mission_deck, order);
            }
        }
        Event::MissionDealt { seat, mission } => {
            if let Some(mission) = mission
                && remove(&mut state.mission_deck, *mission)
            {
                state.seats[seat.index()].mission = Some(*mission);
            }
        }
        Event::PlacementStarted => state.phase = Phase::SetupPlace,
        Event::InitialCardPlaced { seat, card, group, .. } => {
            put_face_down(state, *seat, card, group, |zones| &mut zones.aside_place)
        }
        Event::InitialPlacementDone { .. } => {
            for zones in &mut state.seats {
                let cards = std::mem::take(&mut zones.aside_hand);
                zones.hand.extend(cards);
            }
        }
        _ => unreachable!(
            "evolve sends only the setting up: the shuffles, the manipulation piles stacked, the missions dealt and the first cards placed here"
        ),
    }
}

/// A turn: its mode, the cards discarded, placed and drawn, the main phase resumed and ended.
fn turn(state: &mut State, event: &Event) {
    match event {
        Event::TurnStarted { turn, seat } => {
            state.turn = *turn;
            state.active = seat.index();
            state.phase = Phase::TurnStart;
            state.placement = Placement::None;
            state.manip_used = false;
            state.counter = 0;
            state.cont = Continuation::None;
        }
        Event::ModeChosen { mode, .. } => mode_chosen(state, *mode),
        Event::CardDiscarded {
            seat,
            origin,
            group,
            id,
            ..
        } => {
            if let Some(card) = *id {
                card_discarded(state, seat.index(), *origin, *group, card);
            }
        }
        Event::InfluencePlaced {
            seat,
            group,
            face_up,
            id,
            ..
        } => {
            if let Some(card) = *id {
                influence_placed(state, seat.index(), *group, *face_up, card);
            }
        }
        Event::DrawOwed { seat, count, .. } => {
            if *count > 0 {
                state.owed.push((seat.index(), *count));
            }
        }
        Event::DrawPending { .. } => state.phase = Phase::Draw,
        Event::CardDrawn { seat, pile, card, .. } => {
            if let Some(card) = card {
                card_drawn(state, seat.index(), *pile, card.id);
            }
        }
        Event::DrawLapsed { .. } => {
            if !state.owed.is_empty() {
                state.owed.remove(0);
            }
        }
        Event::MainResumed { .. } => state.phase = Phase::Main,
        Event::MainEnded { .. } => state.cont = Continuation::ExtraFrom(0),
        _ => unreachable!(
            "evolve sends only a turn: its mode, the cards discarded, placed and drawn, the main phase resumed and ended here"
        ),
    }
}

/// The manipulations and the answers to them.
fn manipulation(state: &mut State, event: &Event) {
    match event {
        Event::ManipulationPlayed {
            seat,
            card,
            group,
            target,
            groups,
            id,
        } => {
            if let Some(id) = *id {
                let params = ManipulationParams {
                    group: *group,
                    target: *target,
                    groups: groups.as_deref().and_then(|groups| groups.try_into().ok()),
                };
                manipulation_played(state, seat.index(), *card, id, params);
            }
        }
        Event::ReactionOffered { .. } => state.phase = Phase::Reaction,
        Event::Reacted { .. } => {}
        Event::HandSpied { .. } => state.phase = Phase::SpyPick,
        _ => unreachable!("evolve sends only the manipulations and the answers to them here"),
    }
}

/// A Castling: its pool formed and its cards placed.
fn castling(state: &mut State, event: &Event) {
    match event {
        Event::CastlingPoolFormed { seat, groups, .. } => {
            if let Ok(groups) = groups.as_slice().try_into() {
                castling_pool_formed(state, seat.index(), groups);
            }
        }
        Event::CastlingCardPlaced { seat, card, group, .. } => {
            put_face_down(state, *seat, card, group, |zones| &mut zones.pool)
        }
        Event::CastlingDone { .. } => {
            state.castling_groups = None;
        }
        _ => unreachable!("evolve sends only a Castling: its pool formed and its cards placed here"),
    }
}

/// The votes: the cards revealed, the vote resolved and the patrician won.
fn vote(state: &mut State, event: &Event) {
    match event {
        Event::CardsRevealed { group, seat, .. } => {
            for slot in &mut state.seats[seat.index()].sides[group.index()] {
                slot.up = true;
            }
        }
        Event::ExtraordinaryVoteStarted { group } => state.cont = Continuation::Compare(*group),
        Event::VoteWindowOpened { .. } => state.phase = Phase::VoteWindow,
        Event::VoteContinued { .. } => {}
        Event::VoteResolved { group, kind, .. } => {
            if *kind == VoteKind::Extraordinary {
                state.cont = Continuation::ExtraFrom(group.index() + 1);
            }
        }
        Event::PatricianWon { seat, group, patrician } => {
            if remove(&mut state.stacks[group.index()], *patrician) {
                state.seats[seat.index()].won.push(*patrician);
            }
        }
        Event::GroupClosed { .. } => {}
        _ => unreachable!(
            "evolve sends only the votes: the cards revealed, the vote resolved and the patrician won here"
        ),
    }
}

/// The vote cards, the player left alone and the end.
fn vote_cards(state: &mut State, event: &Event) {
    match event {
        Event::VoteCardDrawn { card } => {
            if state.vote_deck.first() == Some(card) {
                state.vote_deck.remove(0);
                state.vote_current = Some(*card);
            }
        }
        Event::VoteCardRemoved { card } => {
            if state.vote_current == Some(*card) {
                state.vote_current = None;
                state.vote_removed.push(*card);
            }
        }
        Event::VoteCardDiscarded { card } => {
            if state.vote_current == Some(*card) {
                state.vote_current = None;
                state.vote_discard.push(*card);
            }
        }
        Event::VoteDeckReshuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut state.vote_deck, order);
                state.vote_discard.clear();
                state.vote_current = None;
            }
        }
        Event::SoloModeStarted { survivor } => state.solo = Some(survivor.index()),
        Event::GameOver { result, .. } => {
            state.result = Some(result.clone());
            state.phase = Phase::GameOver;
            state.cont = Continuation::None;
            state.owed.clear();
        }
        _ => unreachable!("evolve sends only the vote cards, the player left alone and the end here"),
    }
}

/// Removes the first item that is (or holds) `card`; false when there is none.
fn remove<T: Copy + Default + PartialEq<Card>, const N: usize>(items: &mut ArrayVec<[T; N]>, card: Card) -> bool {
    match items.iter().position(|item| *item == card) {
        Some(index) => {
            items.remove(index);
            true
        }
        None => false,
    }
}

/// Replaces a zone by a shuffled order; an order that cannot be that zone's is ignored, as inconsistent events are.
fn set_order<const N: usize>(zone: &mut ArrayVec<[Card; N]>, order: &[Card]) {
    if let Ok(order) = ArrayVec::try_from(order) {
        *zone = order;
    }
}

/// An initial card or a Castling pool card goes face down at a group, out of the zone `from`.
fn put_face_down(
    state: &mut State,
    seat: SeatId,
    card: &Option<OwnedCard>,
    group: &Option<Group>,
    from: fn(&mut SeatState) -> &mut SeatCards,
) {
    let zones = &mut state.seats[seat.index()];
    if let (Some(card), Some(group)) = (card, group)
        && remove(from(zones), card.id)
    {
        zones.sides[group.index()].push(Slot {
            card: card.id,
            up: false,
        });
    }
}

fn mode_chosen(state: &mut State, mode: Mode) {
    match mode {
        Mode::Active => {
            state.phase = Phase::Main;
            state.cont = Continuation::Main;
            state.placement = Placement::None;
            state.manip_used = false;
        }
        Mode::Passive => {
            state.phase = Phase::Passive;
            state.cont = Continuation::TurnEnd;
            state.counter = 0;
        }
    }
}

/// A card goes from the hand, a group or the table to its owner's discard; a passive discard counts.
fn card_discarded(state: &mut State, seat: usize, origin: Origin, group: Option<Group>, card: Card) {
    let moved = match origin {
        Origin::Hand => {
            let moved = remove(&mut state.seats[seat].hand, card);
            if moved && state.phase == Phase::Passive && seat == state.active {
                state.counter += 1;
            }
            moved
        }
        Origin::Board => match group {
            Some(group) => remove(&mut state.seats[seat].sides[group.index()], card),
            None => false,
        },
        Origin::Play => {
            if state.pending.as_ref().is_some_and(|pending| pending.card == card) {
                state.pending = None;
                true
            } else {
                remove(&mut state.seats[seat].hand, card)
            }
        }
    };
    if moved {
        state.seats[seat].discard.push(card);
    }
}

/// An influence card goes from the hand to a group, and the placement of `main` progresses.
fn influence_placed(state: &mut State, seat: usize, group: Group, face_up: bool, card: Card) {
    let zones = &mut state.seats[seat];
    if remove(&mut zones.hand, card) {
        zones.sides[group.index()].push(Slot { card, up: face_up });
        state.placement = match (face_up, state.placement) {
            (true, Placement::None) => Placement::Half,
            _ => Placement::Done,
        };
    }
}

/// The top card of a pile goes to the hand, and pays one of the head owed draws.
fn card_drawn(state: &mut State, seat: usize, pile: Pile, card: Card) {
    let zones = &mut state.seats[seat];
    let source = match pile {
        Pile::One => &mut zones.pile1,
        Pile::Two => &mut zones.pile2,
    };
    if source.first() == Some(&card) {
        source.remove(0);
        zones.hand.push(card);
        if let Some(head) = state.owed.first_mut() {
            head.1 = head.1.saturating_sub(1);
            if head.1 == 0 {
                state.owed.remove(0);
            }
        }
    }
}

/// A manipulation card goes from the hand to the table, to be resolved.
fn manipulation_played(state: &mut State, seat: usize, kind: ManipulationKind, card: Card, params: ManipulationParams) {
    if remove(&mut state.seats[seat].hand, card) {
        state.pending = Some(Pending {
            seat,
            card,
            kind,
            params,
        });
        state.manip_used = true;
    }
}

/// The seat's cards at the two groups go into its Castling pool.
fn castling_pool_formed(state: &mut State, seat: usize, groups: [Group; 2]) {
    let zones = &mut state.seats[seat];
    for group in groups {
        let slots = std::mem::take(&mut zones.sides[group.index()]);
        zones.pool.extend(slots.into_iter().map(|slot| slot.card));
    }
    zones.pool.sort();
    state.castling_groups = Some(groups);
    state.phase = Phase::Castling;
}
