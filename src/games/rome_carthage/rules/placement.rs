//! Phase `placement` (4.2): each seat in turn places its quota of pieces, round after round.

use super::decision::{Cx, err};
use super::turn_start::begin_turn;
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Action;
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::piece::{Kind, Piece};
use crate::games::rome_carthage::state::{Phase, State, UNPLACED};

/// Opens `seat`'s placement turn of `round`.
fn start_placement(cx: &mut Cx, seat: u8, round: u8) {
    let quota = cx.state.quota(seat, round);
    cx.emit(Event::PlacementTurnStarted {
        seat: seat_id(seat),
        round,
        quota,
    });
}

/// The first placement turn, once the special cards are dealt.
pub(super) fn first_placement(cx: &mut Cx) {
    let seat = cx.state.order.first().copied().unwrap_or(0);
    start_placement(cx, seat, 1);
}

/// After a placement turn: the next one, or the first turn of the game proper.
fn next_placement(cx: &mut Cx) {
    let placement = cx.state.placement;
    let index = cx
        .state
        .order
        .iter()
        .position(|&seat| seat == placement.seat)
        .unwrap_or(0);
    let (round, index) = if index + 1 >= cx.state.order.len() {
        (placement.round + 1, 0)
    } else {
        (placement.round, index + 1)
    };
    if round > cx.state.placement_rounds() {
        let first = cx.state.order.first().copied().unwrap_or(0);
        begin_turn(cx, first, 1);
    } else {
        let seat = cx.state.order[index];
        start_placement(cx, seat, round);
    }
}

/// `place`.
pub(super) fn place(state: &State, cx: &mut Cx, me: u8, kind: Kind, city: CityId) -> Result<(), RuleError> {
    if state.phase != Phase::Placement {
        return Err(err(RuleCode::WrongPhase, "pieces are placed only during placement"));
    }
    if state.placement.seat != me {
        return Err(err(RuleCode::NotYourTurn, "it is another seat's placement turn"));
    }
    let Some(piece) = (0..Piece::COUNT)
        .map(Piece)
        .find(|&piece| piece.kind() == kind && state.owner_of(piece) == me && state.pos[piece.0 as usize] == UNPLACED)
    else {
        return Err(err(RuleCode::NoPieceLeft, format!("you have no {} left to place", kind.as_str())));
    };
    let info = &board().cities[city.0 as usize];
    if state.owner[info.state as usize] != me {
        return Err(err(RuleCode::NotYourState, format!("{city} is not in one of your states")));
    }
    if state.holder_of(city.0).is_some() {
        return Err(err(RuleCode::CityOccupied, format!("{city} already holds a piece")));
    }
    if kind == Kind::Galley && !info.port {
        return Err(err(RuleCode::NotAPort, format!("{city} is not a port")));
    }
    cx.emit(Event::PiecePlaced {
        seat: seat_id(me),
        piece,
        city,
    });
    if cx.state.placement.placed >= cx.state.placement.quota {
        next_placement(cx);
    }
    Ok(())
}

/// The placing seat's legal actions: each kind it has left, on each free city it may take. More than half of a short
/// 2-player game's actions are places (28 of about 48 in random play), so the cities are bit sets (in city order) and
/// the list is allocated once, at its size.
pub(super) fn list(state: &State, me: u8, out: &mut Vec<Action>) {
    const KINDS: [Kind; 4] = [Kind::Elephant, Kind::Chariot, Kind::Galley, Kind::Mercenary];
    let board = board();
    let mut left = [false; 4];
    for piece in (0..Piece::COUNT).map(Piece) {
        if state.owner_of(piece) == me && state.pos[piece.0 as usize] == UNPLACED {
            left[piece.kind() as usize] = true;
        }
    }
    let free = state
        .states_of(me)
        .fold(0, |cities, owned| cities | board.state_cities[owned as usize])
        & !state.occupied();
    let cities = |kind: Kind| if kind == Kind::Galley { free & board.ports } else { free };
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
            Action::Place { kind, city }
        }));
    }
}
