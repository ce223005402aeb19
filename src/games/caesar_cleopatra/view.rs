//! What one viewer may see: the view of the state, and each event as redacted for it (spec 9, D25, D29).

use super::data::data;
use super::rules::to_act;
use super::state::{State, opp};
use super::types::{
    CaesarCleopatraEvent, CaesarCleopatraView, CcCard, CcCardView, CcCastlingView, CcFace, CcGroup, CcGroupView,
    CcHandView, CcManipulationPile, CcOwedDraw, CcOwnedCard, CcPendingManipulation, CcPhase, CcSeat, CcSeatView,
    CcSeatViews, CcSideView, CcValue,
};
use crate::engine::Viewer;

fn sorted(mut values: Vec<CcValue>) -> Vec<CcValue> {
    values.sort();
    values
}

/// Whether `viewer` may not see where `seat`'s cards at `g` are yet (D29).
fn hidden_side(s: &State, viewer: Option<usize>, seat: usize, g: CcGroup) -> bool {
    if viewer == Some(seat) {
        return false;
    }
    let setup = matches!(s.phase, CcPhase::Setup | CcPhase::SetupArrange | CcPhase::SetupPlace);
    let castling =
        s.castling_groups.is_some_and(|gs| gs.contains(&g)) && s.pending.as_ref().is_some_and(|p| p.seat == seat);
    setup || castling
}

fn side_view(s: &State, viewer: Option<usize>, seat: usize, g: CcGroup) -> CcSideView {
    let d = data();
    if hidden_side(s, viewer, seat, g) {
        return CcSideView {
            face_up: Vec::new(),
            face_down_count: 0,
            face_down: None,
        };
    }
    let slots = &s.seats[seat].sides[g.index()];
    let values = |up: bool| {
        sorted(
            slots
                .iter()
                .filter(|slot| slot.up == up)
                .filter_map(|slot| d.value(slot.card))
                .collect(),
        )
    };
    CcSideView {
        face_up: values(true),
        face_down_count: slots.iter().filter(|slot| !slot.up).count() as u32,
        face_down: (viewer == Some(seat)).then(|| values(false)),
    }
}

fn seat_view(s: &State, viewer: Option<usize>, seat: usize) -> CcSeatView {
    let d = data();
    let st = &s.seats[seat];
    let mine = viewer == Some(seat);
    let over = s.phase == CcPhase::GameOver;
    let owned = |cards: &[CcCard]| -> Vec<CcOwnedCard> { cards.iter().map(|&c| CcOwnedCard::of(c)).collect() };
    let mut hand_cards = st.hand;
    hand_cards.sort();
    let mission = st.mission.filter(|_| mine || over);
    let mut unstacked = st.unstacked;
    unstacked.sort();
    CcSeatView {
        seat: CcSeat::from_index(seat),
        hand: CcHandView {
            influence: s.infl(seat) as u32,
            manipulation: s.manip(seat) as u32,
            cards: mine.then(|| owned(&hand_cards)),
        },
        pile1: st.pile1.len() as u32,
        pile2: st.pile2.len() as u32,
        pile2_order: (mine && s.options.manipulation_pile == CcManipulationPile::Arranged).then(|| owned(&st.pile2)),
        discard: st
            .discard
            .iter()
            .filter_map(|&c| {
                d.face(c).map(|card| CcCardView {
                    card,
                    id: mine.then_some(c),
                })
            })
            .collect(),
        won: st.won.to_vec(),
        mission,
        mission_group: mission.and_then(|m| d.mission(m)).map(|(g, _)| g),
        stacked: s.stacked(seat) as u32,
        placed: s.placed(seat) as u32,
        unstacked: (mine && !st.unstacked.is_empty()).then(|| owned(&unstacked)),
        to_place: (mine && !st.aside_place.is_empty())
            .then(|| sorted(st.aside_place.iter().filter_map(|&c| d.value(c)).collect())),
        exhausted: s.exhausted(seat),
    }
}

/// The state as `viewer` may see it.
pub fn view(s: &State, viewer: Viewer) -> CaesarCleopatraView {
    let d = data();
    let viewer_seat = match viewer {
        Viewer::Seat(seat) if seat < 2 => Some(seat),
        _ => None,
    };
    let groups = CcGroup::ALL
        .into_iter()
        .map(|g| {
            let cleopatra = side_view(s, viewer_seat, 0, g);
            let caesar = side_view(s, viewer_seat, 1, g);
            let stack = &s.stacks[g.index()];
            CcGroupView {
                group: g,
                open: !stack.is_empty(),
                patricians_left: stack.len() as u32,
                patricians: stack.to_vec(),
                total: [&cleopatra, &caesar]
                    .iter()
                    .map(|side| side.face_up.len() as u32 + side.face_down_count)
                    .sum(),
                cleopatra,
                caesar,
            }
        })
        .collect();
    let pending_manipulation = s.pending.as_ref().map(|p| CcPendingManipulation {
        seat: CcSeat::from_index(p.seat),
        card: p.kind,
        group: p.params.group,
        target: p.params.target,
        groups: p.params.groups.map(|gs| gs.to_vec()),
    });
    let castling = match (&s.pending, s.castling_groups) {
        (Some(p), Some(groups)) => {
            let mine = viewer_seat == Some(p.seat);
            let pool = &s.seats[p.seat].pool;
            Some(CcCastlingView {
                seat: CcSeat::from_index(p.seat),
                groups: groups.to_vec(),
                pool_count: if mine {
                    pool.len() as u32
                } else {
                    (pool.len() + s.castle_placed()) as u32
                },
                pool: mine.then(|| pool.iter().map(|&c| CcOwnedCard::of(c)).collect()),
            })
        }
        _ => None,
    };
    let spied_hand = (s.phase == CcPhase::SpyPick && viewer_seat == Some(s.active)).then(|| {
        let mut faces: Vec<CcFace> = s.seats[opp(s.active)].hand.iter().filter_map(|&c| d.face(c)).collect();
        faces.sort();
        faces
    });
    CaesarCleopatraView {
        viewer: viewer_seat.map(CcSeat::from_index),
        phase: s.phase,
        turn: s.turn,
        active: CcSeat::from_index(s.active),
        to_act: to_act(s).into_iter().map(CcSeat::from_index).collect(),
        placement: s.placement,
        manip_used: s.manip_used,
        passive_discards: s.counter,
        owed_draws: s
            .owed
            .iter()
            .map(|&(seat, count)| CcOwedDraw {
                seat: CcSeat::from_index(seat),
                count,
            })
            .collect(),
        solo_survivor: s.solo.map(CcSeat::from_index),
        vote_context: s.vote_context(),
        pending_manipulation,
        castling,
        spied_hand,
        groups,
        seats: CcSeatViews {
            cleopatra: seat_view(s, viewer_seat, 0),
            caesar: seat_view(s, viewer_seat, 1),
        },
        vote_deck: s.vote_deck.len() as u32,
        vote_discard: s.vote_discard.to_vec(),
        vote_removed: s.vote_removed.to_vec(),
        result: s.result.clone(),
    }
}

use CaesarCleopatraEvent as E;

/// True when `viewer` is the seat `seat`.
fn owns(viewer: Viewer, seat: CcSeat) -> bool {
    viewer.is(seat.index())
}

fn keep<T: Clone>(field: &Option<T>, visible: bool) -> Option<T> {
    if visible { field.clone() } else { None }
}

/// The event without what stays secret forever (spec 9, D24): the shuffle orders. The mission order would name the
/// missions put back in the box "sans être montrées" (seed 000 §1.3), the pile and deck orders the cards never drawn.
fn without_secrets(event: &CaesarCleopatraEvent) -> CaesarCleopatraEvent {
    let mut e = event.clone();
    if let E::VoteDeckShuffled { order, .. }
    | E::Pile1Shuffled { order, .. }
    | E::Pile2Shuffled { order, .. }
    | E::MissionsShuffled { order, .. }
    | E::VoteDeckReshuffled { order, .. } = &mut e
    {
        *order = None;
    }
    e
}

/// The event as everyone sees it once the game is over: all of it but what stays secret forever.
pub fn redact_finished(event: &CaesarCleopatraEvent) -> CaesarCleopatraEvent {
    without_secrets(event)
}

/// The event as `viewer` may see it. Every event has a public part, so this never returns `None`.
pub fn redact(event: &CaesarCleopatraEvent, viewer: Viewer) -> Option<CaesarCleopatraEvent> {
    let mut e = without_secrets(event);
    match &mut e {
        E::ManipulationStacked { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        E::MissionDealt { seat, mission } => *mission = keep(mission, owns(viewer, *seat)),
        E::InitialCardPlaced { seat, card, group, .. } | E::CastlingCardPlaced { seat, card, group, .. } => {
            let visible = owns(viewer, *seat);
            *card = keep(card, visible);
            *group = keep(group, visible);
        }
        E::CardDiscarded { seat, id, .. } | E::ManipulationPlayed { seat, id, .. } => {
            *id = keep(id, owns(viewer, *seat))
        }
        E::InfluencePlaced {
            seat,
            face_up,
            value,
            id,
            ..
        } => {
            let visible = owns(viewer, *seat);
            *id = keep(id, visible);
            *value = keep(value, visible || *face_up);
        }
        E::CardDrawn { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        E::HandSpied { seat, hand } => *hand = keep(hand, owns(viewer, *seat)),
        E::CastlingPoolFormed { seat, pool, .. } => *pool = keep(pool, owns(viewer, *seat)),
        _ => {}
    }
    Some(e)
}
