//! `evolve`: folds one event into the state (spec 9, event table).

use tinyvec::ArrayVec;

use super::state::{Cont, ManipParams, Pending, Slot, State};
use super::types::{CaesarCleopatraEvent, CcCard, CcMode, CcOrigin, CcPhase, CcPile, CcPlacement, CcVoteKind};

use CaesarCleopatraEvent as E;

/// Removes the first item that is (or holds) `card`; false when there is none.
fn remove<T: Copy + Default + PartialEq<CcCard>, const N: usize>(items: &mut ArrayVec<[T; N]>, card: CcCard) -> bool {
    match items.iter().position(|item| *item == card) {
        Some(i) => {
            items.remove(i);
            true
        }
        None => false,
    }
}

/// Replaces a zone by a shuffled order; an order that cannot be that zone's is ignored, as inconsistent events are.
fn set_order<const N: usize>(zone: &mut ArrayVec<[CcCard; N]>, order: &[CcCard]) {
    if let Ok(order) = ArrayVec::try_from(order) {
        *zone = order;
    }
}

/// Folds one event into the state. Total: an inconsistent event is ignored rather than panicking.
pub fn evolve(s: &mut State, event: &CaesarCleopatraEvent) {
    match event {
        E::VoteDeckShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.vote_deck, order);
            }
        }
        E::Pile1Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.seats[seat.index()].pile1, order);
            }
        }
        E::Pile2Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                let st = &mut s.seats[seat.index()];
                set_order(&mut st.pile2, order);
                st.unstacked.clear();
            }
        }
        E::ArrangeStarted => s.phase = CcPhase::SetupArrange,
        E::ManipulationStacked { seat, card, .. } => {
            let st = &mut s.seats[seat.index()];
            if let Some(card) = card
                && remove(&mut st.unstacked, card.id)
            {
                st.pile2.push(card.id);
            }
        }
        E::MissionsShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.mission_deck, order);
            }
        }
        E::MissionDealt { seat, mission } => {
            if let Some(mission) = mission
                && remove(&mut s.mission_deck, *mission)
            {
                s.seats[seat.index()].mission = Some(*mission);
            }
        }
        E::PlacementStarted => s.phase = CcPhase::SetupPlace,
        E::InitialCardPlaced { seat, card, group, .. } => {
            let st = &mut s.seats[seat.index()];
            if let (Some(card), Some(group)) = (card, group)
                && remove(&mut st.aside_place, card.id)
            {
                st.sides[group.index()].push(Slot {
                    card: card.id,
                    up: false,
                });
            }
        }
        E::InitialPlacementDone { .. } => {
            for st in &mut s.seats {
                let cards = std::mem::take(&mut st.aside_hand);
                st.hand.extend(cards);
            }
        }
        E::TurnStarted { turn, seat } => {
            s.turn = *turn;
            s.active = seat.index();
            s.phase = CcPhase::TurnStart;
            s.placement = CcPlacement::None;
            s.manip_used = false;
            s.counter = 0;
            s.cont = Cont::None;
        }
        E::ModeChosen { mode, .. } => match mode {
            CcMode::Active => {
                s.phase = CcPhase::Main;
                s.cont = Cont::Main;
                s.placement = CcPlacement::None;
                s.manip_used = false;
            }
            CcMode::Passive => {
                s.phase = CcPhase::Passive;
                s.cont = Cont::TurnEnd;
                s.counter = 0;
            }
        },
        E::CardDiscarded {
            seat,
            origin,
            group,
            id,
            ..
        } => {
            let Some(card) = *id else { return };
            let seat = seat.index();
            let moved = match origin {
                CcOrigin::Hand => {
                    let moved = remove(&mut s.seats[seat].hand, card);
                    if moved && s.phase == CcPhase::Passive && seat == s.active {
                        s.counter += 1;
                    }
                    moved
                }
                CcOrigin::Board => match group {
                    Some(g) => remove(&mut s.seats[seat].sides[g.index()], card),
                    None => false,
                },
                CcOrigin::Play => {
                    if s.pending.as_ref().is_some_and(|p| p.card == card) {
                        s.pending = None;
                        true
                    } else {
                        remove(&mut s.seats[seat].hand, card)
                    }
                }
            };
            if moved {
                s.seats[seat].discard.push(card);
            }
        }
        E::InfluencePlaced {
            seat,
            group,
            face_up,
            id,
            ..
        } => {
            let Some(card) = *id else { return };
            let st = &mut s.seats[seat.index()];
            if remove(&mut st.hand, card) {
                st.sides[group.index()].push(Slot { card, up: *face_up });
                s.placement = match (face_up, s.placement) {
                    (true, CcPlacement::None) => CcPlacement::Half,
                    _ => CcPlacement::Done,
                };
            }
        }
        E::DrawOwed { seat, count, .. } => {
            if *count > 0 {
                s.owed.push((seat.index(), *count));
            }
        }
        E::DrawPending { .. } => s.phase = CcPhase::Draw,
        E::CardDrawn { seat, pile, card, .. } => {
            let st = &mut s.seats[seat.index()];
            let source = match pile {
                CcPile::One => &mut st.pile1,
                CcPile::Two => &mut st.pile2,
            };
            let Some(card) = card else { return };
            if source.first() == Some(&card.id) {
                source.remove(0);
                st.hand.push(card.id);
                if let Some(head) = s.owed.first_mut() {
                    head.1 = head.1.saturating_sub(1);
                    if head.1 == 0 {
                        s.owed.remove(0);
                    }
                }
            }
        }
        E::DrawLapsed { .. } => {
            if !s.owed.is_empty() {
                s.owed.remove(0);
            }
        }
        E::ManipulationPlayed {
            seat,
            card,
            group,
            target,
            groups,
            id,
        } => {
            let Some(id) = *id else { return };
            let seat = seat.index();
            if remove(&mut s.seats[seat].hand, id) {
                let groups = match groups.as_deref() {
                    Some([a, b]) => Some([*a, *b]),
                    _ => None,
                };
                s.pending = Some(Pending {
                    seat,
                    card: id,
                    kind: *card,
                    params: ManipParams {
                        group: *group,
                        target: *target,
                        groups,
                    },
                });
                s.manip_used = true;
            }
        }
        E::ReactionOffered { .. } => s.phase = CcPhase::Reaction,
        E::Reacted { .. } => {}
        E::HandSpied { .. } => s.phase = CcPhase::SpyPick,
        E::CastlingPoolFormed { seat, groups, .. } => {
            let seat = seat.index();
            if let [a, b] = groups.as_slice() {
                let st = &mut s.seats[seat];
                for g in [a, b] {
                    let slots = std::mem::take(&mut st.sides[g.index()]);
                    st.pool.extend(slots.into_iter().map(|slot| slot.card));
                }
                st.pool.sort();
                s.castling_groups = Some([*a, *b]);
                s.phase = CcPhase::Castling;
            }
        }
        E::CastlingCardPlaced { seat, card, group, .. } => {
            let st = &mut s.seats[seat.index()];
            if let (Some(card), Some(group)) = (card, group)
                && remove(&mut st.pool, card.id)
            {
                st.sides[group.index()].push(Slot {
                    card: card.id,
                    up: false,
                });
            }
        }
        E::CastlingDone { .. } => {
            s.castling_groups = None;
        }
        E::MainResumed { .. } => s.phase = CcPhase::Main,
        E::MainEnded { .. } => s.cont = Cont::ExtraFrom(0),
        E::CardsRevealed { group, seat, .. } => {
            for slot in &mut s.seats[seat.index()].sides[group.index()] {
                slot.up = true;
            }
        }
        E::ExtraordinaryVoteStarted { group } => s.cont = Cont::Compare(*group),
        E::VoteWindowOpened { .. } => s.phase = CcPhase::VoteWindow,
        E::VoteContinued { .. } => {}
        E::VoteResolved { group, kind, .. } => {
            if *kind == CcVoteKind::Extraordinary {
                s.cont = Cont::ExtraFrom(group.index() + 1);
            }
        }
        E::PatricianWon { seat, group, patrician } => {
            if remove(&mut s.stacks[group.index()], *patrician) {
                s.seats[seat.index()].won.push(*patrician);
            }
        }
        E::GroupClosed { .. } => {}
        E::VoteCardDrawn { card } => {
            if s.vote_deck.first() == Some(card) {
                s.vote_deck.remove(0);
                s.vote_current = Some(*card);
            }
        }
        E::VoteCardRemoved { card } => {
            if s.vote_current == Some(*card) {
                s.vote_current = None;
                s.vote_removed.push(*card);
            }
        }
        E::VoteCardDiscarded { card } => {
            if s.vote_current == Some(*card) {
                s.vote_current = None;
                s.vote_discard.push(*card);
            }
        }
        E::VoteDeckReshuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.vote_deck, order);
                s.vote_discard.clear();
                s.vote_current = None;
            }
        }
        E::SoloModeStarted { survivor } => s.solo = Some(survivor.index()),
        E::GameOver { result, .. } => {
            s.result = Some(result.clone());
            s.phase = CcPhase::GameOver;
            s.cont = Cont::None;
            s.owed.clear();
        }
    }
}
