//! Paths of single moves (7.1.1): their cost, their check, and their enumeration for the listings.

use super::decision::err;
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::{MAX_PATH, Path};
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::piece::{Kind, Piece};
use crate::games::rome_carthage::state::State;

/// Cost of a move of `len` steps by a piece of `kind`; `single`: a betrayal (one single move).
fn move_cost(kind: Kind, len: usize, single: bool) -> Option<u8> {
    match (kind, len) {
        (Kind::Chariot, 1 | 2) => Some(1),
        (Kind::Chariot, 3 | 4) if !single => Some(2),
        (_, 1) => Some(1),
        (Kind::Elephant | Kind::Galley | Kind::Mercenary, 2) if !single => Some(2),
        _ => None,
    }
}

fn network(kind: Kind) -> &'static [Vec<u8>] {
    if kind == Kind::Galley {
        &board().galley
    } else {
        &board().land
    }
}

/// An intermediate city a piece of `team` may pass through.
fn passable(state: &State, team: u8, city: u8) -> bool {
    state.pending_at(city).is_none()
        && state
            .holder_of(city)
            .is_none_or(|piece| state.team_of_piece(piece) == team)
}

/// A city a piece of `team` may end in.
pub(super) fn can_end(state: &State, team: u8, city: u8) -> bool {
    state.pending_at(city).is_none()
        && state
            .holder_of(city)
            .is_none_or(|piece| state.team_of_piece(piece) != team)
}

/// `passable` and `can_end` for every city at once, as bit sets (cities fit in 64 bits, see `data::MAX_CITIES`):
/// listing walks hundreds of paths, and reading a bit is cheaper than the holder and the pending combats of each city.
pub(super) struct Blocks {
    /// Cities with a pending combat.
    pending: u64,
    /// Cities held by a piece of team 0, of team 1.
    held: [u64; 2],
}

impl Blocks {
    pub(super) fn of(state: &State) -> Blocks {
        let mut blocks = Blocks {
            pending: 0,
            held: [0; 2],
        };
        for pending in &state.pending {
            blocks.pending |= 1 << pending.city;
        }
        // From the pieces' cities rather than the holders of every city: they differ only in a combat's city (the
        // attacker is there too, not holding it), and during `main` every combat is pending, so blocked anyway.
        for (owner, pieces) in state.pos.chunks(7).enumerate() {
            let held = &mut blocks.held[usize::from(state.team_of_state[owner] & 1)];
            for &city in pieces.iter().filter(|&&city| usize::from(city) < state.holder.len()) {
                *held |= 1 << city;
            }
        }
        blocks
    }

    /// The cities a piece of `team` may pass through (`passable`).
    fn passable(&self, team: u8) -> u64 {
        !(self.pending | self.held[usize::from(!team & 1)])
    }

    /// The cities a piece of `team` may end in (`can_end`).
    pub(super) fn may_end(&self, team: u8) -> u64 {
        !(self.pending | self.held[usize::from(team & 1)])
    }
}

/// 7.1.1: checks a path and returns its cost.
pub(super) fn check_path(state: &State, piece: Piece, path: &[CityId], single: bool) -> Result<u8, RuleError> {
    let Some(start) = state.city_of(piece) else {
        return Err(err(RuleCode::PieceNotOnBoard, format!("{piece} is not on the board")));
    };
    if state.engaged(piece) {
        return Err(err(RuleCode::PieceEngaged, format!("{piece} is engaged in a combat and cannot move")));
    }
    let kind = piece.kind();
    let Some(cost) = move_cost(kind, path.len(), single) else {
        return Err(err(
            RuleCode::BadPathLength,
            format!("a {} cannot move {} steps in one move", kind.as_str(), path.len()),
        ));
    };
    let network = network(kind);
    let mut previous = start;
    for (index, &city) in path.iter().enumerate() {
        if !network[previous as usize].contains(&city.0) {
            let what = if kind == Kind::Galley {
                "sea lane or coast"
            } else {
                "road"
            };
            return Err(err(RuleCode::NotConnected, format!("no {what} leads from {} to {city}", CityId(previous))));
        }
        if city.0 == start || path[..index].contains(&city) {
            return Err(err(RuleCode::PathRepeats, "a path may not visit a city twice"));
        }
        previous = city.0;
    }
    let team = state.team_of_piece(piece);
    for &city in &path[..path.len() - 1] {
        if !passable(state, team, city.0) {
            return Err(err(
                RuleCode::PathBlocked,
                format!("{piece} cannot pass through {city}: it holds an enemy piece or a combat"),
            ));
        }
    }
    let end = path[path.len() - 1];
    if !can_end(state, team, end.0) {
        return Err(err(
            RuleCode::DestinationBlocked,
            format!("{piece} cannot end in {end}: it holds a friendly piece or a combat"),
        ));
    }
    Ok(cost)
}

/// The event of a checked single move (`attacks`: an enemy in the destination).
pub(super) fn piece_event(state: &State, piece: Piece, path: &[CityId], cost: u8, betrayal: bool) -> Event {
    Event::PieceMoved {
        seat: seat_id(state.owner_of(piece)),
        piece,
        from: CityId(state.city_of(piece).unwrap_or(0)),
        path: path.to_vec(),
        cost,
        betrayal,
        attacks: path.last().and_then(|city| state.holder_of(city.0)),
    }
}

/// Calls `visit` with every legal single-piece path for `piece` with a cost of at most `max_cost`; `blocks`:
/// `Blocks::of(state)`.
pub(super) fn paths_of(
    state: &State,
    blocks: &Blocks,
    piece: Piece,
    max_cost: u8,
    single: bool,
    mut visit: impl FnMut(Path),
) {
    let Some(start) = state.city_of(piece) else {
        return;
    };
    if state.engaged(piece) || max_cost == 0 {
        return;
    }
    let kind = piece.kind();
    let mut ends = [false; MAX_PATH + 1];
    for (len, end) in ends.iter_mut().enumerate() {
        *end = move_cost(kind, len, single).is_some_and(|cost| cost <= max_cost);
    }
    let team = state.team_of_piece(piece);
    let walker = Walker {
        network: network(kind),
        passable: blocks.passable(team),
        may_end: blocks.may_end(team),
        max_len: ends.iter().rposition(|&end| end).unwrap_or(0),
        ends,
    };
    walker.walk(start, 1 << start, &mut Path::new(), &mut visit);
}

/// Depth-first enumeration of paths (7.1.1), with the same predicates as `check_path`.
struct Walker {
    network: &'static [Vec<u8>],
    /// `Blocks::passable` and `Blocks::may_end` of the piece's team.
    passable: u64,
    may_end: u64,
    /// `ends[len]`: a path of `len` cities is within the budget.
    ends: [bool; MAX_PATH + 1],
    max_len: usize,
}

impl Walker {
    /// Extends `path`, which ends in `at`; `visited`: the start city and the path's cities, as bits.
    fn walk(&self, at: u8, visited: u64, path: &mut Path, visit: &mut impl FnMut(Path)) {
        for &next in &self.network[at as usize] {
            let bit = 1 << next;
            if visited & bit != 0 {
                continue;
            }
            path.push(CityId(next));
            if self.may_end & bit != 0 && self.ends[path.len()] {
                visit(*path);
            }
            if path.len() < self.max_len && self.passable & bit != 0 {
                self.walk(next, visited | bit, path, visit);
            }
            path.pop();
        }
    }
}
