//! Phase `placement` (4.2): each seat in turn places its quota of pieces, round after round.

use super::turn_start::begin_turn;
use super::{Cx, err, sid};
use crate::engine::RuleError;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::state::{Phase, State, UNPLACED};
use crate::games::rome_carthage::types::{CityId, Kind, Piece, RomeCarthageAction as A, RomeCarthageEvent as E};

/// The first placement turn, once the special cards are dealt.
pub(super) fn first_placement(cx: &mut Cx) {
    let seat = cx.s.order.first().copied().unwrap_or(0);
    let quota = cx.s.quota(seat, 1);
    cx.emit(E::PlacementTurnStarted {
        seat: sid(seat),
        round: 1,
        quota,
    });
}

/// After a placement turn: the next one, or the first turn of the game proper.
fn next_placement(cx: &mut Cx) {
    let p = cx.s.placement;
    let index = cx.s.order.iter().position(|&s| s == p.seat).unwrap_or(0);
    let (round, index) = if index + 1 >= cx.s.order.len() {
        (p.round + 1, 0)
    } else {
        (p.round, index + 1)
    };
    if round > cx.s.placement_rounds() {
        let first = cx.s.order.first().copied().unwrap_or(0);
        begin_turn(cx, first, 1);
    } else {
        let seat = cx.s.order[index];
        let quota = cx.s.quota(seat, round);
        cx.emit(E::PlacementTurnStarted {
            seat: sid(seat),
            round,
            quota,
        });
    }
}

/// `place`.
pub(super) fn place(state: &State, cx: &mut Cx, me: u8, kind: Kind, city: CityId) -> Result<(), RuleError> {
    if state.phase != Phase::Placement {
        return Err(err("wrong_phase", "pieces are placed only during placement"));
    }
    if state.placement.seat != me {
        return Err(err("not_your_turn", "it is another seat's placement turn"));
    }
    let Some(piece) = (0..Piece::COUNT)
        .map(Piece)
        .find(|&p| p.kind() == kind && state.owner_of(p) == me && state.pos[p.0 as usize] == UNPLACED)
    else {
        return Err(err(
            "no_piece_left",
            format!("you have no {} left to place", kind.as_str()),
        ));
    };
    let info = &board().cities[city.0 as usize];
    if state.owner[info.state as usize] != me {
        return Err(err(
            "not_your_state",
            format!("{} is not in one of your states", city.id()),
        ));
    }
    if state.holder_of(city.0).is_some() {
        return Err(err("city_occupied", format!("{} already holds a piece", city.id())));
    }
    if kind == Kind::Galley && !info.port {
        return Err(err("not_a_port", format!("{} is not a port", city.id())));
    }
    cx.emit(E::PiecePlaced {
        seat: sid(me),
        piece,
        city,
    });
    if cx.s.placement.placed >= cx.s.placement.quota {
        next_placement(cx);
    }
    Ok(())
}

/// The placing seat's legal actions: each kind it has left, on each free city it may take. More than half of a short
/// 2-player game's actions are places (28 of about 48 in random play), so the cities are bit sets (in city order) and
/// the list is allocated once, at its size.
pub(super) fn list(s: &State, me: u8, out: &mut Vec<A>) {
    const KINDS: [Kind; 4] = [Kind::Elephant, Kind::Chariot, Kind::Galley, Kind::Mercenary];
    let b = board();
    let mut left = [false; 4];
    for p in (0..Piece::COUNT).map(Piece) {
        if s.owner_of(p) == me && s.pos[p.0 as usize] == UNPLACED {
            left[p.kind() as usize] = true;
        }
    }
    let free = s
        .states_of(me)
        .fold(0, |cities, st| cities | b.state_cities[st as usize])
        & !s.occupied();
    let cities = |kind: Kind| if kind == Kind::Galley { free & b.ports } else { free };
    let count = KINDS
        .iter()
        .filter(|&&kind| left[kind as usize])
        .map(|&kind| cities(kind).count_ones());
    out.reserve(count.sum::<u32>() as usize);
    for kind in KINDS.into_iter().filter(|&kind| left[kind as usize]) {
        let mut cities = cities(kind);
        // An exact-size `extend` writes each action in place; with a `push` loop the compiler came to build each one
        // on the stack and copy it, a store-forwarding stall that cost 6% of 2-player random play.
        out.extend((0..cities.count_ones()).map(|_| {
            let city = CityId(cities.trailing_zeros() as u8);
            cities &= cities - 1;
            A::Place { kind, city }
        }));
    }
}
