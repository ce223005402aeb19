//! Phase `castling` (spec 7.5, Castling): the seat's cards at the two named groups form a pool, which it puts back
//! face down one card at a time.

use super::super::data::data;
use super::super::state::{Pending, State};
use super::super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcCard, CcFace, CcGroup, CcGroupCount, CcOwnedCard, CcValue,
};
use super::manipulation::finish_manipulation;
use super::{Ctx, Refusal, no, owned, seat_of};

/// The Castling's effect: the pool is formed.
pub(super) fn start(c: &mut Ctx, p: &Pending) {
    let Some([a, b]) = p.params.groups else {
        finish_manipulation(c);
        return;
    };
    let st = &c.s.seats[p.seat];
    let mut pool: Vec<CcCard> = [a, b]
        .iter()
        .flat_map(|g| st.sides[g.index()].iter().map(|slot| slot.card))
        .collect();
    pool.sort();
    let taken = [a, b]
        .map(|g| CcGroupCount {
            group: g,
            count: c.s.own(p.seat, g) as u32,
        })
        .to_vec();
    c.emit(E::CastlingPoolFormed {
        seat: seat_of(p.seat),
        groups: vec![a, b],
        taken,
        pool: Some(pool.into_iter().map(CcOwnedCard::of).collect()),
    });
}

pub(super) fn check<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    let limits = data().limits;
    if State::find_face(&s.seats[seat].pool, CcFace::Influence(card)).is_none() {
        return no("card_not_in_pool", || {
            format!("Your castling pool holds no {card} card.")
        });
    }
    if !s.castling_groups.is_some_and(|gs| gs.contains(&group)) {
        return no(
            "invalid_target",
            || "Castling cards go back only to the two groups it named.",
        );
    }
    if s.own(seat, group) >= limits.side_per_group || s.total(group) >= limits.group_total {
        return no("no_spot", || {
            format!("There is no room for your card at the {}.", group.id())
        });
    }
    Ok(())
}

pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    if let Some(groups) = s.castling_groups {
        for face in State::distinct_faces(&s.seats[seat].pool) {
            if let CcFace::Influence(card) = face {
                for group in groups {
                    out.push(A::CastlePlace { card, group });
                }
            }
        }
    }
}

pub(super) fn place(c: &mut Ctx, seat: usize, card: CcValue, group: CcGroup) {
    let me = seat_of(seat);
    if let Some(id) = State::find_face(&c.s.seats[seat].pool, CcFace::Influence(card)) {
        c.emit(E::CastlingCardPlaced {
            seat: me,
            left: (c.s.seats[seat].pool.len() as u32).saturating_sub(1),
            card: owned(id),
            group: Some(group),
        });
    }
    if c.s.seats[seat].pool.is_empty() {
        let face_down =
            c.s.castling_groups
                .map(|gs| {
                    gs.map(|g| CcGroupCount {
                        group: g,
                        count: c.s.own(seat, g) as u32,
                    })
                    .to_vec()
                })
                .unwrap_or_default();
        c.emit(E::CastlingDone { seat: me, face_down });
        finish_manipulation(c);
    }
}
